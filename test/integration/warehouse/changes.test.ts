/**
 * Live changes: what one desk commits reaches the others by LISTEN/NOTIFY (never by polling),
 * only when committed, whatever its size; a LISTEN session that is cut connects again and says
 * that changes may have been missed.
 */
import { describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, importOrders, type Warehouse } from '../../../electron/warehouse';
import { inTransaction } from '../../../electron/warehouse/sql';
import type { WarehouseServer } from '../../support/warehouseServer';
import { useWarehouseDesks } from './warehouseFixture';
import { ChangeRecorder } from './changeRecorder';
import { sampleOrders } from './samples';

let server: WarehouseServer;
let desk1: Warehouse;
let desk2: Warehouse;
let seen: ChangeRecorder;

useWarehouseDesks(2, (desks, started) => {
  [desk1, desk2] = desks as [Warehouse, Warehouse];
  seen = new ChangeRecorder(desk2);
  server = started;
});

describe('live changes', () => {
  it('carry every order number of a large import, in as many notifications as it takes', async () => {
    const orders = await sampleOrders(1_500, 'BIG-');
    await importOrders(desk1.db, 'D1', orders);
    const created = new Set<string>();
    await seen.waitFor((c) => {
      if (c.kind === 'ordersImported') for (const n of c.created) if (n.startsWith('BIG-')) created.add(n);
      return created.size === orders.length;
    }, 'all 1,500 order numbers');
    const parts = seen.changes.filter((c) => c.kind === 'ordersImported' && c.created.some((n) => n.startsWith('BIG-')));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((c) => c.deskId === 'D1' && c.at > 0)).toBe(true);
  });

  it('are sent only for what was committed', async () => {
    seen.clear();
    await inTransaction(desk1.db, async (tx) => {
      await tx.query(`SELECT pg_notify($1, '{"kind":"orderReleased","deskId":"D1","orderNumber":"ROLLED-BACK","at":1}')`, [CHANGES_CHANNEL]);
      throw new Error('changed my mind');
    }).catch(() => undefined);
    await desk1.db.query(`SELECT pg_notify($1, '{"kind":"orderReleased","deskId":"D1","orderNumber":"COMMITTED","at":1}')`, [CHANGES_CHANNEL]);
    await desk1.db.query(`SELECT pg_notify($1, '{"kind":"somethingNew","deskId":"D1"}')`, [CHANGES_CHANNEL]);
    await seen.waitFor((c) => c.kind === 'orderReleased' && c.orderNumber === 'COMMITTED', 'the committed change');
    expect(seen.changes.map((c) => (c.kind === 'orderReleased' ? c.orderNumber : c.kind))).toEqual(['COMMITTED']);
  });

  it('come again after the LISTEN session was cut, with a word that some may have been missed', async () => {
    const states: string[] = [];
    desk2.listener.on('state', (state) => states.push(state));
    let resynced = 0;
    desk2.onResync(() => (resynced += 1));
    // The server ends the desk's LISTEN session, as a restart or a dropped network would.
    await server.postgres.psql({ database: 'packbench', command: `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'packbench desk D2'` });
    while (resynced === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('listening');
    await importOrders(desk1.db, 'D1', await sampleOrders(1, 'AFTER-'));
    await seen.waitFor((c) => c.kind === 'ordersImported' && c.created.includes('AFTER-0001'), 'a change after the reconnect');
  });
});
