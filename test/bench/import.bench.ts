/**
 * Importing a big shop file: builds the app (`npm run build`), writes a CSV of 1,000,000 orders of
 * one line each (about 100 MB, in .cache/bench), starts the built web host (`node dist/electron/web.js`)
 * as a child process on 127.0.0.1 with an ephemeral port and a fresh data folder, and imports the
 * file as the Orders screen does: sent in pieces of 512 KiB, previewed, imported. Meanwhile another
 * client asks the station for its connection, today's figures and a page of orders every 25 ms, and
 * the child's memory is read from /proc. It prints the time of each step, the host's peak RSS
 * (VmHWM) against its RSS before the file was sent, and the slowest answer (and p99) of those
 * calls during each step.
 *
 *   npm run bench:import                      1,000,000 orders
 *   npm run bench:import -- --orders 100000   another size
 *   --skip-build
 *
 * The child is stopped by its PID (SIGTERM, then SIGKILL if it has not exited in 10 s).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { PLACES } from '../support/orderFiles';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const ORDERS = Number(option('--orders') ?? 1_000_000);
const PIECE = 512 * 1024;
const PROBE_EVERY_MS = 25;
const TARGET_RSS_MB = 300;
const TARGET_ANSWER_MS = 100;

const root = process.cwd();
const CACHE = join(root, '.cache', 'bench');
const file = join(CACHE, `orders-${ORDERS}-v2.csv`);
const OPEN_URL = /open (http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)) in a browser/;


/** One line per order, as a shop's sheet writes them: about 105 bytes each. */
async function writeFile(): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(CACHE, { recursive: true });
  const out = createWriteStream(file);
  out.write('Order No,Recipient,Street,City,State,Postcode,Country,Phone,SKU,Description,Qty,Unit price,Weight,Weight unit\n');
  for (let i = 1; i <= ORDERS; i += 1) {
    const [city, state, zip] = PLACES[i % PLACES.length] ?? PLACES[0];
    const line = `BN-${String(i).padStart(7, '0')},Pat Rivera ${String(i % 9973)},${String(i % 9000)} Main St,${city},${state},${zip},US,+1 415-555-${String(i % 10_000).padStart(4, '0')},SKU-${String(i % 500)},Item ${String(i % 500)},${String(1 + (i % 3))},12.50,${String(6 + (i % 40))},oz\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no ${field} for process ${pid}`);
  return Number(kb) / 1024;
}

interface Probe {
  readonly times: number[];
  /** The slowest answer of each method. */
  readonly slowest: Map<string, number>;
  stop(): Promise<void>;
}

/** Asks the station for everyday things every 25 ms (the next call when the last answered) and keeps each answer's time. */
function probe(call: (method: string, input: unknown) => Promise<unknown>): Probe {
  const times: number[] = [];
  const slowest = new Map<string, number>();
  let running = true;
  const methods: readonly [string, unknown][] = [
    ['getConnection', {}],
    ['getToday', {}],
    ['listOrders', { limit: 25 }],
  ];
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      const [method, input] = methods[i % methods.length] ?? ['getConnection', {}];
      const started = performance.now();
      await call(method, input);
      const took = performance.now() - started;
      times.push(took);
      slowest.set(method, Math.max(slowest.get(method) ?? 0, took));
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    times,
    slowest,
    async stop() {
      running = false;
      await loop;
    },
  };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const seconds = (value: number): string => `${(value / 1000).toFixed(1)} s`;
function p99(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

async function main(): Promise<void> {
  if (!args.includes('--skip-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  console.log(`writing ${file} (${ORDERS.toLocaleString('en-US')} orders) unless it is there`);
  await writeFile();
  const size = statSync(file).size;

  const dataDir = mkdtempSync(join(CACHE, 'import-'));
  const child = spawn(process.execPath, ['dist/electron/web.js'], { cwd: root, env: { ...process.env, PACKBENCH_DATA_DIR: dataDir, PACKBENCH_WEB_PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  try {
    let printed = '';
    const address = await new Promise<RegExpExecArray>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const match = OPEN_URL.exec(printed);
        if (match !== null) resolve(match);
      });
      child.once('exit', () => reject(new Error(`the web host exited: ${printed}`)));
    });
    const [, , port, token] = address;
    const base = `http://127.0.0.1:${port ?? ''}/api/`;
    const call = async (method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> => {
      const response = await fetch(`${base}${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` }, body: JSON.stringify(input) });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    };
    const value = async <T>(method: string, input: unknown): Promise<T> => {
      const answer = await call(method, input);
      if (!answer.ok) throw new Error(`${method}: ${answer.error?.message ?? '?'}`);
      return answer.value as T;
    };
    const pid = child.pid ?? 0;
    // The station warmed up: the embedded sandbox started, its first pull done, each probed call answered a few times.
    for (let i = 0; i < 40; i += 1) {
      await value('getToday', {});
      await value('listOrders', { limit: 25 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const baseline = memoryMb(pid, 'VmRSS');
    const hwmBefore = memoryMb(pid, 'VmHWM');

    const steps: { name: string; ms: number; answers: number[]; slowest: Map<string, number> }[] = [];
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const watcher = probe(call);
      const started = performance.now();
      const result = await work();
      const took = performance.now() - started;
      await watcher.stop();
      steps.push({ name, ms: took, answers: watcher.times, slowest: watcher.slowest });
      return result;
    };

    const fileId = await step('send in pieces', async () => {
      const { fileId } = await value<{ fileId: string }>('openOrderFile', { name: 'orders.csv', size });
      const handle = await open(file);
      try {
        const buffer = Buffer.alloc(PIECE);
        for (let offset = 0; offset < size; offset += PIECE) {
          const { bytesRead } = await handle.read(buffer, 0, PIECE, offset);
          await value('appendOrderFile', { fileId, offset, data: buffer.subarray(0, bytesRead).toString('base64') });
        }
      } finally {
        await handle.close();
      }
      return fileId;
    });
    const preview = await step('preview', () => value<{ orderCount: number; rowCount: number; problemRowCount: number }>('previewOrderImport', { fileId }));
    const imported = await step('import', () => value<{ created: number; rowCount: number }>('importOrders', { fileId }));
    const peak = memoryMb(pid, 'VmHWM');
    await value('closeOrderFile', { fileId });

    const cpu = cpus()[0]?.model ?? 'unknown';
    console.log('');
    console.log(`machine: ${String(cpus().length)} CPUs (${cpu}), Node ${process.version}`);
    console.log(`file: ${(size / 1024 / 1024).toFixed(1)} MB, ${preview.rowCount.toLocaleString('en-US')} rows, ${preview.orderCount.toLocaleString('en-US')} orders (${preview.problemRowCount} rows with problems); imported: ${imported.created.toLocaleString('en-US')} created`);
    console.log('');
    console.log('| Step | Time | Station answers during it | Slowest | p99 | Slowest getConnection / getToday / listOrders |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const { name, ms: took, answers, slowest: each } of steps) {
      const perMethod = ['getConnection', 'getToday', 'listOrders'].map((method) => ms(each.get(method) ?? 0)).join(' / ');
      console.log(`| ${name} | ${seconds(took)} | ${String(answers.length)} | ${ms(Math.max(...answers))} | ${ms(p99(answers))} | ${perMethod} |`);
    }
    const total = steps.reduce((sum, each) => sum + each.ms, 0);
    const slowest = Math.max(...steps.flatMap((each) => each.answers));
    console.log('');
    console.log(`send + preview + import: ${seconds(total)}`);
    console.log(`host RSS: ${baseline.toFixed(0)} MB before the file (peak before: ${hwmBefore.toFixed(0)} MB); peak during the import ${peak.toFixed(0)} MB: ${(peak - baseline).toFixed(0)} MB more (target: under ${String(TARGET_RSS_MB)} MB more)`);
    console.log(`slowest station answer during it all: ${ms(slowest)} (target: ${String(TARGET_ANSWER_MS)} ms)`);
  } finally {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
