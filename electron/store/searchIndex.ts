/**
 * The search index of the shipments (schema 4), written in the same transaction as the row by
 * the shipments module. Three parts, each the cheapest structure for what it answers
 * (docs/store.md, "Local search"):
 *
 *  - `shipment_keys (epoch, key, seq)`: identifiers and references from their start. A typed
 *    prefix can match a few shipments or half of them ("1Z"), so the keys are grouped by
 *    *epoch*: a run of about EPOCH_SHIPMENTS consecutive shipments (by seq). A search reads
 *    the newest epoch first, then two, four, … more, and stops once it has what it needs: a
 *    common prefix costs one epoch, a rare one a seek per epoch.
 *  - `shipment_tails (key, seq)`: the last characters of each, reversed; a typed ending is
 *    rare enough that one range of one b-tree answers it.
 *  - `shipment_words`: FTS5 over the folded words of name, company and city (the vocabulary in
 *    `search_words`, so a typed word is looked up as the few whole words it can start).
 *
 * `search_epochs` holds each epoch's first seq and size; `search_key_heads` the first four
 * characters of every key, so a word that starts no key (a name) skips the keys at once.
 */
import { sameEntry, type SearchEntry } from './searchText';
import { statement, type Db } from './statements';

/** Shipments per epoch: new epochs start past this many, an epoch that grows past twice as many is split. */
export const EPOCH_SHIPMENTS = 8192;

const epochSizes = new WeakMap<Db, number>();

/** Epochs of another size on this connection: tests cross epochs with a few dozen shipments. */
export function useEpochSize(db: Db, shipments: number): void {
  if (!Number.isSafeInteger(shipments) || shipments < 1) throw new Error(`an epoch holds at least one shipment, not ${shipments}`);
  epochSizes.set(db, shipments);
}

function epochSize(db: Db): number {
  return epochSizes.get(db) ?? EPOCH_SHIPMENTS;
}
/** Characters of a key kept in search_key_heads. */
export const HEAD_LENGTH = 4;

export interface Epoch {
  readonly epoch: number;
  readonly firstSeq: number;
  readonly shipments: number;
}

const EPOCH_COLUMNS = 'epoch, first_seq AS firstSeq, shipments';

/**
 * The epochs as the last search read them. Valid while this connection has not changed where
 * an epoch starts (`changes`) and no other connection has committed (`data_version`).
 */
interface EpochCache {
  changes: number;
  seen: { changes: number; dataVersion: number; epochs: readonly Epoch[] } | undefined;
}

const epochCaches = new WeakMap<Db, EpochCache>();

function epochCache(db: Db): EpochCache {
  let cache = epochCaches.get(db);
  if (cache === undefined) {
    cache = { changes: 0, seen: undefined };
    epochCaches.set(db, cache);
  }
  return cache;
}

function epochsChanged(db: Db): void {
  epochCache(db).changes++;
}

function createEpoch(db: Db, firstSeq: number, shipments: number): number {
  epochsChanged(db);
  const next = statement(db, 'SELECT coalesce(max(epoch), 0) + 1 AS epoch FROM search_epochs').get() as { epoch: number };
  statement(db, 'INSERT INTO search_epochs (epoch, first_seq, shipments) VALUES (?, ?, ?)').run(next.epoch, firstSeq, shipments);
  return next.epoch;
}

function containingEpoch(db: Db, seq: number): Epoch | undefined {
  return statement(db, `SELECT ${EPOCH_COLUMNS} FROM search_epochs WHERE first_seq <= ? ORDER BY first_seq DESC LIMIT 1`).get(seq) as Epoch | undefined;
}

function nextEpochStart(db: Db, epoch: Epoch): number | undefined {
  const next = statement(db, 'SELECT min(first_seq) AS seq FROM search_epochs WHERE first_seq > ?').get(epoch.firstSeq) as { seq: number | null };
  return next.seq ?? undefined;
}

function grow(db: Db, epoch: number, by: number): void {
  statement(db, 'UPDATE search_epochs SET shipments = shipments + ? WHERE epoch = ?').run(by, epoch);
}

/** The epoch a shipment's entry is in (the shipment is indexed). */
export function epochOf(db: Db, seq: number): number {
  const found = containingEpoch(db, seq);
  if (found === undefined) throw new Error(`shipment ${seq} lies before every search epoch: rebuild the search index (shipments.rebuildSearchIndex)`);
  return found.epoch;
}

/**
 * Moves the newer half of an epoch that grew past twice its size (shipments that arrived late,
 * out of order) into an epoch of its own, so no epoch makes a common prefix expensive.
 */
function split(db: Db, epoch: Epoch): void {
  const end = nextEpochStart(db, epoch) ?? Number.MAX_SAFE_INTEGER;
  const half = Math.floor(epoch.shipments / 2);
  const middle = statement(db, 'SELECT seq FROM shipments WHERE seq >= ? AND seq < ? ORDER BY seq LIMIT 1 OFFSET ?').get(epoch.firstSeq, end, half) as { seq: number } | undefined;
  if (middle === undefined) return;
  const moved = statement(db, 'SELECT count(*) AS n FROM shipments WHERE seq >= ? AND seq < ?').get(middle.seq, end) as { n: number };
  const newer = createEpoch(db, middle.seq, moved.n);
  statement(db, 'UPDATE shipment_keys SET epoch = ? WHERE epoch = ? AND seq >= ?').run(newer, epoch.epoch, middle.seq);
  grow(db, epoch.epoch, -moved.n);
}

/** The epoch a new shipment goes in: a new one past a full newest (or before a full oldest) epoch. */
function epochForNew(db: Db, seq: number): number {
  const at = containingEpoch(db, seq);
  if (at === undefined) {
    const oldest = statement(db, `SELECT ${EPOCH_COLUMNS} FROM search_epochs ORDER BY first_seq LIMIT 1`).get() as Epoch | undefined;
    if (oldest === undefined || oldest.shipments >= epochSize(db)) return createEpoch(db, seq, 1);
    statement(db, 'UPDATE search_epochs SET first_seq = ?, shipments = shipments + 1 WHERE epoch = ?').run(seq, oldest.epoch);
    epochsChanged(db);
    return oldest.epoch;
  }
  const newest = nextEpochStart(db, at) === undefined;
  if (newest && at.shipments >= epochSize(db) && statement(db, 'SELECT 1 FROM shipments WHERE seq > ? LIMIT 1').get(seq) === undefined) {
    return createEpoch(db, seq, 1);
  }
  grow(db, at.epoch, 1);
  if (at.shipments + 1 > 2 * epochSize(db)) {
    split(db, { ...at, shipments: at.shipments + 1 });
    return epochOf(db, seq);
  }
  return at.epoch;
}

const headOf = (key: string): string => Array.from(key).slice(0, HEAD_LENGTH).join('');

function addKeys(db: Db, epoch: number, seq: number, keys: readonly string[]): void {
  for (const key of keys) {
    statement(db, 'INSERT OR IGNORE INTO shipment_keys (epoch, key, seq) VALUES (?, ?, ?)').run(epoch, key, seq);
    statement(db, 'INSERT OR IGNORE INTO search_key_heads (head) VALUES (?)').run(headOf(key));
  }
}

function addTails(db: Db, seq: number, tails: readonly string[]): void {
  for (const tail of tails) statement(db, 'INSERT OR IGNORE INTO shipment_tails (key, seq) VALUES (?, ?)').run(tail, seq);
}

function addWords(db: Db, seq: number, words: readonly string[]): void {
  if (words.length === 0) return;
  statement(db, 'INSERT INTO shipment_words (rowid, words) VALUES (?, ?)').run(seq, words.join(' '));
  for (const word of words) statement(db, 'INSERT OR IGNORE INTO search_words (word) VALUES (?)').run(word);
}

function dropKeys(db: Db, epoch: number, seq: number, keys: readonly string[]): void {
  for (const key of keys) statement(db, 'DELETE FROM shipment_keys WHERE epoch = ? AND key = ? AND seq = ?').run(epoch, key, seq);
}

function dropTails(db: Db, seq: number, tails: readonly string[]): void {
  for (const tail of tails) statement(db, 'DELETE FROM shipment_tails WHERE key = ? AND seq = ?').run(tail, seq);
}

function dropWords(db: Db, seq: number, words: readonly string[]): void {
  if (words.length > 0) statement(db, 'DELETE FROM shipment_words WHERE rowid = ?').run(seq);
}

const without = (values: readonly string[], others: readonly string[]): string[] => values.filter((value) => !others.includes(value));

/** Indexes a shipment just inserted (its row is written). */
export function indexNew(db: Db, seq: number, entry: SearchEntry): void {
  const epoch = epochForNew(db, seq);
  addKeys(db, epoch, seq, entry.keys);
  addTails(db, seq, entry.tails);
  addWords(db, seq, entry.words);
}

/**
 * Brings a shipment's entry from `before` to `after`, touching only what changed: an update that
 * does not change what a shipment is found by (a status or tracking refresh) writes nothing, and
 * a contentless FTS5 entry is replaced only when the words changed (a replacement costs several
 * times an insert and leaves a tombstone to merge away).
 */
export function reindex(db: Db, seq: number, before: SearchEntry, after: SearchEntry): void {
  if (sameEntry(before, after)) return;
  const epoch = epochOf(db, seq);
  dropKeys(db, epoch, seq, without(before.keys, after.keys));
  addKeys(db, epoch, seq, without(after.keys, before.keys));
  dropTails(db, seq, without(before.tails, after.tails));
  addTails(db, seq, without(after.tails, before.tails));
  if (before.words.join(' ') !== after.words.join(' ')) {
    dropWords(db, seq, before.words);
    addWords(db, seq, after.words);
  }
}

/** Takes a shipment about to be deleted out of the index. */
export function unindex(db: Db, seq: number, entry: SearchEntry): void {
  const epoch = epochOf(db, seq);
  dropKeys(db, epoch, seq, entry.keys);
  dropTails(db, seq, entry.tails);
  dropWords(db, seq, entry.words);
  grow(db, epoch, -1);
}

/** Empties every part of the index, for a rebuild. */
export function clearIndex(db: Db): void {
  epochsChanged(db);
  for (const table of ['shipment_keys', 'shipment_tails', 'shipment_words', 'search_epochs', 'search_key_heads', 'search_words']) {
    statement(db, `DELETE FROM ${table}`).run();
  }
}

/**
 * Indexes shipments given in seq order after clearIndex: epochs of EPOCH_SHIPMENTS each, in
 * order. Returns a function to call per shipment.
 */
export function sequentialIndexer(db: Db): (seq: number, entry: SearchEntry) => void {
  const size = epochSize(db);
  let epoch = 0;
  let filled = size;
  return (seq, entry) => {
    if (filled >= size) {
      epoch = createEpoch(db, seq, 0);
      filled = 0;
    }
    filled++;
    grow(db, epoch, 1);
    addKeys(db, epoch, seq, entry.keys);
    addTails(db, seq, entry.tails);
    addWords(db, seq, entry.words);
  };
}

/** Every epoch, oldest first. Inside a transaction always read afresh: it may yet be rolled back. */
export function listEpochs(db: Db): readonly Epoch[] {
  const cache = epochCache(db);
  const dataVersion = statement(db, 'PRAGMA data_version').pluck().get() as number;
  const seen = cache.seen;
  if (seen !== undefined && seen.changes === cache.changes && seen.dataVersion === dataVersion && !db.inTransaction) return seen.epochs;
  const epochs = statement(db, `SELECT ${EPOCH_COLUMNS} FROM search_epochs ORDER BY first_seq`).all() as Epoch[];
  cache.seen = db.inTransaction ? undefined : { changes: cache.changes, dataVersion, epochs };
  return epochs;
}

