/**
 * Claims and the purchase guard as a state machine, driven by fast-check commands against a real
 * PostgreSQL: any sequence of claims, releases, guards, purchases recorded, refused and voided by
 * three desks on a few orders agrees with a plain model, and after every step the database holds
 * at most one purchase that may still become a label per order.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  abandonPurchase,
  claimOrder,
  getOrder,
  guardPurchase,
  importOrders,
  recordShipment,
  recordVoid,
  releaseClaim,
  type Warehouse,
} from '../../../electron/warehouse';
import { rows } from '../../../electron/warehouse/sql';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';
import { sampleOrders, sampleShipment, stationRef } from './samples';

const DESKS = ['D1', 'D2', 'D3'] as const;
type DeskId = (typeof DESKS)[number];
const ORDERS_PER_RUN = 3;

interface OrderModel {
  holder: DeskId | null;
  /** The purchase that may still become (or is) a label. */
  purchase: { ref: string; desk: DeskId; state: 'pending' | 'bought' } | null;
}
interface Model {
  readonly orders: OrderModel[];
}
interface Real {
  readonly numbers: readonly string[];
}

let server: WarehouseServer;
const desks = new Map<DeskId, Warehouse>();
let run = 0;

beforeAll(async () => {
  server = await startWarehouseServer();
  for (const id of DESKS) desks.set(id, await server.openDesk({ id, name: `Desk ${id.slice(1)}` }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function db(desk: DeskId) {
  const opened = desks.get(desk);
  if (opened === undefined) throw new Error(`desk ${desk} is not open`);
  return opened.db;
}

const LivePurchases = z.object({ order_number: z.string(), n: z.number() });

/** What must hold after every step, read from the database. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const live = await rows(db('D1'), 'purchases', LivePurchases, `SELECT order_number, count(*)::int AS n FROM purchases WHERE order_number = ANY($1) AND state IN ('pending', 'bought') GROUP BY order_number`, [real.numbers]);
  for (const row of live) expect(row.n, `live purchases of ${row.order_number}`).toBe(1);
  for (const [index, number] of real.numbers.entries()) {
    const expected = model.orders[index];
    const order = await getOrder(db('D2'), number);
    expect(order?.status).toBe(expected?.purchase?.state === 'bought' ? 'shipped' : 'open');
    expect(order?.claim?.deskId ?? null).toBe(expected?.holder ?? null);
    expect(live.find((l) => l.order_number === number)?.n ?? 0).toBe(expected?.purchase === null ? 0 : 1);
  }
}

/** One desk's (or the service's) action on one order, checked against the model, then the invariants. */
abstract class OrderCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly order: number,
    readonly desk: DeskId = 'D1',
  ) {}
  check(_model: Readonly<Model>): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const state = model.orders[this.order];
    if (state === undefined) return;
    await this.step(state, real.numbers[this.order] ?? '');
    await checkInvariants(model, real);
  }
  protected abstract step(state: OrderModel, orderNumber: string): Promise<void>;
  toString(): string {
    return `${this.constructor.name}(${this.desk}, #${this.order})`;
  }
}

class Claim extends OrderCommand {
  protected async step(state: OrderModel, orderNumber: string): Promise<void> {
    const outcome = await claimOrder(db(this.desk), this.desk, orderNumber, 600_000);
    if (state.purchase?.state === 'bought') expect(outcome.kind).toBe('shipped');
    else if (state.holder === null || state.holder === this.desk) {
      expect(outcome.kind).toBe('claimed');
      state.holder = this.desk;
    } else expect(outcome).toMatchObject({ kind: 'heldElsewhere', holder: { deskId: state.holder } });
  }
}

class Release extends OrderCommand {
  protected async step(state: OrderModel, orderNumber: string): Promise<void> {
    const released = await releaseClaim(db(this.desk), this.desk, orderNumber);
    expect(released).toBe(state.holder === this.desk);
    if (released) state.holder = null;
  }
}

class Guard extends OrderCommand {
  protected async step(state: OrderModel, orderNumber: string): Promise<void> {
    const ref = stationRef(this.desk);
    const outcome = await guardPurchase(db(this.desk), this.desk, { orderNumber, stationRef: ref, requestKey: randomUUID() }, 600_000);
    if (state.purchase?.state === 'bought') expect(outcome.kind).toBe('shipped');
    else if (state.holder !== this.desk) expect(outcome.kind).toBe('notClaimed');
    else if (state.purchase !== null) expect(outcome).toMatchObject({ kind: 'purchasePending', purchase: { stationRef: state.purchase.ref } });
    else {
      expect(outcome).toEqual({ kind: 'clear', stationRef: ref, repeated: false });
      state.purchase = { ref, desk: this.desk, state: 'pending' };
    }
  }
}

/** The service created the pending purchase's label: its desk records it. */
class Bought extends OrderCommand {
  override check(model: Readonly<Model>): boolean {
    return model.orders[this.order]?.purchase?.state === 'pending';
  }
  protected async step(state: OrderModel, orderNumber: string): Promise<void> {
    if (state.purchase === null) return;
    const outcome = await recordShipment(db(state.purchase.desk), state.purchase.desk, { shipment: sampleShipment(state.purchase.ref, orderNumber), audit: null });
    expect(outcome).toEqual({ stationRef: state.purchase.ref, added: true, conflictIds: [] });
    state.purchase.state = 'bought';
    state.holder = null;
  }
}

/** The service refused the pending purchase: its desk gives it up. */
class Refused extends OrderCommand {
  override check(model: Readonly<Model>): boolean {
    return model.orders[this.order]?.purchase?.state === 'pending';
  }
  protected async step(state: OrderModel): Promise<void> {
    if (state.purchase === null) return;
    expect(await abandonPurchase(db(state.purchase.desk), state.purchase.desk, { stationRef: state.purchase.ref, reason: 'refused by the service', actor: null })).toEqual({ kind: 'abandoned' });
    state.purchase = null;
  }
}

class Voided extends OrderCommand {
  override check(model: Readonly<Model>): boolean {
    return model.orders[this.order]?.purchase?.state === 'bought';
  }
  protected async step(state: OrderModel): Promise<void> {
    if (state.purchase === null) return;
    expect(await recordVoid(db(this.desk), this.desk, { stationRef: state.purchase.ref, voidedAt: Date.now(), audit: null })).toEqual({ kind: 'voided', orderReopened: true });
    state.purchase = null;
  }
}

const desk = fc.constantFrom(...DESKS);
const order = fc.integer({ min: 0, max: ORDERS_PER_RUN - 1 });
const commands = fc.commands(
  [
    fc.tuple(desk, order).map(([d, o]) => new Claim(o, d)),
    fc.tuple(desk, order).map(([d, o]) => new Release(o, d)),
    fc.tuple(desk, order).map(([d, o]) => new Guard(o, d)),
    order.map((o) => new Bought(o)),
    order.map((o) => new Refused(o)),
    fc.tuple(desk, order).map(([d, o]) => new Voided(o, d)),
  ],
  { maxCommands: 40 },
);

describe('claims and the purchase guard, as a state machine', () => {
  it('agree with the model for any sequence of desks\' actions, with one live purchase per order at most', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        run += 1;
        const orders = await sampleOrders(ORDERS_PER_RUN, `M${run}-`);
        await importOrders(db('D1'), 'D1', orders);
        const setup = () => ({
          model: { orders: orders.map((): OrderModel => ({ holder: null, purchase: null })) },
          real: { numbers: orders.map((o) => o.orderNumber) },
        });
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
