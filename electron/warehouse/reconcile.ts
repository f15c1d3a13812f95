/**
 * What a desk does when the warehouse database is back after it was unreachable: it uploads the
 * shipments it made meanwhile and its audit entries. Both uploads are idempotent (a shipment by
 * its station reference, an entry by its id), so a desk that loses the connection again halfway
 * simply uploads everything again. A shipment of an order another desk shipped meanwhile could
 * not be prevented (neither desk could check): it is kept, the order keeps its first shipment,
 * and a conflict is recorded for a person to settle. Nothing is hidden or dropped.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { appendAudit, checkedAuditEntry, type AuditEntryInput } from './audit';
import { recordShipmentIn, type RecordInput, type RecordOutcome } from './history';
import type { WarehouseConflict } from '../api/warehouse';
import { WarehouseInputError } from './errors';
import { BigId, Millis, NullableMillis, inTransaction, row, rows, type Db, type Queryable } from './sql';

export interface UploadReport {
  readonly shipments: readonly RecordOutcome[];
  /** How many were new to the warehouse. */
  readonly added: number;
  /** Conflicts the upload found (two shipments standing for one order). */
  readonly conflictIds: readonly number[];
}

/**
 * Uploads shipments made while the desk was offline from the warehouse database, each in its own
 * transaction (one the database refuses does not hold the others back: the error names it).
 */
export async function uploadShipments(db: Db, deskId: string, items: readonly RecordInput[]): Promise<UploadReport> {
  const outcomes: RecordOutcome[] = [];
  for (const item of items) outcomes.push(await inTransaction(db, (tx) => recordShipmentIn(tx, deskId, item.shipment, item.audit)));
  return { shipments: outcomes, added: outcomes.filter((o) => o.added).length, conflictIds: outcomes.flatMap((o) => o.conflictIds) };
}

/** Uploads audit entries the desk kept while offline; returns how many were new. */
export async function uploadAudit(db: Db, deskId: string, entries: readonly AuditEntryInput[]): Promise<number> {
  const checked = entries.map(checkedAuditEntry);
  return inTransaction(db, async (tx) => {
    let added = 0;
    for (const entry of checked) if (await appendAudit(tx, deskId, entry)) added += 1;
    return added;
  });
}

/** A conflict as the station API shows it (electron/api/warehouse.ts). */
export type Conflict = WarehouseConflict;

const ConflictRow = z
  .object({
    id: BigId,
    kind: z.literal('shipped_twice'),
    order_number: z.string(),
    first_ref: z.string(),
    second_ref: z.string(),
    first_desk: z.string().nullable(),
    first_desk_name: z.string().nullable(),
    first_tracking: z.array(z.string()).nullable(),
    second_desk: z.string().nullable(),
    second_desk_name: z.string().nullable(),
    second_tracking: z.array(z.string()).nullable(),
    detected_by: z.string(),
    detected_at: Millis,
    resolved_by: z.string().nullable(),
    resolved_at: NullableMillis,
    resolution: z.string().nullable(),
  })
  .transform(
    (r): Conflict => ({
      id: r.id,
      kind: r.kind,
      orderNumber: r.order_number,
      shipments: [
        { stationRef: r.first_ref, deskId: r.first_desk, deskName: r.first_desk_name, trackingNumbers: r.first_tracking ?? [] },
        { stationRef: r.second_ref, deskId: r.second_desk, deskName: r.second_desk_name, trackingNumbers: r.second_tracking ?? [] },
      ],
      detectedBy: r.detected_by,
      detectedAt: r.detected_at,
      resolvedBy: r.resolved_by,
      resolvedAt: r.resolved_at,
      resolution: r.resolution,
    }),
  );

/** Conflicts not yet settled by a person (all of them with `includeResolved`), oldest first. */
export async function listConflicts(db: Queryable, options: { readonly includeResolved?: boolean } = {}): Promise<Conflict[]> {
  return rows(
    db,
    'conflicts',
    ConflictRow,
    `SELECT c.id, c.kind, c.order_number, c.first_ref, c.second_ref,
            s1.desk_id AS first_desk, d1.name AS first_desk_name, s1.tracking_numbers AS first_tracking,
            s2.desk_id AS second_desk, d2.name AS second_desk_name, s2.tracking_numbers AS second_tracking,
            c.detected_by, c.detected_at, c.resolved_by, c.resolved_at, c.resolution
       FROM conflicts c
       LEFT JOIN shipments s1 ON s1.station_ref = c.first_ref LEFT JOIN desks d1 ON d1.id = s1.desk_id
       LEFT JOIN shipments s2 ON s2.station_ref = c.second_ref LEFT JOIN desks d2 ON d2.id = s2.desk_id
      WHERE $1 OR c.resolved_at IS NULL
      ORDER BY c.detected_at, c.id`,
    [options.includeResolved === true],
  );
}

/**
 * A person settles a conflict (voided one of the labels, or kept both on purpose), saying how;
 * written to the audit log as `resolve`. Returns false when it was already settled.
 */
export async function resolveConflict(db: Db, deskId: string, input: { readonly conflictId: number; readonly resolution: string; readonly actor: string | null }): Promise<boolean> {
  const resolution = input.resolution.trim();
  if (resolution.length < 3 || resolution.length > 500) throw new WarehouseInputError('conflict resolution', ['must say what was done, in 3 to 500 characters']);
  return inTransaction(db, async (tx) => {
    const settled = await row(
      tx,
      'conflicts',
      z.object({ order_number: z.string() }),
      'UPDATE conflicts SET resolved_by = $2, resolved_at = clock_timestamp(), resolution = $3 WHERE id = $1 AND resolved_at IS NULL RETURNING order_number',
      [input.conflictId, deskId, resolution],
    );
    if (settled === undefined) return false;
    await appendAudit(tx, deskId, {
      entryId: randomUUID(),
      action: 'resolve',
      actor: input.actor,
      orderNumber: settled.order_number,
      stationRef: null,
      detail: { conflictId: input.conflictId, resolution },
      happenedAt: Date.now(),
    });
    return true;
  });
}

/** Conflicts still open: what the header counts so a person sees them. */
export async function openConflictCount(db: Queryable): Promise<number> {
  return (await row(db, 'conflicts', z.object({ n: z.number() }), 'SELECT count(*)::int AS n FROM conflicts WHERE resolved_at IS NULL'))?.n ?? 0;
}
