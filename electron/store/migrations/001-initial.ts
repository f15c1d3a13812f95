/**
 * Schema 1: every table of the station store. The SQL is frozen once released: a change
 * to the schema is a new migration, never an edit here, so a file made by any release
 * reaches the same schema as a new one (the migrate-then-compare test holds us to it).
 */
import type { Migration } from './types';

const SQL = `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE locations (
  id TEXT PRIMARY KEY,
  reference_id TEXT,
  location_name TEXT,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  list_record TEXT,
  detail TEXT,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX locations_by_name ON locations (location_name, id);

-- seq is the row's rowid, made from created_at (created_at * 1024 + n) so that "newest
-- first" is rowid order: the search index shares these rowids and stops after one page.
CREATE TABLE shipments (
  seq INTEGER PRIMARY KEY,
  station_ref TEXT NOT NULL UNIQUE,
  service_id TEXT UNIQUE,
  status TEXT NOT NULL,
  input TEXT,
  result TEXT,
  search_record TEXT,
  tracking_record TEXT,
  tracking_number TEXT,
  carrier TEXT,
  ship_to_name TEXT,
  ship_to_company TEXT,
  ship_to_city TEXT,
  order_number TEXT,
  customer_po TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered INTEGER NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1))
) STRICT;
CREATE INDEX shipments_to_track ON shipments (updated_at)
  WHERE delivered = 0 AND service_id IS NOT NULL AND status NOT IN ('Cancelled', 'Archived', 'discarded');

-- Contentless: the text lives in shipments; the index keeps only tokens (half the size).
-- words: everything as written; ids: identifiers without separators ("so1234567");
-- tails: those reversed, so "the last digits" is a prefix query.
CREATE VIRTUAL TABLE shipment_search USING fts5(
  words, ids, tails,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE TABLE documents (
  document_id INTEGER PRIMARY KEY AUTOINCREMENT,
  station_ref TEXT NOT NULL REFERENCES shipments (station_ref) ON DELETE CASCADE,
  type TEXT NOT NULL,
  name TEXT,
  package_index INTEGER,
  mime TEXT NOT NULL,
  bytes BLOB NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX documents_identity ON documents (station_ref, type, ifnull(package_index, -1), ifnull(name, ''));
CREATE INDEX documents_by_age ON documents (created_at);

CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  station_ref TEXT NOT NULL REFERENCES shipments (station_ref) ON DELETE CASCADE,
  document_id INTEGER REFERENCES documents (document_id) ON DELETE SET NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('auto', 'reprint')),
  printer TEXT,
  copies INTEGER NOT NULL DEFAULT 1 CHECK (copies >= 1),
  state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'completed', 'failed')),
  cups_job_id TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
-- The automatic print of a label happens once: a second hand-off finds this row.
CREATE UNIQUE INDEX print_jobs_one_auto_print ON print_jobs (document_id) WHERE purpose = 'auto';
CREATE INDEX print_jobs_by_shipment ON print_jobs (station_ref, id);
CREATE INDEX print_jobs_by_document ON print_jobs (document_id);
CREATE INDEX print_jobs_open ON print_jobs (id) WHERE state IN ('queued', 'sent');

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  station_ref TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('createShipment', 'cancelShipment', 'updateShipment', 'blockShipment', 'unblockShipment',
    'archiveShipment', 'createLocation', 'updateLocation', 'deleteLocation')),
  payload TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'done', 'failed', 'unknown', 'needs_review', 'discarded')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  result TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
-- "Next ready item in order": only live items are in this index, so it stays tiny.
CREATE INDEX outbox_ready ON outbox (id) WHERE state IN ('pending', 'unknown');
CREATE INDEX outbox_by_record ON outbox (station_ref, id);
CREATE INDEX outbox_by_state ON outbox (state, id);
`;

export const initialSchema: Migration = {
  version: 1,
  name: 'initial schema',
  up(db) {
    db.exec(SQL);
  },
};
