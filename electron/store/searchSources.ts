/**
 * Where a search finds each typed word, a batch of epochs at a time: the keys (identifiers and
 * references from their start), the tails (their endings), the words of names (FTS5). See
 * searchIndex.ts for what each holds, and docs/store.md for the figures behind the choices.
 */
import type { LocalSearchSort } from '../api/shipments';
import { HEAD_LENGTH, epochOf } from './searchIndex';
import { type Batch, NONE, type Seqs, intersection, sortedSeqs, union } from './seqSets';
import { MIN_PREFIX_LENGTH, TAIL_LENGTH, compactIdentifier, ftsString, lastWordIsPrefix, searchEntry, tailKey, wordsMatch, type QueryWord, type SearchEntry } from './searchText';
import { searchFieldsOf } from './shipmentFields';
import { getBySeq } from './shipments';
import { statement, type Db, type Statement } from './statements';

/** A typed word that starts more vocabulary words than this is looked up as a prefix instead. */
const MAX_WORD_EXPANSION = 64;
/** Words of 2 and 3 characters are prefix lookups in FTS5's own prefix indexes ('2 3'). */
const FTS_PREFIX_INDEX_MAX = 3;
/** A word with at most this many tails has them checked one by one; with more, they are read by batch. */
const FEW_TAILS = 32;
/** Above every character: the end of a prefix range. */
const AFTER_ALL = '\u{10FFFF}';

/**
 * What reading costs, in units of one key read (about 0.15 µs here): a row of an FTS5 stream
 * costs three (read one at a time), a filter looked up for one shipment seven, a shipment whose
 * every identifier is recomputed fifty.
 */
export const WORK = { key: 1, streamed: 3, looked: 7, checked: 50 } as const;

/** The one column of every row, as plain values (no row objects: a dense word returns thousands). */
export function seqsOf(query: Statement, ...params: unknown[]): number[] {
  return query.pluck().all(...params) as number[];
}

const length = (text: string): number => Array.from(text).length;

/**
 * One search's reading: its order, its range of seqs, what it has read so far, and the FTS5
 * queries it keeps open. FTS5 seeks badly to a rowid range (a range of a dense word costs as much
 * as a few thousand of its rows), so a word's FTS5 matches are one query per search, read in
 * order a batch at a time, not a query per batch.
 */
export class Reading {
  /** What has been read so far, in WORK units. */
  work = 0;
  /** The filter turned out common among the candidates: look them up rather than read its index. */
  commonFilter = false;
  private readonly open: IterableIterator<unknown>[] = [];
  private slots = 0;
  private readonly entries = new Map<number, SearchEntry | undefined>();
  private readonly nameWords = new Map<number, readonly string[]>();

  constructor(
    readonly db: Db,
    readonly sort: LocalSearchSort,
    readonly range: { readonly lo: number; readonly hi: number },
  ) {}

  /** FTS5 matches of `expression` within the range, in the search's order, read on demand. */
  words(expression: string): SeqStream {
    // A statement steps one query at a time: each open stream has one of its own.
    const sql = `SELECT rowid FROM shipment_words WHERE shipment_words MATCH ? AND rowid >= ? AND rowid <= ? ORDER BY rowid ${this.sort === 'newest' ? 'DESC' : 'ASC'} -- ${this.slots++}`;
    const rows = statement(this.db, sql).pluck().iterate(expression, this.range.lo, this.range.hi);
    this.open.push(rows);
    return new SeqStream(rows, this);
  }

  /** The folded words of a shipment's name, company and city, read from its columns: what the words index holds of it. */
  wordsOf(seq: number): readonly string[] {
    let words = this.nameWords.get(seq);
    if (words === undefined) {
      const names = statement(this.db, 'SELECT ship_to_name, ship_to_company, ship_to_city FROM shipments WHERE seq = ?').raw().get(seq) as (string | null)[] | undefined;
      this.work += WORK.looked;
      words = searchEntry({ identifiers: [], references: [], names: names ?? [] }).words;
      this.nameWords.set(seq, words);
    }
    return words;
  }

  /** What a shipment is found by, made from its row as the index makes it (for the few checked one by one). */
  entry(seq: number): SearchEntry | undefined {
    if (!this.entries.has(seq)) {
      const shipment = getBySeq(this.db, seq);
      this.work += WORK.checked;
      this.entries.set(seq, shipment === undefined ? undefined : searchEntry(searchFieldsOf(shipment)));
    }
    return this.entries.get(seq);
  }

  close(): void {
    for (const rows of this.open.splice(0)) rows.return?.();
  }
}

export class SeqStream {
  private head: number | undefined;

  constructor(
    private readonly rows: IterableIterator<unknown>,
    private readonly reading: Reading,
  ) {
    this.advance();
  }

  private advance(): void {
    const next = this.rows.next();
    this.head = next.done === true ? undefined : (next.value as number);
  }

  /** The stream's next `count` seqs (or fewer, at its end), in the stream's order. */
  takeSome(count: number): number[] {
    const taken: number[] = [];
    while (this.head !== undefined && taken.length < count) {
      taken.push(this.head);
      this.advance();
    }
    this.reading.work += taken.length * WORK.streamed;
    return taken;
  }

  /** The stream's seqs in `batch` (batches come in the stream's order, so none is skipped). */
  take(batch: Batch): Seqs {
    const taken: number[] = [];
    const inBatch = this.reading.sort === 'newest' ? (seq: number) => seq >= batch.lo : (seq: number) => seq <= batch.hi;
    while (this.head !== undefined && inBatch(this.head)) {
      taken.push(this.head);
      this.advance();
    }
    this.reading.work += taken.length * WORK.streamed;
    return sortedSeqs(taken);
  }
}

function vocabulary(db: Db, prefix: string, limit: number): string[] {
  return statement(db, 'SELECT word FROM search_words WHERE word >= ? AND word < ? LIMIT ?').pluck().all(prefix, prefix + AFTER_ALL, limit) as string[];
}

/**
 * The FTS5 expression for a typed word's words: all whole, but the last as the start of a word
 * when lastWordIsPrefix. A prefix of 2 or 3 characters is FTS5's own prefix index; a longer one is the few
 * whole words of the vocabulary it starts. Null when no stored word can match.
 */
function wordsExpression(db: Db, typed: QueryWord): string | null {
  const { words } = typed;
  if (words.length === 0) return null;
  const prefix = lastWordIsPrefix(typed);
  const parts: string[] = [];
  for (const [i, word] of words.entries()) {
    const chars = length(word);
    if (i < words.length - 1 || !prefix) {
      if (statement(db, 'SELECT 1 FROM search_words WHERE word = ?').get(word) === undefined) return null;
      parts.push(ftsString(word));
    } else if (chars <= FTS_PREFIX_INDEX_MAX) {
      if (vocabulary(db, word, 1).length === 0) return null;
      parts.push(`${ftsString(word)}*`);
    } else {
      const completions = vocabulary(db, word, MAX_WORD_EXPANSION + 1);
      if (completions.length === 0) return null;
      parts.push(completions.length > MAX_WORD_EXPANSION ? `${ftsString(word)}*` : `(${completions.map(ftsString).join(' OR ')})`);
    }
  }
  return parts.join(' AND ');
}

function keysPossible(db: Db, key: string): boolean {
  if (length(key) >= HEAD_LENGTH) return statement(db, 'SELECT 1 FROM search_key_heads WHERE head = ?').get(Array.from(key).slice(0, HEAD_LENGTH).join('')) !== undefined;
  if (length(key) < MIN_PREFIX_LENGTH) return statement(db, 'SELECT 1 FROM search_key_heads WHERE head = ?').get(key) !== undefined;
  return statement(db, 'SELECT 1 FROM search_key_heads WHERE head >= ? AND head < ? LIMIT 1').get(key, key + AFTER_ALL) !== undefined;
}

function keyMatches(db: Db, key: string, batch: Batch): number[] {
  // The batch's first and last epochs may reach past the dates asked for: seq bounds them.
  const epochs = JSON.stringify(batch.epochs);
  if (length(key) < MIN_PREFIX_LENGTH) {
    return seqsOf(statement(db, 'SELECT seq FROM shipment_keys WHERE epoch IN (SELECT value FROM json_each(?)) AND key = ? AND seq >= ? AND seq <= ?'), epochs, key, batch.lo, batch.hi);
  }
  const sql = 'SELECT seq FROM shipment_keys WHERE epoch IN (SELECT value FROM json_each(?)) AND key >= ? AND key < ? AND seq >= ? AND seq <= ?';
  return seqsOf(statement(db, sql), epochs, key, key + AFTER_ALL, batch.lo, batch.hi);
}

/** Whether a sorted set holds `seq`. */
function binaryHas(seqs: Seqs, seq: number): boolean {
  let lo = 0;
  let hi = seqs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = seqs[mid] ?? 0;
    if (at === seq) return true;
    if (at < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Whether a key of shipment `seq` starts with `key` (is it, for one character): one epoch's range of the keys. */
function keyOf(db: Db, key: string, seq: number): boolean {
  const epoch = epochOf(db, seq);
  if (length(key) < MIN_PREFIX_LENGTH) return statement(db, 'SELECT 1 FROM shipment_keys WHERE epoch = ? AND key = ? AND seq = ?').get(epoch, key, seq) !== undefined;
  return statement(db, 'SELECT 1 FROM shipment_keys WHERE epoch = ? AND key >= ? AND key < ? AND seq = ? LIMIT 1').get(epoch, key, key + AFTER_ALL, seq) !== undefined;
}

/**
 * Shipments an identifier of which ends with `compact`. Tails are kept to TAIL_LENGTH
 * characters; a longer ending is looked up by its last TAIL_LENGTH and checked against the
 * shipments found (a handful: those characters nearly always name one identifier), first
 * against the identifiers a row holds as columns, then against all of them.
 */
function tailMatches(reading: Reading, compact: string): number[] {
  const { db } = reading;
  const key = tailKey(compact);
  const seqs = [...new Set(seqsOf(statement(db, 'SELECT seq FROM shipment_tails WHERE key >= ? AND key < ?'), key, key + AFTER_ALL))];
  reading.work += seqs.length * WORK.key;
  if (length(compact) <= TAIL_LENGTH) return seqs;
  return seqs.filter((seq) => {
    const columns = statement(db, 'SELECT tracking_number, order_number, customer_po, service_id, station_ref FROM shipments WHERE seq = ?').raw().get(seq) as (string | null)[] | undefined;
    if (columns?.some((id) => id !== null && compactIdentifier(id).endsWith(compact))) return true;
    return reading.entry(seq)?.keys.some((key) => key.endsWith(compact)) ?? false;
  });
}

/** What one typed word can match, looked up once per search; `in(batch)` gives its shipments there. */
export class WordSource {
  /** Every shipment an identifier of which ends with the word, in seq order. */
  readonly tails: Seqs;
  /** False when no key starts with the word (a name): the keys are not read at all. */
  readonly keysPossible: boolean;
  readonly words: string | null;
  private stream: SeqStream | undefined;

  constructor(
    reading: Reading,
    readonly word: QueryWord,
  ) {
    this.tails = word.tail === null ? NONE : sortedSeqs(tailMatches(reading, word.tail));
    this.keysPossible = keysPossible(reading.db, word.key);
    this.words = wordsExpression(reading.db, word);
  }

  /**
   * Found by its words, which FTS5 then ANDs with the other such words: no key starts with it,
   * and its few tails (an identifier that happens to end with a name) are checked one by one.
   */
  get byWords(): boolean {
    return !this.keysPossible && this.tails.length <= FEW_TAILS;
  }

  /**
   * Whether one shipment matches the word, without reading its records: its tails are all in
   * `tails` already, its words are three columns, its keys one epoch's range of the index.
   */
  has(reading: Reading, seq: number): boolean {
    if (binaryHas(this.tails, seq)) return true;
    if (this.words !== null && wordsMatch(reading.wordsOf(seq), this.word)) return true;
    return this.keysPossible && keyOf(reading.db, this.word.key, seq);
  }

  in(reading: Reading, batch: Batch): Seqs {
    let found = NONE;
    if (this.keysPossible) {
      const keys = keyMatches(reading.db, this.word.key, batch);
      reading.work += keys.length * WORK.key;
      found = sortedSeqs(keys);
    }
    const tails = this.tails.filter((seq) => seq >= batch.lo && seq <= batch.hi);
    if (tails.length > 0) found = union(found, tails);
    if (this.words !== null) {
      this.stream ??= reading.words(this.words);
      found = union(found, this.stream.take(batch));
    }
    return found;
  }
}

/**
 * One alternative of a query: shipments matching every word. The words found by their words are
 * one FTS5 query (FTS5 intersects them); the others are read by batch and intersected here;
 * the few tails of the former are each checked against every word.
 */
export class Conjunction {
  readonly sources: readonly WordSource[];
  private readonly byWords: readonly WordSource[];
  private readonly others: readonly WordSource[];
  private readonly checked: Seqs;
  private stream: SeqStream | undefined;

  constructor(reading: Reading, words: readonly QueryWord[]) {
    this.sources = words.map((word) => new WordSource(reading, word));
    this.byWords = this.sources.filter((source) => source.byWords);
    this.others = this.sources.filter((source) => !source.byWords);
    this.checked = this.byWords.reduce((all, source) => union(all, source.tails), NONE);
  }

  /** The words FTS5 reads together cannot all match: only the checked tails can still match. */
  private get wordsImpossible(): boolean {
    return this.byWords.some((source) => source.words === null);
  }

  /** Nothing can match: no batch needs reading. */
  get impossible(): boolean {
    return this.wordsImpossible && this.checked.length === 0;
  }

  /** Only words read by FTS5 (and their few tails): one FTS5 query and a few checks answer it whole. */
  get wordsOnly(): boolean {
    return this.others.length === 0;
  }

  /** The FTS5 expression of the words read together; null when they cannot all match. */
  get expression(): string | null {
    if (this.byWords.length === 0 || this.wordsImpossible) return null;
    return this.byWords.map((source) => `(${source.words ?? ''})`).join(' AND ');
  }

  /** Of the few tails checked one by one, those within `lo`..`hi` that match every word. */
  checkedIn(reading: Reading, lo: number, hi: number): number[] {
    return Array.from(this.checked).filter((seq) => seq >= lo && seq <= hi && this.sources.every((source) => source.has(reading, seq)));
  }

  /** The shipments of a batch that match every word. */
  in(reading: Reading, batch: Batch): Seqs {
    let found: Seqs | undefined;
    const expression = this.expression;
    if (expression !== null) {
      this.stream ??= reading.words(expression);
      found = this.stream.take(batch);
    } else if (this.byWords.length > 0) {
      found = NONE;
    }
    for (const source of this.others) {
      if (found !== undefined && found.length === 0) break;
      const matches = source.in(reading, batch);
      found = found === undefined ? matches : intersection(found, matches);
    }
    const passed = this.checkedIn(reading, batch.lo, batch.hi);
    return passed.length === 0 ? (found ?? NONE) : union(found ?? NONE, sortedSeqs(passed));
  }
}
