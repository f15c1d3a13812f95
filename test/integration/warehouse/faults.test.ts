/**
 * Faults with desks in processes of their own: a desk killed (SIGKILL) while it holds claims and
 * purchases, another killed in the middle of a shift, and PostgreSQL stopped in the middle of a
 * shift and started again. Afterwards every order is shipped exactly once at the service, every
 * shipment the service made is in the shared history, and nothing waits forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { claimOrder, getOrder, holderWords, importOrders, listAudit, listOrders, type Warehouse } from '../../../electron/warehouse';
import { rows } from '../../../electron/warehouse/sql';
import { startDeskRig, type DeskRig } from './desks';
import { sampleOrders } from './samples';

let rig: DeskRig;
let observer: Warehouse;

beforeAll(async () => {
  rig = await startDeskRig({ name: 'faults', sandbox: { requestsPerMinute: 600 } });
  observer = await rig.server.openDesk({ id: 'OBS', name: 'Observer desk' });
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

/** A desk process; with `shareLimit` it shares the sandbox key's limit through the warehouse and looks for a lost database every half second. */
const startDesk = (deskId: string, deskName: string, shareLimit = false) => rig.startDesk(deskId, deskName, shareLimit ? { budget: { probeMs: 500 } } : {});

async function importAs(prefix: string, count: number): Promise<string[]> {
  const orders = await sampleOrders(count, prefix);
  await importOrders(observer.db, observer.desk.id, orders);
  return orders.map((o) => o.orderNumber);
}

/** Shipments in the shared history per order of the prefix. */
async function historyShipments(prefix: string): Promise<Map<string, number>> {
  const counts = await rows(observer.db, 'history', z.object({ order_number: z.string(), n: z.number() }), 'SELECT order_number, count(*)::int AS n FROM shipments WHERE order_number LIKE $1 GROUP BY order_number', [`${prefix}%`]);
  return new Map(counts.map((c) => [c.order_number, c.n]));
}

async function expectEachShippedOnce(orders: readonly string[], prefix: string): Promise<void> {
  const atService = rig.serviceShipments(prefix);
  const inHistory = await historyShipments(prefix);
  expect(orders.filter((o) => atService.get(o) !== 1)).toEqual([]);
  expect(orders.filter((o) => inHistory.get(o) !== 1)).toEqual([]);
  const open = (await listOrders(observer.db, { status: 'open', limit: 1000 })).filter((o) => o.orderNumber.startsWith(prefix));
  expect(open).toEqual([]);
}

describe('a desk killed while it holds claims', () => {
  it('shows its claims until their leases run out, then another desk takes them over and ships each once', async () => {
    const orders = await importAs('KILL-', 6);
    const doomed = await startDesk('K1', 'Desk K');
    const refs = await doomed.call<Record<string, string>>({ op: 'hold', orders, guard: orders.slice(0, 2), leaseMs: 3_000 });
    expect(Object.keys(refs)).toEqual(orders.slice(0, 2));
    doomed.kill('SIGKILL');
    expect((await doomed.exited).signal).toBe('SIGKILL');

    // Every other desk sees who held them.
    for (const number of orders) expect((await getOrder(observer.db, number))?.claim).toMatchObject({ deskId: 'K1', deskName: 'Desk K' });
    const seen = await claimOrder(observer.db, observer.desk.id, orders[2] ?? '');
    expect(['heldElsewhere', 'leaseExpired']).toContain(seen.kind);
    if (seen.kind === 'heldElsewhere') expect(holderWords(seen.holder, 'UTC')).toMatch(/^being packed at Desk K since \d\d:\d\d$/);

    // A desk at work takes them over once the leases run out, checks the two purchases left
    // pending on the service (absent: Desk K died before sending them) and ships all six.
    const rescuer = await startDesk('R1', 'Desk R');
    const result = await rescuer.call<{ bought: number; takeovers: number }>({ op: 'shift', orders, leaseMs: 3_000 });
    expect(result).toMatchObject({ bought: 6, takeovers: 6 });
    await expectEachShippedOnce(orders, 'KILL-');
    const audit = await listAudit(observer.db, { limit: 1000 });
    expect(audit.filter((a) => a.action === 'takeover' && a.orderNumber?.startsWith('KILL-') && a.detail.fromDesk === 'K1')).toHaveLength(6);
    const overrides = audit.filter((a) => a.action === 'override' && a.orderNumber?.startsWith('KILL-'));
    expect(overrides.map((a) => a.stationRef).sort()).toEqual(Object.values(refs).sort());
    await rescuer.close();
  }, 180_000);

  it('loses nothing and buys nothing twice when a desk is killed in the middle of a shift', async () => {
    const orders = await importAs('MID-', 40);
    const [first, second] = await Promise.all([startDesk('M1', 'Desk M1'), startDesk('M2', 'Desk M2')]);
    const shuffled = [...orders].reverse();
    const firstShift = first.call({ op: 'shift', orders, leaseMs: 2_000 }).catch(() => 'killed');
    const secondShift = second.call<{ bought: number; takeovers: number }>({ op: 'shift', orders: shuffled, leaseMs: 2_000 });
    // Killed at a random moment after it bought its 5th label: possibly in the middle of a purchase.
    let boughtByFirst = 0;
    await first.waitFor((e) => e.event === 'bought' && (boughtByFirst += 1) >= 5, 'five labels bought at desk M1');
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 40)));
    first.kill('SIGKILL');
    expect(await firstShift).toBe('killed');
    const rest = await secondShift;
    expect(rest.bought).toBeGreaterThan(0);
    await expectEachShippedOnce(orders, 'MID-');
    await second.close();
  }, 180_000);
});

describe('PostgreSQL stopped in the middle of a shift', () => {
  it('is ridden out: desks quote on a local share of the limit, upload what they bought, hear changes again, and ship each order once', async () => {
    const orders = await importAs('PGS-', 60);
    const desks = await Promise.all([startDesk('P1', 'Desk P1', true), startDesk('P2', 'Desk P2', true), startDesk('P3', 'Desk P3', true)]);
    const shifts = desks.map((desk, i) =>
      desk.call<{ bought: number; unavailable: number }>({
        op: 'shift',
        orders: i === 1 ? [...orders].reverse() : orders,
        leaseMs: 5_000,
      }),
    );
    let bought = 0;
    await Promise.race(desks.map((desk) => desk.waitFor((e) => e.event === 'bought' && (bought += 1) >= 15, '15 labels bought')));
    await rig.server.postgres.stopServer('immediate');
    // Every desk notices: its budget falls back to a local share while it keeps quoting.
    await Promise.all(desks.map((desk) => desk.waitFor((e) => e.event === 'mode' && e.mode === 'local', 'the local share')));
    await rig.server.postgres.startServer();
    const results = await Promise.all(shifts);
    expect(results.every((r) => r.unavailable > 0)).toBe(true);
    for (const desk of desks) {
      await desk.waitFor((e) => e.event === 'resync', 'its LISTEN session back');
      await desk.waitFor((e) => e.event === 'mode' && e.mode === 'shared', 'the shared budget back');
    }
    await expectEachShippedOnce(orders, 'PGS-');
    const conflicts = await rows(observer.db, 'conflicts', z.object({ n: z.number() }), `SELECT count(*)::int AS n FROM conflicts WHERE order_number LIKE 'PGS-%'`);
    expect(conflicts[0]?.n).toBe(0);
    await Promise.all(desks.map((d) => d.close()));
  }, 300_000);
});
