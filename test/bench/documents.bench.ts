/**
 * Micro-benchmark of the sandbox's shipping documents. Prints figures, asserts nothing:
 *   npx tsx test/bench/documents.bench.ts
 * Part 1 times the finished renderers; part 2 times the pdf-lib building blocks the
 * design choices in docs/sandbox/documents.md rest on.
 */
import { availableParallelism, cpus } from 'node:os';
import bwipjs from 'bwip-js/node';
import {
  PDFContentStream,
  PDFDocument,
  StandardFonts,
  beginText,
  endText,
  fill,
  moveText,
  rectangle,
  setFontAndSize,
  showText,
  rgb,
} from 'pdf-lib';
import type { PDFOperator } from 'pdf-lib';
import { renderCommercialInvoice, renderLabel } from '../../electron/sandbox/documents';
import type { CommercialInvoiceInput, LabelInput } from '../../electron/sandbox/documents';

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
  bytes: number;
}

async function measure(run: (i: number) => Promise<Uint8Array> | Uint8Array, iterations: number, warmup = Math.min(500, iterations)): Promise<Figures> {
  for (let i = 0; i < warmup; i += 1) await run(i);
  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const before = performance.now();
    bytes = (await run(i)).length;
    times.push(performance.now() - before);
  }
  const elapsed = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { perSecond: (iterations / elapsed) * 1000, p50: at(0.5), p95: at(0.95), bytes };
}

function report(name: string, figures: Figures): void {
  console.log(
    `${name.padEnd(52)} ${figures.perSecond.toFixed(0).padStart(6)}/s   p50 ${figures.p50.toFixed(3)} ms   p95 ${figures.p95.toFixed(3)} ms   ${figures.bytes} bytes`,
  );
}

const shipFrom = {
  contactName: 'Shipping Dept',
  companyName: 'Packbench Demo Warehouse',
  address1: '1200 Industrial Pkwy',
  address2: 'Dock 4',
  city: 'Louisville',
  stateProvince: 'KY',
  zipPostalCode: '40209',
  country: 'US',
};
const shipTo = {
  contactName: 'Zoë Ñúñez',
  companyName: 'Acme Widgets LLC',
  address1: '350 Fifth Avenue',
  address2: 'Suite 7100',
  city: 'New York',
  stateProvince: 'NY',
  zipPostalCode: '10118',
  country: 'US',
};

function labelInput(i: number): LabelInput {
  return {
    shipFrom,
    shipTo,
    carrierName: 'UPS',
    serviceName: 'Ground',
    // A different number each time, so nothing downstream can be served from a cache.
    trackingNumber: `1Z999AA1${String(10_000_000_000 + i).slice(1)}`,
    weight: 12.5,
    unitOfWeight: 'LB',
    packageIndex: 1,
    packageCount: 1,
    shipDate: new Date('2026-11-22T14:00:00Z'),
    references: { orderNumber: `SO-${100_000 + i}`, customerPO: 'PO-77812' },
    dimensions: { length: 12, width: 10, height: 8, unit: 'IN' },
    billing: 'Prepaid',
    zone: 5,
    shipmentId: `SHP-${i}`,
  };
}

function invoiceInput(i: number): CommercialInvoiceInput {
  return {
    trackingNumber: `7946${String(10_000_000 + i)}`,
    shipmentId: `SHP-${i}`,
    carrierName: 'FedEx',
    shipment: {
      shipDate: '2026-11-22T14:00:00Z',
      shipFrom,
      shipTo: { ...shipTo, city: 'Toronto', stateProvince: 'ON', zipPostalCode: 'M5V 2T6', country: 'CA' },
      shipmentInfo: { shipMethod: 'Express', carrier: 'FEDEX', serviceLevel: 'International Priority' },
      packages: [{ weight: 4.2, length: 12, width: 10, height: 8 }],
      unitOfWeight: 'LB',
      internationalDetail: {
        dutiesPaidBy: 'Recipient',
        reasonToExport: 'Sale',
        incoTerm1: 'DAP',
        currencyCode: 'USD',
        commodities: Array.from({ length: 5 }, (_, n) => ({ description: `Widget model ${n}`, quantity: 10, unitPrice: 12.5, unitWeight: 0.2, countryOfOrigin: 'US' })),
      },
    },
  };
}

/** A page with about what a label holds (30 lines of text, 50 bars), for comparing pdf-lib styles. */
const TEXT_LINES = 30;
const BAR_COUNT = 50;

async function pageWithDrawCalls(objectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([288, 432]);
  for (let i = 0; i < TEXT_LINES; i += 1) page.drawText(`Some label text ${i}`, { x: 10, y: 10 + i * 12, size: 8, font });
  for (let i = 0; i < BAR_COUNT; i += 1) page.drawRectangle({ x: 20 + i * 4, y: 200, width: 2, height: 60, color: rgb(0, 0, 0) });
  return doc.save({ useObjectStreams: objectStreams });
}

async function pageWithOperators(compress: boolean, objectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([288, 432]);
  const key = page.node.newFontDictionary(font.name, font.ref);
  const ops: PDFOperator[] = [];
  for (let i = 0; i < TEXT_LINES; i += 1) {
    ops.push(beginText(), setFontAndSize(key, 8), moveText(10, 10 + i * 12), showText(font.encodeText(`Some label text ${i}`)), endText());
  }
  for (let i = 0; i < BAR_COUNT; i += 1) ops.push(rectangle(20 + i * 4, 200, 2, 60));
  ops.push(fill());
  page.node.addContentStream(doc.context.register(PDFContentStream.of(doc.context.obj({}), ops, compress)));
  return doc.save({ useObjectStreams: objectStreams });
}

async function main(): Promise<void> {
  console.log(`machine: ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
  console.log('\nRenderers');
  report('renderLabel (1 package)', await measure((i) => renderLabel(labelInput(i)), 5000));
  report('renderCommercialInvoice (5 commodities)', await measure((i) => renderCommercialInvoice(invoiceInput(i)), 1000, 200));

  console.log('\nBuilding blocks');
  const encoder = new TextEncoder();
  report('bwip-js Code 128 encode (raw)', await measure((i) => encoder.encode(JSON.stringify(bwipjs.raw('code128', `1Z999AA1${String(10_000_000_000 + i).slice(1)}`, {}))), 5000));
  report('empty 4x6 page, 2 fonts, save', await measure(async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    await doc.embedFont(StandardFonts.Helvetica);
    await doc.embedFont(StandardFonts.HelveticaBold);
    doc.addPage([288, 432]);
    return doc.save({ useObjectStreams: false });
  }, 5000));
  report('page.drawText/drawRectangle, object streams', await measure(() => pageWithDrawCalls(true), 3000));
  report('page.drawText/drawRectangle, no object streams', await measure(() => pageWithDrawCalls(false), 3000));
  report('one operator list, deflated, object streams', await measure(() => pageWithOperators(true, true), 3000));
  report('one operator list, deflated, no object streams', await measure(() => pageWithOperators(true, false), 3000));
  report('one operator list, plain, no object streams (used)', await measure(() => pageWithOperators(false, false), 3000));
}

await main();
