/**
 * Claims: scanning an order claims it for the desk, with a lease the desk renews while the order
 * is open on its screen. Another desk scanning it learns who holds it and since when ("being
 * packed at Desk 3 since 10:42"). A lease that ran out means its desk is gone: another desk may
 * take the order over, giving a reason, which goes to the audit log.
 *
 * Every claim operation locks the order's row first, the same lock the purchase guard takes, so
 * a claim, a takeover and a purchase of one order happen one after the other, never interleaved.
 * Leases run on the database's clock: desks' own clocks do not matter.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { appendAudit } from './audit';
import { publish } from './changes';
import { WarehouseInputError } from './errors';
import type { ClaimHolder } from './orders';
import { Millis, NullableMillis, inTransaction, retryingConflicts, row, run, type Db, type Queryable, type Tx } from './sql';

/** How long a claim lasts without renewal: a desk renews it every third of that while the order is open. */
export const DEFAULT_LEASE_MS = 90_000;

export type ClaimOutcome =
  /**
   * The desk holds the order now; `takenOverFrom` when it took it over from a gone desk, and
   * `pendingPurchase` when that desk had started buying a label: look its reference up on the
   * service before buying (docs/warehouse.md).
   */
  | { readonly kind: 'claimed'; readonly claim: ClaimHolder; readonly renewed: boolean; readonly takenOverFrom?: ClaimHolder; readonly pendingPurchase?: string }
  /** Another desk holds it with a live lease. */
  | { readonly kind: 'heldElsewhere'; readonly holder: ClaimHolder }
  /** Another desk held it and its lease ran out: it can be taken over, with a reason. */
  | { readonly kind: 'leaseExpired'; readonly holder: ClaimHolder }
  | { readonly kind: 'shipped'; readonly stationRef: string; readonly deskId: string; readonly deskName: string; readonly shippedAt: number }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'unknownOrder' };

const LockedOrder = z.object({ status: z.string(), station_ref: z.string().nullable(), shipped_at: NullableMillis });
const ShippedBy = z.object({ desk_id: z.string(), desk_name: z.string() });
const HolderRow = z
  .object({ desk_id: z.string(), desk_name: z.string(), claimed_at: Millis, lease_until: Millis, live: z.boolean() })
  .transform((r): ClaimHolder => ({ deskId: r.desk_id, deskName: r.desk_name, claimedAt: r.claimed_at, leaseUntil: r.lease_until, live: r.live }));

function checkedLease(leaseMs: number): number {
  if (!Number.isInteger(leaseMs) || leaseMs < 1_000 || leaseMs > 3_600_000) throw new WarehouseInputError('claim lease', [`must be a whole number of milliseconds from 1,000 to 3,600,000, not ${leaseMs}`]);
  return leaseMs;
}

/** Locks the order's row and says whether it can be claimed at all; undefined when it can. */
export async function lockOrder(tx: Tx, orderNumber: string): Promise<Exclude<ClaimOutcome, { kind: 'claimed' | 'heldElsewhere' | 'leaseExpired' }> | undefined> {
  const order = await row(tx, 'orders', LockedOrder, 'SELECT status, station_ref, shipped_at FROM orders WHERE order_number = $1 FOR UPDATE', [orderNumber]);
  if (order === undefined) return { kind: 'unknownOrder' };
  if (order.status === 'cancelled') return { kind: 'cancelled' };
  if (order.status !== 'shipped' || order.station_ref === null) return undefined;
  // A statement of its own, for the reason holderOf gives: the shipment may be the one whose
  // transaction the lock waited for.
  const by = await row(tx, 'shipments', ShippedBy, 'SELECT s.desk_id, d.name AS desk_name FROM shipments s JOIN desks d ON d.id = s.desk_id WHERE s.station_ref = $1', [order.station_ref]);
  return { kind: 'shipped', stationRef: order.station_ref, deskId: by?.desk_id ?? '', deskName: by?.desk_name ?? '', shippedAt: order.shipped_at ?? 0 };
}

/**
 * The order's claim as it stands, read in the caller's transaction. Read after `lockOrder`, in a
 * statement of its own: under READ COMMITTED a statement that waited for the order's lock sees the
 * locked row as it is now but rows joined to it as they were when it started, so a claim written
 * by the transaction it waited for would be missed.
 */
export async function holderOf(tx: Tx, orderNumber: string): Promise<ClaimHolder | undefined> {
  return row(
    tx,
    'claims',
    HolderRow,
    `SELECT c.desk_id, d.name AS desk_name, c.claimed_at, c.lease_until, c.lease_until > clock_timestamp() AS live
       FROM claims c JOIN desks d ON d.id = c.desk_id WHERE c.order_number = $1`,
    [orderNumber],
  );
}

async function touch(tx: Tx, deskId: string): Promise<void> {
  await run(tx, 'UPDATE desks SET last_seen_at = clock_timestamp() WHERE id = $1', [deskId]);
}

async function writeClaim(tx: Tx, deskId: string, orderNumber: string, leaseMs: number, fresh: boolean): Promise<ClaimHolder> {
  const holder = await row(
    tx,
    'claims',
    HolderRow,
    `INSERT INTO claims (order_number, desk_id, lease_until) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
     ON CONFLICT (order_number) DO UPDATE SET desk_id = excluded.desk_id, lease_until = excluded.lease_until,
       claimed_at = CASE WHEN $4 THEN clock_timestamp() ELSE claims.claimed_at END
     RETURNING desk_id, (SELECT name FROM desks WHERE id = $2) AS desk_name, claimed_at, lease_until, lease_until > clock_timestamp() AS live`,
    [orderNumber, deskId, leaseMs, fresh],
  );
  if (holder === undefined) throw new Error(`the claim of ${orderNumber} was written and is not there`);
  return holder;
}

const Holder = z.object({ deskId: z.string(), deskName: z.string(), claimedAt: z.number(), leaseUntil: z.number(), live: z.boolean() });
/** What `claim_order` answers (migration 2): the outcomes of `claimOrder`, as JSON. */
const ClaimAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('claimed'), claim: Holder, renewed: z.boolean() }),
  z.object({ kind: z.literal('heldElsewhere'), holder: Holder }),
  z.object({ kind: z.literal('leaseExpired'), holder: Holder }),
  z.object({ kind: z.literal('shipped'), stationRef: z.string(), deskId: z.string(), deskName: z.string(), shippedAt: z.number() }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('unknownOrder') }),
]);

/**
 * Claims the order for the desk, or renews the desk's own claim. Refuses (as an outcome, not an
 * error) an order held by a live desk, one whose holder's lease ran out (take it over instead),
 * a shipped or cancelled order and an order the warehouse does not have.
 *
 * One statement: the server-side `claim_order` (migration 2) takes the order's lock, reads its
 * claim, writes it and notifies the other desks, as `takeOverClaim` does below in several.
 */
export async function claimOrder(db: Db, deskId: string, orderNumber: string, leaseMs = DEFAULT_LEASE_MS): Promise<ClaimOutcome> {
  checkedLease(leaseMs);
  return retryingConflicts(() => claimOnce(db, deskId, orderNumber, leaseMs));
}

async function claimOnce(db: Queryable, deskId: string, orderNumber: string, leaseMs: number): Promise<ClaimOutcome> {
  const answer = await row(db, 'claim_order', z.object({ outcome: ClaimAnswer }), 'SELECT claim_order($1, $2, $3) AS outcome', [deskId, orderNumber, leaseMs]);
  if (answer === undefined) throw new Error(`claim_order answered nothing for ${orderNumber}`);
  return answer.outcome;
}

/**
 * Makes a session's first claim as quick as its later ones. The first `claim_order` of a session
 * compiles the function, plans each of its statements and reads the tables' catalog entries
 * (about 17 ms on a quiet 2-core machine, against half a millisecond after), and at a shift's start
 * every packer of every desk makes that first claim at once. So each connection the desk keeps
 * warm claims an order of its own once, as a scan would, inside a transaction that is rolled back:
 * the order, its claim and the notification never happen, and no other desk's order or lock is
 * touched.
 */
export async function primeClaims(client: Tx, deskId: string): Promise<void> {
  const orderNumber = `~warm ${deskId} ${randomUUID()}`;
  await run(client, 'BEGIN');
  try {
    await run(client, `INSERT INTO orders (order_number, data, imported_by) VALUES ($1, '{}'::jsonb, $2)`, [orderNumber, deskId]);
    const outcome = await claimOnce(client, deskId, orderNumber, DEFAULT_LEASE_MS);
    if (outcome.kind !== 'claimed') throw new Error(`priming a warehouse connection: claim_order answered ${outcome.kind}`);
  } finally {
    await run(client, 'ROLLBACK');
  }
}

/**
 * Renews the desk's claim (while the order is open on its screen), and marks the desk seen.
 * `lost` when the desk no longer holds it: another desk took it over after the lease ran out.
 */
export async function renewClaim(db: Db, deskId: string, orderNumber: string, leaseMs = DEFAULT_LEASE_MS): Promise<{ kind: 'renewed'; claim: ClaimHolder } | { kind: 'lost'; holder: ClaimHolder | null }> {
  checkedLease(leaseMs);
  return inTransaction(db, async (tx) => {
    await touch(tx, deskId);
    const result = await run(tx, `UPDATE claims SET lease_until = clock_timestamp() + $3 * interval '1 millisecond' WHERE order_number = $1 AND desk_id = $2`, [orderNumber, deskId, leaseMs]);
    const holder = await holderOf(tx, orderNumber);
    if (result.rowCount === 1 && holder !== undefined) return { kind: 'renewed', claim: holder };
    return { kind: 'lost', holder: holder ?? null };
  });
}

/** Gives the order back (the packer moved on without shipping it). Returns whether the desk held it. */
export async function releaseClaim(db: Db, deskId: string, orderNumber: string): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const result = await run(tx, 'DELETE FROM claims WHERE order_number = $1 AND desk_id = $2', [orderNumber, deskId]);
    if (result.rowCount !== 1) return false;
    await publish(tx, { kind: 'orderReleased', deskId, orderNumber });
    return true;
  });
}

export interface TakeoverInput {
  /** Why, in the words of the person taking over ("Desk 3 crashed; parcel moved to Desk 5"). */
  readonly reason: string;
  readonly actor: string | null;
  readonly leaseMs?: number;
}

const Reason = z.string().trim().min(3, 'must say why, in a few words').max(500, 'must be at most 500 characters');

/**
 * Takes over an order whose holder's lease ran out, writing a `takeover` audit row (from which
 * desk, held since when, the reason) in the same transaction. A live lease is refused
 * (`heldElsewhere`): only a desk that is gone can lose its order. An order nobody holds is
 * simply claimed, and the desk's own claim renewed.
 */
export async function takeOverClaim(db: Db, deskId: string, orderNumber: string, input: TakeoverInput): Promise<ClaimOutcome> {
  const reason = Reason.safeParse(input.reason);
  if (!reason.success) throw new WarehouseInputError('takeover reason', reason.error.issues.map((i) => i.message));
  const leaseMs = checkedLease(input.leaseMs ?? DEFAULT_LEASE_MS);
  return inTransaction(db, async (tx) => {
    const closed = await lockOrder(tx, orderNumber);
    if (closed !== undefined) return closed;
    const holder = await holderOf(tx, orderNumber);
    if (holder !== undefined && holder.deskId !== deskId && holder.live) return { kind: 'heldElsewhere', holder };
    if (holder === undefined || holder.deskId === deskId) {
      const claim = await writeClaim(tx, deskId, orderNumber, leaseMs, holder === undefined);
      if (holder === undefined) await publish(tx, { kind: 'orderClaimed', deskId, orderNumber, takeover: false });
      return { kind: 'claimed', claim, renewed: holder !== undefined };
    }
    const pending = await row(tx, 'purchases', z.object({ station_ref: z.string() }), `SELECT station_ref FROM purchases WHERE order_number = $1 AND state = 'pending'`, [orderNumber]);
    const claim = await writeClaim(tx, deskId, orderNumber, leaseMs, true);
    await appendAudit(tx, deskId, {
      entryId: randomUUID(),
      action: 'takeover',
      actor: input.actor,
      orderNumber,
      stationRef: pending?.station_ref ?? null,
      detail: {
        reason: reason.data,
        fromDesk: holder.deskId,
        fromDeskName: holder.deskName,
        claimedAt: new Date(holder.claimedAt).toISOString(),
        leaseEndedAt: new Date(holder.leaseUntil).toISOString(),
        ...(pending === undefined ? {} : { pendingPurchase: pending.station_ref }),
      },
      happenedAt: claim.claimedAt,
    });
    await publish(tx, { kind: 'orderClaimed', deskId, orderNumber, takeover: true });
    return { kind: 'claimed', claim, renewed: false, takenOverFrom: holder, ...(pending === undefined ? {} : { pendingPurchase: pending.station_ref }) };
  });
}

/** How a desk says who holds an order: "being packed at Desk 3 since 10:42". */
export function holderWords(holder: ClaimHolder, timeZone: string): string {
  const time = (ms: number) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(ms);
  if (holder.live) return `being packed at ${holder.deskName} since ${time(holder.claimedAt)}`;
  return `was being packed at ${holder.deskName} since ${time(holder.claimedAt)}; its claim ran out at ${time(holder.leaseUntil)} (the desk stopped renewing it), so it can be taken over`;
}
