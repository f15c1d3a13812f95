/**
 * What the print pipeline costs over handing CUPS a finished file. Prints figures, asserts nothing:
 *   npm run bench:print
 * Environment: BENCH_RUNS measured runs per case (default 30), after BENCH_WARMUP runs (default 5).
 *
 * Pipeline: label PDFs as bytes in memory → checkPdf each → fitToMedia onto 4x6 → temp file →
 * CupsBackend.submit, until lp reports the job accepted. Plain: `lp -d label4x6 FILE` of the same
 * already-combined file. Both go to the private CUPS scheduler this script starts and stops; the
 * two are interleaved run by run so a queue filling up with jobs weighs on both alike.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { CupsBackend } from '../../electron/printing/cups/backend';
import { checkPdf } from '../../electron/printing/document';
import { fitToMedia } from '../../electron/printing/fit';
import { MEDIA } from '../../electron/printing/media';
import { startPrivateCups } from '../support/privateCups';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_RATIO = 1.3;
const run = promisify(execFile);

/** One 4x6 label PDF per package, as a carrier sends it: a border, a tracking number, a barcode-ish block. */
async function makePackageLabel(index: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([288, 432]);
  page.drawRectangle({ x: 6, y: 6, width: 276, height: 420, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  page.drawText(`1Z999AA1012345${String(index).padStart(4, '0')}`, { x: 20, y: 380, size: 14, font });
  for (let bar = 0; bar < 60; bar += 1) {
    page.drawRectangle({ x: 24 + bar * 4, y: 120, width: (bar * 7) % 3 === 0 ? 2 : 1, height: 90, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

interface CaseFigures {
  readonly pipeline: number[];
  readonly plain: number[];
  /** Per-stage times of the pipeline runs, to show where its time goes. */
  readonly stages: Record<'check' | 'fit' | 'write' | 'submit', number[]>;
}

async function main(): Promise<void> {
  const cups = await startPrivateCups();
  const work = await mkdtemp(join(tmpdir(), 'packbench-print-bench-'));
  const queue = cups.queues.label4x6;
  const backend = new CupsBackend({ env: cups.env });
  const results = new Map<number, CaseFigures>();
  try {
    for (const pages of [1, 10]) {
      const labels = await Promise.all(Array.from({ length: pages }, (_, i) => makePackageLabel(i + 1)));
      const combined = join(work, `combined-${String(pages)}.pdf`);
      await writeFile(combined, await fitToMedia(labels, MEDIA['4x6']));
      let counter = 0;

      const figures: CaseFigures = { pipeline: [], plain: [], stages: { check: [], fit: [], write: [], submit: [] } };
      const pipeline = async (record: boolean): Promise<number> => {
        const start = performance.now();
        const checked = await Promise.all(labels.map((bytes, i) => checkPdf(bytes, `package ${String(i + 1)} label`)));
        const afterCheck = performance.now();
        const fitted = await fitToMedia(checked, MEDIA['4x6']);
        const afterFit = performance.now();
        counter += 1;
        // The print service hands the job over as data (lp reads it on stdin): no file to write.
        const afterWrite = performance.now();
        await backend.submit({ printer: queue, data: fitted, copies: 1, title: `bench ${String(counter)}` });
        const end = performance.now();
        if (record) {
          figures.stages.check.push(afterCheck - start);
          figures.stages.fit.push(afterFit - afterCheck);
          figures.stages.write.push(afterWrite - afterFit);
          figures.stages.submit.push(end - afterWrite);
        }
        return end - start;
      };
      const plain = async (): Promise<number> => {
        const start = performance.now();
        await run('lp', ['-d', queue, combined], { env: cups.env });
        return performance.now() - start;
      };

      for (let i = 0; i < WARMUP; i += 1) {
        await pipeline(false);
        await plain();
      }
      for (let i = 0; i < RUNS; i += 1) {
        figures.pipeline.push(await pipeline(true));
        figures.plain.push(await plain());
      }
      results.set(pages, figures);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
    await cups.stop();
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`print pipeline vs plain lp — ${cpu}, ${String(availableParallelism())} cores, Node ${process.version}`);
  console.log(`${String(RUNS)} runs per case after ${String(WARMUP)} warm-up runs; private CUPS, queue label4x6 (file: device)`);
  console.log('');
  console.log('labels  | pipeline p50 / p95 (ms) | plain lp p50 / p95 (ms) | ratio p50 / p95 | target');
  for (const [pages, figures] of results) {
    const a = [...figures.pipeline].sort((x, y) => x - y);
    const b = [...figures.plain].sort((x, y) => x - y);
    const [a50, a95, b50, b95] = [percentile(a, 50), percentile(a, 95), percentile(b, 50), percentile(b, 95)];
    const ratio = a50 / b50;
    console.log(
      `${String(pages).padStart(6)}  | ${a50.toFixed(1).padStart(10)} / ${a95.toFixed(1).padEnd(10)} | ${b50.toFixed(1).padStart(10)} / ${b95.toFixed(1).padEnd(10)} | ${ratio.toFixed(2)}x / ${(a95 / b95).toFixed(2)}x | ${ratio <= TARGET_RATIO ? 'met' : 'missed'} (≤${String(TARGET_RATIO)}x)`,
    );
  }
  console.log('');
  console.log('pipeline stages, p50 (ms): checkPdf all | fitToMedia | hand-over | CupsBackend.submit (lp reading stdin)');
  for (const [pages, figures] of results) {
    const p50 = (values: readonly number[]): string => percentile([...values].sort((x, y) => x - y), 50).toFixed(1);
    const { check, fit, write, submit } = figures.stages;
    console.log(`${String(pages).padStart(6)}  | ${p50(check)} | ${p50(fit)} | ${p50(write)} | ${p50(submit)}`);
  }
}

await main();
