/**
 * The shared history (searchable from any desk) and what a desk does when the warehouse database
 * is back: its shipments and audit entries uploaded idempotently, and a second shipment of one
 * order recorded as a conflict for a person, never hidden.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  claimOrder,
  getOrder,
  guardPurchase,
  importOrders,
  listAudit,
  listConflicts,
  openConflictCount,
  recordShipment,
  recordVoid,
  resolveConflict,
  searchHistory,
  uploadAudit,
  uploadShipments,
  type Warehouse,
} from '../../../electron/warehouse';
import { useWarehouseDesks } from './warehouseFixture';
import { ChangeRecorder } from './changeRecorder';
import { auditEntry, sampleOrders, sampleShipment, stationRef } from './samples';

let desk1: Warehouse;
let desk2: Warehouse;
let desk3: Warehouse;
let seen3: ChangeRecorder;

useWarehouseDesks(3, (desks) => {
  [desk1, desk2, desk3] = desks as [Warehouse, Warehouse, Warehouse];
  seen3 = new ChangeRecorder(desk3);
});

describe('the shared history', () => {
  it('finds any desk\'s shipment by the last digits of its tracking number, its order, the recipient or the desk', async () => {
    const a = stationRef('D1');
    const b = stationRef('D2');
    const c = stationRef('D2');
    await recordShipment(desk1.db, 'D1', { shipment: sampleShipment(a, null, { trackingNumbers: ['1Z999AA10123456784'], recipient: { name: 'Jürgen Müller', company: 'Acme_Corp', city: 'Berlin', country: 'DE' } }), audit: null });
    await recordShipment(desk2.db, 'D2', { shipment: sampleShipment(b, 'SO-HIST-1', { trackingNumbers: ['9400111899223344556677'] }), audit: null });
    await recordShipment(desk2.db, 'D2', { shipment: sampleShipment(c, 'SO-HIST-2', { createdAt: Date.now() + 1_000 }), audit: null });
    await seen3.waitFor((ch) => ch.kind === 'shipmentRecorded' && ch.stationRef === c, 'shipment notification');

    const refs = async (text: string, deskId?: string) => (await searchHistory(desk3.db, { text, ...(deskId === undefined ? {} : { deskId }) })).shipments.map((s) => s.stationRef);
    expect(await refs('56784')).toEqual([a]);
    expect(await refs('so-hist-1')).toEqual([b]);
    expect(await refs('muller jurg')).toEqual([a]);
    expect(await refs('MÜLLER berlin')).toEqual([a]);
    expect(await refs('acme_corp')).toEqual([a]);
    expect(await refs('acme%corp')).toEqual([]);
    expect(await refs('so-hist', 'D2')).toEqual([c, b]);
    expect(await refs('so-hist', 'D1')).toEqual([]);
    const [found] = (await searchHistory(desk1.db, { text: '556677' })).shipments;
    expect(found).toMatchObject({ stationRef: b, deskId: 'D2', deskName: 'Desk 2', orderNumber: 'SO-HIST-1', totalCharge: 11.05, via: 'unguarded', status: 'Created', voidedAt: null });
    const page = await searchHistory(desk1.db, { text: 'so-hist', limit: 1 });
    expect(page.shipments.map((s) => s.stationRef)).toEqual([c]);
    expect(page.more).toBe(true);
  });
});

describe('reconciliation after the warehouse database was unreachable', () => {
  it('uploads a desk\'s shipments and audit entries once however often it is sent, shipping their orders', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(2, 'UPL-'));
    // Desk 3 was packing UPL-0001 when desk 2, offline from the warehouse, shipped it.
    await claimOrder(desk3.db, 'D3', 'UPL-0001');
    const offline = [stationRef('D2'), stationRef('D2')];
    const items = offline.map((ref, i) => ({ shipment: sampleShipment(ref, `UPL-000${i + 1}`), audit: auditEntry('ship', { stationRef: ref, orderNumber: `UPL-000${i + 1}` }) }));
    const extra = [auditEntry('reprint', { stationRef: offline[0] ?? null, detail: { printer: 'label4x6' } })];

    const first = await uploadShipments(desk2.db, 'D2', items);
    expect(first).toMatchObject({ added: 2, conflictIds: [] });
    expect(await uploadAudit(desk2.db, 'D2', extra)).toBe(1);
    // Connection lost before the answer: the desk sends it all again.
    expect((await uploadShipments(desk2.db, 'D2', items)).added).toBe(0);
    expect(await uploadAudit(desk2.db, 'D2', extra)).toBe(0);

    expect(await getOrder(desk1.db, 'UPL-0001')).toMatchObject({ status: 'shipped', stationRef: offline[0], claim: null });
    // Desk 3 can no longer buy it: shipped is shipped, wherever it was shipped.
    expect(await guardPurchase(desk3.db, 'D3', { orderNumber: 'UPL-0001', stationRef: stationRef('D3'), requestKey: randomUUID() })).toMatchObject({ kind: 'shipped', stationRef: offline[0], deskName: 'Desk 2' });
    const log = (await listAudit(desk1.db, { stationRef: offline[0] })).map((e) => e.action).sort();
    expect(log).toEqual(['reprint', 'ship']);
  });

  it('records a conflict when two desks shipped one order while offline, keeps both shipments and shows it until a person settles it', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(1, 'TWO-'));
    const fromDesk1 = stationRef('D1');
    const fromDesk2 = stationRef('D2');
    await uploadShipments(desk1.db, 'D1', [{ shipment: sampleShipment(fromDesk1, 'TWO-0001'), audit: null }]);
    const second = await uploadShipments(desk2.db, 'D2', [{ shipment: sampleShipment(fromDesk2, 'TWO-0001'), audit: null }]);
    expect(second.added).toBe(1);
    expect(second.conflictIds).toHaveLength(1);
    const heard = await seen3.waitFor((c) => c.kind === 'conflict' && c.orderNumber === 'TWO-0001', 'conflict notification');
    expect(heard).toMatchObject({ deskId: 'D2', conflictId: second.conflictIds[0] });

    // Sent again: still one conflict.
    expect((await uploadShipments(desk2.db, 'D2', [{ shipment: sampleShipment(fromDesk2, 'TWO-0001'), audit: null }])).conflictIds).toEqual([]);
    const open = (await listConflicts(desk3.db)).filter((c) => c.orderNumber === 'TWO-0001');
    expect(open).toHaveLength(1);
    expect(open[0]?.shipments.map((s) => [s.stationRef, s.deskName]).sort()).toEqual(
      [
        [fromDesk1, 'Desk 1'],
        [fromDesk2, 'Desk 2'],
      ].sort(),
    );
    expect(await getOrder(desk3.db, 'TWO-0001')).toMatchObject({ status: 'shipped', stationRef: fromDesk1 });
    expect((await searchHistory(desk3.db, { text: 'two-0001' })).shipments).toHaveLength(2);
    const before = await openConflictCount(desk3.db);

    // A person voids the second label: the order stays shipped by the first, then settles the conflict.
    expect(await recordVoid(desk2.db, 'D2', { stationRef: fromDesk2, voidedAt: Date.now(), audit: auditEntry('void') })).toEqual({ kind: 'voided', orderReopened: false });
    expect(await getOrder(desk3.db, 'TWO-0001')).toMatchObject({ status: 'shipped', stationRef: fromDesk1 });
    const id = open[0]?.id ?? -1;
    await expect(resolveConflict(desk3.db, 'D3', { conflictId: id, resolution: '', actor: 'Lee' })).rejects.toThrow('must say what was done');
    expect(await resolveConflict(desk3.db, 'D3', { conflictId: id, resolution: 'Voided the second label; parcel 1 went out', actor: 'Lee' })).toBe(true);
    expect(await resolveConflict(desk3.db, 'D3', { conflictId: id, resolution: 'again', actor: 'Lee' })).toBe(false);
    expect(await openConflictCount(desk3.db)).toBe(before - 1);
    expect((await listConflicts(desk1.db, { includeResolved: true })).find((c) => c.id === id)).toMatchObject({ resolvedBy: 'D3', resolution: 'Voided the second label; parcel 1 went out' });
    expect((await listAudit(desk1.db, { orderNumber: 'TWO-0001' })).map((a) => a.action)).toContain('resolve');
  });

  it('records a conflict when a desk\'s offline shipment lands while another desk\'s guarded purchase was out', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(1, 'RACE-'));
    await claimOrder(desk1.db, 'D1', 'RACE-0001');
    const guarded = stationRef('D1');
    expect((await guardPurchase(desk1.db, 'D1', { orderNumber: 'RACE-0001', stationRef: guarded, requestKey: randomUUID() })).kind).toBe('clear');
    const offline = stationRef('D2');
    expect((await uploadShipments(desk2.db, 'D2', [{ shipment: sampleShipment(offline, 'RACE-0001'), audit: null }])).conflictIds).toEqual([]);
    // Desk 1's label was bought meanwhile: recorded, and the double purchase shown.
    const late = await recordShipment(desk1.db, 'D1', { shipment: sampleShipment(guarded, 'RACE-0001'), audit: null });
    expect(late.conflictIds).toHaveLength(1);
    const conflict = (await listConflicts(desk3.db)).find((c) => c.orderNumber === 'RACE-0001');
    expect(conflict?.shipments.map((s) => s.stationRef).sort()).toEqual([guarded, offline].sort());
  });
});
