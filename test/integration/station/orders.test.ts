/**
 * Orders through the whole station: the web host's HTTP API, the schemas, the handlers, the
 * store of the active connection, and `ship` against the embedded sandbox. A shop's files are
 * imported; an imported order shipped with `ship` is shipped, and stays so when the file is
 * imported again (no second row for it); an order whose shipment the service refused is open
 * again once that shipment's outbox item is discarded.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, StoredOrder } from '../../../electron/api';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';
import { requestKey, shipment } from '../../support/shipments';

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/orders/${name}`, import.meta.url), 'utf8');
const SHOPIFY = fixture('shopify-orders-export.csv');

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
  // Labels are not under test here.
  await station.value('updateSettings', { autoPrintLabels: false, autoPrintDocuments: false });
});

afterAll(async () => {
  await station?.close();
});

/** The shipment a packer makes of an order: its address, its number in the references. */
function shipmentOf(order: StoredOrder, shipTo: Partial<MethodInput<'ship'>['shipment']['shipTo']> = {}): MethodInput<'ship'>['shipment'] {
  const to = order.shipTo;
  return shipment({
    shipTo: {
      contactName: to.name,
      address1: to.address1,
      ...(to.address2 === null ? {} : { address2: to.address2 }),
      city: to.city,
      stateProvince: to.stateProvince,
      zipPostalCode: to.zipPostalCode,
      country: to.country,
      ...shipTo,
    },
    references: { orderNumber: order.orderNumber },
  });
}

function createReaches(stationRef: string, state: 'done' | 'failed', from: number) {
  return station.waitForEvent('outboxItem', (e) => e.stationRef === stationRef && e.kind === 'createShipment' && e.state === state, from);
}

describe('orders through the station', () => {
  let shippedRef = '';

  it("imports a shop's export: every order open, found by its number", async () => {
    const preview = await station.value('previewOrderImport', { text: SHOPIFY });
    expect(preview.orders.map((o) => o.orderNumber)).toEqual(['#1001', '#1002', '#1003', '#1004']);
    // A preview saves nothing.
    expect((await station.value('listOrders', {})).total).toBe(0);

    const imported = await station.value('importOrders', { text: SHOPIFY });
    expect(imported).toMatchObject({ created: 4, updated: 0, unchanged: 0, keptShipped: 0, cancelled: 0, format: 'shopify', rowCount: 8, orderCount: 4, problems: [], problemRowCount: 0 });
    expect(imported).not.toHaveProperty('orders');
    const page = await station.value('listOrders', { status: 'open' });
    expect(page.total).toBe(4);
    expect(await station.value('getOrder', { orderNumber: '#1001' })).toMatchObject({ status: 'open', stationRef: null, shipTo: { name: 'Dana Whitfield', zipPostalCode: '94105' } });
  });

  it('ship marks the order it names shipped, in the same step as queueing; the service then creates it', async () => {
    const order = await station.value('getOrder', { orderNumber: '#1001' });
    const from = station.events.length;
    const key = requestKey();
    const queued = await station.value('ship', { shipment: shipmentOf(order), requestKey: key });
    shippedRef = queued.stationRef;
    expect(await station.value('getOrder', { orderNumber: '#1001' })).toMatchObject({ status: 'shipped', stationRef: queued.stationRef });
    await createReaches(queued.stationRef, 'done', from);
    expect((await station.value('getShipment', { stationRef: queued.stationRef })).shipment.status).toBe('Created');

    // The same press again answers the same shipment, and the order keeps it.
    expect(await station.value('ship', { shipment: shipmentOf(order), requestKey: key })).toMatchObject({ stationRef: queued.stationRef, repeated: true });
    expect(await station.value('getOrder', { orderNumber: '#1001' })).toMatchObject({ status: 'shipped', stationRef: queued.stationRef });
    expect((await station.value('listOrders', { status: 'shipped' })).orders.map((o) => o.orderNumber)).toEqual(['#1001']);
  });

  it('a second shipment for a shipped order (a second box) is not refused, and the order keeps its first', async () => {
    const order = await station.value('getOrder', { orderNumber: '#1001' });
    const second = await station.value('ship', { shipment: shipmentOf(order), requestKey: requestKey() });
    expect(second.stationRef).not.toBe(shippedRef);
    expect(await station.value('getOrder', { orderNumber: '#1001' })).toMatchObject({ status: 'shipped', stationRef: shippedRef });
  });

  it('importing the file again makes no second order and keeps the shipped one as it is, even with its address changed', async () => {
    expect(await station.value('importOrders', { text: SHOPIFY })).toMatchObject({ created: 0, updated: 0, unchanged: 3, keptShipped: 1 });
    const moved = SHOPIFY.replaceAll('500 Howard St', '1 Market St');
    expect(await station.value('importOrders', { text: moved })).toMatchObject({ created: 0, updated: 0, unchanged: 3, keptShipped: 1 });
    const all = await station.value('listOrders', { limit: 50 });
    expect(all.total).toBe(4);
    expect(all.orders.map((o) => o.orderNumber).sort()).toEqual(['#1001', '#1002', '#1003', '#1004']);
    expect(await station.value('getOrder', { orderNumber: '#1001' })).toMatchObject({ status: 'shipped', stationRef: shippedRef, shipTo: { address1: '500 Howard St' } });
  });

  it('an order whose shipment the service refused is open again once that outbox item is discarded', async () => {
    const order = await station.value('getOrder', { orderNumber: '#1002' });
    const from = station.events.length;
    // A ZIP code the sandbox's postal data does not know: refused by the service.
    const refused = await station.value('ship', { shipment: shipmentOf(order, { zipPostalCode: '00000' }), requestKey: requestKey() });
    await createReaches(refused.stationRef, 'failed', from);
    // Refused is not given up: a person may still correct and resubmit it.
    expect(await station.value('getOrder', { orderNumber: '#1002' })).toMatchObject({ status: 'shipped', stationRef: refused.stationRef });

    expect(await station.value('discardOutboxItem', { id: refused.outboxId })).toMatchObject({ state: 'discarded' });
    expect(await station.value('getOrder', { orderNumber: '#1002' })).toMatchObject({ status: 'open', stationRef: null, shippedAt: null });
    expect((await station.value('listOrders', { status: 'open' })).orders.map((o) => o.orderNumber)).toEqual(['#1004', '#1003', '#1002']);
  });

  it('a refused shipment corrected to name another order moves to that order', async () => {
    const first = await station.value('getOrder', { orderNumber: '#1002' });
    const other = await station.value('getOrder', { orderNumber: '#1004' });
    const from = station.events.length;
    const refused = await station.value('ship', { shipment: shipmentOf(first, { zipPostalCode: '00000' }), requestKey: requestKey() });
    await createReaches(refused.stationRef, 'failed', from);
    await station.value('resubmitOutboxItem', { id: refused.outboxId, shipment: shipmentOf(other) });
    expect(await station.value('getOrder', { orderNumber: '#1002' })).toMatchObject({ status: 'open', stationRef: null });
    expect(await station.value('getOrder', { orderNumber: '#1004' })).toMatchObject({ status: 'shipped', stationRef: refused.stationRef });
    await createReaches(refused.stationRef, 'done', from);
  });

  it('a file with bad rows: its good orders are imported, its problems come back in words', async () => {
    const answer = await station.value('importOrders', { text: fixture('orders-with-bad-rows.csv') });
    expect(answer).toMatchObject({ created: 2, format: 'generic', rowCount: 9 });
    expect(answer.problems).toContainEqual({ row: 3, orderNumber: 'B-2', messages: ['missing ZIP or postal code'] });
    const missing = await station.call('getOrder', { orderNumber: 'B-2' });
    expect(missing).toEqual({
      ok: false,
      error: { code: 'notFound', message: "there is no imported order B-2: import the shop's file that holds it", fields: [{ field: 'orderNumber', message: 'orderNumber names no imported order' }], retryable: false },
    });
  });

  it('lists orders by the filters the desk uses', async () => {
    // The desk ships from the US (the sandbox's locations): the Canadian order is the international one.
    expect((await station.value('listOrders', { international: true })).orders.map((o) => o.orderNumber)).toEqual(['#1003']);
    expect((await station.value('listOrders', { query: 'wacker chicago' })).orders.map((o) => o.orderNumber)).toEqual(['#1002']);
    expect((await station.value('listOrders', { minWeightGrams: 600, maxWeightGrams: 700 })).orders.map((o) => o.orderNumber)).toEqual(['B-7', 'B-1']);
    expect((await station.value('listOrders', { requestedService: 'express', status: 'open' })).orders.map((o) => o.orderNumber)).toEqual(['#1002']);
    const page = await station.value('listOrders', { limit: 2, offset: 2 });
    expect(page).toMatchObject({ total: 6 });
    expect(page.orders).toHaveLength(2);
    const backwards = await station.call('listOrders', { minWeightGrams: 700, maxWeightGrams: 600 });
    expect(backwards).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'maxWeightGrams', message: 'maxWeightGrams must not be below minWeightGrams' }] } });
  });

  it('a file the station cannot read, or a mapping that names no column of it, is refused at its field', async () => {
    const empty = await station.call('previewOrderImport', { text: '' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalidInput', message: 'the order file cannot be imported: the file is empty', fields: [{ field: 'text', message: 'the file is empty' }] } });
    const unknownColumn = await station.call('importOrders', { text: SHOPIFY, mapping: { orderNumber: 'Order', name: 'Shipping Name', address1: 'Shipping Address1', city: 'Shipping City', zipPostalCode: 'Shipping Zip', country: 'Shipping Country' } });
    expect(unknownColumn).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'mapping.orderNumber' }] } });
    expect((await station.value('listOrders', {})).total).toBe(6);
  });

  it('keeps column mappings by name', async () => {
    const mapping = { orderNumber: 'Name', name: 'Shipping Name', address1: 'Shipping Address1', city: 'Shipping City', zipPostalCode: 'Shipping Zip', country: 'Shipping Country' };
    expect(await station.value('saveOrderMapping', { name: 'Shop by hand', mapping })).toMatchObject({ name: 'Shop by hand', mapping });
    expect(await station.value('listOrderMappings', {})).toEqual([expect.objectContaining({ name: 'Shop by hand', mapping })]);
    // A kept mapping reads the file as chosen.
    const saved = (await station.value('listOrderMappings', {}))[0];
    expect((await station.value('previewOrderImport', { text: SHOPIFY, mapping: saved?.mapping })).format).toBe('custom');

    const incomplete = await station.call('saveOrderMapping', { name: 'Half', mapping: { orderNumber: 'Name' } });
    expect(incomplete).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
    expect(incomplete.ok ? [] : incomplete.error.fields.map((f) => f.field)).toEqual(['mapping.name', 'mapping.address1', 'mapping.city', 'mapping.zipPostalCode', 'mapping.country']);

    expect(await station.value('deleteOrderMapping', { name: 'SHOP BY HAND' })).toEqual({ deleted: true });
    expect(await station.call('deleteOrderMapping', { name: 'Shop by hand' })).toMatchObject({ ok: false, error: { code: 'notFound', fields: [{ field: 'name' }] } });
  });
});
