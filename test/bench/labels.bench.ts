/**
 * `npm run bench:labels`: per kind of carrier label in the shared fixtures folder, the time from
 * the service's document (bytes in memory) to printer-ready bytes for a 203 dpi printer with 4x6
 * stock and 4x8 declared: the PDF for a PDF printer and the ZPL for a ZPL printer (p50, p95), and
 * the ZPL job's size; then the same times file by file, which name the labels that miss the target.
 * Target: 50 ms a label at 203 dpi. BENCH_RUNS (default 10) per file, after one warm-up.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PRINTER_LANGUAGE } from '../../electron/api/printing';
import { buildJob, planDocument, type JobTarget } from '../../electron/printing/labels/job';
import { MEDIA } from '../../electron/printing/media';
import { carrierLabelFiles, carrierLabelsDir } from '../support/carrierFixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const dir = carrierLabelsDir();

const pdfPrinter: JobTarget = { printer: 'label4x6', media: MEDIA['4x6'], longer: MEDIA['4x8'], language: DEFAULT_PRINTER_LANGUAGE };
const zplPrinter: JobTarget = { ...pdfPrinter, printer: 'zebra', language: { ...DEFAULT_PRINTER_LANGUAGE, language: 'ZPL' } };

const KINDS: readonly [string, (name: string) => boolean][] = [
  ['PDF label (4x6, A6, 100x150 mm)', (n) => /4x6|a6|284x428/.test(n)],
  ['PDF long label (99x200, 105x203 mm, A5)', (n) => /99x200|105x203|postat-a5/.test(n)],
  ['PDF label on a Letter/A4 sheet', (n) => /on-a4|on-letter|2up/.test(n)],
  ['GIF/PNG image', (n) => /\.(gif|png)$/.test(n)],
  ['carrier ZPL', (n) => n.endsWith('.zpl')],
];

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function time(bytes: Uint8Array, target: JobTarget): Promise<{ ms: number; size: number; labels: number }> {
  const start = performance.now();
  const planned = await planDocument(bytes, 'Label 1', target);
  const job = await buildJob(planned, target, 1);
  return { ms: (performance.now() - start) / planned.length, size: job.data.byteLength / planned.length, labels: planned.length };
}

const files = carrierLabelFiles(dir);
const perFile: string[] = [];
const figures = (times: number[]): string => `${quantile(times, 0.5).toFixed(1)} / ${quantile(times, 0.95).toFixed(1)}`;
console.log(`${String(availableParallelism())} CPUs, ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${String(RUNS)} runs a file after 1 warm-up`);
console.log('| Kind | Files | To PDF p50 / p95 (ms a label) | To ZPL p50 / p95 (ms a label) | ZPL a label (KiB) |');
console.log('|---|---:|---:|---:|---:|');
for (const [kind, matches] of KINDS) {
  const chosen = files.filter(matches);
  const pdfTimes: number[] = [];
  const zplTimes: number[] = [];
  const zplSizes: number[] = [];
  for (const name of chosen) {
    const bytes = new Uint8Array(await readFile(join(dir, name)));
    await time(bytes, pdfPrinter);
    await time(bytes, zplPrinter);
    const filePdf: number[] = [];
    const fileZpl: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      filePdf.push((await time(bytes, pdfPrinter)).ms);
      const zpl = await time(bytes, zplPrinter);
      fileZpl.push(zpl.ms);
      zplSizes.push(zpl.size);
    }
    pdfTimes.push(...filePdf);
    zplTimes.push(...fileZpl);
    perFile.push(`| ${name} | ${figures(filePdf)} | ${figures(fileZpl)} |`);
  }
  const kib = zplSizes.reduce((a, b) => a + b, 0) / zplSizes.length / 1024;
  console.log(`| ${kind} | ${String(chosen.length)} | ${figures(pdfTimes)} | ${figures(zplTimes)} | ${kib.toFixed(1)} |`);
}
console.log('\n| File | To PDF p50 / p95 (ms a label) | To ZPL p50 / p95 (ms a label) |');
console.log('|---|---:|---:|');
for (const line of perFile) console.log(line);
