/**
 * Local search at scale: builds a store of synthetic shipments through the store's own
 * write path and prints its size per shipment (rows, index, each part), p50/p95 of every kind
 * of search the Shipments screen makes, a LIKE scan for comparison, and the cost of opening the
 * store with its integrity check.
 *
 *   npm run bench:search                      1,000,000 shipments (built once, cached under .cache/bench)
 *   npm run bench:search -- --rows 100000     another size (or BENCH_ROWS=100000)
 *   npm run bench:search -- --rebuild         build again even if cached
 *   --queries N, --like-queries N             repetitions (300 and 10 by default)
 *   --skip-checks                             leave out the whole-file integrity checks (seconds each)
 *   --build-only                              build the store (when missing or with --rebuild) and stop
 *
 * The cache is keyed by row count only: after changing the schema, the index or the
 * generator, pass --rebuild.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LocalSearchFilters } from '../../electron/api';
import { checkIntegrity, openStationStore, searchShipments, shipments, storeSizeOnDisk, type Db } from '../../electron/store';
import { STATUS_MIX, seededRandom, syntheticShipment, type SyntheticShipment } from '../unit/store/support/syntheticShipments';

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
const SEED = 20250314;
const WEEK = 7 * 24 * 60 * 60 * 1000;

function removeStore(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

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
  // A page cache the size of the index's working set while loading: the load inserts keys all
  // over a million-shipment b-tree (the station keeps SQLite's default; the queries below too).
  db.pragma('cache_size = -262144');
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
  // Segments merged into one b-tree: what the words index looks like after FTS5's automerge settles.
  db.prepare("INSERT INTO shipment_words (shipment_words) VALUES ('optimize')").run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  store.close();
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${building}${suffix}`)) renameSync(`${building}${suffix}`, `${storePath}${suffix}`);
  console.log(`built ${ROWS.toLocaleString('en-US')} shipments in ${seconds(performance.now() - started)}`);
}

/** A kind of search: the text and filters of each query, and the shipment it came from (when one should be on the first page). */
interface Kind {
  readonly name: string;
  readonly queries: readonly { text: string; filters?: LocalSearchFilters; serviceId?: string }[];
}

/** Random existing values of each kind, drawn from the same synthetic set. */
function kinds(): Kind[] {
  const random = seededRandom(7);
  const wanted = new Map<number, true>();
  while (wanted.size < QUERIES) wanted.set(Math.floor(random() * ROWS), true);
  const picked: SyntheticShipment[] = [];
  let i = 0;
  for (const s of generate()) if (wanted.has(i++)) picked.push(s);
  const lastName = (name: string) => name.split(' ').at(-1) ?? name;
  const of = (name: string, query: (s: SyntheticShipment, i: number) => { text: string; filters?: LocalSearchFilters }, own = true): Kind => ({
    name,
    queries: picked.map((s, i) => ({ ...query(s, i), ...(own ? { serviceId: s.serviceId } : {}) })),
  });
  const statuses = STATUS_MIX.map(([status]) => status);
  const carriers = ['UPS', 'FEDEX', 'USPS', 'DHL', 'ODFL'];
  const cycle = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;
  const weekOf = (s: SyntheticShipment) => ({ from: s.createdAt - WEEK / 2, to: s.createdAt + WEEK / 2 });
  return [
    of('tracking number, full', (s) => ({ text: s.trackingNumber })),
    of('tracking, first 4 typed', (s) => ({ text: s.trackingNumber.slice(0, 4) }), false),
    of('tracking, first 6 typed', (s) => ({ text: s.trackingNumber.slice(0, 6) }), false),
    of('tracking, first 8 typed', (s) => ({ text: s.trackingNumber.slice(0, 8) }), false),
    of('tracking, first 10 typed', (s) => ({ text: s.trackingNumber.slice(0, 10) }), false),
    of('tracking number, last 8', (s) => ({ text: s.trackingNumber.slice(-8) })),
    of('order number', (s) => ({ text: s.orderNumber })),
    of('name (first and last)', (s) => ({ text: s.name })),
    of('last name only', (s) => ({ text: lastName(s.name) }), false),
    of('company', (s, i) => ({ text: s.company ?? cycle(['Acme Corp', 'Globex', 'Initech', 'Hooli'], i) }), false),
    of('city', (s) => ({ text: s.city }), false),
    of('status only', (_, i) => ({ text: '', filters: { statuses: [cycle(statuses, i)] } }), false),
    of('carrier only', (_, i) => ({ text: '', filters: { carriers: [cycle(carriers, i)] } }), false),
    of('date range only (a week)', (s) => ({ text: '', filters: weekOf(s) }), false),
    of('status + name', (s) => ({ text: s.name, filters: { statuses: [s.status] } })),
    of('carrier + city', (s) => ({ text: s.city, filters: { carriers: [s.carrier] } }), false),
    of('date range + name', (s) => ({ text: s.name, filters: weekOf(s) })),
    of('date range + tracking, first 6', (s) => ({ text: s.trackingNumber.slice(0, 6), filters: weekOf(s) }), false),
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
  return `  ${label.padEnd(32)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   max ${max.toFixed(1).padStart(8)} ms${tail}`;
}

const LIKE_SQL = `SELECT service_id FROM shipments
  WHERE tracking_number LIKE @p OR service_id LIKE @p OR station_ref LIKE @p OR order_number LIKE @p OR customer_po LIKE @p
     OR ship_to_name LIKE @p OR ship_to_company LIKE @p OR ship_to_city LIKE @p
  ORDER BY seq DESC LIMIT 25`;

/** Bytes per shipment of every table and index, and of rows and index together. */
function sizes(db: Db, fileBytes: number): string {
  const parts = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all() as { name: string; bytes: number }[];
  const per = (bytes: number) => `${(bytes / ROWS).toFixed(0).padStart(6)} B`;
  const rows = parts.filter((part) => part.name === 'shipments').reduce((sum, part) => sum + part.bytes, 0);
  const index = parts.filter((part) => part.name !== 'shipments').reduce((sum, part) => sum + part.bytes, 0);
  const lines = parts.filter((part) => part.bytes >= ROWS / 10).map((part) => `    ${part.name.padEnd(32)} ${per(part.bytes)}   ${mb(part.bytes).padStart(10)}`);
  return [
    `  per shipment: ${per(rows + index).trim()} (rows ${per(rows).trim()}, indexes ${per(index).trim()}); file ${mb(fileBytes)} for ${ROWS.toLocaleString('en-US')} shipments`,
    ...lines,
  ].join('\n');
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
  if (flag('--build-only')) return;

  const size = storeSizeOnDisk(storePath);
  const opened = timed(() => openStationStore(storePath));
  const store = opened.value;
  const { db } = store;
  console.log(`\nstore on disk (${storePath}):`);
  console.log(sizes(db, size));
  console.log(`\nopening the store (warm page cache): ${opened.ms.toFixed(0)} ms with the '${store.integrityChecked}' integrity check it chose`);
  const critical = timed(() => checkIntegrity(db, 'critical'));
  console.log(`  critical-tables integrity_check:  ${critical.ms.toFixed(1)} ms`);

  const sets = kinds();
  // Warm the page cache and the prepared statements the way a desk's first searches do.
  for (const kind of sets) for (const query of kind.queries.slice(0, 5)) searchShipments(db, query.text, { limit: 25, ...(query.filters === undefined ? {} : { filters: query.filters }) });
  console.log(`\nsearchLocalShipments, first page of 25, newest first (${QUERIES} queries each, random existing values, the kinds taken in turn):`);
  // Round-robin over the kinds, so a burst of load from elsewhere on the machine falls on all of
  // them alike instead of on the one that happened to be running.
  const times = sets.map(() => [] as number[]);
  const found = sets.map(() => ({ found: 0, own: 0 }));
  for (let i = 0; i < QUERIES; i++) {
    for (const [k, kind] of sets.entries()) {
      const query = kind.queries[i];
      if (query === undefined) continue;
      const started = performance.now();
      const page = searchShipments(db, query.text, { limit: 25, ...(query.filters === undefined ? {} : { filters: query.filters }) });
      times[k]?.push(performance.now() - started);
      const tally = found[k];
      if (query.serviceId !== undefined && tally !== undefined) {
        tally.own++;
        if (page.results.some((s) => s.serviceId === query.serviceId)) tally.found++;
      }
    }
  }
  for (const [k, kind] of sets.entries()) {
    const tally = found[k];
    console.log(row(kind.name, times[k] ?? [], tally === undefined || tally.own === 0 ? undefined : { found: tally.found, total: tally.own }));
  }

  const like = db.prepare(LIKE_SQL);
  console.log(`\nLIKE '%…%' over the same columns, first page (${LIKE_QUERIES} queries each):`);
  for (const kind of [sets[0], sets[5], sets[6], sets[7]]) {
    if (kind === undefined || LIKE_QUERIES === 0) continue;
    const times = kind.queries.slice(0, LIKE_QUERIES).map((query) => timed(() => like.all({ p: `%${query.text}%` })).ms);
    console.log(row(kind.name, times));
  }
  // The whole-file checks read every page: after the searches, so the page cache they leave
  // behind is not what the searches find.
  if (!flag('--skip-checks')) {
    console.log('\nwhole-file checks:');
    const quick = timed(() => db.pragma('quick_check'));
    console.log(`  PRAGMA quick_check:     ${quick.ms.toFixed(0)} ms`);
    const full = timed(() => checkIntegrity(db, 'full'));
    console.log(`  PRAGMA integrity_check: ${full.ms.toFixed(0)} ms${full.value.length > 0 ? ` — ${full.value.join('; ')}` : ''}`);
  }
  store.close();
}

main();
