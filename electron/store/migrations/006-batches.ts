/**
 * Schema 6: batches of imported orders shipped at once.
 * - `batches`: one row per batch, found again by the key its request was made with; the box and
 *   service of every order as JSON; when every shipment of it first settled (from then its labels
 *   print, as one job), and why its print waits when a printer held it.
 * - `batch_orders`: the batch's orders in its order (`position`), each with the shipment queued for
 *   it, or why it was refused before anything was queued; a shipment belongs to one batch at most.
 * Shipment states are not copied here: they are read from the outbox and the shipments as they are.
 */
import type { Migration } from './types';

const SQL = `
CREATE TABLE batches (
  id INTEGER PRIMARY KEY,
  batch_key TEXT NOT NULL UNIQUE,
  box TEXT NOT NULL,
  service TEXT NOT NULL,
  ship_from_location_id TEXT,
  created_at INTEGER NOT NULL,
  settled_at INTEGER,
  print_note TEXT
) STRICT;
-- The batches whose labels are still held for them: few, however many batches the desk made.
CREATE INDEX batches_unsettled ON batches (id) WHERE settled_at IS NULL;

CREATE TABLE batch_orders (
  batch_id INTEGER NOT NULL REFERENCES batches (id),
  position INTEGER NOT NULL CHECK (position >= 0),
  order_number TEXT NOT NULL,
  station_ref TEXT UNIQUE,
  refused TEXT,
  PRIMARY KEY (batch_id, position),
  CHECK ((station_ref IS NULL) <> (refused IS NULL))
) STRICT, WITHOUT ROWID;
`;

export const batchesSchema: Migration = {
  version: 6,
  name: 'batches of orders shipped at once',
  up(db) {
    db.exec(SQL);
  },
};
