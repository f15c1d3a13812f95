/**
 * What a person chose to ship past, kept with the shipment: an address the check called invalid,
 * items not verified in the box, a service chosen with no rates to compare. Written in the same
 * transaction that queues the shipment, so a shipment never exists without the choice behind it.
 */
import * as z from 'zod';
import { OVERRIDE_KINDS, type ShipmentOverride } from '../api/shipments';
import { parseInput, parseRow } from './rows';
import { statement, type Db } from './statements';

const OverrideInput = z.strictObject({ kind: z.enum(OVERRIDE_KINDS), note: z.string().trim().min(1).max(1000) });
const OverrideRow = z.object({ kind: z.enum(OVERRIDE_KINDS), note: z.string(), created_at: z.number().int() });

export function recordOverride(db: Db, stationRef: string, override: Pick<ShipmentOverride, 'kind' | 'note'>, now: number): void {
  const { kind, note } = parseInput(OverrideInput, override, 'shipment override');
  statement(db, 'INSERT INTO shipment_overrides (station_ref, kind, note, created_at) VALUES (?, ?, ?, ?)').run(stationRef, kind, note, now);
}

/** The shipment's overrides, oldest first. */
export function overridesOf(db: Db, stationRef: string): ShipmentOverride[] {
  return statement(db, 'SELECT kind, note, created_at FROM shipment_overrides WHERE station_ref = ? ORDER BY id')
    .all(stationRef)
    .map((row) => {
      const parsed = parseRow(OverrideRow, row, `shipment_overrides row of ${stationRef}`);
      return { kind: parsed.kind, note: parsed.note, createdAt: parsed.created_at };
    });
}
