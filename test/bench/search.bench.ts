/**
 * Local search at scale: builds a store of synthetic shipments through the store's own
 * write path and prints search latency (FTS5 vs a LIKE scan), size on disk, and the cost
 * of opening the store with its integrity check.
 *
 *   npm run bench:search                      1,000,000 shipments (built once, cached under .cache/bench)
 *   npm run bench:search -- --rows 100000     another size (or BENCH_ROWS=100000)
 *   npm run bench:search -- --rebuild         build again even if cached
 *   npm run bench:search -- --compare-trigram also build a trigram index of the same text and compare
 *   --queries N, --like-queries N             repetitions (300 and 10 by default)
 *
 * The cache is keyed by row count only: after changing the schema, the index or the
 * generator, pass --rebuild.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkIntegrity, matchExpression, openStationStore, searchShipments, shipments, storeSizeOnDisk, type Db } from '../../electron/store';
import { searchDocument } from '../../electron/store/searchText';
import { seededRandom, syntheticShipment, type SyntheticShipment } from '../unit/store/support/syntheticShipments';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const ROWS = Number(option('--rows') ?? process.env.BENCH_ROWS ?? 1_000_000);
const QUERIES = Number(option('--queries') ?? 300);
const LIKE_QUERIES = Number(option('--like-queries') ?? 10);
if (!Number.isSafeInteger(ROWS) || ROWS < 1000) throw new Error('--rows must be a whole number of at least 1000');

const CACHE = join(process.cwd(), '.cache', 'bench');
const storePath = join(CACHE, `search-${ROWS}.db`);
const trigramPath = join(CACHE, `search-trigram-${ROWS}.db`);
const SEED = 20250314;

function removeStore(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Every shipment of the synthetic set, in creation order (the same for a row count). */
function* generate(): Generator<SyntheticShipment> {
  const random = seededRandom(SEED);
  for (let i = 0; i < ROWS; i++) yield syntheticShipment(random, i, ROWS);
}

function build(): void {
  const building = `${storePath}.building`;
  removeStore(building);
  const store = openStationStore(building);
  const started = performance.now();
  const { db } = store;
  // One transaction for the whole load: one fsync at the end instead of one per shipment.
  db.transaction(() => {
    let n = 0;
    for (const s of generate()) {
      if (s.local) {
        shipments.insertQueuedShipment(db, { stationRef: s.stationRef, input: s.input, now: s.createdAt });
        shipments.recordCreated(db, s.stationRef, s.result, s.createdAt + 1500);
      } else {
        shipments.upsertFromSearch(db, s.searchRecord, s.createdAt + 60_000);
      }
      if (++n % 100_000 === 0) process.stdout.write(`  ${n.toLocaleString('en-US')} shipments, ${seconds(performance.now() - started)}\n`);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  // Segments merged into one b-tree: what a store looks like after FTS5's automerge settles.
  db.prepare("INSERT INTO shipment_search (shipment_search) VALUES ('optimize')").run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  store.close();
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${building}${suffix}`)) renameSync(`${building}${suffix}`, `${storePath}${suffix}`);
  console.log(`built ${ROWS.toLocaleString('en-US')} shipments in ${seconds(performance.now() - started)}`);
}

/** The same words indexed with the trigram tokenizer, for the comparison only. */
function buildTrigram(): void {
  removeStore(trigramPath);
  const db = new Database(trigramPath);
  db.pragma('journal_mode = WAL');
  db.exec("CREATE VIRTUAL TABLE t USING fts5(words, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1')");
  const insert = db.prepare('INSERT INTO t (rowid, words) VALUES (?, ?)');
  const started = performance.now();
  let rowid = 0;
  db.transaction(() => {
    for (const s of generate()) {
      const doc = searchDocument({ identifiers: [s.trackingNumber, s.serviceId, s.stationRef, s.orderNumber, s.customerPo], names: [s.name, s.company, s.city] });
      insert.run(++rowid, doc.words);
    }
  })();
  db.prepare("INSERT INTO t (t) VALUES ('optimize')").run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(`built the trigram comparison index in ${seconds(performance.now() - started)}`);
}

interface Sample {
  readonly name: string;
  readonly values: readonly { text: string; serviceId: string }[];
}

/** Random existing values of each kind, drawn from the same synthetic set. */
function samples(): Sample[] {
  const random = seededRandom(7);
  const wanted = new Map<number, true>();
  while (wanted.size < QUERIES) wanted.set(Math.floor(random() * ROWS), true);
  const picked: SyntheticShipment[] = [];
  let i = 0;
  for (const s of generate()) if (wanted.has(i++)) picked.push(s);
  const lastName = (name: string) => name.split(' ').at(-1) ?? name;
  const of = (name: string, text: (s: SyntheticShipment) => string): Sample => ({ name, values: picked.map((s) => ({ text: text(s), serviceId: s.serviceId })) });
  return [
    of('tracking number, full', (s) => s.trackingNumber),
    of('tracking number, last 8', (s) => s.trackingNumber.slice(-8)),
    of('order number', (s) => s.orderNumber),
    of('name (first and last)', (s) => s.name),
    of('last name only', (s) => lastName(s.name)),
    of('city', (s) => s.city),
    of('tracking, first 10 typed', (s) => s.trackingNumber.slice(0, 10)),
  ];
}

function percentiles(times: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}

function row(label: string, times: number[], found?: { found: number; total: number }): string {
  const { p50, p95, max } = percentiles(times);
  const tail = found === undefined ? '' : `   found ${found.found}/${found.total}`;
  return `  ${label.padEnd(28)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   max ${max.toFixed(1).padStart(8)} ms${tail}`;
}

/** Time per query; `found` counts queries whose page held the shipment the value came from. */
function measure(sample: Sample, count: number, run: (text: string) => string[]): { times: number[]; found: number } {
  const times: number[] = [];
  let found = 0;
  for (const { text, serviceId } of sample.values.slice(0, count)) {
    const started = performance.now();
    const ids = run(text);
    times.push(performance.now() - started);
    if (ids.includes(serviceId)) found++;
  }
  return { times, found };
}

const LIKE_SQL = `SELECT service_id FROM shipments
  WHERE tracking_number LIKE @p OR service_id LIKE @p OR station_ref LIKE @p OR order_number LIKE @p OR customer_po LIKE @p
     OR ship_to_name LIKE @p OR ship_to_company LIKE @p OR ship_to_city LIKE @p
  ORDER BY seq DESC LIMIT 25`;

function tableSizes(db: Db): string {
  const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 8').all() as { name: string; bytes: number }[];
  return rows.map((r) => `    ${r.name.padEnd(30)} ${mb(r.bytes).padStart(10)}`).join('\n');
}

function timed<T>(run: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = run();
  return { ms: performance.now() - started, value };
}

function machine(): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  let nproc = String(cpus().length);
  try {
    nproc = execSync('nproc').toString().trim();
  } catch {
    // not on Linux: os.cpus() is the same figure
  }
  const sqlite = (new Database(':memory:').prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  return `nproc ${nproc}, ${model}, Node ${process.version}, SQLite ${sqlite}`;
}

function main(): void {
  mkdirSync(CACHE, { recursive: true });
  console.log(`search bench: ${ROWS.toLocaleString('en-US')} shipments — ${machine()}`);
  if (flag('--rebuild') || !existsSync(storePath)) build();
  else console.log(`using the cached store ${storePath} (--rebuild to build it again)`);

  const size = storeSizeOnDisk(storePath);
  const opened = timed(() => openStationStore(storePath));
  const store = opened.value;
  const { db } = store;
  console.log(`\nstore on disk: ${mb(size)} (${storePath})`);
  console.log(tableSizes(db));
  console.log(`\nopening the store (warm page cache): ${opened.ms.toFixed(0)} ms with the '${store.integrityChecked}' integrity check it chose`);
  const critical = timed(() => checkIntegrity(db, 'critical'));
  console.log(`  critical-tables integrity_check:  ${critical.ms.toFixed(1)} ms`);
  const quick = timed(() => db.pragma('quick_check'));
  console.log(`  PRAGMA quick_check (whole file):   ${quick.ms.toFixed(0)} ms`);
  const full = timed(() => checkIntegrity(db, 'full'));
  console.log(`  PRAGMA integrity_check (whole file): ${full.ms.toFixed(0)} ms${full.value.length > 0 ? ` — ${full.value.join('; ')}` : ''}`);

  const sets = samples();
  console.log(`\nFTS5 search, first page of 25, newest first (${QUERIES} queries each, random existing values):`);
  for (const sample of sets) {
    const { times, found } = measure(sample, QUERIES, (text) => searchShipments(db, text, { limit: 25 }).results.map((s) => s.serviceId ?? ''));
    console.log(row(sample.name, times, { found, total: QUERIES }));
  }

  const like = db.prepare(LIKE_SQL);
  console.log(`\nLIKE '%…%' over the same columns, first page (${LIKE_QUERIES} queries each):`);
  for (const sample of sets.slice(0, 4)) {
    const { times, found } = measure(sample, LIKE_QUERIES, (text) => (like.all({ p: `%${text}%` }) as { service_id: string }[]).map((r) => r.service_id));
    console.log(row(sample.name, times, { found, total: LIKE_QUERIES }));
  }
  store.close();

  if (flag('--compare-trigram')) {
    if (flag('--rebuild') || !existsSync(trigramPath)) buildTrigram();
    const tri = new Database(trigramPath, { readonly: true });
    const query = tri.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid DESC LIMIT 25');
    const quoted = (text: string) => text.split(/\s+/).filter((w) => w.length >= 3).map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
    console.log(`\ntrigram tokenizer on the same text: index ${mb(storeSizeOnDisk(trigramPath))} (the unicode61 index above is shipment_search_*)`);
    for (const sample of sets) {
      const times: number[] = [];
      for (const { text } of sample.values.slice(0, QUERIES)) {
        const match = quoted(text);
        const started = performance.now();
        if (match !== '') query.all(match);
        times.push(performance.now() - started);
      }
      console.log(row(sample.name, times));
    }
    tri.close();
  }
  console.log(`\nexample query: ${JSON.stringify(sets[1]?.values[0]?.text)} → ${matchExpression(sets[1]?.values[0]?.text ?? '')}`);
}

main();
