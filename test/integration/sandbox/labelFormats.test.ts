/**
 * The sandbox's label formats over HTTP: Create Shipment with `additionalOptions.labelFormat` asks
 * for the label on a Letter or A4 sheet, as a PNG or GIF image, or as ZPL; each answer is what its
 * document says it is (content type, MIME type, file name), is the shape carriers send (the sheet's
 * page size, the image's 1400 dots turned landscape, ZPL's ^PW and ^LL), and its tracking barcode
 * reads: off the sheet drawn by poppler, off the image, off the ZPL drawn by zebrash. Anything else
 * asked for is refused, naming the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { parseWith, ShipmentCreateResult, type ShipmentDocument } from '../../../electron/service/contract';
import { decodeImage } from '../../../electron/printing/labels/raster';
import { barcodeTexts, popplerPages, zebrashLabels } from '../../support/barcodeReading';
import { useSandbox } from '../../support/sandboxHarness';
import { shipment } from '../../support/shipments';
import { pdfText } from '../../unit/sandbox/documents/pdf-tools';

/** Drawing and reading a few labels on a busy two-core machine: generous, not a timing. */
const TIMEOUT_MS = 120_000;

const { client } = useSandbox({ requestsPerMinute: 100_000 });

interface Made {
  readonly document: ShipmentDocument;
  readonly bytes: Uint8Array;
  readonly trackingNumber: string;
}

const made = new Map<string, Made>();

async function create(labelFormat: unknown): Promise<{ status: number; body: unknown }> {
  return client.call('createShipment', { body: shipment({ additionalOptions: { labelFormat } }) });
}

beforeAll(async () => {
  for (const format of ['pdf', 'PDF_LETTER', 'pdf_a4', 'PNG', 'gif', ' ZPL ']) {
    const answer = await create(format);
    expect(answer.status, `${format}: ${JSON.stringify(answer.body).slice(0, 400)}`).toBe(200);
    const parsed = parseWith(ShipmentCreateResult, answer.body);
    if (!parsed.ok) throw new Error(`${format}: the answer does not match the contract`);
    const [document] = (parsed.value.documents ?? []).filter((d) => d.documentType === 'Label');
    if (document === undefined) throw new Error(`${format}: no label`);
    made.set(format.trim().toUpperCase(), { document, bytes: new Uint8Array(Buffer.from(document.documentContent, 'base64')), trackingNumber: parsed.value.trackingNumber ?? '' });
  }
}, TIMEOUT_MS);

const get = (format: string): Made => made.get(format) ?? expect.unreachable(`no ${format} label`);
const code128 = (made: Made): string => `Code128:${made.trackingNumber}`;

describe('label formats asked for in additionalOptions.labelFormat', () => {
  it('PDF (any case): the 4x6 label as always', async () => {
    const pdf = get('PDF');
    expect(pdf.document).toMatchObject({ documentContentType: 'PDF', documentMimeType: 'application/pdf', documentName: `label-${pdf.trackingNumber}.pdf` });
    const page = (await PDFDocument.load(pdf.bytes)).getPage(0);
    expect([page.getWidth(), page.getHeight()]).toEqual([288, 432]);
  });

  it.each([
    ['PDF_LETTER', 612, 792],
    ['PDF_A4', 595.28, 841.89],
  ])('%s: the label at the top left of the sheet with instructions and a receipt; its barcode reads', async (format, width, height) => {
    const sheet = get(format);
    expect(sheet.document).toMatchObject({ documentContentType: 'PDF', documentMimeType: 'application/pdf', documentName: `label-${sheet.trackingNumber}.pdf` });
    const doc = await PDFDocument.load(sheet.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getWidth()).toBeCloseTo(width, 1);
    expect(doc.getPage(0).getHeight()).toBeCloseTo(height, 1);
    const text = (await pdfText(sheet.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Instructions');
    expect(text).toContain('Print this page at 100%');
    expect(text).toContain(`Tracking number: ${sheet.trackingNumber}`);
    expect(await barcodeTexts(await popplerPages(sheet.bytes, 203))).toContain(code128(sheet));
  }, TIMEOUT_MS);

  it.each([
    ['PNG', 'image/png', 'png'],
    ['GIF', 'image/gif', 'gif'],
  ] as const)('%s: 1400 x 812 dots at 203 dpi, the label turned landscape, black and white; its barcode reads', async (format, mime, extension) => {
    const image = get(format);
    expect(image.document).toMatchObject({ documentContentType: format, documentMimeType: mime, documentName: `label-${image.trackingNumber}.${extension}` });
    const decoded = decodeImage(image.bytes, extension).image;
    expect([decoded.width, decoded.height]).toEqual([1400, 812]);
    expect(decoded.pixels.every((v) => v === 0 || v === 255)).toBe(true);
    // The label fills the first 1218 dots across; the padding after it is blank.
    for (let y = 0; y < decoded.height; y += 1) expect(decoded.pixels.subarray(y * 1400 + 1218, (y + 1) * 1400).every((v) => v === 255)).toBe(true);
    expect(await barcodeTexts([decoded])).toContain(code128(image));
  }, TIMEOUT_MS);

  it('ZPL: one 4x6 label at 203 dpi as a ^GF graphic; drawn by zebrash, its barcode reads', async () => {
    const zpl = get('ZPL');
    expect(zpl.document).toMatchObject({ documentContentType: 'ZPL', documentMimeType: 'application/x-zpl', documentName: `label-${zpl.trackingNumber}.zpl` });
    const text = Buffer.from(zpl.bytes).toString('latin1');
    expect(text.match(/\^XA/g)).toHaveLength(1);
    expect(text).toMatch(/^\^XA[\s\S]*\^PW812[\s\S]*\^LL1218[\s\S]*\^GFA,[\s\S]*\^XZ\s*$/);
    expect(await barcodeTexts(await zebrashLabels(text, 203, 4, 6))).toContain(code128(zpl));
  }, TIMEOUT_MS);

  it.each([['TIFF'], [5], [{ format: 'PNG' }]])('%j is refused, naming the field', async (asked) => {
    const answer = await create(asked);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('additionalOptions.labelFormat must be one of PDF, PDF_LETTER, PDF_A4, PNG, GIF, ZPL');
  });
});
