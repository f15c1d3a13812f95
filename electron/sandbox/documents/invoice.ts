/**
 * The commercial invoice the sandbox returns with an international shipment: a Letter
 * page with the parties, the shipment's customs terms, one table row per commodity, the
 * totals and a signed declaration. Long commodity lists continue on further pages, each
 * repeating the table header, so no row is ever drawn past the foot of a page.
 */
import type { ShipmentAddress, ShipmentCreate } from '../../service/contract';
import { parseDocumentInput } from './input-error';
import { CommercialInvoiceInput } from './invoice-input';
import { invoiceLines, invoiceTotals } from './invoice-lines';
import type { InvoiceLine, InvoiceTotals } from './invoice-lines';
import { addressLines, formatQuantity } from './label-fields';
import { PdfBuilder } from './page-canvas';
import type { PageCanvas, TextStyle } from './page-canvas';

export type { CommercialInvoiceInput } from './invoice-input';

const PAGE = { width: 612, height: 792, margin: 40 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Rows and the closing block stop here; the page number sits below. */
const CONTENT_BOTTOM = PAGE.height - 52;
const CLOSING_HEIGHT = 190;
const ROW_LEADING = 11;
const CELL_PADDING = 4;

interface Column {
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right';
}

const COLUMNS = {
  index: { title: '#', width: 20, align: 'right' },
  description: { title: 'DESCRIPTION OF GOODS', width: 198, align: 'left' },
  origin: { title: 'ORIGIN', width: 44, align: 'left' },
  quantity: { title: 'QTY', width: 46, align: 'right' },
  unitWeight: { title: 'UNIT WT', width: 64, align: 'right' },
  unitValue: { title: 'UNIT VALUE', width: 78, align: 'right' },
  totalValue: { title: 'TOTAL VALUE', width: 82, align: 'right' },
} as const satisfies Record<string, Column>;

type ColumnKey = keyof typeof COLUMNS;

const COLUMN_LEFT = (() => {
  const lefts = {} as Record<ColumnKey, number>;
  let x = PAGE.margin;
  for (const key of Object.keys(COLUMNS) as ColumnKey[]) {
    lefts[key] = x;
    x += COLUMNS[key].width;
  }
  return lefts;
})();

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Invoice {
  readonly shipment: ShipmentCreate;
  readonly trackingNumber: string;
  readonly shipmentId: string;
  readonly carrierName: string;
  readonly currency: string;
  readonly weightUnit: string;
}

/** Renders the commercial invoice as a PDF file. Throws `DocumentInputError` for bad input. */
export async function renderCommercialInvoice(input: CommercialInvoiceInput): Promise<Uint8Array> {
  const parsed = parseDocumentInput(CommercialInvoiceInput, input);
  const shipment = parsed.shipment;
  const invoice: Invoice = {
    shipment,
    trackingNumber: parsed.trackingNumber,
    shipmentId: parsed.shipmentId,
    carrierName: parsed.carrierName ?? shipment.shipmentInfo.carrier,
    currency: (shipment.internationalDetail?.currencyCode ?? 'USD').toUpperCase(),
    weightUnit: (shipment.unitOfWeight ?? 'LB').toUpperCase(),
  };
  const lines = invoiceLines(shipment);
  const totals = invoiceTotals(shipment, lines);

  const pdf = await PdfBuilder.create({ title: `Commercial invoice ${invoice.trackingNumber}`, subject: `Shipment ${invoice.shipmentId}` });
  const pages: PageCanvas[] = [];
  const newPage = (): PageCanvas => {
    const page = pdf.addPage(PAGE.width, PAGE.height);
    pages.push(page);
    return page;
  };

  let page = newPage();
  let y = drawParties(page, invoice, drawTitle(page, invoice, false));
  y = drawTableHeader(page, y + 16, invoice);
  lines.forEach((line, index) => {
    const description = page.wrap(line.description, COLUMNS.description.width - 2 * CELL_PADDING, { size: 9, maxLines: 3 });
    const height = Math.max(1, description.length) * ROW_LEADING + 6;
    if (y + height > CONTENT_BOTTOM) {
      page = newPage();
      y = drawTableHeader(page, drawTitle(page, invoice, true) + 12, invoice);
    }
    y = drawRow(page, y, index + 1, line, description, height);
  });
  if (y + CLOSING_HEIGHT > CONTENT_BOTTOM) {
    page = newPage();
    y = drawTitle(page, invoice, true);
  }
  drawClosing(page, y + 10, invoice, totals);
  pages.forEach((each, index) => drawPageFooter(each, index + 1, pages.length, invoice));
  return pdf.save();
}

/** Title band; returns where the content below it starts. */
function drawTitle(page: PageCanvas, invoice: Invoice, continued: boolean): number {
  const left = PAGE.margin;
  page.text(continued ? 'COMMERCIAL INVOICE (CONTINUED)' : 'COMMERCIAL INVOICE', left, 60, 330, { size: 20, minSize: 14, bold: true });
  const rightWidth = 190;
  const right = PAGE.width - PAGE.margin - rightWidth;
  page.text(`Invoice no. CI-${invoice.shipmentId}`, right, 48, rightWidth, { size: 9, minSize: 6, bold: true, align: 'right' });
  page.text(`Date: ${invoice.shipment.shipDate.slice(0, 10)}`, right, 61, rightWidth, { size: 9, align: 'right' });
  page.fillRect(left, 70, CONTENT_WIDTH, 2);
  if (continued) {
    page.text(`Tracking number ${invoice.trackingNumber}`, left, 88, CONTENT_WIDTH, { size: 9, minSize: 6 });
    return 96;
  }
  return 72;
}

function field(page: PageCanvas, label: string, value: string, x: number, baseline: number, width: number): void {
  const labelWidth = 104;
  page.text(label, x, baseline, labelWidth - 4, { size: 8, bold: true });
  page.text(value === '' ? '-' : value, x + labelWidth, baseline, width - labelWidth, { size: 9, minSize: 6 });
}

/** Shipment terms, then shipper and consignee boxes; returns the bottom of the boxes. */
function drawParties(page: PageCanvas, invoice: Invoice, top: number): number {
  const { shipment } = invoice;
  const detail = shipment.internationalDetail;
  const half = (CONTENT_WIDTH - 12) / 2;
  const right = PAGE.margin + half + 12;
  const references = shipment.references ?? {};
  const service = [shipment.shipmentInfo.shipMethod, shipment.shipmentInfo.serviceLevel].filter((part) => part !== undefined && part !== '').join(' / ');
  const packageCount = shipment.packages.length;
  const left: [string, string][] = [
    ['TRACKING NUMBER', invoice.trackingNumber],
    ['CARRIER / SERVICE', `${invoice.carrierName} ${service}`.trim()],
    ['SHIPMENT ID', invoice.shipmentId],
    ['ORDER NUMBER', references['orderNumber'] ?? ''],
    ['CUSTOMER PO', references['customerPO'] ?? ''],
  ];
  const rightFields: [string, string][] = [
    ['CURRENCY', invoice.currency],
    ['INCOTERM', detail?.incoTerm1?.toUpperCase() ?? ''],
    ['REASON FOR EXPORT', detail?.reasonToExport ?? ''],
    ['DUTIES PAID BY', detail?.dutiesPaidBy ?? ''],
    ['PACKAGES', `${packageCount} (${formatQuantity(shipment.packages.reduce((sum, pkg) => sum + pkg.weight, 0))} ${invoice.weightUnit})`],
  ];
  left.forEach(([label, value], index) => field(page, label, value, PAGE.margin, top + 18 + index * 14, half));
  rightFields.forEach(([label, value], index) => field(page, label, value, right, top + 18 + index * 14, half));

  const boxTop = top + 18 + 5 * 14;
  const boxHeight = 124;
  drawParty(page, 'SHIPPER / EXPORTER', shipment.shipFrom, PAGE.margin, boxTop, half, boxHeight);
  drawParty(page, 'CONSIGNEE', shipment.shipTo, right, boxTop, half, boxHeight);
  return boxTop + boxHeight;
}

function drawParty(page: PageCanvas, title: string, address: ShipmentAddress, x: number, top: number, width: number, height: number): void {
  page.strokeRect(x, top, width, height, 1);
  page.fillRect(x, top, width, 15);
  page.text(title, x + 6, top + 11, width - 12, { size: 8, bold: true, inverse: true });
  const lines = addressLines(address).map((line) => line.text);
  if (address.phoneNumber1 !== undefined && address.phoneNumber1.trim() !== '') lines.push(`Phone ${address.phoneNumber1}`);
  if (address.emailAddress !== undefined && address.emailAddress.trim() !== '') lines.push(address.emailAddress);
  lines.slice(0, 8).forEach((line, index) => {
    page.text(line, x + 6, top + 28 + index * 12, width - 12, { size: 9, minSize: 6.5, bold: index === 0 });
  });
}

function cell(page: PageCanvas, key: ColumnKey, value: string, baseline: number, style: TextStyle): void {
  const column: Column = COLUMNS[key];
  page.text(value, COLUMN_LEFT[key] + CELL_PADDING, baseline, column.width - 2 * CELL_PADDING, { ...style, align: column.align });
}

function drawTableHeader(page: PageCanvas, top: number, invoice: Invoice): number {
  page.fillRect(PAGE.margin, top, CONTENT_WIDTH, 16);
  for (const key of Object.keys(COLUMNS) as ColumnKey[]) {
    const title = key === 'unitWeight' ? `UNIT WT (${invoice.weightUnit})` : key === 'totalValue' ? `TOTAL (${invoice.currency})` : COLUMNS[key].title;
    cell(page, key, title, top + 11, { size: 7, minSize: 5, bold: true, inverse: true });
  }
  return top + 16;
}

function drawRow(page: PageCanvas, top: number, index: number, line: InvoiceLine, description: readonly string[], height: number): number {
  const baseline = top + 3 + 9;
  cell(page, 'index', String(index), baseline, { size: 9, minSize: 6 });
  description.forEach((text, lineIndex) => cell(page, 'description', text, baseline + lineIndex * ROW_LEADING, { size: 9 }));
  cell(page, 'origin', line.countryOfOrigin, baseline, { size: 9, minSize: 6 });
  cell(page, 'quantity', formatQuantity(line.quantity), baseline, { size: 9, minSize: 6 });
  cell(page, 'unitWeight', line.unitWeight === undefined ? '-' : formatQuantity(line.unitWeight), baseline, { size: 9, minSize: 6 });
  cell(page, 'unitValue', amount.format(line.unitValue), baseline, { size: 9, minSize: 6 });
  cell(page, 'totalValue', amount.format(line.totalValue), baseline, { size: 9, minSize: 6 });
  page.fillRect(PAGE.margin, top + height - 0.5, CONTENT_WIDTH, 0.5);
  return top + height;
}

/** Totals, the declaration and the signature line. */
function drawClosing(page: PageCanvas, top: number, invoice: Invoice, totals: InvoiceTotals): void {
  const rows: [string, string][] = [
    ['Total quantity', formatQuantity(totals.quantity)],
    ['Total gross weight', `${formatQuantity(totals.grossWeight)} ${invoice.weightUnit}`],
  ];
  if (totals.netWeight !== undefined) rows.push(['Total net weight', `${formatQuantity(totals.netWeight)} ${invoice.weightUnit}`]);
  rows.push([`Total value (${invoice.currency})`, amount.format(totals.value)]);
  if (totals.declaredValue !== undefined) rows.push([`Declared customs value (${invoice.currency})`, amount.format(totals.declaredValue)]);
  const labelLeft = PAGE.margin + CONTENT_WIDTH - 330;
  rows.forEach(([label, value], index) => {
    const baseline = top + 12 + index * 14;
    const bold = label.startsWith('Total value');
    page.text(label, labelLeft, baseline, 200, { size: 9, bold, align: 'right' });
    page.text(value, labelLeft + 210, baseline, 120, { size: 9, minSize: 6, bold, align: 'right' });
  });

  const declarationTop = top + 12 + rows.length * 14 + 14;
  const declaration =
    'I declare that all the information contained in this invoice is true and correct, and that the goods listed ' +
    'originate in the countries shown.';
  page.wrap(declaration, CONTENT_WIDTH, { size: 9, maxLines: 3 }).forEach((text, index) => {
    page.text(text, PAGE.margin, declarationTop + index * 12, CONTENT_WIDTH, { size: 9 });
  });

  const lineTop = declarationTop + 58;
  const signer = invoice.shipment.shipFrom.contactName ?? invoice.shipment.shipFrom.companyName ?? '';
  page.fillRect(PAGE.margin, lineTop, 250, 0.75);
  page.text('Signature of shipper / exporter', PAGE.margin, lineTop + 11, 250, { size: 8 });
  page.text(signer, PAGE.margin + 270, lineTop - 4, 150, { size: 9, minSize: 6 });
  page.fillRect(PAGE.margin + 270, lineTop, 150, 0.75);
  page.text('Name', PAGE.margin + 270, lineTop + 11, 150, { size: 8 });
  page.text(invoice.shipment.shipDate.slice(0, 10), PAGE.margin + 440, lineTop - 4, 92, { size: 9 });
  page.fillRect(PAGE.margin + 440, lineTop, 92, 0.75);
  page.text('Date', PAGE.margin + 440, lineTop + 11, 92, { size: 8 });
}

function drawPageFooter(page: PageCanvas, pageNumber: number, pageCount: number, invoice: Invoice): void {
  const baseline = PAGE.height - 30;
  page.text(`Tracking ${invoice.trackingNumber}`, PAGE.margin, baseline, 220, { size: 7, minSize: 5 });
  page.text('Sandbox document - not valid for customs', PAGE.margin + 220, baseline, CONTENT_WIDTH - 320, { size: 7, align: 'center' });
  page.text(`Page ${pageNumber} of ${pageCount}`, PAGE.width - PAGE.margin - 100, baseline, 100, { size: 7, align: 'right' });
}
