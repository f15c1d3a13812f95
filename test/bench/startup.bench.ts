/**
 * Startup with a million shipments: builds the app (`npm run build`), makes (or reuses) a data
 * folder whose Sandbox profile store holds the search bench's store (.cache/bench/search-<rows>.db,
 * which `npm run bench:search` builds when it is missing), starts the built web host
 * (`node dist/electron/web.js`) as a child process on 127.0.0.1 with an ephemeral port, and
 * measures over several runs the time from the spawn until it has answered its first API call
 * (POST /api/getConnection with the token it prints) and served the page, and its RSS then.
 *
 *   npm run bench:startup                     1,000,000 shipments, 7 runs after a first one
 *   npm run bench:startup -- --rows 100000    another store size
 *   --runs N, --skip-build
 *
 * Every child is stopped by its PID (SIGTERM, then SIGKILL if it has not exited in 10 s).
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const ROWS = Number(option('--rows') ?? process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(option('--runs') ?? 7);
const TARGET_MS = 1000;
const TARGET_RSS_MB = 150;

const root = process.cwd();
const CACHE = join(root, '.cache', 'bench');
const storeSource = join(CACHE, `search-${ROWS}.db`);
const dataDir = join(CACHE, `startup-${ROWS}`);
const storePath = join(dataDir, 'profiles', 'sandbox', 'station.sqlite');
const copiedFrom = join(dataDir, 'copied-from.json');
const OPEN_URL = /open (http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)) in a browser/;

function run(command: string, commandArgs: readonly string[]): void {
  execFileSync(command, commandArgs, { stdio: 'inherit', cwd: root });
}

/** The data folder: its Sandbox store a copy of the search bench's, copied again when that one changed. */
function prepareData(): void {
  if (!existsSync(storeSource)) {
    console.log(`no ${storeSource}: building it with the search bench`);
    run(process.execPath, ['--import', 'tsx', 'test/bench/search.bench.ts', '--rows', String(ROWS), '--build-only']);
  }
  const source = statSync(storeSource);
  const stamp = JSON.stringify({ size: source.size, mtimeMs: source.mtimeMs });
  if (existsSync(storePath) && existsSync(copiedFrom) && readFileSync(copiedFrom, 'utf8') === stamp) {
    console.log(`using the data folder ${dataDir}`);
    return;
  }
  console.log(`copying ${storeSource} into ${storePath}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(join(dataDir, 'profiles', 'sandbox'), { recursive: true, mode: 0o700 });
  copyFileSync(storeSource, storePath);
  writeFileSync(copiedFrom, stamp);
}

interface Measured {
  /** From spawn to the printed address (the station open, the web host listening). */
  readonly printedMs: number;
  /** From spawn to the first API answer and the page both received. */
  readonly readyMs: number;
  readonly rssMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/** Stops the child by its PID and waits for it: SIGTERM (a clean stop), SIGKILL after 10 s. */
async function stop(child: ChildProcessWithoutNullStreams, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  process.kill(pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

async function startOnce(): Promise<Measured> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist', 'electron', 'web.js')], {
    cwd: root,
    env: { ...process.env, PACKBENCH_DATA_DIR: dataDir, PACKBENCH_WEB_PORT: '0' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let output = '';
    const printed = await new Promise<{ url: string; port: string; token: string }>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8');
      child.stdout.on('data', (text: string) => {
        output += text;
        const found = OPEN_URL.exec(output);
        if (found?.[1] !== undefined && found[2] !== undefined && found[3] !== undefined) resolve({ url: found[1], port: found[2], token: found[3] });
      });
      child.stderr.on('data', (text: string) => (output += text));
      child.once('exit', (code) => reject(new Error(`the web host exited (${String(code)}) before printing its address:\n${output}`)));
    });
    const printedMs = performance.now() - started;
    const base = `http://127.0.0.1:${printed.port}`;
    const [api, page] = await Promise.all([
      fetch(`${base}/api/getConnection`, { method: 'POST', headers: { Authorization: `Bearer ${printed.token}`, 'Content-Type': 'application/json' }, body: '{}' }),
      fetch(`${base}/`),
    ]);
    const answer = (await api.json()) as { ok?: boolean };
    const html = await page.text();
    const readyMs = performance.now() - started;
    if (answer.ok !== true) throw new Error(`getConnection answered ${JSON.stringify(answer)}`);
    if (page.status !== 200 || !html.includes('<div id="app">')) throw new Error(`the page answered ${page.status}`);
    const rss = child.pid === undefined ? Number.NaN : rssMb(child.pid);
    return { printedMs, readyMs, rssMb: rss };
  } finally {
    await stop(child, exited);
  }
}

function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  console.log(`startup bench: ${ROWS.toLocaleString('en-US')} shipments — ${cpus().length} CPUs, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  if (!args.includes('--skip-build')) run('npm', ['run', 'build']);
  if (!existsSync(join(root, 'dist', 'electron', 'web.js'))) throw new Error('dist/electron/web.js is missing: run npm run build');
  prepareData();
  console.log(`store: ${(statSync(storePath).size / 1024 / 1024).toFixed(0)} MB`);

  // A first start: everything but the million-shipment store made afresh (the embedded
  // sandbox's own store, the vault, the profiles), said apart from the runs after it.
  for (const entry of readdirSync(dataDir)) if (entry !== 'profiles' && entry !== 'copied-from.json') rmSync(join(dataDir, entry), { recursive: true, force: true });
  const first = await startOnce();
  console.log(`first start: ready in ${first.readyMs.toFixed(0)} ms (address printed at ${first.printedMs.toFixed(0)} ms), RSS ${first.rssMb.toFixed(0)} MB`);
  const runs: Measured[] = [];
  for (let i = 0; i < RUNS; i++) {
    const measured = await startOnce();
    runs.push(measured);
    console.log(`  run ${i + 1}: ready in ${measured.readyMs.toFixed(0)} ms (address printed at ${measured.printedMs.toFixed(0)} ms), RSS ${measured.rssMb.toFixed(0)} MB`);
  }
  const ready = runs.map((r) => r.readyMs);
  const rss = runs.map((r) => r.rssMb);
  console.log(`\nfirst API answer and page, ${RUNS} runs: p50 ${percentile(ready, 0.5).toFixed(0)} ms, max ${Math.max(...ready).toFixed(0)} ms (target ${TARGET_MS} ms)`);
  console.log(`RSS then: p50 ${percentile(rss, 0.5).toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB (target ${TARGET_RSS_MB} MB)`);
}

await main();
