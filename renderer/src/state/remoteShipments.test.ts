/** Searching the service: the request as the service takes it, a page at a time, and a result opened through the station's copy. */
import { describe, expect, it } from 'vitest';
import { FakeStation, refusal } from '../testing/fakeStation';
import { shipmentSummary } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { REMOTE_PAGE, RemoteShipmentsState, textIn } from './remoteShipments.svelte';
import { NO_FILTERS } from './shipmentList.svelte';

function desk() {
  const station = new FakeStation().answer('searchRemoteShipments', ({ request }) => ({ shipments: [{ id: 'S-9', statusId: 'Created' }], pageIndex: request.pageNumber ?? 1, pageSize: REMOTE_PAGE, totalCount: 60, hasNextPage: true }));
  return { station, remote: new RemoteShipmentsState(station) };
}

describe('searching the service', () => {
  it('asks with the text, the date range as the service’s conditions, status and carrier, newest first; another page repeats the search', async () => {
    const { station, remote } = desk();
    await remote.search('  SO-1 ', { ...NO_FILTERS, from: '2025-03-01', to: '2025-03-02', status: 'Created', carrier: 'UPS' });
    expect(station.inputsOf('searchRemoteShipments')[0]?.request).toEqual({
      pageNumber: 1,
      pageSize: REMOTE_PAGE,
      orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }],
      searchTerm: 'SO-1',
      filter: [
        { column: 'shipmentDate', condition: 6, value: new Date(2025, 2, 1).toISOString() },
        { column: 'shipmentDate', condition: 7, value: new Date(2025, 2, 3).toISOString() },
        { column: 'statusId', condition: 0, value: 'Created' },
        { column: 'carrier', condition: 0, value: 'UPS' },
      ],
    });
    expect(remote.asked).toBe('“SO-1”');
    await remote.goTo(2);
    expect(station.inputsOf('searchRemoteShipments')[1]?.request).toMatchObject({ pageNumber: 2, searchTerm: 'SO-1' });
    expect(remote.page).toBe(2);
    await remote.search('', NO_FILTERS);
    expect(station.inputsOf('searchRemoteShipments')[2]?.request).toEqual({ pageNumber: 1, pageSize: REMOTE_PAGE, orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }] });
    expect(remote.asked).toBe('every shipment');
  });

  it('a search the service refuses is said, and the results before it stay', async () => {
    const { station, remote } = desk();
    await remote.search('x', NO_FILTERS);
    station.answer('searchRemoteShipments', () => {
      throw refusal('rateLimited', 'too many requests');
    });
    const toasts = watchToasts();
    await remote.search('y', NO_FILTERS);
    expect(toasts).toEqual(['Too many requests. The service asked to slow down: try again in a moment.']);
    expect(remote.answer?.shipments).toHaveLength(1);
    expect(remote.busy).toBe(false);
  });

  it('a result opens as the station’s copy of it; one the station does not have yet is said', async () => {
    const { station, remote } = desk();
    station.answer('searchLocalShipments', ({ text }) => ({ results: [shipmentSummary({ stationRef: 'PB-DESK1-0001', serviceId: 'S-90' }), shipmentSummary({ stationRef: 'PB-DESK1-0002', serviceId: text ?? null })] }));
    expect(await remote.stationRefOf({ id: 'S-9' })).toBe('PB-DESK1-0002');
    station.answer('searchLocalShipments', () => ({ results: [] }));
    const toasts = watchToasts();
    expect(await remote.stationRefOf({ id: 'S-10' })).toBeUndefined();
    expect(toasts).toEqual(["Shipment S-10 is not in the station's store yet: search the service again."]);
    expect(textIn({ city: 'Chicago', zip: '' }, 'city')).toBe('Chicago');
    expect(textIn({ zip: '' }, 'zip')).toBeUndefined();
  });
});
