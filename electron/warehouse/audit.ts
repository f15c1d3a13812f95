/**
 * The audit log: who did what, at which desk, when. Desks only add to it (the desk role may not
 * change or delete a row). Each entry carries an id the desk made, so a desk that was offline
 * uploads its entries again without making a second row, and an entry written online under the
 * same id as the desk's local copy is one row.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { WarehouseInputError } from './errors';
import { publish } from './changes';
import { BigId, Millis, pageLimit, rows, run, type Queryable } from './sql';

export const AUDIT_ACTIONS = ['ship', 'void', 'reprint', 'override', 'takeover', 'resolve'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const Json: z.ZodType<unknown> = z.json();

export const AuditEntryInput = z.strictObject({
  /** Made by the desk (a UUID), once per entry. */
  entryId: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who at the desk, when the desk knows (a packer's name or login). */
  actor: z.string().trim().min(1).max(100).nullable(),
  orderNumber: z.string().min(1).max(200).nullable(),
  stationRef: z.string().min(1).max(80).nullable(),
  /** What else a person reading the log needs: a reason, the desk taken over from, a reprint's printer. */
  detail: z.record(z.string(), Json),
  /** When it happened at the desk (ms since 1970): earlier than the row when it was uploaded later. */
  happenedAt: z.number().int().nonnegative(),
});
export type AuditEntryInput = z.infer<typeof AuditEntryInput>;

export interface AuditEntry extends AuditEntryInput {
  readonly id: number;
  readonly deskId: string;
  readonly deskName: string;
  readonly recordedAt: number;
}

const AuditRow = z
  .object({
    id: BigId,
    entry_id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    desk_id: z.string(),
    desk_name: z.string(),
    actor: z.string().nullable(),
    order_number: z.string().nullable(),
    station_ref: z.string().nullable(),
    detail: z.record(z.string(), Json),
    happened_at: Millis,
    recorded_at: Millis,
  })
  .transform(
    (r): AuditEntry => ({
      id: r.id,
      entryId: r.entry_id,
      action: r.action,
      deskId: r.desk_id,
      deskName: r.desk_name,
      actor: r.actor,
      orderNumber: r.order_number,
      stationRef: r.station_ref,
      detail: r.detail,
      happenedAt: r.happened_at,
      recordedAt: r.recorded_at,
    }),
  );

export function checkedAuditEntry(entry: unknown): AuditEntryInput {
  const parsed = AuditEntryInput.safeParse(entry);
  if (!parsed.success) throw new WarehouseInputError('audit entry', parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'} ${i.message}`));
  return parsed.data;
}

/**
 * An entry id that is the same every time for the same event (a takeover at one instant, the
 * shipment recorded under one reference): an entry the warehouse writes for a desk is never
 * written twice when the call is repeated.
 */
export function derivedEntryId(...parts: readonly string[]): string {
  const hex = createHash('sha256').update(parts.join('\0')).digest('hex');
  // Shaped as a version-5-like UUID so the column's type accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Adds an entry for `deskId` (in the caller's transaction, when there is one); an entry already
 * there under its id is left as it is. Returns whether a row was added.
 */
export async function appendAudit(db: Queryable, deskId: string, entry: AuditEntryInput): Promise<boolean> {
  const checked = checkedAuditEntry(entry);
  const result = await run(
    db,
    `INSERT INTO audit_log (entry_id, action, desk_id, actor, order_number, station_ref, detail, happened_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8 / 1000.0))
     ON CONFLICT (entry_id) DO NOTHING`,
    [checked.entryId, checked.action, deskId, checked.actor, checked.orderNumber, checked.stationRef, JSON.stringify(checked.detail), checked.happenedAt],
  );
  const added = result.rowCount === 1;
  if (added) await publish(db, { kind: 'audit', deskId, action: checked.action, orderNumber: checked.orderNumber });
  return added;
}

export interface AuditQuery {
  readonly orderNumber?: string;
  readonly stationRef?: string;
  readonly limit?: number;
}

/** The newest entries first, for one order or shipment when asked. */
export async function listAudit(db: Queryable, query: AuditQuery = {}): Promise<AuditEntry[]> {
  const limit = pageLimit(query.limit, 100, 1000);
  return rows(
    db,
    'audit_log',
    AuditRow,
    `SELECT a.id, a.entry_id::text AS entry_id, a.action, a.desk_id, d.name AS desk_name, a.actor, a.order_number, a.station_ref, a.detail, a.happened_at, a.recorded_at
       FROM audit_log a JOIN desks d ON d.id = a.desk_id
      WHERE ($1::text IS NULL OR a.order_number = $1) AND ($2::text IS NULL OR a.station_ref = $2)
      ORDER BY a.happened_at DESC, a.id DESC
      LIMIT $3`,
    [query.orderNumber ?? null, query.stationRef ?? null, limit],
  );
}
