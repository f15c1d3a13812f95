/**
 * Get Locations at 10,000 locations: p50 and p95 of one page (Limit=25), the first page and a
 * deep one, with and without Query. Prints figures, asserts nothing:
 *   npm run bench:locations
 * Environment:
 *   BENCH_LOCATIONS  how many locations (default 10000)
 *   BENCH_RUNS       measured requests per scenario (default 300), after 30 warm-ups
 *   BENCH_DB=memory  keep the sandbox in memory instead of a temporary file
 * The sandbox runs in this process on a database file (the app keeps one), and requests go
 * one at a time over HTTP on loopback, so each figure is one request's whole round trip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../electron/sandbox/sandbox';
import type { LocationCreate } from '../../electron/service/contract';

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARM_UP = 30;
const LIMIT = 25;
const API_KEY = 'sandbox-api-key';
const CONCURRENT_CREATES = 16;

const WORDS = ['Dock', 'Yard', 'Depot', 'Hub', 'Annex', 'Center', 'Store', 'Outlet'];
const CITIES = ['Chicago', 'San Francisco', 'Toronto', 'Austin', 'Denver', 'Atlanta', 'Seattle', 'Boston'];

/** A location with about 4 KB the list never shows, as a location with a logo or notes has. */
function location(i: number): LocationCreate {
  return {
    referenceId: `WH-${String(i).padStart(5, '0')}`,
    groupId: `region-${i % 12}`,
    locationName: `${CITIES[i % CITIES.length] ?? ''} ${WORDS[(i * 7) % WORDS.length] ?? ''} ${i % 300}`,
    active: i % 9 !== 0,
    address: { contactName: `Contact ${i % 97}`, address1: `${i} Main St`, city: CITIES[i % CITIES.length] ?? '', stateProvince: 'IL', country: 'US', zipPostalCode: String(60000 + (i % 999)) },
    settings: { currencyCode: 'USD', logo: { dataUri: `data:image/png;base64,${'A'.repeat(4_000)}` } },
    tags: [`zone-${i % 5}`],
  };
}

async function call(baseUrl: string, path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { 'X-API-KEY': API_KEY, 'Content-Type': 'application/json' } });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function seed(baseUrl: string): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < LOCATIONS; i = next++) await call(baseUrl, '/v1/location', { method: 'POST', body: JSON.stringify(location(i)) });
  };
  await Promise.all(Array.from({ length: CONCURRENT_CREATES }, worker));
}

interface Scenario {
  readonly name: string;
  readonly query: Record<string, string>;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(baseUrl: string, scenario: Scenario): Promise<{ p50: number; p95: number; totalCount: number; rows: number }> {
  const path = `/v1/locations?${new URLSearchParams(scenario.query).toString()}`;
  const first = (await call(baseUrl, path)) as { totalCount: number; data: unknown[] };
  if (first.data.length === 0) throw new Error(`${scenario.name}: the page is empty (${first.totalCount} matches)`);
  for (let i = 0; i < WARM_UP; i += 1) await call(baseUrl, path);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await call(baseUrl, path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), totalCount: first.totalCount, rows: first.data.length };
}

const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-locations-'));
const inMemory = process.env.BENCH_DB === 'memory';
const sandbox = await startSandbox({ requestsPerMinute: 1_000_000_000, credentials: { apiKey: API_KEY }, ...(inMemory ? {} : { dbPath: join(dir, 'sandbox.db') }) });
try {
  console.log(`locations bench: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`);
  console.log(`sandbox in this process, database ${inMemory ? 'in memory' : 'in a temporary file (WAL, synchronous=FULL)'}; ${RUNS} requests per scenario after ${WARM_UP} warm-ups, one at a time`);
  const seeding = performance.now();
  await seed(sandbox.baseUrl);
  console.log(`created ${LOCATIONS} locations (about 4 KB each) in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`);

  const lastPage = String(Math.ceil(LOCATIONS / LIMIT));
  const probe = (await call(sandbox.baseUrl, `/v1/locations?Page=1&Limit=${LIMIT}&Query=yard`)) as { totalPages: number };
  const scenarios: Scenario[] = [
    { name: 'first page, default sort', query: { Page: '1', Limit: String(LIMIT) } },
    { name: `deep page (${lastPage} of ${lastPage}), default sort`, query: { Page: lastPage, Limit: String(LIMIT) } },
    { name: 'first page, Sort=city DESC', query: { Page: '1', Limit: String(LIMIT), Sort: 'city', Order: 'DESC' } },
    { name: 'first page, Query=yard', query: { Page: '1', Limit: String(LIMIT), Query: 'yard' } },
    { name: `deep page (${probe.totalPages} of ${probe.totalPages}), Query=yard`, query: { Page: String(probe.totalPages), Limit: String(LIMIT), Query: 'yard' } },
    { name: 'first page, Query=wh-09999 (one match)', query: { Page: '1', Limit: String(LIMIT), Query: 'wh-09999' } },
  ];
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const result = await measure(sandbox.baseUrl, scenario);
    rows.push([scenario.name, String(result.totalCount), String(result.rows), result.p50.toFixed(2), result.p95.toFixed(2)]);
  }
  const header = ['Get Locations, Limit=25', 'matches', 'rows', 'p50 ms', 'p95 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log([line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n'));
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
