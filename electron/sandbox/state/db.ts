/**
 * The sandbox's own SQLite database: a file (`--db FILE`, kept across restarts) or memory.
 * Records are stored as JSON documents beside the columns that lists and searches use.
 */
import Database from 'better-sqlite3';
import type { LocationCreate } from '../../service/contract';
import { LIST_COLUMN_NAMES, listRowOf, LOCATION_LIST_INDEXES, LOCATION_LIST_TABLE } from './locationColumns';

export type SandboxDb = Database.Database;

/** Schema 1: the first sandbox's tables, as files written by it hold them. */
const SCHEMA_1 = `
CREATE TABLE locations (
  id TEXT PRIMARY KEY,
  record TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  created_on TEXT NOT NULL,
  created_by TEXT NOT NULL,
  updated_on TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
CREATE TABLE shipments (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  ship_date TEXT NOT NULL,
  created_on TEXT NOT NULL,
  tracking_number TEXT NOT NULL UNIQUE,
  carrier TEXT NOT NULL,
  ship_method TEXT NOT NULL,
  location_name TEXT,
  ship_to_name TEXT,
  ship_to_city TEXT,
  ship_to_country TEXT,
  order_number TEXT,
  customer_po TEXT,
  search_text TEXT NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX shipments_by_date ON shipments (ship_date DESC, id);
CREATE INDEX shipments_by_status ON shipments (status);
CREATE TABLE package_tracking (
  tracking_number TEXT PRIMARY KEY,
  shipment_id TEXT NOT NULL REFERENCES shipments (id)
);
CREATE TABLE documents (
  shipment_id TEXT PRIMARY KEY REFERENCES shipments (id),
  documents TEXT NOT NULL
);
`;

/**
 * Schema 2: the `location_list` table Get Locations pages, searches and sorts on in SQL, with
 * an index per sort order. Filled from the existing records, so a file written by schema 1
 * (the app keeps one in its data folder) is upgraded in place when it is opened.
 */
function upgradeTo2(db: SandboxDb): void {
  db.exec(LOCATION_LIST_TABLE);
  for (const index of LOCATION_LIST_INDEXES) db.exec(index);
  const rows = db.prepare('SELECT id, record, deleted, created_on, created_by, updated_by FROM locations').all() as {
    id: string;
    record: string;
    deleted: number;
    created_on: string;
    created_by: string;
    updated_by: string;
  }[];
  const insert = db.prepare(`INSERT INTO location_list (${LIST_COLUMN_NAMES.join(', ')}) VALUES (${LIST_COLUMN_NAMES.map((name) => `@${name}`).join(', ')})`);
  for (const row of rows) {
    insert.run(
      listRowOf({ id: row.id, record: JSON.parse(row.record) as LocationCreate, deleted: row.deleted === 1, createdOn: row.created_on, createdBy: row.created_by, updatedBy: row.updated_by }),
    );
  }
}

/** Each schema's step from the one before; a file at version N runs the steps after N. */
const UPGRADES: readonly ((db: SandboxDb) => void)[] = [(db) => db.exec(SCHEMA_1), upgradeTo2];
const SCHEMA_VERSION = UPGRADES.length;

export function openSandboxDb(path: string): SandboxDb {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // The sandbox stands in for a remote service: a committed create must survive a crash of
  // the sandbox process, or the station's exactly-once tests would be testing nothing.
  db.pragma('synchronous = FULL');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    db.close();
    throw new Error(`${path} was written by a newer sandbox (schema ${version}; this one knows ${SCHEMA_VERSION})`);
  }
  if (version < SCHEMA_VERSION) {
    db.transaction(() => {
      for (const upgrade of UPGRADES.slice(version)) upgrade(db);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }
  return db;
}
