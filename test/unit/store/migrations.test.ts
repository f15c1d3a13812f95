import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, StoreTooNewError, openStationStore, runMigrations, schemaVersion, type Db, type Migration } from '../../../electron/store';
import { LATEST_SCHEMA_VERSION, assertMigrationOrder } from '../../../electron/store/migrations';
import { createResult, locationListRecord, searchRecord, shipmentInput } from './support/samples';
import { T0, openTempStore, tempStorePath } from './support/tempStore';
import { batches, locations, orders, outbox, printJobs, searchShipments, shipments } from '../../../electron/store';

/** sqlite_schema with root pages left out and whitespace folded: what a migration made. */
function describeSchema(db: Db): string {
  const rows = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  return `${rows.map((row) => `${row.type} ${row.name} ON ${row.tbl_name}\n  ${(row.sql ?? '(automatic)').replace(/\s+/g, ' ').trim()}`).join('\n')}\n`;
}

function rawDb(): Db {
  return new Database(tempStorePath());
}

/** Records held by a version 2 store, for the migration that fills the list columns from them. */
const V2_INPUT = shipmentInput({
  location: 'loc_a',
  shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'GND' },
  packages: [1, 2].map(() => ({ weight: 2, length: 10, width: 8, height: 6 })),
  references: { orderNumber: 'SO-1', stationRef: 'PB-D1-CREATED' },
});
const V2_RESULT = createResult({
  id: 'shp_made',
  carrierServiceLevel: 'UPS Ground',
  billingDetail: { totalFreight: 14.2, totalDiscountFreight: 11.05, currencyCode: 'CAD' },
  packages: [{ trackingNumber: '1ZA' }, { trackingNumber: '1ZB' }, { trackingNumber: '1ZC' }],
});
const V2_RECORD = searchRecord({ id: 'shp_seen', totalPackage: 4, shipmentInfo: { carrier: 'USPS', shipMethod: 'Priority', serviceLevel: 'USPS Priority Mail' } });

const step = (version: number, name = `step ${version}`, up: (db: Db) => void = () => undefined): Migration => ({ version, name, up });

describe('the migration list', () => {
  it('accepts strictly increasing whole versions from 1', () => {
    expect(() => assertMigrationOrder([step(1), step(2), step(5)])).not.toThrow();
    expect(() => assertMigrationOrder(MIGRATIONS)).not.toThrow();
  });

  it('refuses a repeated or decreasing version, naming the offender', () => {
    expect(() => assertMigrationOrder([step(1), step(1, 'again')])).toThrow('migration 1 ("again") has version 1 after version 1: versions must strictly increase');
    expect(() => assertMigrationOrder([step(2), step(1)])).toThrow('versions must strictly increase');
  });

  it('refuses versions that are not whole numbers from 1, and nameless steps', () => {
    expect(() => assertMigrationOrder([step(0)])).toThrow('versions are whole numbers from 1');
    expect(() => assertMigrationOrder([step(1.5)])).toThrow('versions are whole numbers from 1');
    expect(() => assertMigrationOrder([step(1, ' ')])).toThrow('migration 1 has no name');
  });
});

describe('the runner', () => {
  it('refuses a database newer than its last migration and changes nothing', () => {
    const db = rawDb();
    const newer = LATEST_SCHEMA_VERSION + 1;
    db.pragma(`user_version = ${newer}`);
    expect(() => runMigrations(db, MIGRATIONS)).toThrow(StoreTooNewError);
    expect(schemaVersion(db)).toBe(newer);
    expect(db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()).toEqual({ n: 0 });
  });

  it('runs each migration in its own transaction with its version: a failing step leaves the last whole one', () => {
    const db = rawDb();
    const migrations = [
      step(1, 'first', (d) => d.exec('CREATE TABLE first (x)')),
      step(2, 'second', (d) => {
        d.exec('CREATE TABLE second (x)');
        throw new Error('disk full');
      }),
    ];
    expect(() => runMigrations(db, migrations)).toThrow('disk full');
    expect(schemaVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all();
    expect(tables).toEqual([{ name: 'first' }]);
  });

  it('applies only the missing steps, and nothing on a second run', () => {
    const db = rawDb();
    const seen: number[] = [];
    const migrations = [1, 2, 3].map((v) => step(v, `v${v}`, () => seen.push(v)));
    expect(runMigrations(db, migrations, 2)).toEqual({ from: 0, to: 2, applied: ['1 v1', '2 v2'] });
    expect(runMigrations(db, migrations)).toEqual({ from: 2, to: 3, applied: ['3 v3'] });
    expect(runMigrations(db, migrations)).toEqual({ from: 3, to: 3, applied: [] });
    expect(seen).toEqual([1, 2, 3]);
  });
});

/**
 * Rows a store at each version holds, and how to see they survived the next migration.
 * A file at version 0 is one the app has never written: an empty file (a backup tool or an
 * installer may leave one) must come out as an empty store of the current schema.
 */
const SAMPLES: Record<number, { seed(db: Db): void; check(db: Db): void }> = {
  0: {
    seed: () => undefined,
    check: (db) => {
      for (const table of ['settings', 'locations', 'shipments', 'documents', 'print_jobs', 'outbox']) {
        expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
      }
    },
  },
  1: {
    seed: (db) => {
      db.prepare("INSERT INTO shipments (seq, station_ref, status, order_number, created_at, updated_at) VALUES (1024, 'PB-D1-01', 'Created', 'SO-1', 1, 1)").run();
      db.prepare("INSERT INTO documents (station_ref, type, mime, bytes, created_at) VALUES ('PB-D1-01', 'Label', 'application/pdf', x'25504446', 1)").run();
      db.prepare("INSERT INTO print_jobs (station_ref, document_id, purpose, copies, state, error, created_at, updated_at) VALUES ('PB-D1-01', 1, 'auto', 1, 'failed', 'jammed', 1, 1)").run();
    },
    check: (db) => {
      // A failure from before the upgrade is one nobody has acted on yet.
      expect(db.prepare('SELECT state, error, resolved_at FROM print_jobs').get()).toEqual({ state: 'failed', error: 'jammed', resolved_at: null });
      expect(db.prepare("SELECT station_ref FROM shipments WHERE order_number = 'SO-1'").get()).toEqual({ station_ref: 'PB-D1-01' });
      expect(db.prepare('SELECT count(*) AS n FROM ship_requests').get()).toEqual({ n: 0 });
    },
  },
  2: {
    seed: (db) => {
      const insert = db.prepare('INSERT INTO shipments (seq, station_ref, service_id, status, input, result, search_record, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
      db.prepare("INSERT INTO locations (id, location_name, updated_at) VALUES ('loc_chi', 'Chicago DC', 1)").run();
      const json = (value: unknown) => JSON.stringify(value);
      insert.run(1024, 'PB-D1-CREATED', 'shp_made', 'Created', json(V2_INPUT), json(V2_RESULT), null, 1, 1);
      insert.run(2048, 'svc-shp_seen', 'shp_seen', 'Created', null, null, json(V2_RECORD), 2, 2);
      insert.run(3072, 'PB-D1-QUEUED', null, 'queued', json(V2_INPUT), null, null, 3, 3);
      insert.run(4096, 'PB-D1-DAMAGED', 'shp_damaged', 'Created', '{not json', '[1, 2', null, 4, 4);
      insert.run(5120, 'PB-D1-BARE', null, 'queued', null, null, null, 5, 5);
    },
    check: (db) => {
      const columns = (ref: string) =>
        db.prepare('SELECT carrier_service_level, cost, currency, location_id, packages, ship_date FROM shipments WHERE station_ref = ?').get(ref);
      // The same records through today's write path give the same columns.
      const { db: written } = openTempStore();
      locations.upsertLocationListRecords(written, [locationListRecord({ id: 'loc_chi', locationName: 'Chicago DC' })], T0);
      outbox.queueShipment(written, { stationRef: 'PB-D1-CREATED', input: V2_INPUT, now: T0 });
      shipments.recordCreated(written, 'PB-D1-CREATED', V2_RESULT, T0);
      shipments.upsertFromSearch(written, V2_RECORD, T0);
      outbox.queueShipment(written, { stationRef: 'PB-D1-QUEUED', input: V2_INPUT, now: T0 });
      const viaWritePath = (ref: string) =>
        written.prepare('SELECT carrier_service_level, cost, currency, location_id, packages, ship_date FROM shipments WHERE station_ref = ?').get(ref);
      expect(columns('PB-D1-CREATED')).toEqual({ carrier_service_level: 'UPS Ground', cost: 11.05, currency: 'CAD', location_id: 'loc_a', packages: 3, ship_date: Date.parse(V2_INPUT.shipDate) });
      expect(columns('PB-D1-CREATED')).toEqual(viaWritePath('PB-D1-CREATED'));
      expect(columns('svc-shp_seen')).toEqual({ carrier_service_level: 'USPS Priority Mail', cost: null, currency: null, location_id: 'loc_chi', packages: 4, ship_date: Date.parse('2025-03-10T15:30:00.000Z') });
      expect(columns('svc-shp_seen')).toEqual(viaWritePath('svc-shp_seen'));
      expect(columns('PB-D1-QUEUED')).toEqual({ carrier_service_level: 'GND', cost: null, currency: null, location_id: 'loc_a', packages: 2, ship_date: Date.parse(V2_INPUT.shipDate) });
      expect(columns('PB-D1-QUEUED')).toEqual(viaWritePath('PB-D1-QUEUED'));
      // JSON that does not parse fills nothing and stops nothing.
      expect(columns('PB-D1-DAMAGED')).toEqual({ carrier_service_level: null, cost: null, currency: null, location_id: null, packages: 1, ship_date: null });
      expect(columns('PB-D1-BARE')).toEqual({ carrier_service_level: null, cost: null, currency: null, location_id: null, packages: 1, ship_date: null });
    },
  },
  3: {
    seed: (db) => {
      const insert = db.prepare(
        'INSERT INTO shipments (seq, station_ref, service_id, status, input, result, search_record, tracking_number, ship_to_name, ship_to_city, order_number, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const json = (value: unknown) => JSON.stringify(value);
      insert.run(1024, 'PB-D1-CREATED', 'shp_made', 'Created', json(V2_INPUT), json(V2_RESULT), null, '1Z999AA10123456784', 'Jordan Lee', 'San Francisco', 'SO-1', 1, 1);
      insert.run(2048, 'svc-shp_seen', 'shp_seen', 'Created', null, null, json(V2_RECORD), '9400111899223197428490', 'Zoë Kowalczyk', 'Milwaukee', 'WEB-88231', 2, 2);
      db.prepare("INSERT INTO shipment_search (rowid, words, ids, tails) VALUES (1024, 'Jordan', '', '')").run();
    },
    check: (db) => {
      // The records stay as they were stored, JSON text, and read as before.
      expect(db.prepare('SELECT typeof(input) AS input, typeof(result) AS result, typeof(search_record) AS record FROM shipments WHERE seq = 1024').get()).toEqual({ input: 'text', result: 'text', record: 'null' });
      expect(shipments.getByStationRef(db, 'PB-D1-CREATED')?.input).toEqual(V2_INPUT);
      expect(shipments.getByStationRef(db, 'svc-shp_seen')?.searchRecord).toEqual(V2_RECORD);
      // The new index holds the stored shipments.
      const refs = (text: string) => searchShipments(db, text, { limit: 5 }).results.map((s) => s.stationRef);
      expect(refs('1Z999AA1')).toEqual(['PB-D1-CREATED']);
      expect(refs('97428490')).toEqual(['svc-shp_seen']);
      expect(refs('zoe milwaukee')).toEqual(['svc-shp_seen']);
      expect(refs('SO-1')).toEqual(['PB-D1-CREATED']);
      // What is written from now on is packed, and reads back the same.
      shipments.upsertFromSearch(db, V2_RECORD, T0);
      expect(db.prepare('SELECT typeof(search_record) AS record FROM shipments WHERE seq = 2048').get()).toEqual({ record: 'blob' });
      expect(shipments.getByStationRef(db, 'svc-shp_seen')?.searchRecord).toEqual(V2_RECORD);
    },
  },
  4: {
    seed: (db) => {
      db.prepare("INSERT INTO settings (key, value) VALUES ('deskId', '\"D4\"')").run();
      outbox.queueShipment(db, { stationRef: 'PB-D4-QUEUED', input: V2_INPUT, now: T0 });
    },
    check: (db) => {
      expect(db.prepare("SELECT value FROM settings WHERE key = 'deskId'").get()).toEqual({ value: '"D4"' });
      expect(shipments.getByStationRef(db, 'PB-D4-QUEUED')?.input?.references?.orderNumber).toBe('SO-1');
      // The new tables start empty, and an order imported now is shipped by the shipment that names it.
      expect(db.prepare('SELECT count(*) FROM orders').pluck().get()).toBe(0);
      expect(orders.listOrderMappings(db)).toEqual([]);
      // An order imported at schema 5 (written as that schema's code wrote it) is open.
      insertV5Order(db, 'SO-1', null);
      expect(db.prepare("SELECT status, station_ref FROM orders WHERE order_number = 'SO-1'").get()).toEqual({ status: 'open', station_ref: null });
    },
  },
  5: {
    seed: (db) => {
      outbox.queueShipment(db, { stationRef: 'PB-D5-QUEUED', input: V2_INPUT, now: T0 });
      insertV5Order(db, 'SO-1', 'PB-D5-QUEUED');
    },
    check: (db) => {
      // The order and its shipment stay as they were; no batch holds them.
      expect(db.prepare("SELECT status, station_ref FROM orders WHERE order_number = 'SO-1'").get()).toEqual({ status: 'shipped', station_ref: 'PB-D5-QUEUED' });
      expect(batches.batchPlaceOf(db, 'PB-D5-QUEUED')).toBeUndefined();
      expect(batches.listBatches(db, 5)).toEqual([]);
      // A batch made now holds its shipments, and they wait for it.
      const id = batches.insertBatch(db, {
        batchKey: 'key-of-the-first-batch',
        box: { length: 12, width: 10, height: 8, unitOfLength: 'IN' },
        service: { kind: 'rule' },
        shipFromLocationId: 'loc_a',
        now: T0,
        orders: [{ orderNumber: 'SO-1', stationRef: 'PB-D5-QUEUED' }],
      });
      expect(batches.batchPlaceOf(db, 'PB-D5-QUEUED')).toEqual({ batchId: id, position: 0 });
      expect(batches.shipmentsHeldForBatches(db)).toEqual(new Set(['PB-D5-QUEUED']));
    },
  },
  6: {
    seed: (db) => {
      db.prepare("INSERT INTO shipments (seq, station_ref, status, created_at, updated_at) VALUES (1024, 'PB-D6-01', 'Created', 1, 1)").run();
      const doc = db.prepare("INSERT INTO documents (station_ref, type, mime, bytes, created_at, package_index) VALUES ('PB-D6-01', 'Label', 'application/pdf', x'25504446', 1, ?)");
      for (const index of [0, 1, 2, 3]) doc.run(index);
      const job = db.prepare("INSERT INTO print_jobs (station_ref, document_id, purpose, printer, copies, state, cups_job_id, created_at, updated_at) VALUES ('PB-D6-01', ?, ?, ?, 1, ?, ?, 1, 1)");
      job.run(1, 'auto', null, 'completed', 'label4x6-17');
      job.run(2, 'reprint', 'Zebra', 'completed', 'Zebra-3');
      job.run(3, 'auto', null, 'queued', null);
      job.run(4, 'auto', null, 'sent', '{6F9619FF-8B86}');
    },
    check: (db) => {
      // Where each job went, from the printer it named, else the queue its CUPS job id starts with.
      expect(db.prepare('SELECT document_id, target_printer FROM print_jobs ORDER BY id').all()).toEqual([
        { document_id: 1, target_printer: 'label4x6' },
        { document_id: 2, target_printer: 'Zebra' },
        { document_id: 3, target_printer: null },
        { document_id: 4, target_printer: null },
      ]);
    },
  },
  7: {
    seed: (db) => {
      const insert = db.prepare('INSERT INTO shipments (seq, station_ref, status, created_at, updated_at) VALUES (?, ?, ?, 1, 1)');
      ['Created', 'Cancelled', 'queued', 'Created', 'Blocked'].forEach((status, i) => insert.run(1024 + i, `PB-D7-0${i}`, status));
    },
    check: (db) => {
      // The shipments already set aside are in the new index, and only they.
      const setAside = db.prepare("SELECT seq, status FROM shipments INDEXED BY shipments_set_aside WHERE status IS NOT 'Created' ORDER BY seq").all();
      expect(setAside).toEqual([
        { seq: 1025, status: 'Cancelled' },
        { seq: 1026, status: 'queued' },
        { seq: 1028, status: 'Blocked' },
      ]);
      expect(db.prepare('SELECT count(*) FROM shipments').pluck().get()).toBe(5);
    },
  },
  8: {
    seed: (db) => {
      const insert = db.prepare("INSERT INTO shipments (seq, station_ref, status, created_at, updated_at) VALUES (?, ?, 'Created', 1, 1)");
      [4096, 1024, 3072].forEach((seq) => insert.run(seq, `PB-D8-${String(seq)}`));
    },
    check: (db) => {
      // Every seq is in the new index, newest first when read backwards.
      expect(db.prepare('SELECT seq FROM shipments INDEXED BY shipments_by_seq ORDER BY seq DESC').pluck().all()).toEqual([4096, 3072, 1024]);
    },
  },
  9: {
    seed: (db) => {
      db.prepare("INSERT INTO shipments (seq, station_ref, status, created_at, updated_at) VALUES (1024, 'PB-D9-01', 'Created', 1, 1)").run();
      db.prepare("INSERT INTO print_jobs (station_ref, purpose, copies, state, created_at, updated_at) VALUES ('PB-D9-01', 'auto', 1, 'queued', 1, 1)").run();
    },
    check: (db) => {
      // A job from before is held for no reason the store knows.
      expect(db.prepare('SELECT state, hold_note FROM print_jobs').all()).toEqual([{ state: 'queued', hold_note: null }]);
    },
  },
  10: {
    seed: (db) => {
      insertV5Order(db, 'SO-10', null);
    },
    check: (db) => {
      // An order from before has no note, no gift message, and items without barcodes; it reads as such.
      // (Read raw: the order's reader needs the scan key schema 12 adds.)
      expect(db.prepare("SELECT note, gift_message FROM orders WHERE order_number = 'SO-10'").get()).toEqual({ note: null, gift_message: null });
    },
  },
  11: {
    seed: (db) => {
      insertV5Order(db, '#1002', null);
      insertV5Order(db, ' so 7 ', null);
    },
    check: (db) => {
      // Orders from before get their scan keys, so a scan of "1002" finds "#1002"; no override is kept yet.
      expect(db.prepare('SELECT order_number, scan_key FROM orders ORDER BY id').all()).toEqual([
        { order_number: '#1002', scan_key: '1002' },
        { order_number: ' so 7 ', scan_key: 'SO7' },
      ]);
      expect(orders.findOrderByScan(db, '1002')).toMatchObject({ order: { orderNumber: '#1002', items: [{ barcode: null }], note: null } });
      expect(db.prepare('SELECT count(*) FROM shipment_overrides').pluck().get()).toBe(0);
    },
  },
  12: {
    seed: (db) => {
      db.prepare("INSERT INTO shipments (seq, station_ref, status, created_at, updated_at) VALUES (1024, 'PB-D11-01', 'Created', 1, 1)").run();
      db.prepare("INSERT INTO print_jobs (station_ref, purpose, copies, state, cups_job_id, created_at, updated_at) VALUES ('PB-D11-01', 'auto', 1, 'completed', 'label4x6-7', 1, 1)").run();
    },
    check: (db) => {
      // A job printed before says nothing of its layout: the API reads that as unknown, not as 100%.
      expect(printJobs.listPrintJobs(db, { stationRef: 'PB-D11-01' })).toMatchObject([{ state: 'completed', layout: null }]);
    },
  },
  13: {
    seed: (db) => {
      insertV5Order(db, 'SO-1', null);
      insertV5Order(db, 'SO-2', null);
      insertV5Order(db, 'SO-3', 'PB-D13-03');
      db.prepare("UPDATE orders SET status = 'cancelled' WHERE order_number = 'SO-2'").run();
    },
    check: (db) => {
      // Orders from before are counted once by the migration; from then on the triggers keep the counts.
      expect(db.prepare('SELECT status, n FROM order_counts ORDER BY status').all()).toEqual([
        { status: 'cancelled', n: 1 },
        { status: 'open', n: 1 },
        { status: 'shipped', n: 1 },
      ]);
      insertV5Order(db, 'SO-4', null);
      db.prepare("UPDATE orders SET status = 'cancelled' WHERE order_number = 'SO-1'").run();
      expect(orders.countOrders(db)).toBe(4);
      expect(db.prepare('SELECT status, n FROM order_counts ORDER BY status').all()).toEqual([
        { status: 'cancelled', n: 2 },
        { status: 'open', n: 1 },
        { status: 'shipped', n: 1 },
      ]);
    },
  },
  14: {
    seed: (db) => {
      db.prepare("INSERT INTO shipments (seq, station_ref, status, created_at, updated_at) VALUES (2048, 'PB-D12-01', 'Created', 1, 1)").run();
    },
    check: (db) => {
      // A store from before warehouse mode owes the warehouse nothing; its shipments are kept.
      expect(db.prepare('SELECT count(*) FROM warehouse_journal').pluck().get()).toBe(0);
      expect(db.prepare("SELECT status FROM shipments WHERE station_ref = 'PB-D12-01'").pluck().get()).toBe('Created');
    },
  },
  15: {
    seed: (db) => {
      insertV5Order(db, 'W-15', null);
    },
    check: (db) => {
      // An order from before the claims were kept at the desk: nobody is said to be packing it.
      expect(orders.getOrder(db, 'W-15')).toMatchObject({ orderNumber: 'W-15', status: 'open', claim: null });
    },
  },
};

/** An order row as schemas 5 to 10 held it: no note, no gift message, no item barcodes. */
function insertV5Order(db: Db, orderNumber: string, stationRef: string | null): void {
  const shipTo = { name: 'Jordan Lee', company: null, address1: '500 Howard St', address2: null, city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US', phone: null, email: null };
  const items = [{ sku: null, description: 'Mug', quantity: 1, unitPrice: null, unitWeightGrams: 300 }];
  db.prepare(
    `INSERT INTO orders (order_number, status, ship_to, ship_to_country, items, requested_service, currency, estimated_weight_grams, format, search_text, imported_at, updated_at, station_ref, shipped_at)
     VALUES (?, ?, ?, 'US', ?, NULL, NULL, 300, 'generic', 'mug', ?, ?, ?, ?)`,
  ).run(orderNumber, stationRef === null ? 'open' : 'shipped', JSON.stringify(shipTo), JSON.stringify(items), T0, T0, stationRef, stationRef === null ? null : T0);
}

describe.each(MIGRATIONS.map((migration) => [migration.version, migration] as const))('migration %i', (version, migration) => {
  it(`"${migration.name}" makes the schema in schema-v${version}.snapshot.txt`, async () => {
    const db = rawDb();
    runMigrations(db, MIGRATIONS, version);
    expect(schemaVersion(db)).toBe(version);
    await expect(describeSchema(db)).toMatchFileSnapshot(`./schema-v${version}.snapshot.txt`);
  });

  it(`keeps the rows of a version ${version - 1} store`, () => {
    const path = tempStorePath();
    const db = new Database(path);
    runMigrations(db, MIGRATIONS, version - 1);
    const sample = SAMPLES[version - 1];
    expect(sample, `test/unit/store/migrations.test.ts needs SAMPLES[${version - 1}]`).toBeDefined();
    sample?.seed(db);
    runMigrations(db, MIGRATIONS, version);
    expect(schemaVersion(db)).toBe(version);
    sample?.check(db);
    db.close();
  });
});

describe('a current store', () => {
  it('opens again without migrating and keeps its rows', () => {
    const path = tempStorePath();
    const first = openStationStore(path);
    first.db.prepare("INSERT INTO settings (key, value) VALUES ('deskId', '\"D2\"')").run();
    first.db.prepare('INSERT INTO locations (id, updated_at) VALUES (?, ?)').run('loc_9', T0);
    first.close();
    const again = openStationStore(path);
    expect(again.db.prepare('SELECT value FROM settings').all()).toEqual([{ value: '"D2"' }]);
    expect(again.db.prepare('SELECT id FROM locations').all()).toEqual([{ id: 'loc_9' }]);
    again.close();
  });
});
