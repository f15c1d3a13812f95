/**
 * The sandbox's label in the forms carriers send labels in, asked for on Create Shipment with
 * `additionalOptions.labelFormat` (an open object in the spec), so the station's printing of each
 * can be tried against the sandbox:
 *
 * | labelFormat | What comes back |
 * |---|---|
 * | `PDF` (the default) | the 4x6 in label, one page |
 * | `PDF_LETTER`, `PDF_A4` | the label on a Letter or A4 page, top left, with instructions beside it and a receipt below, as carriers send labels for office printers |
 * | `PNG`, `GIF` | the label drawn at 203 dpi, black and white, turned a quarter turn and padded on the right to 1400 dots, as UPS sends its GIF and PNG labels |
 * | `ZPL` | the label drawn at 203 dpi as one ^GF graphic in a ZPL label (^PW812, ^LL1218) |
 *
 * Loaded only when a shipment asks for one of these, never at start: it draws with PDFium.
 */
import { GifWriter } from 'omggif';
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { PNG } from 'pngjs';
import { DEFAULT_PRINTER_LANGUAGE } from '../../api/printing';
import { turnImage } from '../../printing/labels/raster';
import { threshold, type GreyImage } from '../../printing/zpl/bitmap';
import { rasterizePdf } from '../../printing/zpl/rasterize';
import { labelZpl } from '../../printing/zpl/zpl';

import type { LabelFormat } from './label-format';

export interface FormattedLabel {
  readonly bytes: Uint8Array;
  /** The document's `documentContentType` and `documentMimeType`, and its file name's extension. */
  readonly contentType: string;
  readonly mimeType: string;
  readonly extension: string;
}

/** The resolution carriers draw label images and ZPL at (8 dots/mm). */
const LABEL_DPI = 203;
/** UPS's label images are 1400 dots wide: the turned 6 in label and blank padding after it. */
const IMAGE_WIDTH = 1400;
const INCH = 72;
const SHEETS = { PDF_LETTER: { width: 612, height: 792 }, PDF_A4: { width: 595.28, height: 841.89 } } as const;

const INSTRUCTIONS = [
  'Print this page at 100% (no "fit to page") on plain paper, or let the shipping station cut the label out for a 4x6 thermal printer.',
  'Cut along the label\'s edge and tape it flat to the largest side of the parcel. Do not cover the barcode.',
  'Remove or cover any old labels and barcodes on the box.',
  'Keep the receipt below until the parcel is delivered.',
  'This is a sandbox label: its tracking number is invented and no carrier will accept it.',
];

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) > width && line !== '') {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line === '' ? lines : [...lines, line];
}

/** Lines from `top` down (points from the page's top), each wrapped to `width`; returns where it ended. */
function paragraph(page: PDFPage, text: string, x: number, top: number, width: number, font: PDFFont, size: number): number {
  let y = top;
  for (const line of wrap(text, font, size, width)) {
    y += size * 1.3;
    page.drawText(line, { x, y: page.getHeight() - y, size, font, color: rgb(0, 0, 0) });
  }
  return y;
}

/** The 4x6 label at the top left of a Letter or A4 page, instructions to its right, a receipt under it. */
async function onSheet(label: Uint8Array, sheet: { width: number; height: number }, trackingNumber: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreator('Packbench sandbox');
  const page = doc.addPage([sheet.width, sheet.height]);
  const [embedded] = await doc.embedPdf(label, [0]);
  if (embedded === undefined) throw new Error('the label has no page');
  const margin = 0.5 * INCH;
  page.drawPage(embedded, { x: margin, y: sheet.height - margin - embedded.height, rotate: degrees(0) });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // An inch of white between the label and the rest, as a person would leave it.
  const gap = INCH;
  const column = { x: margin + embedded.width + gap, width: sheet.width - margin - embedded.width - gap - margin };
  let y = paragraph(page, 'Instructions', column.x, margin, column.width, bold, 13) + 6;
  INSTRUCTIONS.forEach((text, index) => {
    y = paragraph(page, `${String(index + 1)}. ${text}`, column.x, y, column.width, regular, 9.5) + 5;
  });
  let receipt = paragraph(page, 'Receipt', margin, margin + embedded.height + gap, 4 * INCH, bold, 12);
  for (const line of [`Tracking number: ${trackingNumber}`, 'Carrier: see the label', 'Keep this part: the label above goes on the parcel.']) {
    receipt = paragraph(page, line, margin, receipt + 2, 4 * INCH, regular, 10);
  }
  return doc.save();
}

/** The label drawn at 203 dpi, turned a quarter turn clockwise and padded on the right with white. */
async function asImage(label: Uint8Array): Promise<GreyImage> {
  const [drawn] = await rasterizePdf(label, LABEL_DPI);
  if (drawn === undefined) throw new Error('the label has no page');
  const turned = turnImage(drawn, 90);
  const width = Math.max(IMAGE_WIDTH, turned.width);
  const pixels = new Uint8Array(width * turned.height).fill(255);
  for (let y = 0; y < turned.height; y += 1) pixels.set(turned.pixels.subarray(y * turned.width, (y + 1) * turned.width), y * width);
  // Black and white, as a carrier's label image is: what a thermal head burns.
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (pixels[i] ?? 255) < 128 ? 0 : 255;
  return { width, height: turned.height, pixels };
}

function png(image: GreyImage): Uint8Array {
  const out = new PNG({ width: image.width, height: image.height, colorType: 0, inputColorType: 0, bitDepth: 8, inputHasAlpha: false });
  out.data = Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  return new Uint8Array(PNG.sync.write(out, { colorType: 0, inputColorType: 0, bitDepth: 8, inputHasAlpha: false }));
}

function gif(image: GreyImage): Uint8Array {
  // Generous room: an LZW-coded two-colour label is far smaller than a byte a pixel.
  const buffer = Buffer.alloc(image.width * image.height + 4096);
  const writer = new GifWriter(buffer, image.width, image.height, { palette: [0x000000, 0xffffff] });
  writer.addFrame(0, 0, image.width, image.height, Array.from(image.pixels, (v) => (v === 0 ? 0 : 1)));
  return new Uint8Array(buffer.subarray(0, writer.end()));
}

/** The 4x6 label (a one-page PDF) in `format`. */
export async function labelAs(format: LabelFormat, label: Uint8Array, trackingNumber: string): Promise<FormattedLabel> {
  switch (format) {
    case 'PDF':
      return { bytes: label, contentType: 'PDF', mimeType: 'application/pdf', extension: 'pdf' };
    case 'PDF_LETTER':
    case 'PDF_A4':
      return { bytes: await onSheet(label, SHEETS[format], trackingNumber), contentType: 'PDF', mimeType: 'application/pdf', extension: 'pdf' };
    case 'PNG':
      return { bytes: png(await asImage(label)), contentType: 'PNG', mimeType: 'image/png', extension: 'png' };
    case 'GIF':
      return { bytes: gif(await asImage(label)), contentType: 'GIF', mimeType: 'image/gif', extension: 'gif' };
    case 'ZPL': {
      const [drawn] = await rasterizePdf(label, LABEL_DPI);
      if (drawn === undefined) throw new Error('the label has no page');
      const zpl = labelZpl(threshold(drawn), DEFAULT_PRINTER_LANGUAGE);
      return { bytes: new Uint8Array(Buffer.from(`${zpl}\n`, 'latin1')), contentType: 'ZPL', mimeType: 'application/x-zpl', extension: 'zpl' };
    }
  }
}
