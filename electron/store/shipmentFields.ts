/**
 * Reading the display columns out of the service's records. Search records do not show the
 * inner fields of shipTo and shipmentInfo (spec 2.4), so those are read only when they are
 * the expected type; anything else is left to the value the shipment already has.
 */
import type { SearchRecord, ShipmentCreate, TrackingEvent, TrackingRecord } from '../service/contract';
import type { CachedShipment, StoredCreateResult } from '../api/shipments';
import type { SearchFields } from './searchText';

function stringAt(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.trim() !== '' ? field : undefined;
}

function numberAt(value: unknown, key: string): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'number' && Number.isFinite(field) ? field : undefined;
}

/** A count of packages a record states: a whole number from 1. */
function packageCount(count: number | undefined): number | undefined {
  return count !== undefined && Number.isSafeInteger(count) && count >= 1 ? count : undefined;
}

/** An ISO date and time as ms since 1970, when it is one. */
function timeOf(text: string | undefined): number | undefined {
  const at = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isFinite(at) ? at : undefined;
}

/** The total charge of a billing detail: the discounted freight when given, else the total freight. */
function chargesOf(billing: unknown): Pick<DisplayColumns, 'cost' | 'currency'> {
  // The contract spells it currencyCode; rates spell it currencycode, and a service may too.
  return { cost: numberAt(billing, 'totalDiscountFreight') ?? numberAt(billing, 'totalFreight'), currency: stringAt(billing, 'currencyCode') ?? stringAt(billing, 'currencycode') };
}

function referencesOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Display columns a field source may set; undefined means "keep what is there". */
export interface DisplayColumns {
  trackingNumber?: string;
  carrier?: string;
  shipToName?: string;
  shipToCompany?: string;
  shipToCity?: string;
  orderNumber?: string;
  customerPo?: string;
  carrierServiceLevel?: string;
  cost?: number;
  currency?: string;
  locationId?: string;
  packages?: number;
  shipDate?: number;
}

function fromReferences(references: Record<string, string>): DisplayColumns {
  return { orderNumber: references.orderNumber, customerPo: references.customerPO };
}

export function columnsFromInput(input: ShipmentCreate): DisplayColumns {
  return {
    carrier: input.shipmentInfo.carrier,
    shipToName: stringAt(input.shipTo, 'contactName'),
    shipToCompany: stringAt(input.shipTo, 'companyName'),
    shipToCity: stringAt(input.shipTo, 'city'),
    ...fromReferences(referencesOf(input.references)),
    carrierServiceLevel: stringAt(input.shipmentInfo, 'serviceLevel'),
    locationId: stringAt(input, 'location'),
    packages: packageCount(input.packages.length),
    shipDate: timeOf(input.shipDate),
  };
}

export function columnsFromResult(result: StoredCreateResult): DisplayColumns {
  return {
    trackingNumber: result.trackingNumber,
    carrier: result.carrier,
    ...fromReferences(referencesOf(result.references)),
    carrierServiceLevel: stringAt(result, 'carrierServiceLevel'),
    ...chargesOf(result.billingDetail),
    packages: packageCount(result.packages?.length),
  };
}

export function columnsFromSearchRecord(record: SearchRecord): DisplayColumns {
  return {
    trackingNumber: stringAt(record, 'trackingNumber'),
    carrier: stringAt(record.shipmentInfo, 'carrier'),
    shipToName: stringAt(record.shipTo, 'contactName'),
    shipToCompany: stringAt(record.shipTo, 'companyName'),
    shipToCity: stringAt(record.shipTo, 'city'),
    ...fromReferences(referencesOf((record as Record<string, unknown>).references)),
    carrierServiceLevel: stringAt(record.shipmentInfo, 'serviceLevel'),
    // Search records show no charges and no location id (spec 2.4); a service that adds them is heard.
    ...chargesOf((record as Record<string, unknown>).billingDetail),
    locationId: stringAt(record, 'location') ?? stringAt(record, 'locationId'),
    packages: packageCount(record.totalPackage),
    shipDate: timeOf(record.shipmentDate),
  };
}

/** The station reference a service record carries, if the station (any desk) created it. */
export function stationRefOf(record: SearchRecord): string | undefined {
  return stringAt((record as Record<string, unknown>).references, 'stationRef');
}

/** Applies the columns that are set, keeping the rest. */
export function withColumns<T extends CachedShipment>(shipment: T, columns: DisplayColumns): T {
  const defined = Object.fromEntries(Object.entries(columns).filter((entry) => entry[1] !== undefined));
  return { ...shipment, ...defined };
}

/**
 * Whether a tracking record shows the package delivered. Carriers word it differently, so
 * an event code or description that says "delivered" counts, and "not delivered" or an
 * attempt does not.
 */
export function showsDelivered(record: TrackingRecord): boolean {
  const delivered = (event: TrackingEvent): boolean => {
    const code = (event.code ?? '').toUpperCase();
    if (code === 'DELIVERED' || code === 'DL' || code === 'D1') return true;
    const description = (event.description ?? '').toLowerCase();
    return /^delivered\b/.test(description) && !/attempt|not delivered|undeliver/.test(description);
  };
  return (record.events ?? []).some(delivered);
}

/** Everything a shipment is found by. */
export function searchFieldsOf(shipment: CachedShipment): SearchFields {
  const identifiers = [
    shipment.trackingNumber,
    ...(shipment.result?.packages ?? []).map((pkg) => pkg.trackingNumber),
    shipment.trackingRecord?.trackingNumber,
    shipment.serviceId,
    shipment.stationRef,
  ];
  const references = [shipment.input?.references, shipment.result?.references, (shipment.searchRecord as Record<string, unknown> | null)?.references]
    .flatMap((refs) => Object.values(referencesOf(refs)))
    // references.stationRef is the station reference again: an identifier, not something typed in parts.
    .filter((value) => !identifiers.includes(value));
  return {
    identifiers,
    references: [shipment.orderNumber, shipment.customerPo, ...references],
    names: [shipment.shipToName, shipment.shipToCompany, shipment.shipToCity],
  };
}
