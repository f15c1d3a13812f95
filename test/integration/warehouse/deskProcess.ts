/**
 * A packing desk in a process of its own, driven by the test over Node's IPC channel: it opens
 * the warehouse as the station would (its own pool and LISTEN session, signed in as the desk
 * role), buys labels from the sandbox through the service client, and answers each command.
 *
 * - `race`: at the instant given, claim the order and pass the purchase guard; the desk that
 *   passes buys the label and records it.
 * - `shift`: work through a list of orders (claim, guard, buy, record) until each is shipped by
 *   some desk. An order whose desk is gone (its lease ran out) is taken over, and a purchase that
 *   desk left pending is looked up on the service by its reference first: recorded when found,
 *   given up when absent. While the warehouse database is unreachable the desk keeps quoting,
 *   keeps what it bought and could not record (as the station's own store would) and uploads it
 *   when the database is back.
 * - `hold`: claim orders, and pass the guard for some without buying: then wait to be killed.
 */
import { randomUUID } from 'node:crypto';
import { reconcileCreate } from '../../../electron/sync/reconcile';
import { newStationRef } from '../../../electron/store/stationRef';
import { settleOtherDeskPurchase } from '../../../electron/shipping/otherDeskPurchase';
import {
  WarehouseUnavailableError,
  claimOrder,
  takeOverClaim,
  guardPurchase,
  recordShipment,
  uploadShipments,
  type BudgetMode,
  type ListenerState,
  type RecordInput,
  type StandingPurchase,
} from '../../../electron/warehouse';
import { buyLabel, openDeskServices, quoteFor, type DeskSetup } from '../../support/deskWork';
import { deskSetup, serveDesk, tell } from './deskChannel';

export type DeskCommand =
  | { readonly op: 'race'; readonly orderNumber: string; readonly at: number }
  | { readonly op: 'shift'; readonly orders: readonly string[]; readonly leaseMs: number }
  | { readonly op: 'hold'; readonly orders: readonly string[]; readonly guard: readonly string[]; readonly leaseMs: number };

/** What the desk tells as it happens, besides its replies. */
export type DeskEvent =
  | { readonly event: 'bought'; readonly orderNumber: string; readonly stationRef: string }
  | { readonly event: 'mode'; readonly mode: BudgetMode['kind'] }
  /** The LISTEN session broke (`reconnecting`) or listens again: how the desk notices the database is away. */
  | { readonly event: 'listener'; readonly state: ListenerState }
  | { readonly event: 'resync' };

const env = deskSetup<DeskSetup>();
const send = (event: DeskEvent) => tell(event);
const desk = await openDeskServices(env, {
  pool: { max: 3, connectTimeoutMs: 2_000 },
  listener: { minBackoffMs: 100, maxBackoffMs: 1_000, heartbeatMs: 2_000 },
  onModeChange: (mode) => send({ event: 'mode', mode: mode.kind }),
});
const { warehouse, client } = desk;
warehouse.onResync(() => send({ event: 'resync' }));
warehouse.listener.on('state', (state) => send({ event: 'listener', state }));

/** Buys the label for a guarded purchase; the record to give the warehouse. */
async function buy(orderNumber: string, stationRef: string): Promise<RecordInput> {
  const record = await buyLabel(client, { name: env.deskName }, orderNumber, stationRef);
  send({ event: 'bought', orderNumber, stationRef });
  return record;
}

async function race(orderNumber: string, at: number) {
  while (Date.now() < at) {
    // Spin to the shared instant: a timer would add its own spread.
  }
  const claim = await claimOrder(warehouse.db, env.deskId, orderNumber);
  if (claim.kind === 'shipped') return { claim: claim.kind, guard: null, shippedBy: claim.deskId };
  if (claim.kind === 'heldElsewhere') return { claim: claim.kind, guard: null, heldBy: claim.holder.deskId };
  if (claim.kind !== 'claimed') return { claim: claim.kind, guard: null };
  const stationRef = newStationRef(env.deskId, Date.now());
  const guard = await guardPurchase(warehouse.db, env.deskId, { orderNumber, stationRef, requestKey: randomUUID() });
  if (guard.kind !== 'clear') return { claim: claim.kind, guard: guard.kind };
  await recordShipment(warehouse.db, env.deskId, await buy(orderNumber, guard.stationRef));
  return { claim: claim.kind, guard: guard.kind, stationRef: guard.stationRef, desk: env.deskId };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A purchase a gone desk left pending, settled as the station settles it (looked up on the service by its reference). */
async function settlePending(orderNumber: string, purchase: StandingPurchase): Promise<'shipped' | 'free' | 'undecided'> {
  const settled = await settleOtherDeskPurchase({ db: warehouse.db, deskId: env.deskId, orderNumber, purchase, lookUp: (ref) => reconcileCreate(client, ref), now: Date.now });
  return settled.kind === 'blocked' ? 'undecided' : settled.kind;
}

/** Works through the orders until each is shipped by some desk; survives desks and the database going away. */
async function shift(orders: readonly string[], leaseMs: number) {
  const toUpload: RecordInput[] = [];
  const left = new Set(orders);
  let bought = 0;
  let unavailable = 0;
  let takeovers = 0;
  const claimMs: number[] = [];
  while (left.size > 0 || toUpload.length > 0) {
    if (toUpload.length > 0) {
      try {
        await uploadShipments(warehouse.db, env.deskId, toUpload);
        toUpload.length = 0;
      } catch (error) {
        if (!(error instanceof WarehouseUnavailableError)) throw error;
        unavailable += 1;
        await pause(100);
        continue;
      }
    }
    for (const orderNumber of [...left]) {
      try {
        const started = performance.now();
        let claim = await claimOrder(warehouse.db, env.deskId, orderNumber, leaseMs);
        claimMs.push(performance.now() - started);
        if (claim.kind === 'leaseExpired') {
          claim = await takeOverClaim(warehouse.db, env.deskId, orderNumber, { reason: `${claim.holder.deskName} stopped renewing its claim`, actor: env.deskName, leaseMs });
          if (claim.kind === 'claimed') takeovers += 1;
        }
        if (claim.kind === 'shipped') left.delete(orderNumber);
        if (claim.kind !== 'claimed') continue;
        const stationRef = newStationRef(env.deskId, Date.now());
        let guard = await guardPurchase(warehouse.db, env.deskId, { orderNumber, stationRef, requestKey: `${env.deskId}-${orderNumber}` }, leaseMs);
        if (guard.kind === 'purchasePending' && guard.purchase.deskId !== env.deskId) {
          const settled = await settlePending(orderNumber, guard.purchase);
          if (settled === 'shipped') left.delete(orderNumber);
          if (settled !== 'free') continue;
          guard = await guardPurchase(warehouse.db, env.deskId, { orderNumber, stationRef, requestKey: `${env.deskId}-${orderNumber}` }, leaseMs);
        }
        if (guard.kind === 'shipped') left.delete(orderNumber);
        if (guard.kind !== 'clear' || (guard.repeated && guard.state !== 'pending')) continue;
        // Bought once for this order at this desk, whatever happens to the database next.
        left.delete(orderNumber);
        const record = await buy(orderNumber, guard.stationRef);
        bought += 1;
        try {
          await recordShipment(warehouse.db, env.deskId, record);
        } catch (error) {
          if (!(error instanceof WarehouseUnavailableError)) throw error;
          // Given up as unreachable like any other statement: kept to upload when it is back.
          unavailable += 1;
          toUpload.push(record);
        }
      } catch (error) {
        if (!(error instanceof WarehouseUnavailableError)) throw error;
        unavailable += 1;
        // The warehouse is away: the packer goes on quoting the next parcel meanwhile.
        await client.rateShop(quoteFor());
        await pause(100);
      }
    }
    if (left.size > 0) await pause(20);
  }
  return { bought, unavailable, takeovers, claimMs };
}

async function hold(orders: readonly string[], guarded: readonly string[], leaseMs: number) {
  const refs: Record<string, string> = {};
  for (const orderNumber of orders) {
    await claimOrder(warehouse.db, env.deskId, orderNumber, leaseMs);
    if (!guarded.includes(orderNumber)) continue;
    const guard = await guardPurchase(warehouse.db, env.deskId, { orderNumber, stationRef: newStationRef(env.deskId, Date.now()), requestKey: randomUUID() }, leaseMs);
    if (guard.kind === 'clear') refs[orderNumber] = guard.stationRef;
  }
  return refs;
}

serveDesk<DeskCommand>(async (command) => {
  switch (command.op) {
    case 'race':
      return race(command.orderNumber, command.at);
    case 'shift':
      return shift(command.orders, command.leaseMs);
    case 'hold':
      return hold(command.orders, command.guard, command.leaseMs);
  }
}, () => desk.close());
