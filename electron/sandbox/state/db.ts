/**
 * The sandbox's own SQLite database: a file (`--db FILE`, kept across restarts) or memory.
 * Records are stored as JSON documents beside the columns that lists and searches use.
 */
import Database from 'better-sqlite3';

export type SandboxDb = Database.Database;

const SCHEMA_VERSION = 1;

const SCHEMA = `
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
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  }
  return db;
}
