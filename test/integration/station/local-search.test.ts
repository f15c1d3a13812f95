/**
 * searchLocalShipments through the whole station: the web host's HTTP API, the input schema,
 * the handler and the store of the active (embedded sandbox) connection. The shipments are
 * written into that store through the store's own write path by a second connection, as a
 * sync would have left them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStationStore, shipments } from '../../../electron/store';
import { profileStorePath } from '../../../electron/station/connection';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';

const DAY = 86_400_000;
const T0 = Date.parse('2024-06-03T12:00:00.000Z');
const CARRIERS = ['UPS', 'FedEx', 'USPS'] as const;

let station: StationHarness;

/** Thirty shipments a day apart, oldest first: carriers in turn, every fifth cancelled, all in Tacoma. */
const seeded = Array.from({ length: 30 }, (_, i) => ({
  id: `shp_ls${String(i).padStart(2, '0')}`,
  at: T0 + i * DAY,
  carrier: CARRIERS[i % 3] ?? 'UPS',
  status: i % 5 === 0 ? 'Cancelled' : 'Created',
}));

beforeAll(async () => {
  station = await startStationHarness();
  const store = openStationStore(profileStorePath(station.dataDir, 'sandbox'));
  try {
    for (const s of seeded) {
      shipments.upsertFromSearch(
        store.db,
        {
          id: s.id,
          statusId: s.status,
          shipmentDate: new Date(s.at).toISOString(),
          totalPackage: 2,
          shipTo: { contactName: `Local Search ${s.id}`, city: 'Tacoma' },
          shipmentInfo: { carrier: s.carrier, shipMethod: 'Ground', serviceLevel: `${s.carrier} Ground` },
          trackingNumber: `LS${s.id}`,
          references: { orderNumber: `LS-${s.id}` },
        },
        s.at,
      );
    }
  } finally {
    store.close();
  }
});

afterAll(async () => {
  await station?.close();
});

const ids = (found: { results: readonly { serviceId: string | null }[] }) => found.results.map((s) => s.serviceId);
const newestFirst = (pick: (s: (typeof seeded)[number]) => boolean) => seeded.filter(pick).map((s) => s.id).reverse();

describe('searchLocalShipments', () => {
  it('lists with text, filters, sort and a page, and shows the list columns', async () => {
    const found = await station.value('searchLocalShipments', { text: 'Tacoma', limit: 3, filters: { carriers: ['UPS'], statuses: ['Created'] } });
    const ups = newestFirst((s) => s.carrier === 'UPS' && s.status === 'Created');
    expect(ids(found)).toEqual(ups.slice(0, 3));
    expect(found.total).toBe(ups.length);
    expect(found.results[0]).toMatchObject({ carrier: 'UPS', carrierServiceLevel: 'UPS Ground', packages: 2, cost: null, currency: null, shipToCity: 'Tacoma' });

    const week = await station.value('searchLocalShipments', { filters: { from: T0 + 7 * DAY, to: T0 + 14 * DAY }, sort: 'oldest' });
    expect(ids(week)).toEqual(seeded.slice(7, 14).map((s) => s.id));
    expect(week.results[0]?.shipDate).toBe(T0 + 7 * DAY);

    const page = await station.value('searchLocalShipments', { text: 'local search', offset: 2, limit: 2, filters: { statuses: ['Cancelled'] }, sort: 'oldest' });
    expect(ids(page)).toEqual(seeded.filter((s) => s.status === 'Cancelled').map((s) => s.id).slice(2, 4));
  });

  it('without text, filters or sort lists the newest first, as before', async () => {
    const found = await station.value('searchLocalShipments', { text: '', limit: 5 });
    expect(ids(found)).toEqual(newestFirst(() => true).slice(0, 5));
  });

  it.each([
    ['filters.from', { filters: { from: -5 } }],
    ['filters.to', { filters: { from: T0, to: T0 } }],
    ['filters.to', { filters: { to: 1.5 } }],
    ['filters.statuses', { filters: { statuses: Array.from({ length: 21 }, (_, i) => `s${i}`) } }],
    ['filters.statuses[0]', { filters: { statuses: [''] } }],
    ['filters.carriers[1]', { filters: { carriers: ['UPS', 'x'.repeat(51)] } }],
    ['filters.locationIds[0]', { filters: { locationIds: ['loc\u0000'] } }],
    ['filters.locationIds', { filters: { locationIds: 'loc_1' } }],
    ['filters.warehouse', { filters: { warehouse: 'A' } }],
    ['sort', { sort: 'cheapest' }],
  ])('refuses %s as invalid input naming that field', async (field, input) => {
    const answer = await station.callAny('searchLocalShipments', { text: '', ...input });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalidInput');
    expect(answer.error.fields.map((f) => f.field)).toContain(field);
  });
});
