/**
 * The network between desks and PostgreSQL dropped for 60 s in the middle of a shift: a TCP proxy
 * (test/support/tcpProxy.ts) between two desk processes and the server stops forwarding without
 * refusing or closing anything, as a cut cable or a dead switch does, then lets everything through
 * again. A third desk reaches the server directly and keeps working meanwhile, taking over the
 * orders whose claims ran out at the cut-off desks.
 *
 * The cut-off desks notice within seconds (no answer to a statement in 20 s gives the connection
 * up; the LISTEN session's heartbeat), keep quoting on a local share of the limit, keep what they
 * bought and could not record, and upload it when the network is back. Afterwards every order is
 * shipped at the service and in the shared history, none is left open, an order is shipped twice
 * only within the documented limit (a cut-off desk's claim that ran out), and every order with two
 * shipments is a conflict a person can read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { importOrders, listConflicts, listOrders, type Warehouse } from '../../../electron/warehouse';
import { rows } from '../../../electron/warehouse/sql';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy';
import { startDeskRig, type DeskRig } from './desks';
import { sampleOrders } from './samples';

/** How long the network stays cut. */
const DROP_MS = 60_000;

let rig: DeskRig;
let proxy: TcpProxy;
let observer: Warehouse;

beforeAll(async () => {
  rig = await startDeskRig({ name: 'network-drop', sandbox: { requestsPerMinute: 600 } });
  proxy = await startTcpProxy({ host: rig.server.postgres.host, port: rig.server.postgres.port });
  observer = await rig.server.openDesk({ id: 'OBS', name: 'Observer desk' });
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await rig?.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the network to the database dropped for 60 s', () => {
  it('loses no order, ships none twice, and lists every conflict', async () => {
    const orders = (await sampleOrders(80, 'NET-')).map((o) => o.orderNumber);
    await importOrders(observer.db, observer.desk.id, await sampleOrders(80, 'NET-'));
    // Two desks behind the proxy share the key's limit through the warehouse; one reaches it directly.
    const [cut1, cut2, direct] = await Promise.all([
      rig.startDesk('N1', 'Desk N1', { viaPort: proxy.port, budget: { probeMs: 500 } }),
      rig.startDesk('N2', 'Desk N2', { viaPort: proxy.port, budget: { probeMs: 500 } }),
      rig.startDesk('N3', 'Desk N3'),
    ]);
    const cutOff = [cut1, cut2];
    const shifts = [
      cut1.call<{ bought: number; unavailable: number }>({ op: 'shift', orders, leaseMs: 5_000 }),
      cut2.call<{ bought: number; unavailable: number }>({ op: 'shift', orders: [...orders].reverse(), leaseMs: 5_000 }),
    ];
    // Each shift's failure is the test's, whenever it comes (awaited below).
    for (const shift of shifts) shift.catch(() => undefined);
    let bought = 0;
    // Progress, not speed: beside three busy loops and the rest of the suite 60 s was once too few.
    await Promise.race(cutOff.map((desk) => desk.waitFor((e) => e.event === 'bought' && (bought += 1) >= 10, '10 labels bought behind the proxy', 180_000)));

    proxy.drop();
    const droppedAt = Date.now();
    // Noticed while the network is still cut: each cut-off desk's LISTEN session gives up the silent connection.
    const from = cutOff.map((desk) => desk.events.length);
    const noticed = Promise.all(cutOff.map((desk, i) => desk.waitFor((e) => desk.events.indexOf(e) >= (from[i] ?? 0) && e.event === 'listener' && e.state === 'reconnecting', 'the LISTEN session broken', DROP_MS)));
    // Meanwhile the desk that reaches the server works through the same orders, from the middle.
    const directShift = direct.call<{ bought: number; takeovers: number }>({ op: 'shift', orders: [...orders.slice(40), ...orders.slice(0, 40)], leaseMs: 5_000 });
    directShift.catch(() => undefined);
    noticed.catch(() => undefined);
    await noticed;
    const noticedWithin = Date.now() - droppedAt;
    await pause(Math.max(0, DROP_MS - noticedWithin));
    proxy.restore();

    const results = await Promise.all([...shifts, directShift]);
    for (const desk of cutOff) {
      await desk.waitFor((e) => e.event === 'resync', 'its LISTEN session back');
      // A desk that asked for a slot meanwhile kept to its local share, and shares again.
      const local = desk.events.findIndex((e) => e.event === 'mode' && e.mode === 'local');
      if (local !== -1) await desk.waitFor((e) => desk.events.indexOf(e) > local && e.event === 'mode' && e.mode === 'shared', 'the shared budget back');
    }
    expect(noticedWithin).toBeLessThan(DROP_MS);
    // Their statements were given up (the warehouse unreachable), not left waiting for TCP.
    expect(results.slice(0, 2).every((r) => 'unavailable' in r && r.unavailable > 0)).toBe(true);
    expect(cutOff.some((desk) => desk.events.some((e) => e.event === 'mode' && e.mode === 'local'))).toBe(true);

    // 0 lost: every order shipped and in the history.
    const atService = rig.serviceShipments('NET-');
    const history = await rows(
      observer.db,
      'history',
      z.object({ order_number: z.string(), n: z.number(), desks: z.array(z.string()) }),
      `SELECT order_number, count(*)::int AS n, array_agg(desk_id ORDER BY desk_id) AS desks FROM shipments WHERE order_number LIKE 'NET-%' GROUP BY order_number`,
    );
    const inHistory = new Map(history.map((r) => [r.order_number, r.n]));
    expect(orders.filter((o) => (atService.get(o) ?? 0) < 1 || (inHistory.get(o) ?? 0) < 1)).toEqual([]);
    // Twice only as docs/warehouse.md's limits allow: a cut-off desk whose 5 s claim ran out while it
    // could not reach the database sent a create it had guarded before the cut (its budget slot came
    // late), after the desk that took the order over had found nothing under its reference. Such an
    // order is in the history twice, once from a cut-off desk, and listed as a conflict below.
    for (const order of orders.filter((o) => atService.get(o) !== 1)) {
      expect(atService.get(order), order).toBe(2);
      expect(inHistory.get(order), order).toBe(2);
      expect(history.find((r) => r.order_number === order)?.desks.some((d) => d === 'N1' || d === 'N2'), order).toBe(true);
    }
    expect((await listOrders(observer.db, { status: 'open', limit: 1000 })).filter((o) => o.orderNumber.startsWith('NET-'))).toEqual([]);
    // Every order with two shipments in the history is a conflict to read (here: none).
    const twice = [...inHistory].filter(([, n]) => n > 1).map(([order]) => order).sort();
    const listed = (await listConflicts(observer.db)).filter((c) => c.orderNumber.startsWith('NET-')).map((c) => c.orderNumber).sort();
    expect(listed).toEqual(twice);
    await Promise.all([cut1, cut2, direct].map((d) => d.close()));
  }, 300_000);
});
