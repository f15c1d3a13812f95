/**
 * Load test of the sandbox over HTTP with autocannon. Prints figures, asserts nothing:
 *   npm run bench:sandbox
 * Environment:
 *   BENCH_SECONDS      seconds per measurement (default 10), after a short warm-up
 *   BENCH_CONNECTIONS  keep-alive connections (default 10)
 *   BENCH_IN_PROCESS=1 run the sandbox in this process instead of a child process
 *   BENCH_ONLY=create|rate    run one scenario only (e.g. to profile it alone)
 *   BENCH_DB=memory|file      run one database pass only
 *   BENCH_PROFILE=DIR  write a V8 CPU profile of the sandbox's process per pass into DIR
 * The sandbox runs in a child process by default, so autocannon does not take its CPU time
 * from the server it measures (on two cores: about one core each).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startSandbox } from '../../electron/sandbox/sandbox';
import { rateRequest, shipment } from '../support/shipments';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const IN_PROCESS = process.env.BENCH_IN_PROCESS === '1';
const PROFILE_DIR = process.env.BENCH_PROFILE;
const HUGE_LIMIT = 1_000_000_000;
const API_KEY = 'sandbox-api-key';
const REPO = fileURLToPath(new URL('../..', import.meta.url));

interface Server {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** The standalone sandbox (`npm run sandbox`) in a child process; it prints its base URL. */
async function startChild(dbPath: string | undefined, profileName: string): Promise<Server> {
  // One directory per pass: the module loader's worker thread writes a profile of its own.
  const profile = PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, profileName)}`];
  const args = [...profile, '--import', 'tsx', 'electron/tools/sandbox.ts', '--port', '0', '--tier', `${HUGE_LIMIT}-per-minute`, '--api-key', API_KEY];
  if (dbPath !== undefined) args.push('--db', dbPath);
  const child: ChildProcess = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /base URL\s+(http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before printing its base URL:\n${output}`)));
  });
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startInProcess(dbPath: string | undefined): Promise<Server> {
  const sandbox = await startSandbox({ requestsPerMinute: HUGE_LIMIT, credentials: { apiKey: API_KEY }, ...(dbPath === undefined ? {} : { dbPath }) });
  return { baseUrl: sandbox.baseUrl, stop: () => sandbox.close() };
}

interface Scenario {
  readonly key: 'create' | 'rate';
  readonly name: string;
  readonly path: string;
  readonly body: unknown;
  readonly target: number;
}

const SCENARIOS: readonly Scenario[] = [
  { key: 'create' as const, name: 'Create Shipment (1 package, label)', path: '/v1/shipment', body: shipment(), target: 300 },
  { key: 'rate' as const, name: 'Rate Shop (US domestic, 1 box)', path: '/v1/shipment/rate', body: rateRequest(), target: 1_500 },
].filter((scenario) => process.env.BENCH_ONLY === undefined || scenario.key === process.env.BENCH_ONLY);

interface Row {
  readonly scenario: string;
  readonly db: string;
  readonly perSecond: number;
  readonly p50: number;
  readonly p975: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly target: number;
}

function load(baseUrl: string, scenario: Scenario, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY },
    body: JSON.stringify(scenario.body),
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
  });
}

/** One request first: a benchmark of error answers would measure nothing useful. */
async function checkAnswers(baseUrl: string, scenario: Scenario): Promise<void> {
  const response = await fetch(`${baseUrl}${scenario.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY }, body: JSON.stringify(scenario.body) });
  if (response.status !== 200) throw new Error(`${scenario.name} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

async function measure(dbLabel: string, dbPath: string | undefined): Promise<Row[]> {
  const server = IN_PROCESS ? await startInProcess(dbPath) : await startChild(dbPath, `sandbox-${dbLabel.replace(/\W+/g, '-')}`);
  const rows: Row[] = [];
  try {
    for (const scenario of SCENARIOS) {
      await checkAnswers(server.baseUrl, scenario);
      await load(server.baseUrl, scenario, Math.min(3, Math.max(1, Math.round(SECONDS / 4))));
      const result = await load(server.baseUrl, scenario, SECONDS);
      rows.push({
        scenario: scenario.name,
        db: dbLabel,
        perSecond: result.requests.mean,
        p50: result.latency.p50,
        p975: result.latency.p97_5,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        target: scenario.target,
      });
      console.log(`  measured ${scenario.name}, ${dbLabel}`);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

function table(rows: readonly Row[]): string {
  const header = ['scenario', 'db', 'req/s (mean)', 'p50 ms', 'p97.5 ms', 'p99 ms', 'non-2xx', 'errors', 'target'];
  const cells = rows.map((r) => [
    r.scenario,
    r.db,
    r.perSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p975.toFixed(1),
    r.p99.toFixed(1),
    String(r.non2xx),
    String(r.errors),
    `${r.perSecond >= r.target ? 'met' : 'MISSED'} (≥${r.target}/s)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => `| ${c.map((v, i) => (i < 2 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i < 2 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...cells.map(line)].join('\n');
}

const cpuModel = cpus()[0]?.model ?? 'unknown CPU';
console.log(`sandbox bench: ${cpuModel}, ${availableParallelism()} cores, Node ${process.version}`);
console.log(
  IN_PROCESS
    ? `sandbox in this process (shares the event loop and CPU with autocannon); ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run`
    : `sandbox in a child process (node --import tsx electron/tools/sandbox.ts), autocannon in this one; ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run`,
);

const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
try {
  const only = process.env.BENCH_DB;
  const rows = [
    ...(only === undefined || only === 'memory' ? await measure('in memory', undefined) : []),
    ...(only === undefined || only === 'file' ? await measure('temp file (WAL, synchronous=FULL)', join(dir, 'sandbox.db')) : []),
  ];
  console.log(`\n${table(rows)}`);
  if (PROFILE_DIR !== undefined) console.log(`\nCPU profiles of the sandbox's process: ${PROFILE_DIR}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
