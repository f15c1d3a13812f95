/**
 * The sandbox's 4x6 in thermal shipping label: one portrait page laid out like a carrier
 * label, from top to bottom: ship-from with weight and package count, the large ship-to
 * block, the routing code and service tile, carrier and service, the Code 128 tracking
 * barcode, and references. Every region has a fixed place, so long text is shrunk or cut
 * inside its region and can never push another one off the page.
 */
import { drawCode128, encodeCode128, placeCode128 } from './barcode';
import { DocumentInputError, parseDocumentInput } from './input-error';
import { addressLines, formatDate, formatQuantity, formatWeight, referenceLines, routingCode, serviceBadge } from './label-fields';
import { LabelInput } from './label-input';
import type { CheckedLabel as Label } from './label-input';
import { PdfBuilder } from './page-canvas';
import type { PageCanvas } from './page-canvas';

/** Page and region geometry, in points from the top-left corner (72 pt = 1 in). */
export const LABEL_LAYOUT = {
  width: 288,
  height: 432,
  margin: 8,
  thickRule: 3,
  fromBottom: 78,
  shipToBottom: 196,
  routingBottom: 262,
  serviceBottom: 302,
  barcodeTop: 309,
  barcodeHeight: 62,
  barcodeTextBaseline: 384,
  referencesTop: 389,
} as const;

const L = LABEL_LAYOUT;
const CONTENT_WIDTH = L.width - 2 * L.margin;
const RIGHT_COLUMN_WIDTH = 92;
const TILE_SIZE = 56;

export type { LabelInput } from './label-input';

/** Renders one package's label as a PDF file. Throws `DocumentInputError` for bad input. */
export async function renderLabel(input: LabelInput): Promise<Uint8Array> {
  const label = parseDocumentInput(LabelInput, input);
  const symbol = encodeCode128(label.trackingNumber);
  const placement = placeCode128(symbol, L.margin, CONTENT_WIDTH);
  if (placement === undefined) {
    throw new DocumentInputError([{ field: 'trackingNumber', message: 'trackingNumber is too long to print as a barcode on a 4x6 label', kind: 'value' }]);
  }

  const pdf = await PdfBuilder.create({ title: `Shipping label ${label.trackingNumber}`, subject: `${label.carrierName} ${label.serviceName}` });
  const page = pdf.addPage(L.width, L.height);

  drawShipFrom(page, label);
  page.fillRect(0, L.fromBottom, L.width, L.thickRule);
  drawShipTo(page, label);
  page.fillRect(0, L.shipToBottom, L.width, L.thickRule);
  drawRouting(page, label);
  page.fillRect(0, L.routingBottom, L.width, L.thickRule);
  drawService(page, label);
  page.fillRect(0, L.serviceBottom, L.width, 1);

  drawCode128(page, symbol, placement, L.barcodeTop, L.barcodeHeight);
  page.text(label.trackingNumber, L.margin, L.barcodeTextBaseline, CONTENT_WIDTH, { size: 11, minSize: 7, bold: true, align: 'center' });

  page.fillRect(0, L.referencesTop - L.thickRule, L.width, L.thickRule);
  drawFooter(page, label);
  return pdf.save();
}

function drawShipFrom(page: PageCanvas, label: Label): void {
  const width = CONTENT_WIDTH - RIGHT_COLUMN_WIDTH - 6;
  addressLines(label.shipFrom).forEach((line, index) => {
    page.text(line.text, L.margin, 15 + index * 10, width, { size: 8, minSize: 6, bold: index === 0 });
  });
  const right = L.width - L.margin - RIGHT_COLUMN_WIDTH;
  page.text(formatWeight(label.weight, label.unitOfWeight), right, 22, RIGHT_COLUMN_WIDTH, { size: 13, minSize: 8, bold: true, align: 'right' });
  page.text(`${label.packageIndex} OF ${label.packageCount}`, right, 39, RIGHT_COLUMN_WIDTH, { size: 13, minSize: 8, bold: true, align: 'right' });
  page.text(`SHP DATE: ${formatDate(label.shipDate)}`, right, 53, RIGHT_COLUMN_WIDTH, { size: 7, minSize: 5, align: 'right' });
  const dims = label.dimensions;
  if (dims !== undefined) {
    const text = `DIM: ${formatQuantity(dims.length)} x ${formatQuantity(dims.width)} x ${formatQuantity(dims.height)} ${dims.unit.toUpperCase()}`;
    page.text(text, right, 63, RIGHT_COLUMN_WIDTH, { size: 7, minSize: 5, align: 'right' });
  }
}

function drawShipTo(page: PageCanvas, label: Label): void {
  page.text('SHIP TO:', L.margin, L.fromBottom + L.thickRule + 10, 60, { size: 7, bold: true });
  const left = L.margin + 12;
  const width = L.width - L.margin - left;
  let baseline = L.fromBottom + L.thickRule + 23;
  addressLines(label.shipTo).forEach((line, index) => {
    // The city line is what sorters read first: it gets the largest type of the block.
    const isCity = line.role === 'city';
    if (isCity && index > 0) baseline += 3.5;
    page.text(line.text.toUpperCase(), left, baseline, width, { size: isCity ? 16 : 12, minSize: isCity ? 10 : 8, bold: isCity || index === 0 });
    baseline += isCity ? 19 : 14.5;
  });
}

function drawRouting(page: PageCanvas, label: Label): void {
  const top = L.shipToBottom + L.thickRule;
  const tileLeft = L.width - L.margin - TILE_SIZE;
  const width = tileLeft - L.margin - 8;
  page.text('ROUTING', L.margin, top + 9, width, { size: 6, bold: true });
  page.text(routingCode(label.shipTo), L.margin, top + 38, width, { size: 30, minSize: 14, bold: true });
  const zoneWidth = 64;
  page.text(`POSTAL CODE ${label.shipTo.zipPostalCode.toUpperCase()}`, L.margin, top + 54, width - zoneWidth, { size: 8, minSize: 6 });
  if (label.zone !== undefined && String(label.zone).trim() !== '') {
    page.text(`ZONE ${label.zone}`, L.margin + width - zoneWidth, top + 54, zoneWidth, { size: 10, minSize: 6, bold: true, align: 'right' });
  }
  const tileTop = top + (L.routingBottom - top - TILE_SIZE) / 2;
  page.fillRect(tileLeft, tileTop, TILE_SIZE, TILE_SIZE);
  page.text(serviceBadge(label.serviceName), tileLeft, tileTop + 43, TILE_SIZE, { size: 40, bold: true, align: 'center', inverse: true });
}

function drawService(page: PageCanvas, label: Label): void {
  const top = L.routingBottom + L.thickRule;
  page.text(serviceLine(label.carrierName, label.serviceName).toUpperCase(), L.margin, top + 17, CONTENT_WIDTH, { size: 15, minSize: 9, bold: true });
  page.text(`TRACKING #: ${label.trackingNumber}`, L.margin, top + 31, CONTENT_WIDTH, { size: 9, minSize: 6 });
}

function drawFooter(page: PageCanvas, label: Label): void {
  const leftWidth = CONTENT_WIDTH - RIGHT_COLUMN_WIDTH - 6;
  referenceLines(label.references)
    .slice(0, 3)
    .forEach((line, index) => page.text(line, L.margin, L.referencesTop + 10 + index * 9.5, leftWidth, { size: 7.5, minSize: 6 }));
  const right = L.width - L.margin - RIGHT_COLUMN_WIDTH;
  if (label.billing !== undefined && label.billing.trim() !== '') {
    page.text(`BILLING: ${label.billing.toUpperCase()}`, right, L.referencesTop + 10, RIGHT_COLUMN_WIDTH, { size: 7.5, minSize: 5, bold: true, align: 'right' });
  }
  if (label.shipmentId !== undefined && label.shipmentId.trim() !== '') {
    page.text(`SHIPMENT ${label.shipmentId}`, right, L.referencesTop + 19.5, RIGHT_COLUMN_WIDTH, { size: 6, minSize: 5, align: 'right' });
  }
  page.text('SANDBOX LABEL - NOT VALID FOR SHIPPING', L.margin, L.height - 5, CONTENT_WIDTH, { size: 6, bold: true, align: 'center' });
}

/** "USPS Ground Advantage", not "USPS USPS Ground Advantage": most services carry their carrier's name. */
function serviceLine(carrier: string, service: string): string {
  return service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
}
