/**
 * One desk of `npm run bench:warehouse`, in a process of its own: packers that claim an order,
 * quote it, check its address, pass the purchase guard, buy its label and record it, over and
 * over until the shift ends, all on the credential's budget shared through the warehouse; and a
 * background worker refreshing tracking and pulling shipments. It reports what it sent by
 * priority, its claim latencies and how late other desks' changes reached it.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { newStationRef } from '../../electron/store/stationRef';
import { UnknownOutcomeError } from '../../electron/service/client/errors';
import { claimOrder, guardPurchase, priorityOf, recordShipment, type BudgetPriority } from '../../electron/warehouse';
import { addressCheckFor, buyLabel, openDeskServices, quoteFor, type DeskSetup } from '../support/deskWork';
import { deskSetup, serveDesk } from '../integration/warehouse/deskChannel';

export interface BenchDeskEnv extends DeskSetup {
  readonly packers: number;
}

/** A shift from `from` to `until` (ms since 1970): no request goes out before it starts. */
export type BenchDeskCommand = { readonly op: 'shift'; readonly orders: readonly string[]; readonly from: number; readonly until: number };

export interface BenchDeskResult {
  readonly sent: Record<BudgetPriority, number>;
  readonly shipped: number;
  /** Creates whose answer was lost (left pending, as the outbox would). */
  readonly unknown: number;
  readonly claimMs: readonly number[];
  /** The same, without each packer's first claim (made by every packer of every desk at the shift's first instant). */
  readonly laterClaimMs: readonly number[];
  readonly notifyMs: readonly number[];
  readonly modes: readonly string[];
}

const env = deskSetup<BenchDeskEnv>();
const modes: string[] = [];
const sent: Record<BudgetPriority, number> = { purchase: 0, quote: 0, address: 0, tracking: 0, background: 0 };
const desk = await openDeskServices(env, {
  // A connection warm for each packer and the budget's pump, as a desk set up for that many would keep.
  pool: { max: env.packers + 4, warm: env.packers + 1 },
  onModeChange: (mode) => modes.push(mode.kind),
  logger: {
    request: (entry) => {
      if (typeof entry.status === 'number' && entry.status < 400) sent[priorityOf(entry.operation)] += 1;
    },
    warn: () => undefined,
  },
});
const { warehouse, client } = desk;
const notifyMs: number[] = [];
warehouse.onChange((change) => {
  if (change.deskId !== env.deskId && (change.kind === 'orderClaimed' || change.kind === 'orderShipped')) notifyMs.push(Date.now() - change.at);
});

async function shift(orders: readonly string[], from: number, until: number): Promise<BenchDeskResult> {
  // Every desk starts at the shift's first instant: a request sent before it would take a slot of
  // the shift's first window without being counted in it.
  await delay(from - Date.now());
  // The shift ends for requests still waiting for a slot too: they are cancelled, not sent.
  const end = new AbortController();
  const timer = setTimeout(() => end.abort(new Error('the shift is over')), until - Date.now());
  const options = { signal: end.signal };
  const claimMs: number[] = [];
  const laterClaimMs: number[] = [];
  let unknown = 0;
  const queue = [...orders];
  const shippedIds: string[] = [];
  const packer = async () => {
    for (let claims = 0; Date.now() < until; claims += 1) {
      const orderNumber = queue.shift();
      if (orderNumber === undefined) return;
      const started = performance.now();
      const claim = await claimOrder(warehouse.db, env.deskId, orderNumber);
      const took = performance.now() - started;
      claimMs.push(took);
      if (claims > 0) laterClaimMs.push(took);
      if (claim.kind !== 'claimed') continue;
      await client.rateShop(quoteFor(), options);
      await client.validateAddress(addressCheckFor(), options);
      const guard = await guardPurchase(warehouse.db, env.deskId, { orderNumber, stationRef: newStationRef(env.deskId, Date.now()), requestKey: randomUUID() });
      if (guard.kind !== 'clear' || Date.now() >= until) continue;
      try {
        const record = await buyLabel(client, { name: env.deskName }, orderNumber, guard.stationRef, options);
        await recordShipment(warehouse.db, env.deskId, record);
        const id = record.shipment.serviceId;
        if (id !== null) shippedIds.push(id);
      } catch (error) {
        // A create whose answer was lost stays pending (the station's outbox would look it up);
        // the packer moves on to the next order.
        if (!(error instanceof UnknownOutcomeError) || end.signal.aborted) throw error;
        unknown += 1;
      }
    }
  };
  const background = async () => {
    while (Date.now() < until) {
      const recent = shippedIds.slice(-5);
      if (recent.length > 0) await client.trackShipments({ shipments: recent.map((id) => ({ id })) }, options);
      await client.searchShipments({ pageNumber: 1, pageSize: 10 }, options);
    }
  };
  const untilCancelled = (work: () => Promise<void>) => work().catch((error: unknown) => {
    if (!end.signal.aborted) throw error;
  });
  await Promise.all([...Array.from({ length: env.packers }, () => untilCancelled(packer)), untilCancelled(background)]);
  clearTimeout(timer);
  return { sent, shipped: shippedIds.length, unknown, claimMs, laterClaimMs, notifyMs, modes };
}

serveDesk<BenchDeskCommand>((command) => shift(command.orders, command.from, command.until), () => desk.close());
