/**
 * What the print pipeline costs over handing CUPS a finished file. Prints figures, asserts nothing:
 *   npm run bench:print
 * Environment: BENCH_RUNS measured runs per case (default 30), after BENCH_WARMUP runs (default 5).
 *
 * Pipeline, as PrintService runs it: label PDFs as bytes in memory → checkPdf each → fitToMedia onto
 * 4x6 → CupsBackend.submit with the job as data (one IPP Print-Job request), until CUPS reports the
 * job accepted. Plain:
 * `lp -d label4x6 FILE` of the same finished file. Three label sets: one label; ten labels in one
 * 10-page document (how some carriers send a multi-package shipment); ten labels as ten documents
 * (how the service sends one, and what costs most: ten PDFs to open and join). Both go to the
 * private CUPS scheduler this script starts and stops, interleaved run by run, and each run waits
 * for the previous job to finish so that its filters do not tax the next run's CPU.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { CupsBackend } from '../../electron/platform/printers/cups/backend';
import { checkPdf } from '../../electron/printing/document';
import { fitToMedia } from '../../electron/printing/fit';
import { MEDIA } from '../../electron/printing/media';
import { startPrivateCups } from '../support/privateCups';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_RATIO = 1.3;
const run = promisify(execFile);

/** A 4x6 PDF with one page per package, as a carrier draws it: a border, a tracking number, a barcode-ish block. */
async function makeLabels(packages: readonly number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const index of packages) {
    const page = doc.addPage([288, 432]);
    page.drawRectangle({ x: 6, y: 6, width: 276, height: 420, borderColor: rgb(0, 0, 0), borderWidth: 2 });
    page.drawText(`1Z999AA1012345${String(index).padStart(4, '0')}`, { x: 20, y: 380, size: 14, font });
    for (let bar = 0; bar < 60; bar += 1) {
      page.drawRectangle({ x: 24 + bar * 4, y: 120, width: (bar * 7) % 3 === 0 ? 2 : 1, height: 90, color: rgb(0, 0, 0) });
    }
  }
  return doc.save();
}

const PACKAGES = Array.from({ length: 10 }, (_, i) => i + 1);
const LABEL_SETS: readonly { name: string; documents: () => Promise<Uint8Array[]> }[] = [
  { name: '1 label', documents: async () => [await makeLabels([1])] },
  { name: '10 labels, 1 document', documents: async () => [await makeLabels(PACKAGES)] },
  { name: '10 labels, 10 documents', documents: () => Promise.all(PACKAGES.map((i) => makeLabels([i]))) },
];

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

interface CaseFigures {
  readonly pipeline: number[];
  readonly plain: number[];
  /** Per-stage times of the pipeline runs, to show where its time goes. */
  readonly stages: Record<'check' | 'fit' | 'submit', number[]>;
}

async function main(): Promise<void> {
  const cups = await startPrivateCups();
  const work = await mkdtemp(join(tmpdir(), 'packbench-print-bench-'));
  const queue = cups.queues.label4x6;
  const backend = new CupsBackend({ env: cups.env });
  const results = new Map<string, CaseFigures>();
  try {
    for (const [setIndex, set] of LABEL_SETS.entries()) {
      const labels = await set.documents();
      const combined = join(work, `combined-${String(setIndex)}.pdf`);
      await writeFile(combined, await fitToMedia(labels, MEDIA['4x6']));
      let counter = 0;
      const settled = async (jobId: string): Promise<void> => {
        for (;;) {
          const { state } = await backend.jobStatus(queue, jobId);
          if (state === 'completed' || state === 'aborted' || state === 'canceled' || state === 'unknown') return;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };

      const figures: CaseFigures = { pipeline: [], plain: [], stages: { check: [], fit: [], submit: [] } };
      const pipeline = async (record: boolean): Promise<number> => {
        const start = performance.now();
        const checked = await Promise.all(labels.map((bytes, i) => checkPdf(bytes, `document ${String(i + 1)}`)));
        const afterCheck = performance.now();
        const fitted = await fitToMedia(checked, MEDIA['4x6']);
        const afterFit = performance.now();
        counter += 1;
        const { jobId } = await backend.submit({ printer: queue, data: fitted, copies: 1, title: `bench ${String(counter)}` });
        const end = performance.now();
        await settled(jobId);
        if (record) {
          figures.stages.check.push(afterCheck - start);
          figures.stages.fit.push(afterFit - afterCheck);
          figures.stages.submit.push(end - afterFit);
        }
        return end - start;
      };
      const plain = async (): Promise<number> => {
        const start = performance.now();
        const { stdout } = await run('lp', ['-d', queue, combined], { env: cups.env });
        const elapsed = performance.now() - start;
        await settled(/request id is (\S+)/.exec(stdout)?.[1] ?? '');
        return elapsed;
      };

      for (let i = 0; i < WARMUP; i += 1) {
        await pipeline(false);
        await plain();
      }
      for (let i = 0; i < RUNS; i += 1) {
        figures.pipeline.push(await pipeline(true));
        figures.plain.push(await plain());
      }
      results.set(set.name, figures);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await cups.stop();
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`print pipeline vs plain lp — ${cpu}, ${String(availableParallelism())} cores, Node ${process.version}`);
  console.log(`${String(RUNS)} runs per case after ${String(WARMUP)} warm-up runs; private CUPS, queue label4x6 (file: device)`);
  console.log('');
  console.log('label set                 | pipeline p50 / p95 (ms) | plain lp p50 / p95 (ms) | ratio p50 / p95 | target');
  for (const [name, figures] of results) {
    const a = [...figures.pipeline].sort((x, y) => x - y);
    const b = [...figures.plain].sort((x, y) => x - y);
    const [a50, a95, b50, b95] = [percentile(a, 50), percentile(a, 95), percentile(b, 50), percentile(b, 95)];
    const ratio = a50 / b50;
    console.log(
      `${name.padEnd(24)}  | ${a50.toFixed(1).padStart(10)} / ${a95.toFixed(1).padEnd(10)} | ${b50.toFixed(1).padStart(10)} / ${b95.toFixed(1).padEnd(10)} | ${ratio.toFixed(2)}x / ${(a95 / b95).toFixed(2)}x | ${ratio <= TARGET_RATIO ? 'met' : 'missed'} (≤${String(TARGET_RATIO)}x)`,
    );
  }
  console.log('');
  console.log('pipeline stages, p50 (ms): checkPdf all | fitToMedia | CupsBackend.submit (IPP Print-Job)');
  for (const [name, figures] of results) {
    const p50 = (values: readonly number[]): string => percentile([...values].sort((x, y) => x - y), 50).toFixed(1);
    const { check, fit, submit } = figures.stages;
    console.log(`${name.padEnd(24)}  | ${p50(check)} | ${p50(fit)} | ${p50(submit)}`);
  }
}

await main();
