/**
 * The race: 2 to 5 desks, each a process of its own with its own pool, scan the same order at the
 * same instant, 500 rounds. The desk that passes the purchase guard buys the label from the
 * sandbox. Each order ends with exactly one purchase, one shipment in the shared history and one
 * shipment at the service: no duplicate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { importOrders } from '../../../electron/warehouse';
import { rows } from '../../../electron/warehouse/sql';
import { ADMIN_DESK } from '../../support/warehouseServer';
import { startDeskRig, type DeskProcess, type DeskRig } from './desks';
import { sampleOrders } from './samples';

const ROUNDS = 500;
const DESKS = 5;

let rig: DeskRig;
const desks: DeskProcess[] = [];

beforeAll(async () => {
  rig = await startDeskRig({ name: 'race', sandbox: { requestsPerMinute: 1_000_000 } });
  for (let n = 1; n <= DESKS; n += 1) desks.push(await rig.startDesk(`R${n}`, `Desk ${n}`));
}, 180_000);

afterAll(async () => {
  await rig?.stop();
});

interface RaceReply {
  readonly claim: string;
  readonly guard: string | null;
  readonly stationRef?: string;
  /** The winner's desk. */
  readonly desk?: string;
  /** Who a loser was told holds or shipped the order. */
  readonly heldBy?: string;
  readonly shippedBy?: string;
}

describe('desks scanning one order at the same instant', () => {
  it('buy exactly one label per order over 500 rounds of 2 to 5 desks', async () => {
    const orders = await sampleOrders(ROUNDS, 'RACE-');
    const admin = await rig.server.pool('owner', ADMIN_DESK);
    try {
      await importOrders(admin, ADMIN_DESK.id, orders);
    } finally {
      await admin.end();
    }

    const winners = new Map<string, string[]>();
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const orderNumber = orders[round]?.orderNumber ?? '';
      const count = 2 + (round % 4);
      const racing = Array.from({ length: count }, (_, i) => desks[(round + i) % DESKS]).filter((d): d is DeskProcess => d !== undefined);
      const at = Date.now() + 20;
      const replies = await Promise.all(racing.map((desk) => desk.call<RaceReply>({ op: 'race', orderNumber, at })));
      // A loser is told who holds or shipped the order: the winner.
      const winner = replies.find((r) => r.guard === 'clear')?.desk;
      for (const reply of replies.filter((r) => r.guard !== 'clear')) expect(reply.heldBy ?? reply.shippedBy).toBe(winner);
      for (const reply of replies) {
        const key = `${reply.claim}/${reply.guard ?? '-'}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (reply.guard === 'clear' && reply.stationRef !== undefined) winners.set(orderNumber, [...(winners.get(orderNumber) ?? []), reply.stationRef]);
      }
    }

    // Each round had one winner, and the losers saw who held the order or that it had shipped.
    expect(winners.size).toBe(ROUNDS);
    expect([...winners.values()].every((refs) => refs.length === 1)).toBe(true);
    expect(outcomes.get('claimed/clear')).toBe(ROUNDS);
    const losers = [...outcomes.entries()].filter(([key]) => key !== 'claimed/clear').reduce((sum, [, n]) => sum + n, 0);
    expect(losers).toBe(Array.from({ length: ROUNDS }, (_, r) => 1 + (r % 4)).reduce((a, b) => a + b, 0));
    expect([...outcomes.keys()].filter((key) => key !== 'claimed/clear').every((key) => key === 'heldElsewhere/-' || key === 'shipped/-')).toBe(true);

    // The warehouse: one purchase, bought, and one shipment per order.
    const owner = await rig.server.pool('owner', ADMIN_DESK);
    try {
      const perOrder = await rows(
        owner,
        'race',
        z.object({ order_number: z.string(), purchases: z.number(), bought: z.number(), shipments: z.number(), status: z.string() }),
        `SELECT o.order_number, o.status,
                (SELECT count(*)::int FROM purchases p WHERE p.order_number = o.order_number) AS purchases,
                (SELECT count(*)::int FROM purchases p WHERE p.order_number = o.order_number AND p.state = 'bought') AS bought,
                (SELECT count(*)::int FROM shipments s WHERE s.order_number = o.order_number) AS shipments
           FROM orders o WHERE o.order_number LIKE 'RACE-%'`,
      );
      expect(perOrder).toHaveLength(ROUNDS);
      expect(perOrder.filter((o) => o.purchases !== 1 || o.bought !== 1 || o.shipments !== 1 || o.status !== 'shipped')).toEqual([]);
    } finally {
      await owner.end();
    }

    // The service: one shipment per order, none twice.
    const counts = rig.serviceShipments('RACE-');
    expect(counts.size).toBe(ROUNDS);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
  }, 600_000);
});
