/**
 * Local search over cached shipments: the words typed, the list's filters, newest or oldest
 * first, a page at a time. The index (searchIndex.ts) groups identifiers by epochs of
 * consecutive shipments, so a search reads the newest epoch first, then two, four, … more, and
 * stops as soon as it holds the page and enough matches to count them (up to
 * TOTAL_COUNT_CAP): a common word costs an epoch, a rare one a seek per epoch, never a sort of
 * every match. Design and figures: docs/store.md, "Local search".
 */
import * as z from 'zod';
import { LOCAL_SEARCH_SORTS, LocalSearchFilters, type LocalSearchSort, type SearchResult, type ShipmentSummary } from '../api/shipments';
import { parseInput } from './rows';
import { listEpochs } from './searchIndex';
import { Conjunction, Reading, WORK, seqsOf } from './searchSources';
import { parseQuery } from './searchText';
import { Batches, LAST_SEQ, NONE, intersection, sortedSeqs, union } from './seqSets';
import { parseSummaryValues, SUMMARY_SELECT } from './shipmentRecords';
import { SEQ_PER_MS } from './shipments';
import { statement, type Db } from './statements';

/** Totals above this are not counted exactly: counting every match of "a" costs more than the page. */
export const TOTAL_COUNT_CAP = 1000;
/** Reading done (in WORK units: a fraction of a millisecond) past a full page, after which the count stops at "at least". */
export const COUNT_WORK = 2000;
const countWorks = new WeakMap<Db, number>();

/** Another counting allowance on this connection: tests reach "at least" with a few shipments. */
export function useCountWork(db: Db, work: number): void {
  countWorks.set(db, work);
}

/** FTS5 matches filtered at a time when only words of names and filters were asked for. */
const FILTERED_CHUNK = 256;

const Options = z.object({
  limit: z.number().int().min(1).max(500),
  offset: z.number().int().min(0).optional(),
  filters: LocalSearchFilters.optional(),
  sort: z.enum(LOCAL_SEARCH_SORTS).optional(),
});

export interface SearchOptions {
  readonly limit: number;
  readonly offset?: number;
  readonly filters?: LocalSearchFilters;
  readonly sort?: LocalSearchSort;
}

const json = (values: readonly unknown[]): string => JSON.stringify(values);

/** The page with its total: exact when every match was counted and there are at most TOTAL_COUNT_CAP, else "at least". */
function withTotal(results: ShipmentSummary[], found: { complete: boolean }, counted: number): SearchResult {
  if (counted > TOTAL_COUNT_CAP) return { results, totalAtLeast: TOTAL_COUNT_CAP };
  return found.complete ? { results, total: counted } : { results, totalAtLeast: counted };
}

// ---- Filters ---------------------------------------------------------------------------

interface Conditions {
  readonly sql: string[];
  readonly params: unknown[];
  /** The index that serves them best, when one of them has one. */
  readonly index: string | undefined;
  /** The one status asked for, when it is the only condition: checked in shipments_set_aside. */
  readonly onlyStatus: string | undefined;
}

/** The status nearly every shipment keeps, which the small index shipments_set_aside leaves out (schema 8). */
const USUAL_STATUS = 'Created';

function listCondition(conditions: { sql: string[]; params: unknown[] }, column: string, values: readonly string[] | undefined): boolean {
  if (values === undefined || values.length === 0) return false;
  // One value: an equality, so the column's index gives rows in seq order and the LIMIT stops it.
  if (values.length === 1) conditions.sql.push(`${column} = ?`);
  else conditions.sql.push(`${column} IN (SELECT value FROM json_each(?))`);
  conditions.params.push(values.length === 1 ? values[0] : json(values));
  return true;
}

/** Whether some shipment's seq spilled past its millisecond (over 1024 in one): then seqs alone do not bound createdAt. */
function anySpilled(db: Db): boolean {
  return statement(db, 'SELECT 1 FROM shipments INDEXED BY shipments_spilled WHERE seq >= created_at * 1024 + 1024 LIMIT 1').get() !== undefined;
}

/**
 * The filters as SQL on `shipments`. The dates are the seq range (seqRange) and need no SQL of
 * their own, unless a seq spilled.
 */
function conditionsOf(db: Db, filters: LocalSearchFilters | undefined): Conditions {
  const sql: string[] = [];
  const params: unknown[] = [];
  const dated = filters?.from !== undefined || filters?.to !== undefined;
  if (dated && anySpilled(db)) {
    if (filters?.from !== undefined) {
      sql.push('created_at >= ?');
      params.push(filters.from);
    }
    if (filters?.to !== undefined) {
      sql.push('created_at < ?');
      params.push(filters.to);
    }
  }
  const target = { sql, params };
  const byStatus = listCondition(target, 'status', filters?.statuses);
  const byCarrier = listCondition(target, 'carrier', filters?.carriers);
  const byLocation = listCondition(target, 'location_id', filters?.locationIds);
  const index = byStatus ? 'shipments_by_status' : byCarrier ? 'shipments_by_carrier' : byLocation ? 'shipments_by_location' : undefined;
  const onlyStatus = sql.length === 1 && filters?.statuses?.length === 1 ? filters.statuses[0] : undefined;
  return { sql, params, index, onlyStatus };
}

/**
 * The seqs the date filters allow. seq >= created_at * 1024 always; a seq reaches past
 * (created_at + 1) * 1024 only when over 1024 shipments share a millisecond, and the partial
 * index shipments_spilled finds those few.
 */
function seqRange(db: Db, filters: LocalSearchFilters | undefined): { lo: number; hi: number } {
  const lo = filters?.from === undefined ? 0 : filters.from * SEQ_PER_MS;
  if (filters?.to === undefined) return { lo, hi: LAST_SEQ };
  // Named: for max(seq) the planner would walk the whole table by rowid instead.
  const spilled = statement(db, 'SELECT max(seq) FROM shipments INDEXED BY shipments_spilled WHERE seq >= created_at * 1024 + 1024 AND created_at < ?').pluck().get(filters.to) as number | null;
  return { lo, hi: Math.max(filters.to * SEQ_PER_MS - 1, spilled ?? 0) };
}

/** Below this many candidates, each is looked up; from it on, the filter's own index may be read instead. */
const RANGE_READ_MIN = 128;

/**
 * Of `seqs`, those the filters allow. Each candidate is looked up (for a status alone in
 * shipments_set_aside, for another filter alone in its own index, else in the table),
 * unless the filter is one value of one column and rare among them: then the rows of that value
 * between the first and last candidate are read from its index (a sixth of that each) and met
 * with the candidates. Whether it is rare shows from trying: at most twice as many index rows as
 * candidates are read, and a filter found common is not tried again in this search. The usual
 * status is common by nature, and never tried.
 */
function allowed(reading: Reading, seqs: readonly number[], conditions: Conditions): number[] {
  if (conditions.sql.length === 0 || seqs.length === 0) return [...seqs];
  const { db } = reading;
  if (conditions.onlyStatus === USUAL_STATUS) reading.commonFilter = true;
  if (conditions.index !== undefined && conditions.sql.length === 1 && seqs.length >= RANGE_READ_MIN && !reading.commonFilter) {
    const sorted = sortedSeqs(seqs);
    const most = 2 * sorted.length;
    const range = seqsOf(
      statement(db, `SELECT seq FROM shipments INDEXED BY ${conditions.index} WHERE ${conditions.sql[0] ?? ''} AND seq >= ? AND seq <= ? LIMIT ?`),
      ...conditions.params,
      sorted[0],
      sorted[sorted.length - 1],
      most,
    );
    reading.work += range.length * WORK.key;
    if (range.length < most) return Array.from(intersection(sorted, sortedSeqs(range)));
    reading.commonFilter = true;
  }
  reading.work += seqs.length * WORK.looked;
  if (conditions.onlyStatus !== undefined) {
    // The set-aside shipments are a twelfth of the store, in an index of a few megabytes that
    // stays cached: a seek there costs a third of one in the status index, whose 33 MB at a
    // million compete with everything else for the page cache. A shipment in the usual status
    // is one that index does not hold.
    const setAside = `SELECT 1 FROM shipments INDEXED BY shipments_set_aside WHERE status IS NOT '${USUAL_STATUS}' AND seq = value`;
    if (conditions.onlyStatus === USUAL_STATUS) return seqsOf(statement(db, `SELECT value FROM json_each(?) WHERE NOT EXISTS (${setAside})`), json(seqs));
    return seqsOf(statement(db, `SELECT value FROM json_each(?) WHERE EXISTS (${setAside} AND status = ?)`), json(seqs), conditions.onlyStatus);
  }
  if (conditions.index !== undefined && conditions.sql.length === 1) {
    // One filter with an index of its own: each candidate is a seek in that narrow index, whose
    // pages stay cached, where a seek in the table reads a wide row's page (3x the time at 1M).
    const probe = `SELECT value FROM json_each(?) WHERE EXISTS (SELECT 1 FROM shipments INDEXED BY ${conditions.index} WHERE ${conditions.sql[0] ?? ''} AND seq = value)`;
    return seqsOf(statement(db, probe), json(seqs), ...conditions.params);
  }
  return seqsOf(statement(db, `SELECT seq FROM shipments WHERE seq IN (SELECT value FROM json_each(?)) AND ${conditions.sql.join(' AND ')}`), json(seqs), ...conditions.params);
}

/** The rows of a page, in the page's order, read as arrays: row objects from SQLite cost twice the query. */
function summaries(db: Db, seqs: readonly number[]): ShipmentSummary[] {
  if (seqs.length === 0) return [];
  const rows = statement(db, `SELECT seq, ${SUMMARY_SELECT} FROM shipments WHERE seq IN (SELECT value FROM json_each(?))`).raw().all(json(seqs)) as unknown[][];
  const bySeq = new Map(rows.map(([seq, ...values]) => [seq, values]));
  return seqs.flatMap((seq) => {
    const values = bySeq.get(seq);
    return values === undefined ? [] : [parseSummaryValues(values)];
  });
}

/** What a search found: the seqs in order, and whether it read every batch (the count is exact). */
interface Found {
  readonly seqs: number[];
  readonly complete: boolean;
}

/**
 * Text and maybe filters: batch by batch, until the page and the count are there. Once the page
 * is full, counting goes on only while it is cheap: past COUNT_WORK rows read, the answer says
 * "at least" what was found (a rare word behind a filter few shipments pass would otherwise read
 * every match of the word to count a handful).
 */
function searchText(reading: Reading, alternatives: readonly Conjunction[], conditions: Conditions, page: number, wanted: number): Found {
  const { db, sort, range } = reading;
  const seqs: number[] = [];
  const batches = new Batches(listEpochs(db), range, sort);
  const counting = new Counting(reading, page);
  try {
    for (let batch = batches.next(0, wanted); batch !== undefined; batch = batches.next(seqs.length, wanted, counting.epochsLeft(batches.batches))) {
      let matches = NONE;
      for (const alternative of alternatives) matches = union(matches, alternative.in(reading, batch));
      const ordered = sort === 'newest' ? Array.from(matches).reverse() : Array.from(matches);
      if (conditions.sql.length === 0) {
        seqs.push(...ordered);
        if (seqs.length >= wanted || counting.over(seqs.length)) return { seqs, complete: false };
        continue;
      }
      // Filtered a chunk at a time, in order: a common word gives a batch thousands of
      // candidates, and the page and the count allowance are there long before their end.
      for (let start = 0; start < ordered.length; start += FILTERED_CHUNK) {
        const chunk = ordered.slice(start, start + FILTERED_CHUNK);
        const kept = new Set(allowed(reading, chunk, conditions));
        for (const seq of chunk) if (kept.has(seq)) seqs.push(seq);
        if (seqs.length >= wanted || counting.over(seqs.length)) return { seqs, complete: false };
      }
    }
    return { seqs, complete: true };
  } finally {
    reading.close();
  }
}

/**
 * Words of names and filters: the FTS5 matches in order, a chunk at a time, each chunk
 * filtered; the few tails checked one by one are filtered with the first chunk.
 */
function searchWordsFiltered(reading: Reading, alternative: Conjunction, conditions: Conditions, page: number, wanted: number): Found {
  const { sort, range } = reading;
  const seqs: number[] = [];
  const counting = new Counting(reading, page);
  const expression = alternative.expression;
  const stream = expression === null ? undefined : reading.words(expression);
  const checked = alternative.checkedIn(reading, range.lo, range.hi);
  try {
    let extra = checked.length === 0 ? [] : allowed(reading, checked, conditions).sort(inOrder(sort));
    for (let chunk = stream?.takeSome(FILTERED_CHUNK) ?? []; chunk.length > 0 || extra.length > 0; chunk = stream?.takeSome(FILTERED_CHUNK) ?? []) {
      const kept = new Set(allowed(reading, chunk, conditions));
      // The checked tails that come before the chunk's last seq join it in order.
      const last = chunk.at(-1);
      const joining = last === undefined ? extra : extra.filter((seq) => (sort === 'newest' ? seq >= last : seq <= last));
      extra = extra.slice(joining.length);
      for (const seq of mergeInOrder(chunk.filter((seq) => kept.has(seq)), joining, sort)) seqs.push(seq);
      if (seqs.length >= wanted || counting.over(seqs.length)) return { seqs, complete: false };
    }
    return { seqs, complete: true };
  } finally {
    reading.close();
  }
}

const inOrder = (sort: LocalSearchSort) => (sort === 'newest' ? (a: number, b: number) => b - a : (a: number, b: number) => a - b);

/** Two lists in the search's order, as one without repeats. */
function mergeInOrder(a: readonly number[], b: readonly number[], sort: LocalSearchSort): number[] {
  return b.length === 0 ? [...a] : [...new Set([...a, ...b])].sort(inOrder(sort));
}

/**
 * The allowance for counting: once the page is full, reading goes on for COUNT_WORK more, and
 * no batch is made bigger than what the allowance left still covers.
 */
class Counting {
  private from: number | undefined;

  constructor(
    private readonly reading: Reading,
    private readonly page: number,
  ) {}

  /** Whether counting has read its allowance (and the page is full). */
  private get allowance(): number {
    return countWorks.get(this.reading.db) ?? COUNT_WORK;
  }

  over(found: number): boolean {
    if (found >= this.page) this.from ??= this.reading.work;
    return this.from !== undefined && this.reading.work - this.from > this.allowance;
  }

  /** Epochs the allowance still covers, at the work per epoch seen so far. */
  epochsLeft(epochsRead: number): number {
    if (this.from === undefined || epochsRead === 0) return Number.MAX_SAFE_INTEGER;
    const perEpoch = Math.max(1, this.reading.work / epochsRead);
    return Math.max(1, Math.floor((this.allowance - (this.reading.work - this.from)) / perEpoch));
  }
}

/** Only words of names, no filters: FTS5 gives them in order, and stops; the few tails checked one by one join them. */
function searchWords(reading: Reading, alternative: Conjunction, wanted: number): Found {
  const { db, sort, range } = reading;
  const expression = alternative.expression;
  const sql = `SELECT rowid FROM shipment_words WHERE shipment_words MATCH ? AND rowid >= ? AND rowid <= ? ORDER BY rowid ${sort === 'newest' ? 'DESC' : 'ASC'} LIMIT ?`;
  const words = expression === null ? [] : seqsOf(statement(db, sql), expression, range.lo, range.hi, wanted);
  const checked = alternative.checkedIn(reading, range.lo, range.hi);
  // Complete when FTS5 gave fewer than asked: the checked tails are all there too.
  return { seqs: mergeInOrder(words, checked, sort).slice(0, wanted), complete: words.length < wanted };
}

/** Filters alone: each batch is a range of the index of the most telling filter, in seq order. */
function searchFilters(reading: Reading, conditions: Conditions, wanted: number): Found {
  const { db, sort, range } = reading;
  const seqs: number[] = [];
  const indexed = conditions.index === undefined ? '' : `INDEXED BY ${conditions.index}`;
  const where = ['seq >= ? AND seq <= ?', ...conditions.sql].join(' AND ');
  const sql = `SELECT seq FROM shipments ${indexed} WHERE ${where} ORDER BY seq ${sort === 'newest' ? 'DESC' : 'ASC'} LIMIT ?`;
  const batches = new Batches(listEpochs(db), range, sort);
  for (let batch = batches.next(0, wanted); batch !== undefined; batch = batches.next(seqs.length, wanted)) {
    seqs.push(...seqsOf(statement(db, sql), batch.lo, batch.hi, ...conditions.params, wanted - seqs.length));
    if (seqs.length >= wanted) return { seqs, complete: false };
  }
  return { seqs, complete: true };
}

/**
 * Shipments matching every word of `text` (tracking numbers, ids, references, recipient) and
 * every filter, newest first unless `sort` is 'oldest'. Text with nothing to search for lists
 * the shipments the filters allow. The total is exact up to TOTAL_COUNT_CAP when the station
 * could count every match; otherwise `totalAtLeast` says how many it did count.
 */
export function searchShipments(db: Db, text: string, options: SearchOptions): SearchResult {
  const { limit, offset = 0, filters, sort = 'newest' } = parseInput(Options, options, 'search options');
  const query = parseQuery(text);
  const conditions = conditionsOf(db, filters);
  const dated = filters?.from !== undefined || filters?.to !== undefined;
  if (query === null && conditions.sql.length === 0 && !dated) {
    // The page's seqs from the narrow index of seqs (schema 9): an offset steps over 22 B
    // entries there, where in the table it stepped over whole rows (175 ms at 100,000 down).
    const seqs = seqsOf(statement(db, `SELECT seq FROM shipments INDEXED BY shipments_by_seq ORDER BY seq ${sort === 'oldest' ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`), limit, offset);
    // Counted there too: a thousand entries of it are a few pages, of the table a hundred.
    const counted = statement(db, 'SELECT count(*) FROM (SELECT 1 FROM shipments INDEXED BY shipments_by_seq LIMIT ?)').pluck().get(TOTAL_COUNT_CAP + 1) as number;
    return withTotal(summaries(db, seqs), { complete: true }, counted);
  }
  // Enough for the page and for the count: past TOTAL_COUNT_CAP the total is "at least".
  const page = offset + limit;
  const wanted = Math.max(page, TOTAL_COUNT_CAP + 1);
  const reading = new Reading(db, sort, seqRange(db, filters));
  let found: Found;
  if (query === null) {
    found = searchFilters(reading, conditions, wanted);
  } else {
    // An alternative with a word nothing can match is dropped before any batch is read.
    const alternatives = query.alternatives.map((words) => new Conjunction(reading, words)).filter((alternative) => !alternative.impossible);
    const [only, ...others] = alternatives;
    if (only === undefined) found = { seqs: [], complete: true };
    else if (others.length === 0 && only.wordsOnly && conditions.sql.length === 0) found = searchWords(reading, only, wanted);
    else if (others.length === 0 && only.wordsOnly) found = searchWordsFiltered(reading, only, conditions, page, wanted);
    else found = searchText(reading, alternatives, conditions, page, wanted);
  }
  return withTotal(summaries(db, found.seqs.slice(offset, page)), found, found.seqs.length);
}
