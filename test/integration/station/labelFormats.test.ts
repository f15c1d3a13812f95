/**
 * A sandbox label in each format the sandbox answers (`additionalOptions.labelFormat`: the 4x6
 * PDF, the label on a Letter or A4 sheet, a PNG or GIF image, ZPL) shipped through the whole
 * station (web host, outbox, store, print service) to the private CUPS:
 *
 * - on the 4x6 PDF file queue, what the queue wrote is one 4x6 page whose tracking barcode reads
 *   (poppler at 203 dpi, no anti-aliasing, thresholded), and the print job keeps the layout: the
 *   format, 100%, the sheet the label was cut out of;
 * - on a raw queue set to ZPL at 203 dpi, the sandbox's ZPL arrives as it was sent, and the other
 *   formats arrive as ZPL whose barcode reads once drawn by zebrash.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJob } from '../../../electron/api';
import { barcodeTexts, popplerPages, zebrashLabels } from '../../support/barcodeReading';
import { requestKey, shipment } from '../../support/shipments';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';

/** Only a hang reaches these: a busy two-core machine may take many seconds per label. */
const WAIT_MS = 4 * 60_000;
const TEST_TIMEOUT_MS = 10 * 60_000;

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
  await station.value('setPrinterMap', { labelPrinter: station.labelQueue });
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await station?.close();
});

/** Ships one package with its label in `labelFormat`, and waits for the print job to complete. */
async function shipAndPrint(labelFormat: string): Promise<{ trackingNumber: string; job: PrintJob }> {
  const from = station.events.length;
  const shipped = await station.value('ship', { shipment: shipment({ references: { orderNumber: `SO-FMT-${labelFormat}` }, additionalOptions: { labelFormat } }), requestKey: requestKey() });
  const ready = await station.waitForEvent('labelsReady', (e) => e.stationRef === shipped.stationRef, from, WAIT_MS);
  await station.waitForEvent('printJob', (e) => e.state === 'completed' && ready.printJobIds.every((id) => e.ids.includes(id)), from, WAIT_MS);
  const detail = await station.value('getShipment', { stationRef: shipped.stationRef });
  const [job] = await station.value('printHistory', { stationRef: shipped.stationRef });
  if (job === undefined) throw new Error(`${labelFormat}: no print job`);
  return { trackingNumber: detail.shipment.trackingNumber ?? '', job };
}

const FORMATS = [
  ['PDF', 'PDF', false],
  ['PDF_LETTER', 'PDF', true],
  ['PDF_A4', 'PDF', true],
  ['PNG', 'PNG', false],
  ['GIF', 'GIF', false],
  ['ZPL', 'ZPL', false],
] as const;

describe('sandbox labels in every format print through the station', () => {
  it.each(FORMATS)(
    '%s on the 4x6 PDF queue: one 4x6 page at full size whose barcode reads, the layout kept with the job',
    async (labelFormat, format, sheet) => {
      const { trackingNumber, job } = await shipAndPrint(labelFormat);
      const printed = await readFile(station.cups.outputFileOf(station.labelQueue));
      const pages = await popplerPages(printed, 203);
      expect(pages.map((page) => [page.width, page.height])).toEqual([[812, 1218]]);
      expect(await barcodeTexts(pages)).toContain(`Code128:${trackingNumber}`);
      const [label] = job.layout?.labels ?? [];
      expect(label).toMatchObject({ format, scale: 1, media: { name: '4x6' } });
      if (sheet) {
        expect(label?.croppedFrom).not.toBeNull();
        expect(label?.notes.join(' ')).toMatch(/label found on the .* sheet/);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'on a raw queue set to ZPL: the sandbox ZPL as it was sent; an image and a sheet as ZPL whose barcode reads',
    async () => {
      const zebra = station.cups.queues.zplRaw;
      await station.value('setPrinterMap', { labelPrinter: zebra });
      await station.value('setPrinterLanguage', { printer: zebra, language: 'ZPL', dpi: 203 });
      try {
        const zpl = await shipAndPrint('ZPL');
        const sent = await station.value('getDocumentContent', { documentId: zpl.job.documentId ?? 0 });
        const received = (await readFile(station.cups.outputFileOf(zebra), 'latin1')).replace(/\s+/g, '');
        expect(received).toBe(Buffer.from(sent.base64, 'base64').toString('latin1').replace(/\s+/g, ''));
        for (const labelFormat of ['PNG', 'PDF_LETTER']) {
          const { trackingNumber } = await shipAndPrint(labelFormat);
          const job = await readFile(station.cups.outputFileOf(zebra), 'latin1');
          expect(job.startsWith('^XA'), labelFormat).toBe(true);
          expect(await barcodeTexts(await zebrashLabels(job, 203, 4, 6)), labelFormat).toContain(`Code128:${trackingNumber}`);
        }
      } finally {
        await station.value('setPrinterLanguage', { printer: zebra, language: 'PDF' });
        await station.value('setPrinterMap', { labelPrinter: station.labelQueue });
      }
    },
    TEST_TIMEOUT_MS,
  );
});
