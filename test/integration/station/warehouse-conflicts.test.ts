/**
 * Conflicts shown to a person, through the whole station (the web host's HTTP API) linked to a
 * private PostgreSQL: two other desks report shipments of one order they both shipped while cut
 * off from the warehouse, the station hears it (`warehouseConflicts`), lists the order with both
 * shipments, their desks and tracking numbers, and settles it in words, which the warehouse keeps
 * as a `resolve` audit entry of this desk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOrders, listAudit, uploadShipments, type Warehouse } from '../../../electron/warehouse';
import { sampleOrders, sampleShipment, stationRef } from '../warehouse/samples';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';

let server: WarehouseServer;
let station: StationHarness;
let desk2: Warehouse;
let desk3: Warehouse;

beforeAll(async () => {
  server = await startWarehouseServer();
  station = await startStationHarness({ printing: 'none' });
  const from = station.events.length;
  await station.value('saveWarehouse', { ...server.settings('desk'), deskName: 'Desk 1', password: server.roles.desk.password });
  await station.waitForEvent('warehouseState', (event) => event.status.state === 'connected', from, 30_000);
  desk2 = await server.openDesk({ id: 'D2', name: 'Desk 2' });
  desk3 = await server.openDesk({ id: 'D3', name: 'Desk 3' });
}, 120_000);

afterAll(async () => {
  await station?.close();
  await server?.stop();
});

function openCount(count: number, from: number) {
  return station.waitForEvent('warehouseConflicts', (event) => event.open === count, from, 30_000);
}

describe('the warehouse’s conflicts at the desk', () => {
  const refs = { desk2: stationRef('D2'), desk3: stationRef('D3') };

  it('has none to show at first', async () => {
    expect(await station.value('countWarehouseConflicts', {})).toBe(0);
    expect(await station.value('listWarehouseConflicts', {})).toEqual([]);
  });

  it('hears of an order two desks shipped while offline, and lists it with both shipments, their desks and tracking numbers', async () => {
    await importOrders(desk2.db, 'D2', await sampleOrders(1, 'TWICE-'));
    const from = station.events.length;
    await uploadShipments(desk2.db, 'D2', [{ shipment: sampleShipment(refs.desk2, 'TWICE-0001'), audit: null }]);
    await uploadShipments(desk3.db, 'D3', [{ shipment: sampleShipment(refs.desk3, 'TWICE-0001'), audit: null }]);
    await openCount(1, from);
    expect(await station.value('countWarehouseConflicts', {})).toBe(1);
    const [conflict, ...more] = await station.value('listWarehouseConflicts', {});
    expect(more).toEqual([]);
    expect(conflict).toMatchObject({ kind: 'shipped_twice', orderNumber: 'TWICE-0001', detectedBy: 'D3', resolvedAt: null, resolution: null });
    expect(conflict?.shipments).toEqual([
      { stationRef: refs.desk2, deskId: 'D2', deskName: 'Desk 2', trackingNumbers: sampleShipment(refs.desk2, null).trackingNumbers },
      { stationRef: refs.desk3, deskId: 'D3', deskName: 'Desk 3', trackingNumbers: sampleShipment(refs.desk3, null).trackingNumbers },
    ]);
  });

  it('refuses a resolution that says nothing, naming the field', async () => {
    const [conflict] = await station.value('listWarehouseConflicts', {});
    for (const resolution of ['', '  ok ', 'x'.repeat(501)]) {
      const refused = await station.call('resolveWarehouseConflict', { conflictId: conflict?.id ?? 0, resolution });
      expect(refused, resolution).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'resolution' }] } });
    }
    expect(await station.value('countWarehouseConflicts', {})).toBe(1);
  });

  it('settles it in words: the count goes to 0, the audit log has this desk’s resolve entry, and settling again says it already was', async () => {
    const [conflict] = await station.value('listWarehouseConflicts', {});
    const id = conflict?.id ?? 0;
    const from = station.events.length;
    expect(await station.value('resolveWarehouseConflict', { conflictId: id, resolution: '  Voided the label of Desk 3; Desk 2’s parcel went out.  ' })).toBe(true);
    await openCount(0, from);
    expect(await station.value('listWarehouseConflicts', {})).toEqual([]);
    const resolved = (await listAudit(desk2.db, { orderNumber: 'TWICE-0001' })).filter((entry) => entry.action === 'resolve');
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({ deskId: 'DESK1', deskName: 'Desk 1', detail: { conflictId: id, resolution: 'Voided the label of Desk 3; Desk 2’s parcel went out.' } });
    expect(await station.value('resolveWarehouseConflict', { conflictId: id, resolution: 'Voided it again.' })).toBe(false);
  });

  it('cannot read or settle them while the warehouse is unreachable, and says so', async () => {
    const from = station.events.length;
    await server.postgres.stopServer('fast');
    try {
      await station.waitForEvent('warehouseState', (event) => event.status.state === 'unreachable', from, 30_000);
      const listed = await station.call('listWarehouseConflicts', {});
      expect(listed).toMatchObject({ ok: false, error: { code: 'offline', retryable: true } });
      if (!listed.ok) expect(listed.error.message).toMatch(/^The warehouse database cannot be reached now \(.+\): try again once the Warehouse badge says connected\.$/);
    } finally {
      await server.postgres.startServer();
    }
  }, 60_000);
});
