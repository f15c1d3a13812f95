/**
 * Schema 4: local search that stays fast and small at a million shipments (docs/store.md,
 * "Local search").
 * - The FTS5 index over everything (`shipment_search`) gives way to three parts: identifiers
 *   and references from their start in `shipment_keys`, grouped by epochs of consecutive
 *   shipments (`search_epochs`), so a common typed prefix reads one epoch; their endings in
 *   `shipment_tails`; the words of name, company and city in a small FTS5 table
 *   `shipment_words` with its vocabulary `search_words`. `search_key_heads` tells at once that
 *   no key starts with a word.
 * - The create input, the create result and the search record may be packed (deflate with a
 *   dictionary, electron/store/pack.ts): their columns take either JSON text, as stored so far,
 *   or a packed BLOB; the dictionaries a store makes for itself are in `pack_dictionaries`. The
 *   tracking record stays JSON text: SQL reads it (the tracking status). What SQL read of the
 *   create result (the charges) is in the list columns of schema 3, the currency as rates spell
 *   it filled in here.
 * - The order-number index goes: an order number is a key, found by its shipments as any key.
 * - Indexes for the list's filters by status, carrier and ship-from location, newest first, and
 *   a partial index that finds the rare shipment whose seq spilled past its millisecond.
 * The new index is filled from the stored shipments, as every change to what is indexed does.
 */
import { rebuildSearchIndex } from '../shipments';
import type { Migration } from './types';

const SQL = `
DROP TABLE shipment_search;

-- ANY: JSON text as stored until now, or a packed BLOB from now on. A column's type cannot
-- change in place, so the values move to a new column that takes the old one's name.
-- The currency as rates spell it (currencycode), where schema 3 found none, while the create
-- result is still JSON text that SQL can read.
UPDATE shipments SET currency = json_extract(result, '$.billingDetail.currencycode')
  WHERE currency IS NULL AND json_valid(result) AND json_type(result, '$.billingDetail.currencycode') = 'text';

ALTER TABLE shipments ADD COLUMN packed_input ANY;
ALTER TABLE shipments ADD COLUMN packed_result ANY;
ALTER TABLE shipments ADD COLUMN packed_search_record ANY;
UPDATE shipments SET packed_input = input, packed_result = result, packed_search_record = search_record
  WHERE input IS NOT NULL OR result IS NOT NULL OR search_record IS NOT NULL;
ALTER TABLE shipments DROP COLUMN input;
ALTER TABLE shipments DROP COLUMN result;
ALTER TABLE shipments DROP COLUMN search_record;
ALTER TABLE shipments RENAME COLUMN packed_input TO input;
ALTER TABLE shipments RENAME COLUMN packed_result TO result;
ALTER TABLE shipments RENAME COLUMN packed_search_record TO search_record;

-- An order number is a key now (shipments.findByOrderNumber reads it there).
DROP INDEX shipments_by_order;

CREATE TABLE pack_dictionaries (
  id INTEGER PRIMARY KEY,
  bytes BLOB NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

-- A run of consecutive shipments (by seq), from first_seq to the next epoch's.
CREATE TABLE search_epochs (
  epoch INTEGER PRIMARY KEY,
  first_seq INTEGER NOT NULL UNIQUE,
  shipments INTEGER NOT NULL
) STRICT;

CREATE TABLE shipment_keys (
  epoch INTEGER NOT NULL,
  key TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (epoch, key, seq)
) WITHOUT ROWID, STRICT;

CREATE TABLE shipment_tails (
  key TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (key, seq)
) WITHOUT ROWID, STRICT;

CREATE TABLE search_key_heads (
  head TEXT PRIMARY KEY
) WITHOUT ROWID, STRICT;

-- The words are folded by the store and joined by spaces; the ascii tokenizer then cuts them
-- exactly there and nowhere else (it leaves letters beyond ASCII as they are).
CREATE VIRTUAL TABLE shipment_words USING fts5(
  words,
  content = '', contentless_delete = 1, detail = none,
  tokenize = 'ascii',
  prefix = '2 3'
);

CREATE TABLE search_words (
  word TEXT PRIMARY KEY
) WITHOUT ROWID, STRICT;

CREATE INDEX shipments_by_status ON shipments (status, seq);
CREATE INDEX shipments_by_carrier ON shipments (carrier, seq);
CREATE INDEX shipments_by_location ON shipments (location_id, seq) WHERE location_id IS NOT NULL;
-- Over 1024 shipments in one millisecond spill into the next ones' seqs; this finds them.
CREATE INDEX shipments_spilled ON shipments (created_at) WHERE seq >= created_at * 1024 + 1024;
`;

export const searchKeysSchema: Migration = {
  version: 4,
  name: 'search keys, tails and words; packed records; list filter indexes',
  up(db) {
    db.exec(SQL);
    rebuildSearchIndex(db);
  },
};
