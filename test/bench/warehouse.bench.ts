/**
 * `npm run bench:warehouse`: N = 1, 2, 5 and 10 desk processes on one credential, sharing its
 * limit of 100 and of 500 requests a minute through the warehouse database (a private
 * PostgreSQL), against one sandbox that enforces the limit. Each desk packs orders for a shift:
 * claim, quote, address check, purchase guard, label, record, with tracking refreshes and pulls
 * in the background. A desk is one packer at one scanner; BENCH_PACKERS runs more packers at once
 * on each desk (a stress case: all their first claims fall in the shift's first millisecond).
 * Printed per run: the share of the limit used, the spread between the busiest and the least busy
 * desk (as a share of an equal share), 429s, claim latency p95 (of every claim, and without each
 * packer's first: every packer of every desk claims at the shift's first instant, a burst no
 * later claim meets) and how late one desk's claims and shipments reached the others (p95).
 *
 * Time is scaled (virtual time where the code allows it): the sandbox's clock and the shared
 * window run faster than real time, so a shift of BENCH_SHIFT_MINUTES (default 10) simulated
 * minutes takes less. The scale is BENCH_SCALE, or by default 1,000 ÷ the limit (10 at 100 a
 * minute, 2 at 500), which keeps the real request rate near 17 a second whatever the limit: a
 * rate a 2-core machine running ten desks, PostgreSQL and the sandbox can carry. Latencies are
 * real milliseconds.
 *   BENCH_DESKS (default 1,2,5,10)  BENCH_LIMITS (default 100,500)  BENCH_PACKERS (default 1)
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { importOrders } from '../../electron/warehouse';
import type { ChannelEvent } from '../integration/warehouse/deskChannel';
import { startDeskRig } from '../integration/warehouse/desks';
import { sampleOrders } from '../integration/warehouse/samples';
import { ADMIN_DESK } from '../support/warehouseServer';
import type { BenchDeskCommand, BenchDeskResult } from './warehouseDesk';

const shiftMinutes = Number(process.env.BENCH_SHIFT_MINUTES ?? 10);
const deskCounts = (process.env.BENCH_DESKS ?? '1,2,5,10').split(',').map(Number);
const limits = (process.env.BENCH_LIMITS ?? '100,500').split(',').map(Number);
const packers = Number(process.env.BENCH_PACKERS ?? 1);
const scaleFor = (limit: number) => Number(process.env.BENCH_SCALE ?? 1_000 / limit);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

console.log(`warehouse bench: ${String(availableParallelism())} CPUs (nproc), ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
console.log(`a ${String(shiftMinutes)}-minute shift, time scaled; ${packers === 1 ? 'a packer' : `${String(packers)} packers`} and a background worker per desk`);
console.log('');
console.log('| limit/min | time scale | desks | requests | use of the limit | spread (busiest − least busy) | 429s | claim p95 | claim p95 after each packer\'s first | cross-desk p95 | load average (1 min) before → after |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');

const load = () => (loadavg()[0] ?? Number.NaN).toFixed(2);

let run = 0;
for (const limit of limits) {
  const scale = scaleFor(limit);
  const windowMs = 60_000 / scale;
  const shiftMs = (shiftMinutes * 60_000) / scale;
  for (const n of deskCounts) {
    run += 1;
    const arrivals: { at: number; status: number }[] = [];
    const start = Date.now();
    // A rig of its own for each run: a fresh warehouse database and sandbox, so no run inherits
    // another's window, line or rows.
    const rig = await startDeskRig<BenchDeskCommand, ChannelEvent>({
      name: `bench-${String(run)}`,
      script: 'test/bench/warehouseDesk.ts',
      sandbox: {
        requestsPerMinute: limit,
        clock: () => new Date(start + (Date.now() - start) * scale),
        onRequest: (entry) => arrivals.push({ at: Date.now() - entry.ms, status: entry.status }),
      },
    });
    try {
      const orders = await sampleOrders(Math.ceil((limit * shiftMinutes) / 2) + 200, `B${String(run)}-`);
      const admin = await rig.server.pool('owner', ADMIN_DESK);
      await importOrders(admin, ADMIN_DESK.id, orders);
      await admin.end();
      const desks = await Promise.all(
        Array.from({ length: n }, (_, i) => rig.startDesk(`D${String(i + 1)}`, `Desk ${String(i + 1)}`, { budget: { windowMs }, more: { packers } })),
      );
      const numbers = orders.map((o) => o.orderNumber);
      const loadBefore = load();
      // The desks are told now and all start at shiftStart, so every request of the shift falls
      // inside the shift's windows (one sent before it would take a slot without being counted).
      const shiftStart = Date.now() + 500;
      const until = shiftStart + shiftMs;
      const results = await Promise.all(
        desks.map((desk, i) => {
          // Each desk walks the orders from its own place, as packers pick from different shelves.
          const from = Math.floor((i * numbers.length) / n);
          return desk.call<BenchDeskResult>({ op: 'shift', orders: [...numbers.slice(from), ...numbers.slice(0, from)], from: shiftStart, until });
        }),
      );
      const loadAfter = load();
      await Promise.all(desks.map((desk) => desk.close()));

      const inShift = arrivals.filter((a) => a.at >= shiftStart && a.at < until);
      const admitted = inShift.filter((a) => a.status !== 429).length;
      const allowed = (limit * shiftMs) / windowMs;
      const perDesk = results.map((r) => Object.values(r.sent).reduce((a, b) => a + b, 0));
      const equalShare = perDesk.reduce((a, b) => a + b, 0) / n;
      const spread = n > 1 ? ((Math.max(...perDesk) - Math.min(...perDesk)) / equalShare) * 100 : 0;
      const claims = results.flatMap((r) => r.claimMs);
      const laterClaims = results.flatMap((r) => r.laterClaimMs);
      const notify = results.flatMap((r) => r.notifyMs);
      const tooMany = arrivals.filter((a) => a.status === 429).length;
      const local = results.filter((r) => r.modes.includes('local')).length;
      const unknown = results.reduce((sum, r) => sum + r.unknown, 0);
      const early = arrivals.filter((a) => a.at < shiftStart).length;
      console.log(
        `| ${String(limit)} | ${String(scale)}× | ${String(n)} | ${String(admitted)} | ${((admitted / allowed) * 100).toFixed(1)}% | ${n > 1 ? `${spread.toFixed(1)}%` : '—'} | ${String(tooMany)} | ${percentile(claims, 95).toFixed(1)} ms | ${percentile(laterClaims, 95).toFixed(1)} ms | ${notify.length === 0 ? '—' : `${percentile(notify, 95).toFixed(1)} ms`} | ${loadBefore} → ${loadAfter} |` +
          (local > 0 ? ` (${String(local)} desks fell back to a local share)` : '') +
          (unknown > 0 ? ` (${String(unknown)} creates lost their answer)` : '') +
          (early > 0 ? ` (${String(early)} requests before the shift began)` : ''),
      );
    } finally {
      await rig.stop();
    }
  }
}
