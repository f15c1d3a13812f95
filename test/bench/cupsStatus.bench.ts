/**
 * What one job-state poll and one printer listing cost, over IPP (CupsBackend) against the CUPS
 * command-line tools (CupsCommandLine: ipptool, lpstat). Prints figures, asserts nothing:
 *   npm run bench:cups-status
 * Environment: BENCH_RUNS measured calls per case and path (default 60), after BENCH_WARMUP
 * (default 5).
 *
 * Cases, on the private CUPS scheduler this script starts and stops:
 * - a poll of a job still waiting (on the stopped queue): Get-Job-Attributes and Get-Printer-
 *   Attributes, against two ipptool starts; this is what the desk asks every 500 ms while a label
 *   prints;
 * - a poll of a completed job: one Get-Job-Attributes, against one ipptool start;
 * - listPrinters (6 queues): CUPS-Get-Printers and CUPS-Get-Default, against three lpstat starts.
 * Wall time is measured with the two paths interleaved call by call, so both see the same load.
 * CPU time is measured afterwards in a block per case and path: this process's own CPU plus that
 * of the tools it started and waited for (Linux /proc/self/stat cutime + cstime); cupsd's share is
 * not counted on either side.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import type { PrinterBackend } from '../../electron/platform/printers/backend';
import { CupsBackend, CupsCommandLine } from '../../electron/platform/printers/cups/backend';
import { startPrivateCups } from '../support/privateCups';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

type Call = (backend: PrinterBackend) => Promise<unknown>;

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** CPU milliseconds used so far by this process and by the child processes it has waited for. */
function cpuMs(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + childrenCpuMs();
}

/** Linux only; NaN elsewhere, so a figure that cannot be had is not shown as zero. */
function childrenCpuMs(): number {
  try {
    // Fields after the command name: state is field 3, cutime and cstime are fields 16 and 17.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) || 0) + (Number(fields[14]) || 0)) * 10; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

async function timed(call: Call, backend: PrinterBackend): Promise<number> {
  const start = performance.now();
  await call(backend);
  return performance.now() - start;
}

async function main(): Promise<void> {
  const cups = await startPrivateCups();
  const ipp = new CupsBackend({ env: cups.env });
  const tools = new CupsCommandLine({ env: cups.env });
  const results: { name: string; ipp: number[]; tools: number[]; ippCpu: number; toolsCpu: number }[] = [];
  try {
    const pdf = await PDFDocument.create();
    pdf.addPage([288, 432]);
    const data = await pdf.save();
    const waiting = await ipp.submit({ printer: cups.queues.stopped, data, copies: 1, title: 'bench: waiting' });
    const printed = await ipp.submit({ printer: cups.queues.label4x6, data, copies: 1, title: 'bench: printed' });
    while ((await ipp.jobStatus(cups.queues.label4x6, printed.jobId)).state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 20));

    const cases: { name: string; call: Call }[] = [
      { name: 'jobStatus, job waiting', call: (b) => b.jobStatus(cups.queues.stopped, waiting.jobId) },
      { name: 'jobStatus, job completed', call: (b) => b.jobStatus(cups.queues.label4x6, printed.jobId) },
      { name: 'listPrinters (6 queues)', call: (b) => b.listPrinters() },
    ];
    for (const { name, call } of cases) {
      for (let i = 0; i < WARMUP; i += 1) {
        await call(ipp);
        await call(tools);
      }
      const figures = { name, ipp: [] as number[], tools: [] as number[], ippCpu: 0, toolsCpu: 0 };
      for (let i = 0; i < RUNS; i += 1) {
        figures.ipp.push(await timed(call, ipp));
        figures.tools.push(await timed(call, tools));
      }
      for (const [path, backend] of [['ipp', ipp], ['tools', tools]] as const) {
        const before = cpuMs();
        for (let i = 0; i < RUNS; i += 1) await call(backend);
        const perCall = (cpuMs() - before) / RUNS;
        if (path === 'ipp') figures.ippCpu = perCall;
        else figures.toolsCpu = perCall;
      }
      results.push(figures);
    }
    await ipp.cancel(waiting.jobId);
  } finally {
    await cups.stop();
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`CUPS job state and printer list: IPP against the command-line tools — ${cpu}, ${String(availableParallelism())} cores, Node ${process.version}`);
  console.log(`${String(RUNS)} calls per case and path after ${String(WARMUP)} warm-up calls; load average at the end ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log('');
  console.log('case                      | IPP p50 / p95 (ms)  | tools p50 / p95 (ms) | p50 ratio | CPU per call IPP / tools (ms)');
  for (const figures of results) {
    const a = [...figures.ipp].sort((x, y) => x - y);
    const b = [...figures.tools].sort((x, y) => x - y);
    console.log(
      `${figures.name.padEnd(25)} | ${percentile(a, 50).toFixed(1).padStart(7)} / ${percentile(a, 95).toFixed(1).padEnd(8)} | ${percentile(b, 50).toFixed(1).padStart(7)} / ${percentile(b, 95).toFixed(1).padEnd(9)} | ${(percentile(a, 50) / percentile(b, 50)).toFixed(2)}x     | ${figures.ippCpu.toFixed(1)} / ${figures.toolsCpu.toFixed(1)}`,
    );
  }
}

await main();
