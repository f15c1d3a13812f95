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
