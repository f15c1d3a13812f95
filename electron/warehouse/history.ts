/**
 * The warehouse's shipment history: every desk's shipments, searchable from any desk (a parcel
 * another desk shipped is found by its tracking number's last digits, its order, the recipient).
 * Recording a shipment also settles its purchase and ships its order, in one transaction; a
 * shipment for an order another shipment already shipped is kept (it was bought) and recorded as
 * a conflict for a person to see.
 */
import * as z from 'zod';
import { StationRef } from '../api/stationRef';
import { OrderNumber } from '../api/orders';
import type { ShipmentCreateResult } from '../service/contract';
import { appendAudit, type AuditEntryInput } from './audit';
import { publish } from './changes';
import { WarehouseInputError } from './errors';
import { BigId, Millis, NullableMillis, inTransaction, pageLimit, row, rows, run, type Db, type Tx } from './sql';

const ShortText = z.string().trim().min(1).max(200).nullable();

/** A shipment as a desk reports it to the warehouse. */
export const WarehouseShipment = z.strictObject({
  stationRef: StationRef,
  orderNumber: OrderNumber.nullable(),
  serviceId: ShortText,
  trackingNumbers: z.array(z.string().trim().min(1).max(100)).max(200),
  carrier: ShortText,
  serviceLevel: ShortText,
  recipient: z.strictObject({ name: ShortText, company: ShortText, city: ShortText, country: ShortText }),
  totalCharge: z.number().finite().nullable(),
  currency: ShortText,
  /** The service's status ("Created", "Cancelled", …). */
  status: z.string().trim().min(1).max(50),
  /** When the desk created it (ms since 1970, the desk's clock). */
  createdAt: z.number().int().nonnegative(),
  /** When it was voided, if it was. */
  voidedAt: z.number().int().nonnegative().nullable(),
  /** The service's record, without document contents. */
  record: z.record(z.string(), z.json()),
});
export type WarehouseShipment = z.infer<typeof WarehouseShipment>;

export interface HistoryShipment extends WarehouseShipment {
  readonly deskId: string;
  readonly deskName: string;
  readonly via: 'guarded' | 'unguarded';
  readonly recordedAt: number;
}

export function checkedShipment(shipment: unknown): WarehouseShipment {
  const parsed = WarehouseShipment.safeParse(shipment);
  if (!parsed.success) throw new WarehouseInputError('shipment', parsed.error.issues.map((i) => `${i.path.join('.') || 'shipment'} ${i.message}`));
  return parsed.data;
}

/**
 * What the history keeps of a shipment's parties: its recipient and the carrier asked for, from the
 * create the desk sent (a `ShipmentCreate`), or from the service's search record of a shipment
 * found under its reference.
 */
export interface ShipmentParties {
  readonly shipTo: { readonly contactName?: string | undefined; readonly companyName?: string | undefined; readonly city?: string | undefined; readonly country?: string | undefined };
  readonly shipmentInfo: { readonly carrier?: string | undefined; readonly serviceLevel?: string | undefined };
}

/**
 * The warehouse's record of a shipment the service just created: what the history shows and
 * searches, and the service's answer without its documents (labels stay at the desk that printed them).
 */
export function shipmentFromCreate(args: {
  readonly stationRef: string;
  readonly orderNumber: string | null;
  readonly createdAt: number;
  readonly input: ShipmentParties;
  readonly result: ShipmentCreateResult;
}): WarehouseShipment {
  const { input, result } = args;
  const { documents, ...rest } = result;
  const tracking = [result.trackingNumber, ...(result.packages ?? []).map((p) => p.trackingNumber)].filter((t): t is string => t !== undefined && t !== '');
  const billing = result.billingDetail;
  const charge = billing?.totalDiscountFreight ?? billing?.totalFreight;
  return checkedShipment({
    stationRef: args.stationRef,
    orderNumber: args.orderNumber,
    serviceId: result.id,
    trackingNumbers: [...new Set(tracking)],
    carrier: result.carrier ?? input.shipmentInfo.carrier ?? null,
    serviceLevel: result.carrierServiceLevel ?? input.shipmentInfo.serviceLevel ?? null,
    recipient: {
      name: input.shipTo.contactName ?? null,
      company: input.shipTo.companyName ?? null,
      city: input.shipTo.city ?? null,
      country: input.shipTo.country ?? null,
    },
    totalCharge: charge ?? null,
    currency: billing?.currencyCode ?? null,
    status: result.status ?? 'Created',
    createdAt: args.createdAt,
    voidedAt: null,
    record: { ...rest, documents: (documents ?? []).map(({ documentContent: _bytes, ...doc }) => doc) },
  });
}

/** Lower case without accents, so `müller` is found by `muller` and a tracking number by any case. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchTextOf(s: WarehouseShipment): string {
  const parts = [s.stationRef, s.serviceId, s.orderNumber, ...s.trackingNumbers, s.recipient.name, s.recipient.company, s.recipient.city, s.carrier];
  return foldForSearch(parts.filter((p): p is string => p !== null && p !== '').join(' '));
}

export interface RecordOutcome {
  readonly stationRef: string;
  /** False when the warehouse had it already (a repeat changes nothing but newer facts). */
  readonly added: boolean;
  /** Conflicts this shipment made: another shipment of its order stands too. */
  readonly conflictIds: readonly number[];
}

const PurchaseOf = z.object({ desk_id: z.string(), state: z.string() });
const OrderOf = z.object({ status: z.string(), station_ref: z.string().nullable() });

/**
 * Records one shipment in the caller's transaction: the history row, its purchase settled as
 * bought, its order shipped (or a conflict when another shipment already shipped it), and the
 * audit entry given. Repeating it with the same shipment changes nothing.
 */
export async function recordShipmentIn(tx: Tx, recorderDeskId: string, shipment: WarehouseShipment, audit: AuditEntryInput | null): Promise<RecordOutcome> {
  const s = checkedShipment(shipment);
  // A purchase recorded by another desk (its desk was gone and the shipment was found on the
  // service) still belongs to the desk that bought it.
  const purchase = await row(tx, 'purchases', PurchaseOf, 'SELECT desk_id, state FROM purchases WHERE station_ref = $1 FOR UPDATE', [s.stationRef]);
  const deskId = purchase?.desk_id ?? recorderDeskId;
  const written = await row(
    tx,
    'shipments',
    z.object({ inserted: z.boolean() }),
    `INSERT INTO shipments (station_ref, desk_id, order_number, service_id, tracking_numbers, carrier, service_level,
        recipient_name, recipient_company, recipient_city, recipient_country, total_charge, currency, status,
        created_at, voided_at, via, record, search_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, to_timestamp($15 / 1000.0),
        to_timestamp($16 / 1000.0), $17, $18, $19)
     ON CONFLICT (station_ref) DO UPDATE SET
        service_id = coalesce(excluded.service_id, shipments.service_id),
        tracking_numbers = excluded.tracking_numbers,
        status = CASE WHEN shipments.voided_at IS NULL THEN excluded.status ELSE shipments.status END,
        voided_at = coalesce(shipments.voided_at, excluded.voided_at),
        record = excluded.record, search_text = excluded.search_text
     RETURNING (xmax = 0) AS inserted`,
    [
      s.stationRef,
      deskId,
      s.orderNumber,
      s.serviceId,
      s.trackingNumbers,
      s.carrier,
      s.serviceLevel,
      s.recipient.name,
      s.recipient.company,
      s.recipient.city,
      s.recipient.country,
      s.totalCharge,
      s.currency,
      s.status,
      s.createdAt,
      s.voidedAt,
      purchase === undefined ? 'unguarded' : 'guarded',
      JSON.stringify(s.record),
      searchTextOf(s),
    ],
  );
  const added = written?.inserted === true;
  if (purchase?.state === 'pending') await run(tx, `UPDATE purchases SET state = 'bought', settled_at = clock_timestamp() WHERE station_ref = $1`, [s.stationRef]);
  const conflictIds = s.orderNumber !== null && s.voidedAt === null ? await shipOrder(tx, deskId, s.orderNumber, s.stationRef) : [];
  if (added) await publish(tx, { kind: 'shipmentRecorded', deskId, stationRef: s.stationRef, orderNumber: s.orderNumber });
  if (audit !== null) await appendAudit(tx, recorderDeskId, { ...audit, stationRef: audit.stationRef ?? s.stationRef, orderNumber: audit.orderNumber ?? s.orderNumber });
  return { stationRef: s.stationRef, added, conflictIds };
}

/** Marks the order shipped by `stationRef`, or records a conflict with every other shipment that stands for it. */
async function shipOrder(tx: Tx, deskId: string, orderNumber: string, stationRef: string): Promise<number[]> {
  const order = await row(tx, 'orders', OrderOf, 'SELECT status, station_ref FROM orders WHERE order_number = $1 FOR UPDATE', [orderNumber]);
  if (order === undefined) return [];
  if (order.status === 'open') {
    await run(tx, `UPDATE orders SET status = 'shipped', station_ref = $2, shipped_at = clock_timestamp(), updated_at = clock_timestamp() WHERE order_number = $1`, [orderNumber, stationRef]);
    await run(tx, 'DELETE FROM claims WHERE order_number = $1', [orderNumber]);
    await publish(tx, { kind: 'orderShipped', deskId, orderNumber, stationRef });
  }
  const others = await rows(tx, 'shipments', z.object({ station_ref: z.string() }), 'SELECT station_ref FROM shipments WHERE order_number = $1 AND station_ref <> $2 AND voided_at IS NULL ORDER BY station_ref', [
    orderNumber,
    stationRef,
  ]);
  const ids: number[] = [];
  for (const other of others) {
    const [first, second] = other.station_ref < stationRef ? [other.station_ref, stationRef] : [stationRef, other.station_ref];
    const conflict = await row(
      tx,
      'conflicts',
      z.object({ id: BigId }),
      `INSERT INTO conflicts (kind, order_number, first_ref, second_ref, detected_by) VALUES ('shipped_twice', $1, $2, $3, $4)
       ON CONFLICT (kind, order_number, first_ref, second_ref) DO NOTHING RETURNING id`,
      [orderNumber, first, second, deskId],
    );
    if (conflict !== undefined) {
      ids.push(conflict.id);
      await publish(tx, { kind: 'conflict', deskId, conflictId: conflict.id, orderNumber });
    }
  }
  return ids;
}

export interface RecordInput {
  readonly shipment: WarehouseShipment;
  /** The `ship` entry (or another), under the id the desk keeps locally; null for none. */
  readonly audit: AuditEntryInput | null;
}

/** Records one shipment (see recordShipmentIn) in its own transaction. */
export async function recordShipment(db: Db, deskId: string, input: RecordInput): Promise<RecordOutcome> {
  return inTransaction(db, (tx) => recordShipmentIn(tx, deskId, input.shipment, input.audit));
}

export type VoidOutcome = { readonly kind: 'voided'; readonly orderReopened: boolean } | { readonly kind: 'alreadyVoided' } | { readonly kind: 'unknownShipment' };

/**
 * Records that a shipment was voided (cancelled at the service): its purchase is settled as
 * voided, and its order opens again for another label unless another shipment still stands for it.
 */
export async function recordVoid(db: Db, deskId: string, input: { readonly stationRef: string; readonly voidedAt: number; readonly audit: AuditEntryInput | null }): Promise<VoidOutcome> {
  return inTransaction(db, async (tx) => {
    const shipment = await row(tx, 'shipments', z.object({ order_number: z.string().nullable(), voided_at: NullableMillis }), 'SELECT order_number, voided_at FROM shipments WHERE station_ref = $1 FOR UPDATE', [
      input.stationRef,
    ]);
    if (shipment === undefined) return { kind: 'unknownShipment' } as const;
    if (input.audit !== null) await appendAudit(tx, deskId, { ...input.audit, stationRef: input.stationRef, orderNumber: input.audit.orderNumber ?? shipment.order_number });
    if (shipment.voided_at !== null) return { kind: 'alreadyVoided' } as const;
    await run(tx, `UPDATE shipments SET status = 'Cancelled', voided_at = to_timestamp($2 / 1000.0) WHERE station_ref = $1`, [input.stationRef, input.voidedAt]);
    await run(tx, `UPDATE purchases SET state = 'voided', settled_at = clock_timestamp() WHERE station_ref = $1 AND state IN ('pending', 'bought')`, [input.stationRef]);
    await publish(tx, { kind: 'shipmentVoided', deskId, stationRef: input.stationRef, orderNumber: shipment.order_number });
    let orderReopened = false;
    if (shipment.order_number !== null) {
      const order = await row(tx, 'orders', OrderOf, 'SELECT status, station_ref FROM orders WHERE order_number = $1 FOR UPDATE', [shipment.order_number]);
      if (order?.station_ref === input.stationRef) {
        const standing = await row(tx, 'shipments', z.object({ station_ref: z.string() }), 'SELECT station_ref FROM shipments WHERE order_number = $1 AND voided_at IS NULL ORDER BY recorded_at LIMIT 1', [
          shipment.order_number,
        ]);
        if (standing === undefined) {
          await run(tx, `UPDATE orders SET status = 'open', station_ref = NULL, shipped_at = NULL, updated_at = clock_timestamp() WHERE order_number = $1`, [shipment.order_number]);
          await publish(tx, { kind: 'orderReopened', deskId, orderNumber: shipment.order_number, stationRef: input.stationRef });
          orderReopened = true;
        } else {
          await run(tx, 'UPDATE orders SET station_ref = $2, updated_at = clock_timestamp() WHERE order_number = $1', [shipment.order_number, standing.station_ref]);
        }
      }
    }
    return { kind: 'voided', orderReopened } as const;
  });
}

const HistoryRow = z
  .object({
    station_ref: z.string(),
    desk_id: z.string(),
    desk_name: z.string(),
    order_number: z.string().nullable(),
    service_id: z.string().nullable(),
    tracking_numbers: z.array(z.string()),
    carrier: z.string().nullable(),
    service_level: z.string().nullable(),
    recipient_name: z.string().nullable(),
    recipient_company: z.string().nullable(),
    recipient_city: z.string().nullable(),
    recipient_country: z.string().nullable(),
    total_charge: z.string().nullable(),
    currency: z.string().nullable(),
    status: z.string(),
    created_at: Millis,
    recorded_at: Millis,
    voided_at: NullableMillis,
    via: z.enum(['guarded', 'unguarded']),
    record: z.record(z.string(), z.json()),
  })
  .transform(
    (r): HistoryShipment => ({
      stationRef: r.station_ref,
      deskId: r.desk_id,
      deskName: r.desk_name,
      orderNumber: r.order_number,
      serviceId: r.service_id,
      trackingNumbers: r.tracking_numbers,
      carrier: r.carrier,
      serviceLevel: r.service_level,
      recipient: { name: r.recipient_name, company: r.recipient_company, city: r.recipient_city, country: r.recipient_country },
      totalCharge: r.total_charge === null ? null : Number(r.total_charge),
      currency: r.currency,
      status: r.status,
      createdAt: r.created_at,
      recordedAt: r.recorded_at,
      voidedAt: r.voided_at,
      via: r.via,
      record: r.record,
    }),
  );

export interface HistoryQuery {
  readonly text?: string;
  readonly deskId?: string;
  /** Every desk's but this one's (a desk searching beside its own store). */
  readonly notDeskId?: string;
  readonly limit?: number;
  readonly offset?: number;
}

export interface HistoryPage {
  readonly shipments: readonly HistoryShipment[];
  /** More match beyond this page. */
  readonly more: boolean;
}

/** At most this many words of a search are used; a scanner never types more. */
const MAX_WORDS = 8;

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Shipments of every desk, newest first. Each word typed must appear somewhere in the shipment's
 * references, tracking numbers, recipient or carrier (any case, accents ignored), so the last
 * digits of a tracking number find it as well as an order number or a name.
 */
export async function searchHistory(db: Db, query: HistoryQuery = {}): Promise<HistoryPage> {
  const words = foldForSearch(query.text ?? '')
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, MAX_WORDS);
  const limit = pageLimit(query.limit, 50, 500);
  const offset = Math.max(query.offset ?? 0, 0);
  const values: unknown[] = [query.deskId ?? null, limit + 1, offset, query.notDeskId ?? null];
  // Only placeholders are added to the text: every word travels as a parameter.
  const wordClauses = words.map((word) => {
    values.push(likePattern(word));
    return `AND s.search_text LIKE $${values.length}`;
  });
  const found = await rows(
    db,
    'shipments',
    HistoryRow,
    `SELECT s.station_ref, s.desk_id, d.name AS desk_name, s.order_number, s.service_id, s.tracking_numbers, s.carrier, s.service_level,
            s.recipient_name, s.recipient_company, s.recipient_city, s.recipient_country, s.total_charge::text AS total_charge, s.currency,
            s.status, s.created_at, s.recorded_at, s.voided_at, s.via, s.record
       FROM shipments s JOIN desks d ON d.id = s.desk_id
      WHERE ($1::text IS NULL OR s.desk_id = $1) AND ($4::text IS NULL OR s.desk_id <> $4) ${wordClauses.join(' ')}
      ORDER BY s.created_at DESC, s.station_ref DESC
      LIMIT $2 OFFSET $3`,
    values,
  );
  return { shipments: found.slice(0, limit), more: found.length > limit };
}
