import { describe, expect, it } from 'vitest';
import { operations, parseWith, type OperationId } from '../../../electron/service/contract';
import { useSandbox, type Answer } from '../../support/sandboxHarness';
import { location, rateRequest, shipment } from '../../support/shipments';

const { client } = useSandbox({ requestsPerMinute: 10_000 });

/** Asserts a 200 whose body is what the contract says the operation answers. */
function expectAnswer(operation: OperationId, answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = parseWith(operations[operation].response, answer.body);
  expect(parsed.ok ? [] : parsed.issues).toEqual([]);
}

describe('every operation over HTTP, happy path', () => {
  it('creates, reads, lists, updates and deletes a location', async () => {
    const created = await client.call('createLocation', { body: location('WH-1') });
    expectAnswer('createLocation', created);
    const id = created.json.id as string;
    expect(created.json.referenceId).toBe('WH-1');

    const read = await client.call('getLocation', { id });
    expectAnswer('getLocation', read);
    expect(read.json).toMatchObject({ id, referenceId: 'WH-1', locationName: 'Chicago DC', address: { city: 'Chicago' } });

    const updated = await client.call('updateLocation', { id, body: { locationName: 'Chicago DC North', address: { address2: 'Dock 9' } } });
    expectAnswer('updateLocation', updated);
    const merged = await client.call('getLocation', { id });
    // Nested objects are merged: the rest of the address is still there.
    expect(merged.json).toMatchObject({ locationName: 'Chicago DC North', address: { address1: '1200 W Fulton Market', address2: 'Dock 9', city: 'Chicago' } });

    const listed = await client.call('getLocations', { query: { Page: 1, Limit: 10, Query: 'north' } });
    expectAnswer('getLocations', listed);
    expect(listed.json).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: 1, data: [{ id, locationName: 'Chicago DC North', deleted: false }] });

    const deleted = await client.call('deleteLocation', { id });
    expectAnswer('deleteLocation', deleted);
    const afterDelete = await client.call('getLocation', { id });
    expect(afterDelete.json).toMatchObject({ id, deleted: true, active: false });
    expect((await client.call('deleteLocation', { id })).status).toBe(404);
  });

  it('pages and sorts the location list with Page, Limit, Sort and Order', async () => {
    for (const name of ['Zeta Yard', 'Alpha Yard', 'Mid Yard']) {
      await client.call('createLocation', { body: { ...location(`R-${name}`), locationName: name } });
    }
    const first = await client.call('getLocations', { query: { Page: 1, Limit: 2, Query: 'yard', Sort: 'locationName', Order: 'DESC' } });
    expect(first.json).toMatchObject({ totalCount: 3, totalPages: 2, hasNextPage: true, hasPreviousPage: false });
    expect((first.json.data as { locationName: string }[]).map((l) => l.locationName)).toEqual(['Zeta Yard', 'Mid Yard']);
    const second = await client.call('getLocations', { query: { page: 2, limit: 2, query: 'yard', sort: 'locationName', order: 'DESC' } });
    expect((second.json.data as { locationName: string }[]).map((l) => l.locationName)).toEqual(['Alpha Yard']);
  });

  it('creates a shipment with charges, tracking and one label per package', async () => {
    const answer = await client.call('createShipment', { body: shipment({ packages: [{ weight: 5, length: 12, width: 10, height: 8 }, { weight: 2, length: 8, width: 6, height: 4 }] }) });
    expectAnswer('createShipment', answer);
    const result = answer.json as { status: string; trackingNumber: string; packages: { trackingNumber: string }[]; documents: { documentType: string }[]; billingDetail: { totalFreight: number; currencyCode: string } };
    expect(result.status).toBe('Created');
    expect(result.packages.map((p) => p.trackingNumber)[0]).toBe(result.trackingNumber);
    expect(new Set(result.packages.map((p) => p.trackingNumber)).size).toBe(2);
    expect(result.documents.map((d) => d.documentType)).toEqual(['Label', 'Label']);
    expect(result.billingDetail.totalFreight).toBeGreaterThan(0);
    expect(result.billingDetail.currencyCode).toBe('USD');
    expect(answer.json.references).toEqual({ orderNumber: 'SO-1001', customerPO: 'PO-77' });
  });

  it('rate shops several carriers and services', async () => {
    const answer = await client.call('rateShop', { body: rateRequest() });
    expectAnswer('rateShop', answer);
    const carriers = (answer.json.responses as { carrierName: string; rates: unknown[] }[]).map((c) => c.carrierName);
    expect(carriers).toEqual(expect.arrayContaining(['UPS', 'FEDEX', 'USPS']));
    expect((answer.json.responses as { rates: unknown[] }[]).every((c) => c.rates.length >= 2)).toBe(true);
  });

  it('validates and standardizes an address', async () => {
    const answer = await client.call('validateAddress', {
      body: { address: { address1: '500 howard street suite 300', city: 'san francisco', stateProvince: 'ca', zipPostalCode: '94105', country: 'US' } },
    });
    expectAnswer('validateAddress', answer);
    expect(answer.json).toMatchObject({ status: 'Valid', validatedAddress: [{ address1: '500 HOWARD ST STE 300', city: 'SAN FRANCISCO' }] });
  });

  it('applies a business rule to a shipment description', async () => {
    const answer = await client.call('applyRule', { body: shipment() });
    expectAnswer('applyRule', answer);
    expect(answer.json.ruleId).toEqual(expect.any(String));
    expect((answer.json.parties as { party: string }[]).map((p) => p.party)).toEqual(expect.arrayContaining(['SHIPPER', 'CONSIGNEE']));
  });

  it('searches, updates, tracks, blocks, unblocks, cancels and archives shipments', async () => {
    const created = await client.call('createShipment', { body: shipment({ references: { orderNumber: 'SO-SEARCH-1' } }) });
    const id = created.json.id as string;
    const trackingNumber = created.json.trackingNumber as string;

    const found = await client.call('searchShipments', { body: { searchTerm: 'so-search-1', pageNumber: 1, pageSize: 10 } });
    expectAnswer('searchShipments', found);
    expect(found.json).toMatchObject({ pageIndex: 1, totalCount: 1, shipments: [{ id, statusId: 'Created' }] });

    const updated = await client.call('updateShipments', { body: { shipments: [{ id, references: { customerPO: 'PO-NEW' }, shipMethod: 'Ground' }] } });
    expectAnswer('updateShipments', updated);
    expect(updated.json.shipments).toEqual([{ success: true, shipment_Id: id, message: `Shipment ${id} updated` }]);
    // Spec, Update Shipment: "no top-level `success` is given".
    expect(Object.keys(updated.json)).toEqual(['shipments']);
    const byPo = await client.call('searchShipments', { body: { filter: [{ column: 'customerPO', condition: 0, value: 'po-new' }] } });
    expect(byPo.json.totalCount).toBe(1);

    const tracked = await client.call('trackShipments', { body: { shipments: [{ id }, { trackingNumber }] } });
    expectAnswer('trackShipments', tracked);
    expect((tracked.json.shipments as { shipment_Id: string; events: unknown[] }[]).map((t) => [t.shipment_Id, t.events.length > 0])).toEqual([
      [id, true],
      [id, true],
    ]);

    expectAnswer('blockShipment', await client.call('blockShipment', { id, body: { reason: 'address check' } }));
    expectAnswer('unblockShipment', await client.call('unblockShipment', { id, body: {} }));
    const cancelled = await client.call('cancelShipments', { body: { shipments: [{ id, cancelReason: 'order changed' }] } });
    expectAnswer('cancelShipments', cancelled);
    expect(cancelled.json.shipments).toEqual([{ success: true, shipment_Id: id, activity_Id: expect.any(String), status: 'Cancelled', trackingNumber }]);
    const archived = await client.call('archiveShipment', { id });
    expectAnswer('archiveShipment', archived);
    expect(archived.json.message).toBe(`Shipment ${id} archived`);

    // Archived shipments leave the default search and come back when the filter asks for them.
    expect((await client.call('searchShipments', { body: { searchTerm: 'SO-SEARCH-1' } })).json.totalCount).toBe(0);
    const archivedOnes = await client.call('searchShipments', { body: { searchTerm: 'SO-SEARCH-1', filter: [{ column: 'statusId', condition: 0, value: 'Archived' }] } });
    expect(archivedOnes.json.totalCount).toBe(1);
  });

  it('hands a shipment\'s documents out again through Track with includeDocuments', async () => {
    const created = await client.call('createShipment', { body: shipment() });
    const id = created.json.id as string;
    const tracked = await client.call('trackShipments', { body: { shipments: [{ id, includeDocuments: true }, { id }] } });
    expectAnswer('trackShipments', tracked);
    const [withDocuments, without] = tracked.json.shipments as { documents?: unknown }[];
    expect(withDocuments?.documents).toEqual(created.json.documents);
    expect(without).not.toHaveProperty('documents');
  });

  it('answers each request with a request id, echoing the caller\'s', async () => {
    const answer = await client.call('getLocations', { query: { Page: 1, Limit: 1 }, headers: { 'X-Request-Id': 'req-123' } });
    expect(answer.headers.get('x-request-id')).toBe('req-123');
  });
});
