/**
 * Create Shipment: checks what the schema cannot (addresses that cannot exist, customs data
 * for international shipments, ship date, package count), prices it with the rating model,
 * numbers each package in its carrier's format, draws the labels, and stores the shipment.
 */
import { LIMITS, type FieldIssue, type ShipmentCreate, type ShipmentCreateResult, type ShipmentDocument } from '../../service/contract';
import { postalCodeIssues } from '../addresses';
import { newTrackingNumber, trackingUrl } from '../carriers/trackingNumbers';
import type { CarrierCode } from '../carriers/carriers';
import { renderCommercialInvoice, renderLabel } from '../documents';
import { LABEL_FORMATS, labelFormatOf, type LabelFormat } from '../documents/label-format';
import { quoteShipment, type Quote } from '../rating';
import type { Handler, SandboxServices } from '../server/context';
import { ServiceFailure, issuesToItems } from '../server/failures';
import { getLocation } from '../state/locations';
import { insertShipment, trackingNumberTaken, type StoredShipment } from '../state/shipments';

const DAY_MS = 86_400_000;
/** A label may be bought for a ship date up to a week back (a queued shipment sent late) or a month ahead. */
const SHIP_DATE_WINDOW = { pastDays: 7, futureDays: 30 } as const;

export const isInternational = (shipment: Pick<ShipmentCreate, 'shipFrom' | 'shipTo'>): boolean =>
  shipment.shipFrom.country.toUpperCase() !== shipment.shipTo.country.toUpperCase();

/** Customs data an international shipment must carry (docs/service-decisions.md). */
function customsIssues(shipment: ShipmentCreate): FieldIssue[] {
  if (!isInternational(shipment)) return [];
  const detail = shipment.internationalDetail;
  if (detail === undefined) return [{ field: 'internationalDetail', message: 'internationalDetail is required for an international shipment', kind: 'required' }];
  const issues: FieldIssue[] = [];
  const need = (present: boolean, field: string) => {
    if (!present) issues.push({ field, message: `${field} is required for an international shipment`, kind: 'required' });
  };
  need(detail.currencyCode !== undefined && detail.currencyCode !== '', 'internationalDetail.currencyCode');
  need(detail.reasonToExport !== undefined && detail.reasonToExport !== '', 'internationalDetail.reasonToExport');
  need(detail.totalCustomValue !== undefined, 'internationalDetail.totalCustomValue');
  const commodities = detail.commodities ?? [];
  need(commodities.length > 0, 'internationalDetail.commodities');
  commodities.forEach((c, i) => {
    const at = `internationalDetail.commodities[${i}]`;
    need(c.description !== undefined && c.description !== '', `${at}.description`);
    need(c.quantity !== undefined, `${at}.quantity`);
    need(c.customValue !== undefined, `${at}.customValue`);
    need(c.countryOfOrigin !== undefined, `${at}.countryOfOrigin`);
  });
  return issues;
}

export function shipDateIssues(shipDate: string, now: Date): FieldIssue[] {
  const at = Date.parse(shipDate);
  if (at < now.getTime() - SHIP_DATE_WINDOW.pastDays * DAY_MS) return [{ field: 'shipDate', message: `shipDate must not be more than ${SHIP_DATE_WINDOW.pastDays} days in the past`, kind: 'value' }];
  if (at > now.getTime() + SHIP_DATE_WINDOW.futureDays * DAY_MS) return [{ field: 'shipDate', message: `shipDate must not be more than ${SHIP_DATE_WINDOW.futureDays} days ahead`, kind: 'value' }];
  return [];
}

function labelFormatIssues(shipment: ShipmentCreate): FieldIssue[] {
  if (labelFormatOf(shipment.additionalOptions?.labelFormat) !== undefined) return [];
  return [{ field: 'additionalOptions.labelFormat', message: `additionalOptions.labelFormat must be one of ${LABEL_FORMATS.join(', ')}`, kind: 'value' }];
}

/** Everything wrong with a create (or rule preview) request beyond its schema. */
export function shipmentIssues(shipment: ShipmentCreate, now: Date): FieldIssue[] {
  const packages: FieldIssue[] =
    shipment.packages.length === 0
      ? [{ field: 'packages', message: 'packages must have at least 1 item', kind: 'value' }]
      : shipment.packages.length > LIMITS.maxPackages
        ? [{ field: 'packages', message: `packages must have at most ${LIMITS.maxPackages} items`, kind: 'value' }]
        : [];
  return [
    ...shipDateIssues(shipment.shipDate, now),
    ...postalCodeIssues(shipment.shipFrom, 'shipFrom'),
    ...postalCodeIssues(shipment.shipTo, 'shipTo'),
    ...packages,
    ...customsIssues(shipment),
    ...labelFormatIssues(shipment),
  ];
}

/** UPS numbers carry the shipper's account: one per shipment's account, as on real labels. */
function shipperAccountOf(shipment: ShipmentCreate): string {
  const account = shipment.shipmentInfo.carrierAccount?.toUpperCase() ?? '';
  return /^[A-Z0-9]{6}$/.test(account) ? account : 'PB4X6S';
}

function uniqueTrackingNumber(services: SandboxServices, carrier: CarrierCode, serviceName: string, account: string, taken: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const candidate = newTrackingNumber(carrier, serviceName, services.random, account);
    if (!taken.has(candidate) && !trackingNumberTaken(services.db, candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
  throw new Error(`could not draw a free ${carrier} tracking number`);
}

function locationNameOf(services: SandboxServices, shipment: ShipmentCreate): string {
  const location = shipment.location === undefined ? undefined : getLocation(services.db, shipment.location);
  return location?.record.locationName ?? shipment.location ?? shipment.shipFrom.companyName ?? shipment.shipFrom.city;
}

const pdfDocument = (type: string, name: string, pdf: Uint8Array, id: string): ShipmentDocument => ({
  document_Id: id,
  documentName: name,
  documentType: type,
  documentContentType: 'PDF',
  documentMimeType: 'application/pdf',
  documentContent: Buffer.from(pdf).toString('base64'),
});

/** A label in the format asked for: the 4x6 PDF as drawn, or (loaded only then) turned into a sheet, an image or ZPL. */
async function labelDocument(format: LabelFormat, pdf: Uint8Array, trackingNumber: string, id: string): Promise<ShipmentDocument> {
  if (format === 'PDF') return pdfDocument('Label', `label-${trackingNumber}.pdf`, pdf, id);
  const { labelAs } = await import('../documents/label-formats');
  const label = await labelAs(format, pdf, trackingNumber);
  return {
    document_Id: id,
    documentName: `label-${trackingNumber}.${label.extension}`,
    documentType: 'Label',
    documentContentType: label.contentType,
    documentMimeType: label.mimeType,
    documentContent: Buffer.from(label.bytes).toString('base64'),
  };
}

async function documentsFor(services: SandboxServices, shipment: ShipmentCreate, quote: Quote, id: string, trackingNumbers: readonly string[]): Promise<ShipmentDocument[]> {
  const labels = await Promise.all(
    shipment.packages.map(async (pkg, i) => {
      const trackingNumber = trackingNumbers[i] ?? '';
      const pdf = await renderLabel({
        shipFrom: shipment.shipFrom,
        shipTo: shipment.shipTo,
        carrierName: quote.carrierDisplayName,
        serviceName: quote.serviceDisplayName,
        trackingNumber,
        weight: pkg.weight,
        unitOfWeight: shipment.unitOfWeight ?? 'LB',
        packageIndex: i + 1,
        packageCount: shipment.packages.length,
        shipDate: new Date(shipment.shipDate),
        ...(shipment.references === undefined ? {} : { references: shipment.references }),
        dimensions: { length: pkg.length, width: pkg.width, height: pkg.height, unit: shipment.unitOfLength ?? 'IN' },
        ...(shipment.shipmentInfo.paymentType === undefined ? {} : { billing: shipment.shipmentInfo.paymentType }),
        shipmentId: id,
      });
      return labelDocument(labelFormatOf(shipment.additionalOptions?.labelFormat) ?? 'PDF', pdf, trackingNumber, services.newId('doc'));
    }),
  );
  if (!isInternational(shipment)) return labels;
  const invoice = await renderCommercialInvoice({ shipment, trackingNumber: trackingNumbers[0] ?? '', shipmentId: id, carrierName: quote.carrierDisplayName });
  return [...labels, pdfDocument('CommercialInvoice', `commercial-invoice-${id}.pdf`, invoice, services.newId('doc'))];
}

export const createShipment: Handler<'createShipment'> = async ({ body, principal, now }, services) => {
  const issues = shipmentIssues(body, now);
  if (issues.length > 0) throw ServiceFailure.many(issuesToItems(issues, 'InvalidShipment'));
  const quoted = quoteShipment(body, now);
  if (!quoted.ok) throw ServiceFailure.many(quoted.errors);
  const quote = quoted.value;

  const id = services.newId('shp');
  const taken = new Set<string>();
  const account = shipperAccountOf(body);
  const trackingNumbers = body.packages.map(() => uniqueTrackingNumber(services, quote.carrier, quote.serviceName, account, taken));
  const masterTrackingNumber = trackingNumbers[0] ?? '';
  const documents = await documentsFor(services, body, quote, id, trackingNumbers);
  const unitOfWeight = body.unitOfWeight ?? 'LB';
  const unitOfLength = body.unitOfLength ?? 'IN';

  const result: ShipmentCreateResult = {
    success: true,
    id,
    shipmentReference: `${quote.carrier}-${masterTrackingNumber.slice(-8)}`,
    status: 'Created',
    trackingNumber: masterTrackingNumber,
    activity_Id: services.newId('act'),
    estimatedDelivery: quote.estimatedDelivery,
    transitDays: quote.transitDays,
    carrierAccount: body.shipmentInfo.carrierAccount ?? `SANDBOX-${quote.carrier}`,
    carrierServiceLevel: quote.serviceDisplayName,
    carrier: quote.carrierDisplayName,
    shipMethod: quote.shipMethod,
    references: body.references ?? {},
    packages: body.packages.map((pkg, i) => ({
      package_Id: `${id}-${i + 1}`,
      referenceId: body.references?.orderNumber === undefined ? `${id}-${i + 1}` : `${body.references.orderNumber}-${i + 1}`,
      weight: pkg.weight,
      length: pkg.length,
      width: pkg.width,
      height: pkg.height,
      trackingNumber: trackingNumbers[i] ?? '',
      type: pkg.type ?? 'Box',
      unitOfLength,
      unitOfWeight,
      count: 1,
    })),
    billingDetail: quote.billingDetail,
    documents,
    trackingUrl: trackingUrl(quote.carrier, masterTrackingNumber),
  };

  const stored: StoredShipment = {
    id,
    status: 'Created',
    createdOn: now.toISOString(),
    carrier: quote.carrier,
    transitDays: Number(quote.transitDays),
    locationName: locationNameOf(services, body),
    input: body,
    // Document contents are stored apart: the shipment record stays small for searches.
    result: { ...result, documents: documents.map(({ documentContent: _content, ...meta }) => ({ ...meta, documentContent: '' })) },
    history: [{ at: now.toISOString(), action: 'create', by: principal.name }],
  };
  insertShipment(services.db, stored, documents);
  return result;
};

