/**
 * What the store keeps about a shipment, and how a `shipments` row is read back. JSON
 * columns hold the service's records as they came (unknown fields kept), parsed with the
 * contract's own schemas at the edge.
 */
import * as z from 'zod';
import { STATION_STATUSES, StoredCreateResult, type CachedShipment, type ShipmentSummary } from '../api/shipments';
import { SearchRecord, ShipmentCreate, TrackingRecord } from '../service/contract';
import { flagColumn, nullableJsonColumn, parseRow } from './rows';

/** Rowids per millisecond of created_at: seq = created_at * 1024 + n keeps rowid order = time order. */
export const SEQ_PER_MS = 1024;

/** Statuses after which a shipment is no longer tracked. */
export const FINAL_STATUSES = ['Cancelled', 'Archived', STATION_STATUSES.discarded] as const;

const text = z.string().nullable();

const summaryColumns = {
  station_ref: z.string().min(1),
  service_id: text,
  status: z.string(),
  tracking_number: text,
  carrier: text,
  ship_to_name: text,
  ship_to_company: text,
  ship_to_city: text,
  order_number: text,
  customer_po: text,
  carrier_service_level: text,
  cost: z.number().nullable(),
  currency: text,
  location_id: text,
  packages: z.number().int().min(1),
  ship_date: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  delivered: flagColumn,
};

export const SUMMARY_SELECT =
  'station_ref, service_id, status, tracking_number, carrier, ship_to_name, ship_to_company, ship_to_city, order_number, customer_po, carrier_service_level, cost, currency, location_id, packages, ship_date, created_at, updated_at, delivered';

const SummaryRow = z.object(summaryColumns);
const FullRow = z.object({
  ...summaryColumns,
  seq: z.number().int(),
  input: nullableJsonColumn(ShipmentCreate),
  result: nullableJsonColumn(StoredCreateResult),
  search_record: nullableJsonColumn(SearchRecord),
  tracking_record: nullableJsonColumn(TrackingRecord),
});

function summaryOf(row: z.output<typeof SummaryRow>): ShipmentSummary {
  return {
    stationRef: row.station_ref,
    serviceId: row.service_id,
    status: row.status,
    trackingNumber: row.tracking_number,
    carrier: row.carrier,
    shipToName: row.ship_to_name,
    shipToCompany: row.ship_to_company,
    shipToCity: row.ship_to_city,
    orderNumber: row.order_number,
    customerPo: row.customer_po,
    carrierServiceLevel: row.carrier_service_level,
    cost: row.cost,
    currency: row.currency,
    locationId: row.location_id,
    packages: row.packages,
    shipDate: row.ship_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    delivered: row.delivered,
  };
}

function where(row: unknown): string {
  const ref = typeof row === 'object' && row !== null && 'station_ref' in row ? String(row.station_ref) : '?';
  return `shipments row ${ref}`;
}

export function parseSummaryRow(row: unknown): ShipmentSummary {
  return summaryOf(parseRow(SummaryRow, row, where(row)));
}

const isText = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * A summary row read as an array in SUMMARY_SELECT's order (a page of search results). The
 * columns are checked as SummaryRow checks them, by hand: zod's object parse is most of the time
 * a page of 25 takes. A row that does not pass goes through SummaryRow for its message.
 */
export function parseSummaryValues(values: readonly unknown[]): ShipmentSummary {
  const [stationRef, serviceId, status, trackingNumber, carrier, shipToName, shipToCompany, shipToCity, orderNumber, customerPo, level, cost, currency, locationId, packages, shipDate, createdAt, updatedAt, delivered] = values;
  const texts = [serviceId, trackingNumber, carrier, shipToName, shipToCompany, shipToCity, orderNumber, customerPo, level, currency, locationId];
  if (
    typeof stationRef === 'string' &&
    stationRef !== '' &&
    typeof status === 'string' &&
    texts.every(isText) &&
    (cost === null || typeof cost === 'number') &&
    isWhole(packages) &&
    packages >= 1 &&
    (shipDate === null || isWhole(shipDate)) &&
    isWhole(createdAt) &&
    isWhole(updatedAt) &&
    (delivered === 0 || delivered === 1)
  ) {
    const [sid, tn, ca, name, company, city, order, po, lvl, cur, loc] = texts;
    return {
      stationRef,
      serviceId: sid ?? null,
      status,
      trackingNumber: tn ?? null,
      carrier: ca ?? null,
      shipToName: name ?? null,
      shipToCompany: company ?? null,
      shipToCity: city ?? null,
      orderNumber: order ?? null,
      customerPo: po ?? null,
      carrierServiceLevel: lvl ?? null,
      cost,
      currency: cur ?? null,
      locationId: loc ?? null,
      packages,
      shipDate,
      createdAt,
      updatedAt,
      delivered: delivered === 1,
    };
  }
  return parseSummaryRow(Object.fromEntries(SUMMARY_SELECT.split(', ').map((column, i) => [column, values[i]])));
}

export interface ShipmentRow {
  readonly seq: number;
  readonly shipment: CachedShipment;
  /** The packed columns as stored and as JSON text, so a save that does not change them writes them back untouched. */
  readonly packed: PackedColumns;
}

export interface PackedColumns {
  readonly input: { readonly stored: unknown; readonly json: string | null };
  readonly result: { readonly stored: unknown; readonly json: string | null };
  readonly searchRecord: { readonly stored: unknown; readonly json: string | null };
}

/** Parses a row whose packed columns were already unpacked into `packed`. */
export function parseShipmentRow(row: Record<string, unknown>, packed: PackedColumns): ShipmentRow {
  const parsed = parseRow(FullRow, { ...row, input: packed.input.json, result: packed.result.json, search_record: packed.searchRecord.json }, where(row));
  return {
    seq: parsed.seq,
    packed,
    shipment: {
      ...summaryOf(parsed),
      input: parsed.input,
      result: parsed.result,
      searchRecord: parsed.search_record,
      trackingRecord: parsed.tracking_record,
    },
  };
}
