/**
 * Packed records: the create input and the search record are stored deflated with a
 * dictionary, and read back exactly as they were, unknown fields included.
 */
import { describe, expect, it } from 'vitest';
import { StoreRowError, openStationStore, shipments } from '../../../electron/store';
import { TRAIN_AFTER } from '../../../electron/store/pack';
import { searchRecord, shipmentInput } from './support/samples';
import { T0, openTempStore, tempStorePath } from './support/tempStore';

const record = (i: number) => ({ ...searchRecord({ id: `shp_p${i}`, references: { orderNumber: `SO-${i}` } }), serviceOnly: { kept: [i, 'yes'] } });

describe('packed records', () => {
  it('are stored smaller than their JSON and read back exactly, unknown fields included', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: 'PB-1-A', input: { ...shipmentInput(), futureField: { nested: true } }, now: T0 });
    shipments.upsertFromSearch(db, record(1), T0);
    const stored = db.prepare("SELECT typeof(input) AS input, length(input) AS bytes FROM shipments WHERE station_ref = 'PB-1-A'").get() as { input: string; bytes: number };
    expect(stored.input).toBe('blob');
    expect(stored.bytes).toBeLessThan(JSON.stringify(shipmentInput()).length / 2);
    expect(shipments.getByStationRef(db, 'PB-1-A')?.input).toEqual({ ...shipmentInput(), futureField: { nested: true } });
    expect(shipments.getByServiceId(db, 'shp_p1')?.searchRecord).toEqual(record(1));
  });

  it(`a store makes a dictionary of its own after ${TRAIN_AFTER} records, and reads what either packed, also after reopening`, () => {
    const path = tempStorePath();
    const { db } = openTempStore(path);
    db.transaction(() => {
      for (let i = 0; i < TRAIN_AFTER + 20; i++) shipments.upsertFromSearch(db, record(i), T0);
    })();
    expect(db.prepare('SELECT id FROM pack_dictionaries').all()).toEqual([{ id: 1 }]);
    const dictionaries = db.prepare('SELECT DISTINCT substr(search_record, 1, 1) AS id FROM shipments').all();
    expect(dictionaries).toEqual(expect.arrayContaining([{ id: Buffer.from([0]) }, { id: Buffer.from([1]) }]));
    db.close();
    const again = openStationStore(path);
    try {
      for (const i of [0, TRAIN_AFTER + 19]) expect(shipments.getByServiceId(again.db, `shp_p${i}`)?.searchRecord).toEqual(record(i));
    } finally {
      again.close();
    }
  });

  it('never name a dictionary a rolled-back transaction took away', () => {
    const { db } = openTempStore();
    expect(() =>
      db.transaction(() => {
        for (let i = 0; i < TRAIN_AFTER + 5; i++) shipments.upsertFromSearch(db, record(i), T0);
        throw new Error('the sync failed');
      })(),
    ).toThrow('the sync failed');
    expect(db.prepare('SELECT count(*) AS n FROM pack_dictionaries').get()).toEqual({ n: 0 });
    shipments.upsertFromSearch(db, record(1), T0);
    expect(shipments.getByServiceId(db, 'shp_p1')?.searchRecord).toEqual(record(1));
  });

  it('JSON text written before packing (or by a support tool) is read as it is', () => {
    const { db } = openTempStore();
    shipments.upsertFromSearch(db, record(1), T0);
    db.prepare("UPDATE shipments SET search_record = ? WHERE service_id = 'shp_p1'").run(JSON.stringify(record(2)));
    expect(shipments.getByServiceId(db, 'shp_p1')?.searchRecord).toEqual(record(2));
  });

  it('a damaged packed value is reported by row and column', () => {
    const { db } = openTempStore();
    shipments.upsertFromSearch(db, record(1), T0);
    db.prepare("UPDATE shipments SET search_record = x'00ff00ff' WHERE service_id = 'shp_p1'").run();
    expect(() => shipments.getByServiceId(db, 'shp_p1')).toThrow(StoreRowError);
    expect(() => shipments.getByServiceId(db, 'shp_p1')).toThrow(/svc-shp_p1.*search_record: cannot be unpacked/);
  });
});
