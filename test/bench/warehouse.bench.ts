/**
 * `npm run bench:warehouse`: N = 1, 2, 5 and 10 desk processes on one credential, sharing its
 * limit of 100 and of 500 requests a minute through the warehouse database (a private
 * PostgreSQL), against one sandbox that enforces the limit. Each desk packs orders for a shift:
 * claim, quote, address check, purchase guard, label, record, with tracking refreshes and pulls
 * in the background. Printed per run: the share of the limit used, the spread between the
 * busiest and the least busy desk (as a share of an equal share), 429s, claim latency p95 and
 * how late one desk's claims and shipments reached the others (p95).
 *
 * Time is scaled (virtual time where the code allows it): the sandbox's clock and the shared
 * window run faster than real time, so a shift of BENCH_SHIFT_MINUTES (default 10) simulated
 * minutes takes less. The scale is BENCH_SCALE, or by default 1,000 ÷ the limit (10 at 100 a
 * minute, 2 at 500), which keeps the real request rate near 17 a second whatever the limit: a
 * rate a 2-core machine running ten desks, PostgreSQL and the sandbox can carry. Latencies are
 * real milliseconds.
 *   BENCH_DESKS (default 1,2,5,10)  BENCH_LIMITS (default 100,500)  BENCH_PACKERS (default 4)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/sandbox';
import { importOrders } from '../../electron/warehouse';
import { bundleScript } from '../integration/warehouse/childScripts';
import { sampleOrders } from '../integration/warehouse/samples';
import { ADMIN_DESK, startWarehouseServer } from '../support/warehouseServer';
import type { BenchDeskEnv, BenchDeskResult } from './warehouseDesk';

const shiftMinutes = Number(process.env.BENCH_SHIFT_MINUTES ?? 10);
const deskCounts = (process.env.BENCH_DESKS ?? '1,2,5,10').split(',').map(Number);
const limits = (process.env.BENCH_LIMITS ?? '100,500').split(',').map(Number);
const packers = Number(process.env.BENCH_PACKERS ?? 4);
const scaleFor = (limit: number) => Number(process.env.BENCH_SCALE ?? 1_000 / limit);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface BenchDesk {
  readonly child: ChildProcess;
  readonly message: (predicate: (m: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
}

function startDesk(script: string, deskEnv: BenchDeskEnv): Promise<BenchDesk> {
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, PACKBENCH_BENCH_DESK: JSON.stringify(deskEnv) } });
  const message = (predicate: (m: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (!predicate(m)) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`desk ${deskEnv.deskId} exited (${String(code)})`)));
    });
  return message((m) => m.ready === true).then(() => ({ child, message }));
}

const server = await startWarehouseServer();
const script = await bundleScript('test/bench/warehouseDesk.ts', 'bench-warehouse-desk');
console.log(`warehouse bench: ${String(availableParallelism())} CPUs (nproc), ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
console.log(`a ${String(shiftMinutes)}-minute shift, time scaled; ${String(packers)} packers and a background worker per desk`);
console.log('');
console.log('| limit/min | time scale | desks | requests | use of the limit | spread (busiest − least busy) | 429s | claim p95 | cross-desk p95 |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');

let run = 0;
try {
  for (const limit of limits) {
    const scale = scaleFor(limit);
    const windowMs = 60_000 / scale;
    const shiftMs = (shiftMinutes * 60_000) / scale;
    for (const n of deskCounts) {
      run += 1;
      const arrivals: { at: number; status: number }[] = [];
      const start = Date.now();
      const sandbox: RunningSandbox = await startSandbox({
        requestsPerMinute: limit,
        clock: () => new Date(start + (Date.now() - start) * scale),
        onRequest: (entry) => arrivals.push({ at: Date.now() - entry.ms, status: entry.status }),
      });
      const prefix = `B${String(run)}-`;
      const orders = sampleOrders(Math.ceil((limit * shiftMinutes) / 2) + 200, prefix).map((o) => ({ ...o }));
      const admin = await server.pool('owner', ADMIN_DESK);
      await importOrders(admin, ADMIN_DESK.id, orders);
      await admin.end();
      const desks = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          startDesk(script.file, {
            settings: server.settings('desk'),
            password: server.roles.desk.password,
            deskId: `B${String(run)}D${String(i + 1)}`,
            deskName: `Desk ${String(i + 1)}`,
            sandboxUrl: sandbox.baseUrl,
            apiKey: sandbox.credentials.apiKey,
            limit,
            budget: { credentialId: `bench-run-${String(run)}`, windowMs },
            packers,
          }),
        ),
      );
      const numbers = orders.map((o) => o.orderNumber);
      const shiftStart = Date.now() + 500;
      const until = shiftStart + shiftMs;
      const results = (
        await Promise.all(
          desks.map((desk, i) => {
            // Each desk walks the orders from its own place, as packers pick from different shelves.
            const from = Math.floor((i * numbers.length) / n);
            const mine = [...numbers.slice(from), ...numbers.slice(0, from)];
            const answer = desk.message((m) => 'result' in m || 'error' in m);
            desk.child.send({ op: 'shift', orders: mine, until });
            return answer;
          }),
        )
      ).map((m) => {
        if ('error' in m) throw new Error(String(m.error));
        return m.result as BenchDeskResult;
      });
      await Promise.all(desks.map((desk) => new Promise((resolve) => {
        desk.child.once('exit', resolve);
        desk.child.send({ op: 'close' });
      })));
      await sandbox.close();

      const inShift = arrivals.filter((a) => a.at >= shiftStart && a.at < until);
      const admitted = inShift.filter((a) => a.status !== 429).length;
      const allowed = (limit * shiftMs) / windowMs;
      const perDesk = results.map((r) => Object.values(r.sent).reduce((a, b) => a + b, 0));
      const equalShare = perDesk.reduce((a, b) => a + b, 0) / n;
      const spread = n > 1 ? ((Math.max(...perDesk) - Math.min(...perDesk)) / equalShare) * 100 : 0;
      const claims = results.flatMap((r) => r.claimMs);
      const notify = results.flatMap((r) => r.notifyMs);
      const tooMany = arrivals.filter((a) => a.status === 429).length;
      const local = results.filter((r) => r.modes.includes('local')).length;
      console.log(
        `| ${String(limit)} | ${String(scale)}× | ${String(n)} | ${String(admitted)} | ${((admitted / allowed) * 100).toFixed(1)}% | ${n > 1 ? `${spread.toFixed(1)}%` : '—'} | ${String(tooMany)} | ${percentile(claims, 95).toFixed(1)} ms | ${notify.length === 0 ? '—' : `${percentile(notify, 95).toFixed(1)} ms`} |` +
          (local > 0 ? ` (${String(local)} desks fell back to a local share)` : ''),
      );
    }
  }
} finally {
  script.remove();
  await server.stop();
}
