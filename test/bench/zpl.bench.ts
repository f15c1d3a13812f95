/**
 * What turning a label into ZPL costs, and how big the job is. Prints figures, asserts nothing:
 *   npm run bench:zpl
 * Environment: BENCH_LABELS labels measured (default 20), after BENCH_WARMUP conversions (default 3).
 *
 * Labels are the sandbox's own (UPS, FedEx, USPS, DHL Express, ODFL freight, taken in turn; created
 * over HTTP against an in-process sandbox), one 4x6 PDF each. Per label and resolution, the time
 * from the PDF's bytes to the finished ZPL text as the print service makes it (PDFium renders the
 * page at the printer's dpi, threshold, rows packed, Z64), then the job's size in Z64 and in plain
 * hex. The target is 50 ms a label at 203 dpi at p95 on two cores.
 */
import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../electron/sandbox/sandbox';
import { pdfToZpl } from '../../electron/printing/zpl/zpl';
import type { ShipmentCreate } from '../../electron/service/contract';
import { internationalShipment, shipment } from '../support/shipments';

const LABELS = Number(process.env.BENCH_LABELS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET_MS = 50;
const API_KEY = 'bench-zpl-key';

const BODIES: readonly ShipmentCreate[] = [
  shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS' } }),
  shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' } }),
  shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'USPS' } }),
  { ...internationalShipment(), shipmentInfo: { shipMethod: 'Express', carrier: 'DHL' } },
  shipment({ shipmentInfo: { shipMethod: 'Freight', carrier: 'ODFL' }, packages: [{ weight: 900, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70' }] }),
];

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

async function sandboxLabels(count: number): Promise<Uint8Array[]> {
  const sandbox = await startSandbox({ requestsPerMinute: 100_000, credentials: { apiKey: API_KEY } });
  try {
    const labels: Uint8Array[] = [];
    for (let i = 0; labels.length < count; i += 1) {
      const body = BODIES[i % BODIES.length];
      const response = await fetch(`${sandbox.baseUrl}/v1/shipment`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { documents?: { documentType: string; documentContent: string }[] };
      if (!response.ok) throw new Error(`the sandbox refused a shipment: ${JSON.stringify(answer).slice(0, 300)}`);
      const label = answer.documents?.find((d) => d.documentType === 'Label');
      if (label === undefined) throw new Error('the sandbox answered without a label');
      labels.push(new Uint8Array(Buffer.from(label.documentContent, 'base64')));
    }
    return labels;
  } finally {
    await sandbox.close();
  }
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

const labels = await sandboxLabels(LABELS);
const settings = { darkness: 15, offset: { x: 0, y: 0 } };
// PDFium's WebAssembly loads on the first conversion; the desk pays that once per run of the app.
const firstStart = performance.now();
await pdfToZpl(labels[0] ?? new Uint8Array(), { ...settings, dpi: 203 });
const firstMs = performance.now() - firstStart;
for (let i = 0; i < WARMUP; i += 1) await pdfToZpl(labels[i % labels.length] ?? new Uint8Array(), { ...settings, dpi: 203 });

console.log(`bench:zpl on ${cpus()[0]?.model ?? 'unknown CPU'}, ${String(availableParallelism())} cores, Node ${process.version}`);
console.log(`${String(labels.length)} sandbox labels (mean PDF ${kib(labels.reduce((n, l) => n + l.length, 0) / labels.length)}); first conversion, loading PDFium: ${firstMs.toFixed(0)} ms`);
console.log('');
let verdict = '';
console.log('| dpi | dots | PDF -> ZPL p50 | p95 | max | job Z64 (mean) | job plain hex (mean) | hex / Z64 |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const dpi of [203, 300] as const) {
  const times: number[] = [];
  let z64Bytes = 0;
  let hexBytes = 0;
  for (const label of labels) {
    const start = performance.now();
    const zpl = await pdfToZpl(label, { ...settings, dpi });
    times.push(performance.now() - start);
    z64Bytes += zpl.length;
    hexBytes += (await pdfToZpl(label, { ...settings, dpi }, { encoding: 'hex' })).length;
  }
  times.sort((a, b) => a - b);
  const dots = dpi === 203 ? '812 x 1218' : '1200 x 1800';
  const mean = (n: number): number => n / labels.length;
  console.log(
    `| ${String(dpi)} | ${dots} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${(times.at(-1) ?? 0).toFixed(1)} ms | ${kib(mean(z64Bytes))} | ${kib(mean(hexBytes))} | ${(hexBytes / z64Bytes).toFixed(0)}x |`,
  );
  if (dpi === 203) verdict = `203 dpi: p95 ${percentile(times, 95).toFixed(1)} ms ${percentile(times, 95) <= TARGET_MS ? 'meets' : 'misses'} the target of ${String(TARGET_MS)} ms a label`;
}
console.log('');
console.log(verdict);
