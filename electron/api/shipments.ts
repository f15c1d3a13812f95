/**
 * Shipments as the station API shows them: the station's own record of a shipment (what it
 * asked for, what the service answered, where it stands), search results, its documents, and
 * the answers of ship and of the changes queued for it.
 */
import * as z from 'zod';
import type { SearchRecord, ShipmentCreate, TrackingRecord } from '../service/contract';
import { ShipmentCreateResult, ShipmentDocument, TEXT_LIMITS, text } from '../service/contract';
import type { OutboxItem } from './outbox';
import type { PrintJob } from './printing';

/**
 * Statuses the station sets itself (lower case). Once the service has the shipment, its own
 * status is kept as it sends it ("Created", "Blocked", "Cancelled", "Archived", …), and a
 * change waiting in the outbox shows as one of PENDING_CHANGE_STATUSES.
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

/** What a shipment shows while a change to it waits in the outbox (an update shows no change). */
export const PENDING_CHANGE_STATUSES = {
  cancelShipment: 'cancelling',
  blockShipment: 'blocking',
  unblockShipment: 'unblocking',
  archiveShipment: 'archiving',
} as const;

/** The create result as kept: documents without their contents (those are kept as documents). */
export const StoredCreateResult = ShipmentCreateResult.extend({
  documents: z.array(ShipmentDocument.omit({ documentContent: true })).optional(),
});
export type StoredCreateResult = z.infer<typeof StoredCreateResult>;

/** The columns a list or a search shows. */
export interface ShipmentSummary {
  readonly stationRef: string;
  readonly serviceId: string | null;
  readonly status: string;
  readonly trackingNumber: string | null;
  readonly carrier: string | null;
  readonly shipToName: string | null;
  readonly shipToCompany: string | null;
  readonly shipToCity: string | null;
  readonly orderNumber: string | null;
  readonly customerPo: string | null;
  /** The service level the carrier named ("UPS Ground"), or the one asked for until then. */
  readonly carrierServiceLevel: string | null;
  /** The total charge the service answered: the discounted freight when it gave one, else the total freight. */
  readonly cost: number | null;
  readonly currency: string | null;
  /** The ship-from location's id. */
  readonly locationId: string | null;
  /** How many packages (1 when no record says). */
  readonly packages: number;
  /** The ship date asked for, or the service's shipment date (ms). */
  readonly shipDate: number | null;
  /** When the station queued it, or the service's shipment date for one it did not create (ms). */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly delivered: boolean;
}

export interface CachedShipment extends ShipmentSummary {
  /** What the station asked the service to create (null for shipments it did not create). */
  readonly input: ShipmentCreate | null;
  readonly result: StoredCreateResult | null;
  readonly searchRecord: SearchRecord | null;
  readonly trackingRecord: TrackingRecord | null;
}

/** Local search order, by createdAt: newest first (the default) or oldest first. */
export const LOCAL_SEARCH_SORTS = ['newest', 'oldest'] as const;
export type LocalSearchSort = (typeof LOCAL_SEARCH_SORTS)[number];

/** At most this many values per list filter. */
export const MAX_FILTER_VALUES = 20;
/** The last millisecond of the year 9999: times beyond it are typing mistakes. */
const MAX_TIME = 253_402_300_799_999;

const Time = z.number().int('must be a whole number of milliseconds').min(0, 'must not be before 1970').max(MAX_TIME, 'must be before the year 10000');
const FilterValues = (max: number) =>
  z.array(text(max).trim().min(1, 'must not be empty')).max(MAX_FILTER_VALUES, `must have at most ${MAX_FILTER_VALUES} values`);

/**
 * What a local search may be narrowed to; every filter given must hold (an empty list is the
 * same as none). `from` and `to` bound createdAt: from <= createdAt < to (ms since 1970).
 */
export const LocalSearchFilters = z
  .strictObject({
    from: Time.optional(),
    to: Time.optional(),
    /** Statuses exactly as shown ("Created", "queued", …). */
    statuses: FilterValues(64).optional(),
    /** Carriers exactly as shown. */
    carriers: FilterValues(TEXT_LIMITS.code).optional(),
    /** Ship-from location ids. */
    locationIds: FilterValues(100).optional(),
  })
  .refine((filters) => filters.from === undefined || filters.to === undefined || filters.from < filters.to, { message: 'must be after filters.from', path: ['to'] });
export type LocalSearchFilters = z.infer<typeof LocalSearchFilters>;

export interface SearchResult {
  readonly results: readonly ShipmentSummary[];
  /** Exact number of matches, when the station counted them all. */
  readonly total?: number;
  /**
   * Set instead of `total` when the station did not count every match: there are at least this
   * many (1000 when there are more than the station counts, "1000+"; fewer when counting the
   * rest would cost far more than the page).
   */
  readonly totalAtLeast?: number;
}

export interface StoredDocumentInfo {
  readonly documentId: number;
  readonly stationRef: string;
  /** The service's documentType: "Label", "CommercialInvoice", … */
  readonly type: string;
  readonly name: string | null;
  /** Which package a label is for (0-based); null for shipment-wide documents. */
  readonly packageIndex: number | null;
  readonly mime: string;
  readonly size: number;
  readonly createdAt: number;
}

/**
 * What a person chose to ship past: an address the check called invalid, items not verified in
 * the box, a service chosen with no rates to compare (offline).
 */
export const OVERRIDE_KINDS = ['invalidAddress', 'unverifiedItems', 'serviceWithoutRates'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];

/** An override as the Ship screen sends it with the shipment: its kind and what was passed, in words. */
export const ShipmentOverrideInput = z.strictObject({ kind: z.enum(OVERRIDE_KINDS), note: text(TEXT_LIMITS.text).trim().min(1, 'must not be empty') });

export interface ShipmentOverride {
  readonly kind: OverrideKind;
  readonly note: string;
  readonly createdAt: number;
}

export interface ShipmentDetail {
  readonly shipment: CachedShipment;
  readonly documents: readonly StoredDocumentInfo[];
  readonly printJobs: readonly PrintJob[];
  readonly outbox: readonly OutboxItem[];
  /** What a person chose to ship past, oldest first. */
  readonly overrides: readonly ShipmentOverride[];
}

export interface ShipResult {
  readonly stationRef: string;
  readonly outboxId: number;
  readonly status: string;
  /** True when the request key had been used already: this is the shipment it queued then. */
  readonly repeated: boolean;
}

export interface QueuedChange {
  readonly stationRef: string;
  readonly outboxId: number;
  readonly status: string;
}

// ---- Other desks' shipments (a warehouse's shared history) ------------------------------------

/** A shipment another desk of the warehouse made, as the shared history keeps it. */
export interface OtherDeskShipment {
  readonly stationRef: string;
  readonly deskId: string;
  /** The desk's name as packers read it ("Desk 3"). */
  readonly deskName: string;
  readonly orderNumber: string | null;
  readonly trackingNumbers: readonly string[];
  readonly carrier: string | null;
  readonly serviceLevel: string | null;
  readonly recipientName: string | null;
  readonly recipientCompany: string | null;
  readonly recipientCity: string | null;
  readonly recipientCountry: string | null;
  readonly totalCharge: number | null;
  readonly currency: string | null;
  readonly status: string;
  readonly createdAt: number;
  readonly voidedAt: number | null;
}

/**
 * What the warehouse's history found beside the desk's own shipments: other desks' shipments (a
 * page, newest first), or why it could not be asked, in words: no warehouse is linked (the desk
 * works alone), or it cannot be reached now (the desk's own shipments are all there is).
 */
export type WarehouseHistoryAnswer =
  | { readonly kind: 'found'; readonly shipments: readonly OtherDeskShipment[]; readonly more: boolean }
  | { readonly kind: 'notLinked' }
  | { readonly kind: 'unreachable'; readonly words: string };
