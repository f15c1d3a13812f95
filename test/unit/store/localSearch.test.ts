/**
 * The list query of the Shipments screen: the columns a row shows, each filter alone and with
 * text, both orders, pages and totals. Real store files, written through the store's own
 * write path.
 */
import { describe, expect, it } from 'vitest';
import { StoreRowError, locations, outbox, searchShipments, shipments, type Db } from '../../../electron/store';
import { createResult, locationListRecord, searchRecord, shipmentInput } from './support/samples';
import { T0, openSuiteStore, openTempStore } from './support/tempStore';

const HOUR = 3_600_000;

/** One shipment of the list: made here (queued, maybe created) or known from a search. */
interface Row {
  readonly ref: string;
  readonly at: number;
  readonly carrier: string;
  readonly status?: string;
  readonly location?: string;
  readonly city: string;
  readonly mine?: boolean;
}

/**
 * Twelve shipments an hour apart (the first is the oldest): UPS, FedEx and USPS, made here at
 * two locations or seen in a search from a third, some cancelled, all but two in Denver.
 */
const ROWS: readonly Row[] = [
  { ref: 'r00', at: T0, carrier: 'UPS', location: 'loc_a', city: 'Denver', mine: true },
  { ref: 'r01', at: T0 + HOUR, carrier: 'FedEx', location: 'loc_b', city: 'Denver', mine: true },
  { ref: 'r02', at: T0 + 2 * HOUR, carrier: 'USPS', status: 'Cancelled', city: 'Denver' },
  { ref: 'r03', at: T0 + 3 * HOUR, carrier: 'UPS', location: 'loc_b', city: 'Boulder', mine: true },
  { ref: 'r04', at: T0 + 4 * HOUR, carrier: 'UPS', city: 'Denver' },
  { ref: 'r05', at: T0 + 5 * HOUR, carrier: 'FedEx', status: 'Cancelled', city: 'Denver' },
  { ref: 'r06', at: T0 + 6 * HOUR, carrier: 'UPS', location: 'loc_a', city: 'Denver', mine: true },
  { ref: 'r07', at: T0 + 7 * HOUR, carrier: 'USPS', city: 'Boulder' },
  { ref: 'r08', at: T0 + 8 * HOUR, carrier: 'UPS', location: 'loc_a', city: 'Denver', mine: true, status: 'queued' },
  { ref: 'r09', at: T0 + 9 * HOUR, carrier: 'FedEx', city: 'Denver' },
  { ref: 'r10', at: T0 + 10 * HOUR, carrier: 'UPS', status: 'Cancelled', city: 'Denver' },
  { ref: 'r11', at: T0 + 11 * HOUR, carrier: 'USPS', location: 'loc_b', city: 'Denver', mine: true },
];

/** The station reference of a row: a desk's own for shipments made here, svc-<id> otherwise. */
function refOf(row: Row): string {
  return row.mine === true ? `PB-DESK1-${row.ref.toUpperCase()}` : `svc-shp_${row.ref}`;
}

function seed(db: Db): void {
  for (const row of ROWS) {
    const shipTo = { contactName: `Person ${row.ref}`, address1: '1 Main St', city: row.city, stateProvince: 'CO', zipPostalCode: '80202', country: 'US' };
    if (row.mine === true) {
      const stationRef = refOf(row);
      const input = shipmentInput({
        shipDate: new Date(row.at).toISOString(),
        shipTo,
        shipmentInfo: { shipMethod: 'Ground', carrier: row.carrier },
        references: { orderNumber: `SO-${row.ref}` },
        ...(row.location === undefined ? {} : { location: row.location }),
      });
      outbox.queueShipment(db, { stationRef, input, now: row.at });
      if (row.status !== 'queued') {
        shipments.recordCreated(db, stationRef, createResult({ id: `shp_${row.ref}`, trackingNumber: `1Z${row.ref}`, carrier: row.carrier, references: { orderNumber: `SO-${row.ref}` }, packages: [] }), row.at + 1);
      }
    } else {
      shipments.upsertFromSearch(
        db,
        searchRecord({
          id: `shp_${row.ref}`,
          shipmentDate: new Date(row.at).toISOString(),
          statusId: row.status ?? 'Created',
          shipTo,
          shipmentInfo: { carrier: row.carrier, shipMethod: 'Ground' },
          trackingNumber: `94${row.ref}`,
          references: { orderNumber: `WEB-${row.ref}` },
          locationName: 'Somewhere else',
        }),
        row.at + 1,
      );
    }
  }
}

function sharedStore(): Db {
  const { db } = openSuiteStore();
  seed(db);
  return db;
}

const db = sharedStore();
const refs = (text: string, options: Omit<Parameters<typeof searchShipments>[2], 'limit'> & { limit?: number } = {}) =>
  searchShipments(db, text, { limit: 25, ...options }).results.map((s) => s.stationRef);
const expected = (pick: (row: Row) => boolean, oldestFirst = false) => {
  const rows = ROWS.filter(pick).map(refOf);
  return oldestFirst ? rows : rows.reverse();
};

describe('the columns a list row shows', () => {
  it('come from the create input while the shipment is queued', () => {
    const { db: own } = openTempStore();
    const input = shipmentInput({ location: 'loc_a', shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'GND' }, packages: [1, 2].map(() => ({ weight: 2, length: 10, width: 8, height: 6 })) });
    outbox.queueShipment(own, { stationRef: 'PB-1-A', input, now: T0 });
    expect(shipments.getByStationRef(own, 'PB-1-A')).toMatchObject({
      carrierServiceLevel: 'GND',
      cost: null,
      currency: null,
      locationId: 'loc_a',
      packages: 2,
      shipDate: Date.parse(input.shipDate),
    });
  });

  it('take the service level, the packages and the charges from the create result, the discounted freight first', () => {
    const { db: own } = openTempStore();
    outbox.queueShipment(own, { stationRef: 'PB-1-A', input: shipmentInput({ location: 'loc_a' }), now: T0 });
    shipments.recordCreated(
      own,
      'PB-1-A',
      createResult({
        carrierServiceLevel: 'UPS Ground',
        billingDetail: { totalFreight: 14.2, totalDiscountFreight: 11.05, currencyCode: 'CAD' },
        packages: [{ trackingNumber: '1ZA' }, { trackingNumber: '1ZB' }, { trackingNumber: '1ZC' }],
      }),
      T0 + 1,
    );
    const [row] = searchShipments(own, '', { limit: 1 }).results;
    expect(row).toMatchObject({ carrierServiceLevel: 'UPS Ground', cost: 11.05, currency: 'CAD', locationId: 'loc_a', packages: 3 });
    shipments.recordCreated(own, 'PB-1-A', createResult({ billingDetail: { totalFreight: 14.2 }, packages: [] }), T0 + 2);
    // Without a discounted freight the total freight is the cost; a record that lacks a value keeps the one known.
    expect(shipments.getByStationRef(own, 'PB-1-A')).toMatchObject({ cost: 14.2, currency: 'CAD', carrierServiceLevel: 'UPS Ground', packages: 3 });
  });

  it('take the service level, the package count and the ship date from a search record, and its location from the one cached location of that name', () => {
    const { db: own } = openTempStore();
    locations.upsertLocationListRecords(own, [locationListRecord({ id: 'loc_chi', locationName: 'Chicago DC' })], T0);
    shipments.upsertFromSearch(own, searchRecord({ id: 'shp_1', totalPackage: 4, shipmentInfo: { carrier: 'USPS', shipMethod: 'Priority', serviceLevel: 'USPS Priority Mail' } }), T0);
    expect(shipments.getByServiceId(own, 'shp_1')).toMatchObject({
      carrierServiceLevel: 'USPS Priority Mail',
      packages: 4,
      shipDate: Date.parse('2025-03-10T15:30:00.000Z'),
      locationId: 'loc_chi',
      cost: null,
    });
    // Two cached locations of one name name neither; an id the record carries is taken as it is.
    locations.upsertLocationListRecords(own, [locationListRecord({ id: 'loc_chi2', locationName: 'Chicago DC' })], T0);
    shipments.upsertFromSearch(own, searchRecord({ id: 'shp_2' }), T0);
    expect(shipments.getByServiceId(own, 'shp_2')?.locationId).toBeNull();
    shipments.upsertFromSearch(own, { ...searchRecord({ id: 'shp_3' }), location: 'loc_given' }, T0);
    expect(shipments.getByServiceId(own, 'shp_3')?.locationId).toBe('loc_given');
  });

  it('count one package when no record says how many', () => {
    const { db: own } = openTempStore();
    shipments.upsertFromSearch(own, searchRecord({ id: 'shp_1', totalPackage: undefined }), T0);
    expect(shipments.getByServiceId(own, 'shp_1')?.packages).toBe(1);
  });
});

describe('filters', () => {
  it('from and to bound createdAt: from included, to excluded', () => {
    expect(refs('', { filters: { from: T0 + 3 * HOUR, to: T0 + 6 * HOUR } })).toEqual(expected((r) => r.at >= T0 + 3 * HOUR && r.at < T0 + 6 * HOUR));
    expect(refs('', { filters: { from: T0 + 10 * HOUR } })).toEqual(expected((r) => r.at >= T0 + 10 * HOUR));
    expect(refs('', { filters: { to: T0 + HOUR } })).toEqual([refOf(ROWS[0] as Row)]);
  });

  it('statuses: any of those listed, exactly as shown', () => {
    expect(refs('', { filters: { statuses: ['Cancelled'] } })).toEqual(expected((r) => r.status === 'Cancelled'));
    expect(refs('', { filters: { statuses: ['Cancelled', 'queued'] } })).toEqual(expected((r) => r.status === 'Cancelled' || r.status === 'queued'));
    expect(refs('', { filters: { statuses: ['cancelled'] } })).toEqual([]);
  });

  it('carriers: any of those listed', () => {
    expect(refs('', { filters: { carriers: ['FedEx'] } })).toEqual(expected((r) => r.carrier === 'FedEx'));
    expect(refs('', { filters: { carriers: ['FedEx', 'USPS'] } })).toEqual(expected((r) => r.carrier !== 'UPS'));
  });

  it('locationIds: shipments sent from any of those locations', () => {
    expect(refs('', { filters: { locationIds: ['loc_b'] } })).toEqual(expected((r) => r.location === 'loc_b'));
    expect(refs('', { filters: { locationIds: ['loc_a', 'loc_b'] } })).toEqual(expected((r) => r.location !== undefined));
  });

  it('an empty list filters nothing', () => {
    expect(refs('', { filters: { statuses: [], carriers: [], locationIds: [] } })).toEqual(expected(() => true));
  });

  it('combine with each other', () => {
    const pick = (r: Row) => r.carrier === 'UPS' && r.status !== 'Cancelled' && r.at >= T0 + 2 * HOUR;
    expect(refs('', { filters: { carriers: ['UPS'], statuses: ['Created', 'queued'], from: T0 + 2 * HOUR } })).toEqual(expected(pick));
  });

  it('combine with text: every word and every filter must hold', () => {
    expect(refs('Denver', { filters: { carriers: ['UPS'] } })).toEqual(expected((r) => r.city === 'Denver' && r.carrier === 'UPS'));
    expect(refs('Boulder', { filters: { statuses: ['Created'] } })).toEqual(expected((r) => r.city === 'Boulder' && r.status === undefined));
    expect(refs('Denver', { filters: { from: T0 + 9 * HOUR, locationIds: ['loc_b'] } })).toEqual([refOf(ROWS[11] as Row)]);
    expect(refs('Person r04', { filters: { carriers: ['UPS'] } })).toEqual([refOf(ROWS[4] as Row)]);
    expect(refs('Person r04', { filters: { carriers: ['FedEx'] } })).toEqual([]);
    // A status alone is checked in the index of the shipments set aside (all but "Created"): in it, or for "Created" not in it.
    expect(refs('Denver', { filters: { statuses: ['Cancelled'] } })).toEqual(expected((r) => r.city === 'Denver' && r.status === 'Cancelled'));
    expect(refs('Denver', { filters: { statuses: ['queued'] } })).toEqual(expected((r) => r.city === 'Denver' && r.status === 'queued'));
    expect(refs('Denver', { filters: { statuses: ['Created'] } })).toEqual(expected((r) => r.city === 'Denver' && r.status === undefined));
    // One filter of several values, checked in its own index; and a location (an index of the rows that have one).
    expect(refs('Denver', { filters: { statuses: ['Cancelled', 'queued'] } })).toEqual(expected((r) => r.city === 'Denver' && (r.status === 'Cancelled' || r.status === 'queued')));
    expect(refs('Denver', { filters: { locationIds: ['loc_a', 'loc_b'] } })).toEqual(expected((r) => r.city === 'Denver' && r.location !== undefined));
    expect(refs('Denver', { filters: { locationIds: ['loc_b'] } })).toEqual(expected((r) => r.city === 'Denver' && r.location === 'loc_b'));
  });
});

describe('order, pages and totals', () => {
  it("sort 'oldest' lists oldest first, with text, with filters and with neither", () => {
    expect(refs('', { sort: 'oldest' })).toEqual(expected(() => true, true));
    expect(refs('Denver', { sort: 'oldest' })).toEqual(expected((r) => r.city === 'Denver', true));
    expect(refs('Denver', { sort: 'oldest', filters: { carriers: ['FedEx'] } })).toEqual(expected((r) => r.city === 'Denver' && r.carrier === 'FedEx', true));
    expect(refs('', { sort: 'oldest', filters: { carriers: ['USPS'] } })).toEqual(expected((r) => r.carrier === 'USPS', true));
  });

  it("sort 'newest' is the default", () => {
    expect(refs('', { sort: 'newest' })).toEqual(refs(''));
    expect(refs('Denver', { sort: 'newest' })).toEqual(refs('Denver'));
  });

  it('a page at a time, in both orders, with the total of what the filters allow', () => {
    const all = expected((r) => r.carrier === 'UPS');
    const first = searchShipments(db, '', { limit: 2, filters: { carriers: ['UPS'] } });
    expect(first.results.map((s) => s.stationRef)).toEqual(all.slice(0, 2));
    expect(first.total).toBe(all.length);
    const last = searchShipments(db, '', { limit: 2, offset: 4, filters: { carriers: ['UPS'] } });
    expect(last.results.map((s) => s.stationRef)).toEqual(all.slice(4, 6));
    const oldest = searchShipments(db, 'Denver', { limit: 3, offset: 1, sort: 'oldest', filters: { carriers: ['UPS'] } });
    expect(oldest.results.map((s) => s.stationRef)).toEqual(expected((r) => r.city === 'Denver' && r.carrier === 'UPS', true).slice(1, 4));
    expect(oldest.total).toBe(ROWS.filter((r) => r.city === 'Denver' && r.carrier === 'UPS').length);
    expect(searchShipments(db, 'Denver', { limit: 1, filters: { statuses: ['nothing like it'] } })).toEqual({ results: [], total: 0 });
  });

  it('with no text and no filter, pages read one after another make the whole list once, in both orders', () => {
    for (const sort of ['newest', 'oldest'] as const) {
      const paged: string[] = [];
      for (let offset = 0; ; offset += 3) {
        const page = searchShipments(db, '', { limit: 3, offset, sort });
        expect(page.total).toBe(ROWS.length);
        paged.push(...page.results.map((s) => s.stationRef));
        if (page.results.length < 3) break;
      }
      expect(paged).toEqual(expected(() => true, sort === 'oldest'));
    }
  });

  it('totals above 1,000 are given as at least 1,000, with filters too; text and a filter say "at least" what they counted when counting more would cost more than the page', () => {
    const { db: own } = openTempStore();
    own.transaction(() => {
      for (let i = 0; i < 1005; i++) {
        shipments.upsertFromSearch(own, searchRecord({ id: `shp_${i}`, shipmentDate: new Date(T0 + i * 1000).toISOString(), shipmentInfo: { carrier: 'UPS', shipMethod: 'Ground' }, references: {} }), T0);
      }
    })();
    expect(searchShipments(own, '', { limit: 1, filters: { carriers: ['UPS'] } })).toMatchObject({ totalAtLeast: 1000 });
    expect(searchShipments(own, 'Milwaukee', { limit: 1 })).toMatchObject({ totalAtLeast: 1000 });
    const filtered = searchShipments(own, 'Milwaukee', { limit: 1, filters: { carriers: ['UPS'] } });
    expect(filtered.results.map((s) => s.serviceId)).toEqual(['shp_1004']);
    expect(filtered.total).toBeUndefined();
    expect(filtered.totalAtLeast).toBeGreaterThanOrEqual(1);
    const recent = searchShipments(own, 'Milwaukee', { limit: 1, filters: { carriers: ['UPS'], from: T0 + 1000 * 1000 } });
    expect(recent.total).toBe(5);
  });

  it('a damaged row in a page is reported by table, row and column', () => {
    const { db: own } = openTempStore();
    shipments.upsertFromSearch(own, searchRecord({ id: 'shp_1' }), T0);
    own.prepare("UPDATE shipments SET station_ref = '' WHERE service_id = 'shp_1'").run();
    for (const text of ['', 'Milwaukee']) {
      expect(() => searchShipments(own, text, { limit: 5 }), text).toThrow(StoreRowError);
      expect(() => searchShipments(own, text, { limit: 5 }), text).toThrow(/shipments row .*station_ref/);
    }
  });

  it('refuses filters out of bounds, naming them', () => {
    expect(() => searchShipments(db, '', { limit: 5, filters: { from: -1 } })).toThrow(/filters\.from/);
    expect(() => searchShipments(db, '', { limit: 5, filters: { from: 5, to: 5 } })).toThrow(/filters\.to/);
    expect(() => searchShipments(db, '', { limit: 5, filters: { statuses: Array.from({ length: 21 }, (_, i) => `s${i}`) } })).toThrow(/filters\.statuses/);
  });
});
