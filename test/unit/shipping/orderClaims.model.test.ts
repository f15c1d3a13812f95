/**
 * The desk's side of claims and the purchase guard (shipping/orderClaims.ts with the Ship key,
 * shipping/ship.ts) as a state machine: three desks, each with its own real SQLite store, scan,
 * press Ship (sometimes twice with one key), move on, take over, lose the warehouse and get it
 * back, while time passes, in fast-check command sequences. The warehouse is an in-memory stand-in
 * for its functions (the database's own behaviour is tested on PostgreSQL in
 * test/integration/warehouse/), run on a virtual clock. After every step:
 *
 * - while no desk was cut off from the warehouse, no order has two shipments across the desks' stores;
 * - a desk queued a shipment only for an order the warehouse let it buy (guard clear), or, cut off,
 *   for the order it held;
 * - a refused press queued nothing.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StationError } from '../../../electron/api';
import { OrderClaims, type ClaimCalls } from '../../../electron/shipping/orderClaims';
import { ship } from '../../../electron/shipping/ship';
import type { StationStore } from '../../../electron/store';
import type { ClaimHolder, Warehouse } from '../../../electron/warehouse';
import { shipment } from '../../support/shipments';
import { openTempStore } from '../store/support/tempStore';

type Db = Warehouse['db'];

const DESKS = ['DESK1', 'DESK2', 'DESK3'] as const;
type DeskId = (typeof DESKS)[number];
const ORDERS = ['M-1', 'M-2'] as const;
const LEASE_MS = 90_000;

/** The warehouse's claims and purchases, on the clock given (the database's, in the real one). */
class FakeWarehouse {
  readonly claims = new Map<string, { desk: DeskId; claimedAt: number; leaseUntil: number }>();
  readonly purchases = new Map<string, { ref: string; desk: string; key: string }>();
  constructor(readonly now: () => number) {}

  #holder(order: string): ClaimHolder | undefined {
    const claim = this.claims.get(order);
    if (claim === undefined) return undefined;
    return { deskId: claim.desk, deskName: claim.desk, claimedAt: claim.claimedAt, leaseUntil: claim.leaseUntil, live: claim.leaseUntil > this.now() };
  }

  #shipped(order: string) {
    const bought = this.purchases.get(order);
    return bought === undefined ? undefined : ({ kind: 'shipped', stationRef: bought.ref, deskId: bought.desk, deskName: bought.desk, shippedAt: this.now() } as const);
  }

  readonly calls: ClaimCalls = {
    leaseSeconds: () => Promise.resolve(undefined),
    claimOrder: (_db, desk, order, lease = LEASE_MS) => {
      const shipped = this.#shipped(order);
      if (shipped !== undefined) return Promise.resolve(shipped);
      const holder = this.#holder(order);
      if (holder !== undefined && holder.deskId !== desk) return Promise.resolve(holder.live ? { kind: 'heldElsewhere', holder } : { kind: 'leaseExpired', holder });
      this.claims.set(order, { desk: desk as DeskId, claimedAt: holder?.claimedAt ?? this.now(), leaseUntil: this.now() + lease });
      const claim = this.#holder(order);
      if (claim === undefined) throw new Error('the claim was not kept');
      return Promise.resolve({ kind: 'claimed', claim, renewed: holder !== undefined });
    },
    renewClaim: (_db, desk, order, lease = LEASE_MS) => {
      const claim = this.claims.get(order);
      if (claim?.desk !== desk) return Promise.resolve({ kind: 'lost', holder: this.#holder(order) ?? null });
      claim.leaseUntil = this.now() + lease;
      return Promise.resolve({ kind: 'renewed', claim: this.#holder(order) as ClaimHolder });
    },
    releaseClaim: (_db, desk, order) => {
      if (this.claims.get(order)?.desk !== desk) return Promise.resolve(false);
      this.claims.delete(order);
      return Promise.resolve(true);
    },
    takeOverClaim: (_db, desk, order, input) => {
      const holder = this.#holder(order);
      if (holder !== undefined && holder.deskId !== desk && holder.live) return Promise.resolve({ kind: 'heldElsewhere', holder });
      const shipped = this.#shipped(order);
      if (shipped !== undefined) return Promise.resolve(shipped);
      this.claims.set(order, { desk: desk as DeskId, claimedAt: this.now(), leaseUntil: this.now() + (input.leaseMs ?? LEASE_MS) });
      return Promise.resolve({ kind: 'claimed', claim: this.#holder(order) as ClaimHolder, renewed: false, ...(holder === undefined || holder.deskId === desk ? {} : { takenOverFrom: holder }) });
    },
    guardPurchase: (_db, desk, intent, lease = LEASE_MS) => {
      const earlier = [...this.purchases.values()].find((p) => p.desk === desk && p.key === intent.requestKey);
      if (earlier !== undefined) return Promise.resolve({ kind: 'clear', stationRef: earlier.ref, repeated: true, state: 'pending' });
      const shipped = this.#shipped(intent.orderNumber);
      if (shipped !== undefined) return Promise.resolve(shipped);
      const holder = this.#holder(intent.orderNumber);
      if (holder?.deskId !== desk) return Promise.resolve({ kind: 'notClaimed', holder: holder ?? null });
      this.purchases.set(intent.orderNumber, { ref: intent.stationRef, desk, key: intent.requestKey });
      const claim = this.claims.get(intent.orderNumber);
      if (claim !== undefined) claim.leaseUntil = this.now() + lease;
      return Promise.resolve({ kind: 'clear', stationRef: intent.stationRef, repeated: false });
    },
  };
}

/** A station error is the answer a packer reads; anything else fails the run. */
function refusalOnly(error: unknown): StationError {
  if (error instanceof StationError) return error;
  throw error;
}

interface Desk {
  readonly id: DeskId;
  readonly store: StationStore;
  readonly claims: OrderClaims;
  online: boolean;
}

interface Real {
  readonly desks: Record<DeskId, Desk>;
  readonly warehouse: FakeWarehouse;
  readonly clock: { now: number };
}

interface Model {
  /** Some desk was cut off from the warehouse at some point: the guarantee no longer holds (docs/warehouse.md). */
  outage: boolean;
  /** Shipments each desk queued, by order. */
  readonly queued: Record<DeskId, Record<string, number>>;
}

/** Timers whose sleeps end only when aborted: renewals are what the commands do, not what time does. */
const stillTimers = (clock: { now: number }) => ({
  now: () => clock.now,
  sleep: (_ms: number, signal?: AbortSignal) => new Promise<void>((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')))),
});

function openDesks(): Real {
  const clock = { now: Date.parse('2026-11-26T09:00:00Z') };
  const warehouse = new FakeWarehouse(() => clock.now);
  const db = {} as Db;
  const desks = Object.fromEntries(
    DESKS.map((id) => {
      const store = openTempStore();
      store.atomically((write) => write.setDeskSetting('deskId', id));
      const desk: Desk = {
        id,
        store,
        online: true,
        claims: new OrderClaims({
          warehouse: () => (desk.online ? { kind: 'connected', db } : { kind: 'unusable' }),
          deskId: () => id,
          timers: stillTimers(clock),
          timeZone: 'UTC',
          log: () => undefined,
          calls: warehouse.calls,
        }),
      };
      return [id, desk];
    }),
  ) as Record<DeskId, Desk>;
  return { desks, warehouse, clock };
}

function shipmentsIn(desk: Desk, order: string): number {
  return desk.store.read.shipmentsOfOrder(order).length;
}

/** After every step: what each desk's store holds is what the model says, and no order is bought twice while the warehouse was up. */
function checkInvariants(model: Model, real: Real): void {
  for (const order of ORDERS) {
    let total = 0;
    for (const id of DESKS) {
      const stored = shipmentsIn(real.desks[id], order);
      expect(stored, `${id} ${order}`).toBe(model.queued[id][order] ?? 0);
      total += stored;
    }
    if (!model.outage) expect(total, `shipments of ${order} across the desks`).toBeLessThanOrEqual(1);
  }
}

abstract class DeskCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly desk: DeskId,
    readonly order: string,
  ) {}
  check(): boolean {
    return true;
  }
  abstract run(model: Model, real: Real): Promise<void>;
}

class Scan extends DeskCommand {
  async run(model: Model, real: Real): Promise<void> {
    const claim = await real.desks[this.desk].claims.scanned(this.order);
    expect(claim?.orderNumber).toBe(this.order);
    checkInvariants(model, real);
  }
  override toString(): string {
    return `${this.desk} scans ${this.order}`;
  }
}

class Ship extends DeskCommand {
  constructor(
    desk: DeskId,
    order: string,
    readonly twice: boolean,
  ) {
    super(desk, order);
  }
  async run(model: Model, real: Real): Promise<void> {
    const desk = real.desks[this.desk];
    const holder = real.warehouse.claims.get(this.order);
    const heldHere = desk.claims.held === this.order;
    const bought = real.warehouse.purchases.get(this.order);
    const requestKey = randomUUID();
    const parts = { store: desk.store, now: () => real.clock.now, queued: () => undefined, claims: desk.claims, journal: { audit: () => undefined } };
    const press = () => ship(parts, { shipment: shipment({ references: { orderNumber: this.order } }), requestKey }).catch(refusalOnly);
    const answers = await Promise.all(this.twice ? [press(), press()] : [press()]);
    const shipped = answers.filter((a) => !(a instanceof StationError));
    // Online, only the desk whose claim stands (nobody took it over) with nothing bought yet may buy; offline, only the desk holding it.
    const mayBuy = desk.online ? bought === undefined && holder?.desk === this.desk : heldHere;
    if (!mayBuy) {
      expect(shipped, `${this.desk} ${this.order}: ${answers.map(String).join('; ')}`).toEqual([]);
      for (const refused of answers) expect(refused).toMatchObject({ code: 'conflict', message: expect.stringContaining(this.order) as unknown });
    } else {
      expect(answers.every((a) => !(a instanceof StationError))).toBe(true);
      expect(new Set(shipped.map((a) => (a as { stationRef: string }).stationRef)).size).toBe(1);
      model.queued[this.desk][this.order] = (model.queued[this.desk][this.order] ?? 0) + 1;
    }
    checkInvariants(model, real);
  }
  override toString(): string {
    return `${this.desk} presses Ship for ${this.order}${this.twice ? ' twice' : ''}`;
  }
}

class NextOrder extends DeskCommand {
  async run(model: Model, real: Real): Promise<void> {
    await real.desks[this.desk].claims.release(this.order);
    expect(real.desks[this.desk].claims.held).not.toBe(this.order);
    checkInvariants(model, real);
  }
  override toString(): string {
    return `${this.desk} moves on from ${this.order}`;
  }
}

class TakeOver extends DeskCommand {
  async run(model: Model, real: Real): Promise<void> {
    const desk = real.desks[this.desk];
    const before = real.warehouse.claims.get(this.order);
    const answer = await desk.claims.takeOver(this.order, 'the other desk is gone').catch(refusalOnly);
    // A live claim of another desk is never taken.
    if (before !== undefined && before.desk !== this.desk && before.leaseUntil > real.clock.now) expect(real.warehouse.claims.get(this.order)?.desk).toBe(before.desk);
    if (!desk.online) expect(answer).toBeInstanceOf(StationError);
    checkInvariants(model, real);
  }
  override toString(): string {
    return `${this.desk} takes ${this.order} over`;
  }
}

class Cut implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly desk: DeskId,
    readonly online: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): Promise<void> {
    real.desks[this.desk].online = this.online;
    if (!this.online) model.outage = true;
    checkInvariants(model, real);
    return Promise.resolve();
  }
  toString(): string {
    return `${this.desk} ${this.online ? 'reaches the warehouse again' : 'is cut off from the warehouse'}`;
  }
}

class Wait implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  run(model: Model, real: Real): Promise<void> {
    real.clock.now += this.ms;
    checkInvariants(model, real);
    return Promise.resolve();
  }
  toString(): string {
    return `${String(this.ms / 1000)} s pass`;
  }
}

const desk = fc.constantFrom(...DESKS);
const order = fc.constantFrom(...ORDERS);

function commandsWith(outages: boolean) {
  const base = [
    fc.tuple(desk, order).map(([d, o]) => new Scan(d, o)),
    fc.tuple(desk, order, fc.boolean()).map(([d, o, twice]) => new Ship(d, o, twice)),
    fc.tuple(desk, order).map(([d, o]) => new NextOrder(d, o)),
    fc.tuple(desk, order).map(([d, o]) => new TakeOver(d, o)),
    fc.constantFrom(30_000, 100_000).map((ms) => new Wait(ms)),
  ];
  return fc.commands(outages ? [...base, fc.tuple(desk, fc.boolean()).map(([d, online]) => new Cut(d, online))] : base, { maxCommands: 40 });
}

async function runModel(cmds: Iterable<fc.AsyncCommand<Model, Real>>): Promise<void> {
  const real = openDesks();
  try {
    await fc.asyncModelRun(() => ({ model: { outage: false, queued: { DESK1: {}, DESK2: {}, DESK3: {} } }, real }), cmds);
  } finally {
    for (const d of DESKS) {
      real.desks[d].claims.close();
      real.desks[d].store.close();
    }
  }
}

describe('the desk side of claims and the purchase guard, as a state machine', () => {
  it('with the warehouse up, never queues two shipments of one order across three desks, and a refused press queues nothing', async () => {
    await fc.assert(fc.asyncProperty(commandsWith(false), runModel), { numRuns: 40 });
  }, 120_000);

  it('cut off from the warehouse, a desk ships only the order it holds and refuses the rest in words', async () => {
    await fc.assert(fc.asyncProperty(commandsWith(true), runModel), { numRuns: 40 });
  }, 120_000);
});
