import { describe, expect, it } from 'vitest';
import { StoreInputError, StoreNotFoundError, locations } from '../../../electron/store';
import { locationDetail, locationListRecord } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

describe('cached locations', () => {
  it('keep list records as the service sent them, unknown fields included', () => {
    const { db } = openTempStore();
    expect(locations.upsertLocationListRecords(db, [locationListRecord(), locationListRecord({ id: 'loc_2', locationName: 'Atlanta DC' })], T0)).toBe(2);
    const stored = locations.getLocation(db, 'loc_1');
    expect(stored).toMatchObject({ id: 'loc_1', referenceId: 'WH-CHI-1', locationName: 'Chicago DC', active: true, deleted: false, detail: null, updatedAt: T0 });
    expect(stored?.listRecord).toEqual(locationListRecord());
    expect(stored?.listRecord?.futureField).toBe('kept');
  });

  it('keep the detail beside the list record', () => {
    const { db } = openTempStore();
    locations.upsertLocationListRecords(db, [locationListRecord()], T0);
    const stored = locations.upsertLocationDetail(db, locationDetail({ locationName: 'Chicago Main' }), T0 + 1);
    expect(stored.detail?.serviceOnly).toEqual({ nested: [1, 2] });
    expect(stored.listRecord?.futureField).toBe('kept');
    expect(stored.locationName).toBe('Chicago Main');
  });

  it('list the active, not deleted ones by name unless asked for the others', () => {
    const { db } = openTempStore();
    locations.upsertLocationListRecords(
      db,
      [
        locationListRecord({ id: 'loc_z', locationName: 'zeta' }),
        locationListRecord({ id: 'loc_a', locationName: 'Alpha' }),
        locationListRecord({ id: 'loc_off', locationName: 'Beta', active: false }),
        locationListRecord({ id: 'loc_gone', locationName: 'Gamma' }),
      ],
      T0,
    );
    locations.markLocationDeleted(db, 'loc_gone', T0 + 1);
    expect(locations.listLocations(db).map((l) => l.id)).toEqual(['loc_a', 'loc_z']);
    expect(locations.listLocations(db, { includeInactive: true }).map((l) => l.id)).toEqual(['loc_a', 'loc_off', 'loc_z']);
    expect(locations.listLocations(db, { includeInactive: true, includeDeleted: true }).map((l) => l.id)).toEqual(['loc_a', 'loc_off', 'loc_gone', 'loc_z']);
    expect(locations.getLocation(db, 'loc_gone')).toMatchObject({ deleted: true, updatedAt: T0 + 1 });
  });

  it('a list record without active or deleted keeps what the cache knew', () => {
    const { db } = openTempStore();
    locations.upsertLocationListRecords(db, [locationListRecord({ active: false })], T0);
    locations.upsertLocationListRecords(db, [{ id: 'loc_1', locationName: 'Renamed' }], T0 + 1);
    expect(locations.getLocation(db, 'loc_1')).toMatchObject({ active: false, locationName: 'Renamed', referenceId: 'WH-CHI-1' });
  });

  it('refuse a record without an id, naming the record, and a missing location to delete', () => {
    const { db } = openTempStore();
    expect(() => locations.upsertLocationListRecords(db, [locationListRecord(), { locationName: 'x' }], T0)).toThrow(/locations\[1\]: id/);
    expect(locations.listLocations(db)).toEqual([]);
    expect(() => locations.upsertLocationDetail(db, { id: 'loc_1' }, T0)).toThrow(StoreInputError);
    expect(() => locations.markLocationDeleted(db, 'loc_none', T0)).toThrow(StoreNotFoundError);
  });
});

describe('a page of the cached list, as shown offline', () => {
  const CITIES = ['Chicago', 'Atlanta', 'Denver', 'Boston', 'Austin', 'Seattle', 'Reno'];
  const STATES = ['IL', 'GA', 'CO', 'MA', 'TX', 'WA', 'NV'];

  function seeded(db: Parameters<typeof locations.pageOfLocations>[0]): ReturnType<typeof locationListRecord>[] {
    const records = Array.from({ length: 240 }, (_, i) =>
      locationListRecord({
        id: `loc_${String(i).padStart(3, '0')}`,
        referenceId: `WH-${String((i * 37) % 240).padStart(3, '0')}`,
        locationName: `${CITIES[i % CITIES.length] ?? ''} ${i % 3 === 0 ? 'Depot' : 'Warehouse'} ${String(i)}`,
        city: CITIES[i % CITIES.length] ?? '',
        stateProvince: STATES[i % STATES.length] ?? '',
        zipPostalCode: String(10_000 + ((i * 7919) % 89_999)),
        active: i % 11 !== 0,
        deleted: i % 17 === 0,
      }),
    );
    locations.upsertLocationListRecords(db, records, T0);
    return records;
  }

  /** The same page computed in plain code from the records: the reference the SQL is held to. */
  function expected(records: ReturnType<typeof locationListRecord>[], q: { query?: string; page: number; pageSize: number; sort?: 'locationName' | 'city' | 'zipPostalCode' | 'referenceId'; order?: 'asc' | 'desc' }) {
    const words = (q.query ?? '').toLowerCase().split(/\s+/).filter((w) => w !== '');
    const key = q.sort ?? 'locationName';
    const shown = records
      .filter((r) => r.active !== false && r.deleted !== true)
      .filter((r) => words.every((w) => [r.locationName, r.referenceId, r.city, r.stateProvince, r.zipPostalCode].join(' ').toLowerCase().includes(w)))
      .sort((a, b) => {
        const x = String(a[key] ?? '').toLowerCase();
        const y = String(b[key] ?? '').toLowerCase();
        return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * (q.order === 'desc' && x !== y ? -1 : 1);
      });
    const start = (q.page - 1) * q.pageSize;
    return { ids: shown.slice(start, start + q.pageSize).map((r) => r.id), totalCount: shown.length };
  }

  it.each([
    { page: 1, pageSize: 25 },
    { page: 4, pageSize: 25 },
    { page: 9, pageSize: 25 },
    { page: 1, pageSize: 10, query: 'depot' },
    { page: 2, pageSize: 10, query: 'AUSTIN warehouse' },
    { page: 1, pageSize: 50, query: 'tx', sort: 'city' as const, order: 'desc' as const },
    { page: 3, pageSize: 7, sort: 'zipPostalCode' as const },
    { page: 2, pageSize: 20, sort: 'referenceId' as const, order: 'desc' as const },
    { page: 1, pageSize: 25, query: 'nowhere' },
  ])('filters, sorts, pages and counts in SQL: %o', (q) => {
    const { db } = openTempStore();
    const records = seeded(db);
    const page = locations.pageOfLocations(db, q);
    const want = expected(records, q);
    expect(page.records.map((r) => r.id)).toEqual(want.ids);
    expect(page.totalCount).toBe(want.totalCount);
  });

  it('refuses a sort field outside the list before it reaches the SQL text', () => {
    const { db } = openTempStore();
    expect(() => locations.pageOfLocations(db, { page: 1, pageSize: 5, sort: "locationName'); DROP TABLE locations; --" as 'locationName' })).toThrow(StoreInputError);
  });
});
