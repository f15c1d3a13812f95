/**
 * The purchase guard: before a desk asks the service for a label for a shared order, it records
 * its intent to buy (its station reference and the screen's request key) in the transaction that
 * checks it holds the order's claim and that no other purchase stands for the order. While the
 * warehouse database is up, an order can therefore never be bought twice across desks:
 *
 * - the check and the intent are one transaction under the order's row lock, the lock every
 *   claim and takeover takes too, so two desks' guards run one after the other;
 * - a unique index allows one `pending` or `bought` purchase per order, whatever the code above
 *   it does;
 * - a purchase leaves `pending` only as `bought` (its shipment recorded), `abandoned` (the service
 *   refused it, or a person checked the service and found nothing under its reference) or
 *   `voided` (its shipment was voided, which frees the order).
 *
 * What it cannot prevent is in docs/warehouse.md ("Guarantees and their limits").
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { StationRef } from '../api/stationRef';
import { OrderNumber } from '../api/orders';
import { appendAudit } from './audit';
import { publish } from './changes';
import { DEFAULT_LEASE_MS, holderOf, lockOrder } from './claims';
import { WarehouseInputError } from './errors';
import type { ClaimHolder } from './orders';
import { Millis, inTransaction, row, run, sqlState, type Db, type Tx } from './sql';

export const PURCHASE_STATES = ['pending', 'bought', 'abandoned', 'voided'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const PurchaseIntent = z.strictObject({
  orderNumber: OrderNumber,
  /** The station reference the create will carry (PB-<desk>-<ULID>). */
  stationRef: StationRef,
  /** Made once per Ship press on the screen: a repeated press is the same intent. */
  requestKey: z.string().min(1).max(200),
});
export type PurchaseIntent = z.infer<typeof PurchaseIntent>;

/** Another purchase of the order, as the refused desk is told of it. */
export interface StandingPurchase {
  readonly stationRef: string;
  readonly orderNumber: string;
  readonly deskId: string;
  readonly deskName: string;
  readonly state: PurchaseState;
  readonly since: number;
}

export type GuardOutcome =
  /** Buy now, under `stationRef`. `repeated`: this request key passed before (state says how it stands). */
  | { readonly kind: 'clear'; readonly stationRef: string; readonly repeated: false }
  | { readonly kind: 'clear'; readonly stationRef: string; readonly repeated: true; readonly state: PurchaseState }
  /** The desk does not hold the order's claim (nobody does, or another desk took it over). */
  | { readonly kind: 'notClaimed'; readonly holder: ClaimHolder | null }
  /** Another purchase of the order may still become a label: its outcome must be known first. */
  | { readonly kind: 'purchasePending'; readonly purchase: StandingPurchase }
  | { readonly kind: 'shipped'; readonly stationRef: string; readonly deskId: string; readonly deskName: string; readonly shippedAt: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'unknownOrder' };

const StandingRow = z
  .object({ station_ref: z.string(), order_number: z.string(), desk_id: z.string(), desk_name: z.string(), state: z.enum(PURCHASE_STATES), intended_at: Millis })
  .transform((r): StandingPurchase => ({ stationRef: r.station_ref, orderNumber: r.order_number, deskId: r.desk_id, deskName: r.desk_name, state: r.state, since: r.intended_at }));

const STANDING_SELECT = `SELECT p.station_ref, p.order_number, p.desk_id, d.name AS desk_name, p.state, p.intended_at FROM purchases p JOIN desks d ON d.id = p.desk_id`;

async function livePurchaseOf(tx: Tx, orderNumber: string): Promise<StandingPurchase | undefined> {
  return row(tx, 'purchases', StandingRow, `${STANDING_SELECT} WHERE p.order_number = $1 AND p.state IN ('pending', 'bought')`, [orderNumber]);
}

function checkedIntent(intent: unknown): PurchaseIntent {
  const parsed = PurchaseIntent.safeParse(intent);
  if (!parsed.success) throw new WarehouseInputError('purchase intent', parsed.error.issues.map((i) => `${i.path.join('.') || 'intent'} ${i.message}`));
  return parsed.data;
}

/**
 * Passes the guard (and records the intent) or says why not. Call it before sending the create,
 * and send only on `clear`; a `clear` that is `repeated` with state `bought` means the label was
 * already bought for this press. The desk's claim is renewed with it.
 */
export async function guardPurchase(db: Db, deskId: string, intent: PurchaseIntent, leaseMs = DEFAULT_LEASE_MS): Promise<GuardOutcome> {
  const checked = checkedIntent(intent);
  try {
    return await inTransaction(db, (tx) => guardIn(tx, deskId, checked, leaseMs));
  } catch (error) {
    // The unique index caught a second live purchase the checks above it did not (they cannot,
    // under the order's lock, but the index is the guarantee): report who holds the order.
    if (sqlState(error) !== '23505') throw error;
    return inTransaction(db, async (tx) => {
      const standing = await livePurchaseOf(tx, checked.orderNumber);
      if (standing === undefined) throw error;
      return { kind: 'purchasePending', purchase: standing } as const;
    });
  }
}

async function guardIn(tx: Tx, deskId: string, intent: PurchaseIntent, leaseMs: number): Promise<GuardOutcome> {
  const earlier = await row(tx, 'purchases', z.object({ station_ref: z.string(), order_number: z.string(), state: z.enum(PURCHASE_STATES) }), 'SELECT station_ref, order_number, state FROM purchases WHERE desk_id = $1 AND request_key = $2', [
    deskId,
    intent.requestKey,
  ]);
  if (earlier !== undefined) {
    if (earlier.order_number !== intent.orderNumber) throw new WarehouseInputError('purchase intent', [`request key ${intent.requestKey} was used for order ${earlier.order_number}`]);
    return { kind: 'clear', stationRef: earlier.station_ref, repeated: true, state: earlier.state };
  }
  const closed = await lockOrder(tx, intent.orderNumber);
  if (closed !== undefined) return closed;
  const holder = await holderOf(tx, intent.orderNumber);
  if (holder?.deskId !== deskId) return { kind: 'notClaimed', holder: holder ?? null };
  const standing = await livePurchaseOf(tx, intent.orderNumber);
  if (standing !== undefined) return { kind: 'purchasePending', purchase: standing };
  await run(tx, 'INSERT INTO purchases (station_ref, order_number, desk_id, request_key) VALUES ($1, $2, $3, $4)', [intent.stationRef, intent.orderNumber, deskId, intent.requestKey]);
  await run(tx, `UPDATE claims SET lease_until = clock_timestamp() + $2 * interval '1 millisecond' WHERE order_number = $1`, [intent.orderNumber, leaseMs]);
  await publish(tx, { kind: 'orderBuying', deskId, orderNumber: intent.orderNumber, stationRef: intent.stationRef });
  return { kind: 'clear', stationRef: intent.stationRef, repeated: false };
}

/** The purchase recorded under a station reference, as it stands. */
export async function purchaseOf(db: Db, stationRef: string): Promise<StandingPurchase | undefined> {
  return row(db, 'purchases', StandingRow, `${STANDING_SELECT} WHERE p.station_ref = $1`, [stationRef]);
}

export interface AbandonInput {
  readonly stationRef: string;
  /** Why nothing was bought: the service's refusal, or what a person checked. */
  readonly reason: string;
  readonly actor: string | null;
}

export type AbandonOutcome = { readonly kind: 'abandoned' } | { readonly kind: 'notPending'; readonly state: PurchaseState } | { readonly kind: 'unknownPurchase' } | { readonly kind: 'notYours'; readonly holder: ClaimHolder | null };

/**
 * Settles a pending purchase that bought nothing, which frees the order for another purchase.
 * The desk that made it does this when the service refused the create. Another desk may do it
 * only while it holds the order's claim (it took the order over), and only after checking that
 * the service has no shipment under the reference: that is written to the audit log as an
 * `override` with the reason.
 */
export async function abandonPurchase(db: Db, deskId: string, input: AbandonInput): Promise<AbandonOutcome> {
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > 500) throw new WarehouseInputError('abandon reason', ['must say why, in 3 to 500 characters']);
  return inTransaction(db, async (tx) => {
    const purchase = await row(tx, 'purchases', z.object({ desk_id: z.string(), order_number: z.string(), state: z.enum(PURCHASE_STATES) }), 'SELECT desk_id, order_number, state FROM purchases WHERE station_ref = $1', [
      input.stationRef,
    ]);
    if (purchase === undefined) return { kind: 'unknownPurchase' } as const;
    await lockOrder(tx, purchase.order_number);
    const current = await row(tx, 'purchases', z.object({ state: z.enum(PURCHASE_STATES) }), 'SELECT state FROM purchases WHERE station_ref = $1 FOR UPDATE', [input.stationRef]);
    if (current?.state !== 'pending') return { kind: 'notPending', state: current?.state ?? purchase.state } as const;
    if (purchase.desk_id !== deskId) {
      const holder = await holderOf(tx, purchase.order_number);
      if (holder?.deskId !== deskId) return { kind: 'notYours', holder: holder ?? null } as const;
      await appendAudit(tx, deskId, {
        entryId: randomUUID(),
        action: 'override',
        actor: input.actor,
        orderNumber: purchase.order_number,
        stationRef: input.stationRef,
        detail: { reason, gaveUpPurchaseOf: purchase.desk_id },
        happenedAt: Date.now(),
      });
    }
    await run(tx, `UPDATE purchases SET state = 'abandoned', settled_at = clock_timestamp(), note = $2 WHERE station_ref = $1`, [input.stationRef, reason]);
    await publish(tx, { kind: 'purchaseAbandoned', deskId, orderNumber: purchase.order_number, stationRef: input.stationRef });
    return { kind: 'abandoned' } as const;
  });
}
