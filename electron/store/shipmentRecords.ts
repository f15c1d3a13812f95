/**
 * What the store keeps about a shipment, and how a `shipments` row is read back. JSON
 * columns hold the service's records as they came (unknown fields kept), parsed with the
 * contract's own schemas at the edge.
 */
import * as z from 'zod';
import { SearchRecord, ShipmentCreate, ShipmentCreateResult, ShipmentDocument, TrackingRecord } from '../service/contract';
import { flagColumn, nullableJsonColumn, parseRow } from './rows';

/**
 * Statuses the station sets itself (lower case). Once the service has the shipment, its
 * own status is kept as it sends it ("Created", "Blocked", "Cancelled", "Archived", …).
 */
export const STATION_STATUSES = {
  /** Waiting in the outbox to be created on the service. */
  queued: 'queued',
  /** The service refused the create (4xx): a person fixes and resubmits, or discards. */
  failed: 'failed',
  /** The create may or may not have happened and reconciliation could not tell. */
  needsReview: 'needs_review',
  /** Removed from the outbox before the service had it: no label was bought. */
  discarded: 'discarded',
} as const;

/** Statuses after which a shipment is no longer tracked. */
export const FINAL_STATUSES = ['Cancelled', 'Archived', 'discarded'] as const;

/** The create result as kept: documents without their contents (those go to `documents`). */
export const StoredCreateResult = ShipmentCreateResult.extend({
  documents: z.array(ShipmentDocument.omit({ documentContent: true })).optional(),
});
export type StoredCreateResult = z.infer<typeof StoredCreateResult>;

export interface CachedShipment {
  readonly stationRef: string;
  readonly serviceId: string | null;
  readonly status: string;
  /** What the station asked the service to create (null for shipments it did not create). */
  readonly input: ShipmentCreate | null;
  readonly result: StoredCreateResult | null;
  readonly searchRecord: SearchRecord | null;
  readonly trackingRecord: TrackingRecord | null;
  readonly trackingNumber: string | null;
  readonly carrier: string | null;
  readonly shipToName: string | null;
  readonly shipToCompany: string | null;
  readonly shipToCity: string | null;
  readonly orderNumber: string | null;
  readonly customerPo: string | null;
  /** When the station queued it, or the service's shipment date for one it did not create (ms). */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly delivered: boolean;
}

/** The columns a list or a search shows: no JSON parsed. */
export type ShipmentSummary = Omit<CachedShipment, 'input' | 'result' | 'searchRecord' | 'trackingRecord'>;

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
  created_at: z.number().int(),
  updated_at: z.number().int(),
  delivered: flagColumn,
};

export const SUMMARY_SELECT =
  'station_ref, service_id, status, tracking_number, carrier, ship_to_name, ship_to_company, ship_to_city, order_number, customer_po, created_at, updated_at, delivered';

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

export interface ShipmentRow {
  readonly seq: number;
  readonly shipment: CachedShipment;
}

export function parseShipmentRow(row: unknown): ShipmentRow {
  const parsed = parseRow(FullRow, row, where(row));
  return {
    seq: parsed.seq,
    shipment: {
      ...summaryOf(parsed),
      input: parsed.input,
      result: parsed.result,
      searchRecord: parsed.search_record,
      trackingRecord: parsed.tracking_record,
    },
  };
}
