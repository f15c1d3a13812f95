/**
 * The packing slip of an imported order, made by the station (the service makes labels and
 * invoices, not slips): a Letter page that goes in the box, with the order number as a Code 128
 * barcode (a returns desk scans it), who it ships to, every item with its quantity and SKU, and
 * the buyer's note and gift message. Printed on the document printer right after the label when
 * the desk says so (settings: packingSlips).
 */
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type bwipPackage from 'bwip-js/node';
import type { StoredOrder } from '../api';

/** The document type a slip is kept and printed as. */
export const PACKING_SLIP_TYPE = 'PackingSlip';

const PAGE = { width: 612, height: 792, margin: 48 } as const;
const ROW = 16;
/** One module of the barcode, in points: 3 dots of a 203 dpi printer, wide enough for an office laser too. */
const MODULE = (72 / 203) * 3;

const load = createRequire(import.meta.url);
let bwip: typeof bwipPackage | undefined;

export interface PackingSlipInput {
  readonly order: StoredOrder;
  /** Who ships it: the ship-from location's name, printed at the top. */
  readonly from: string;
  readonly shippedAt: number;
}

/** The standard PDF fonts speak WinAnsi: other characters are shown as '?' rather than failing the slip. */
const winAnsi = (text: string): string => text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/g, '?');

/** Cuts `text` to fit `width` at `size`, with an ellipsis. */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  let shown = winAnsi(text);
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = `${shown.slice(0, -2)}…`;
  return shown;
}

/** Lines of at most `width` at `size`, words kept whole where they fit. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines.map((line) => fit(font, line, size, width));
}

function drawBarcode(page: PDFPage, text: string, x: number, top: number, height: number): number {
  bwip ??= load('bwip-js/node') as typeof bwipPackage;
  const [symbol] = bwip.raw('code128', text, {}) as readonly { readonly sbs?: readonly number[] }[];
  let position = 0;
  (symbol?.sbs ?? []).forEach((width, index) => {
    if (index % 2 === 0) page.drawRectangle({ x: x + position * MODULE, y: PAGE.height - top - height, width: width * MODULE, height, color: rgb(0, 0, 0) });
    position += width;
  });
  return position * MODULE;
}

/** The slip as PDF bytes. Long item lists go on to further pages. */
export async function renderPackingSlip(input: PackingSlipInput): Promise<Uint8Array> {
  const { order } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Packing slip ${winAnsi(order.orderNumber)}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let top = PAGE.margin;
  const text = (line: string, options: { size?: number; font?: PDFFont; x?: number; width?: number } = {}): void => {
    const size = options.size ?? 11;
    const font = options.font ?? regular;
    page.drawText(fit(font, line, size, options.width ?? width), { x: options.x ?? PAGE.margin, y: PAGE.height - top - size, size, font });
  };
  const room = (needed: number): void => {
    if (top + needed <= PAGE.height - PAGE.margin) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    top = PAGE.margin;
  };

  text('PACKING SLIP', { size: 20, font: bold });
  text(input.from, { size: 11, x: PAGE.margin + width / 2, width: width / 2 });
  top += 30;
  text(`Order ${order.orderNumber}`, { size: 14, font: bold });
  text(new Date(input.shippedAt).toISOString().slice(0, 10), { size: 11, x: PAGE.margin + width / 2, width: width / 2 });
  top += 20;
  // The order number in Code 128 when it can be (printable ASCII): a returns desk scans it.
  if (/^[\x20-\x7E]{1,48}$/.test(order.orderNumber)) {
    drawBarcode(page, order.orderNumber, PAGE.margin + 10 * MODULE, top, 40);
    top += 52;
  }

  text('Ship to', { size: 10, font: bold });
  top += 14;
  const to = order.shipTo;
  for (const line of [to.name, to.company, to.address1, to.address2, `${to.city}, ${to.stateProvince} ${to.zipPostalCode}`, to.country]) {
    if (line === null || line.trim() === '') continue;
    text(line);
    top += 14;
  }
  top += 12;

  const columns = { qty: PAGE.margin, sku: PAGE.margin + 50, item: PAGE.margin + 190 };
  const header = (): void => {
    text('QTY', { size: 10, font: bold, x: columns.qty, width: 45 });
    text('SKU', { size: 10, font: bold, x: columns.sku, width: 135 });
    text('ITEM', { size: 10, font: bold, x: columns.item, width: PAGE.width - PAGE.margin - columns.item });
    top += ROW;
    page.drawLine({ start: { x: PAGE.margin, y: PAGE.height - top + 4 }, end: { x: PAGE.width - PAGE.margin, y: PAGE.height - top + 4 }, thickness: 0.75 });
  };
  header();
  for (const item of order.items) {
    if (top + ROW > PAGE.height - PAGE.margin) {
      room(PAGE.height);
      header();
    }
    text(String(item.quantity), { x: columns.qty, width: 45 });
    text(item.sku ?? item.barcode ?? '', { x: columns.sku, width: 135 });
    text(item.description, { x: columns.item, width: PAGE.width - PAGE.margin - columns.item });
    top += ROW;
  }
  top += 12;

  for (const [title, body] of [
    ['Note', order.note],
    ['Gift message', order.giftMessage],
  ] as const) {
    if (body === null) continue;
    const lines = wrap(regular, body, 11, width);
    room(14 + lines.length * 14);
    text(title, { size: 10, font: bold });
    top += 14;
    for (const line of lines) {
      room(14);
      text(line);
      top += 14;
    }
    top += 8;
  }
  return pdf.save();
}
