/** Shipment maintenance: search, update, cancel, track, block, unblock, archive. */
import * as z from 'zod';
import { named } from './registry';
import { BoundedReferences, DateTime, Money, OpaqueObject, TEXT_LIMITS, text } from './fields';
import { LIMITS, pagingTail } from './paging';
import { ShipmentDocument, batchItemFailure } from './shipments';

/**
 * Status values. The spec names Created and Cancelled; Blocked and Archived are the
 * sandbox's answer to "status after block/archive: not shown". Records carry status as a
 * plain string so an unknown status from a real service is shown, not rejected.
 */
export const SHIPMENT_STATUSES = ['Created', 'Blocked', 'Cancelled', 'Archived'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

// ---- Search ---------------------------------------------------------------------------

/** Meaning of the numeric `condition` of a search filter (not shown in the spec). */
export const FILTER_CONDITIONS = {
  Equals: 0,
  NotEquals: 1,
  Contains: 2,
  StartsWith: 3,
  EndsWith: 4,
  GreaterThan: 5,
  GreaterThanOrEqual: 6,
  LessThan: 7,
  LessThanOrEqual: 8,
} as const;
export type FilterConditionName = keyof typeof FILTER_CONDITIONS;

/** Columns the sandbox filters and sorts on (the spec shows shipmentDate and statusId in use). */
export const SEARCH_COLUMNS = ['shipmentDate', 'statusId', 'shipmentId', 'trackingNumber', 'carrier', 'shipMethod', 'locationName', 'shipToName', 'shipToCity', 'shipToCountry', 'orderNumber', 'customerPO'] as const;
export type SearchColumn = (typeof SEARCH_COLUMNS)[number];

export const SearchFilter = named(
  'SearchFilter',
  z.looseObject({
    column: text(TEXT_LIMITS.code),
    condition: z.number().int(),
    value: text(TEXT_LIMITS.text),
  }),
);
export type SearchFilter = z.infer<typeof SearchFilter>;

export const SearchOrder = named(
  'SearchOrder',
  z.looseObject({
    column: text(TEXT_LIMITS.code),
    direction: z.enum(['ASC', 'DESC', 'asc', 'desc']),
  }),
);
export type SearchOrder = z.infer<typeof SearchOrder>;

export const SearchShipmentsRequest = named(
  'SearchShipmentsRequest',
  z.looseObject({
    pageNumber: z.number().int().min(1).optional(),
    pageSize: z.number().int().min(1).optional(),
    searchTerm: text(TEXT_LIMITS.text).optional(),
    filter: z.array(SearchFilter).max(LIMITS.maxSearchFilters).optional(),
    orderdBy: z.array(SearchOrder).max(LIMITS.maxSearchSortTerms).optional(),
  }),
  'Body of Search Shipments (`orderdBy` spelled so).',
);
export type SearchShipmentsRequest = z.infer<typeof SearchShipmentsRequest>;

/** Inner fields of shipFrom, shipTo and shipmentInfo in a search record are not shown. */
export const SearchRecord = named(
  'SearchRecord',
  z.looseObject({
    id: z.string(),
    shipmentId: z.string().optional(),
    statusId: z.string().optional(),
    shipmentDate: DateTime.optional(),
    locationName: z.string().optional(),
    totalPackage: z.number().int().optional(),
    totalPackageWeight: z.string().optional(),
    shipFrom: OpaqueObject.optional(),
    shipTo: OpaqueObject.optional(),
    shipmentInfo: OpaqueObject.optional(),
    trackingUrl: z.string().optional(),
  }),
);
export type SearchRecord = z.infer<typeof SearchRecord>;

export const SearchShipmentsResponse = named(
  'SearchShipmentsResponse',
  z.looseObject({
    success: z.boolean().optional(),
    shipments: z.array(SearchRecord),
    pageIndex: z.number().int(),
    ...pagingTail,
  }),
  'Answer of Search Shipments: this one names the page `pageIndex`.',
);
export type SearchShipmentsResponse = z.infer<typeof SearchShipmentsResponse>;

// ---- Cancel ---------------------------------------------------------------------------

export const CancelShipmentsRequest = named(
  'CancelShipmentsRequest',
  z.looseObject({
    shipments: z.array(z.looseObject({ id: text(TEXT_LIMITS.code), cancelReason: text(TEXT_LIMITS.text).optional() })).min(1),
  }),
);
export type CancelShipmentsRequest = z.infer<typeof CancelShipmentsRequest>;

export const CancelResult = named(
  'CancelResult',
  z.looseObject({
    success: z.boolean(),
    shipment_Id: z.string().optional(),
    activity_Id: z.string().optional(),
    status: z.string().optional(),
    trackingNumber: z.string().optional(),
    ...batchItemFailure,
  }),
);
export type CancelResult = z.infer<typeof CancelResult>;

export const CancelShipmentsResponse = named(
  'CancelShipmentsResponse',
  z.looseObject({ success: z.boolean().optional(), shipments: z.array(CancelResult) }),
);
export type CancelShipmentsResponse = z.infer<typeof CancelShipmentsResponse>;

// ---- Update ---------------------------------------------------------------------------

/** Which update fields are required is not shown: `id` is, the rest are what changes. */
export const UpdateShipmentItem = named(
  'UpdateShipmentItem',
  z.looseObject({
    id: text(TEXT_LIMITS.code),
    carrierReferenceId: text(TEXT_LIMITS.code).optional(),
    shipMethod: text(TEXT_LIMITS.code).optional(),
    references: BoundedReferences.optional(),
    discountedCost: Money.optional(),
  }),
);
export type UpdateShipmentItem = z.infer<typeof UpdateShipmentItem>;

export const UpdateShipmentsRequest = named('UpdateShipmentsRequest', z.looseObject({ shipments: z.array(UpdateShipmentItem).min(1) }));
export type UpdateShipmentsRequest = z.infer<typeof UpdateShipmentsRequest>;

export const UpdateResult = named(
  'UpdateResult',
  z.looseObject({
    success: z.boolean(),
    shipment_Id: z.string().optional(),
    message: z.string().optional(),
    errors: batchItemFailure.errors,
  }),
);
export type UpdateResult = z.infer<typeof UpdateResult>;

/** No top-level `success` is given by the spec for this answer. */
export const UpdateShipmentsResponse = named('UpdateShipmentsResponse', z.looseObject({ success: z.boolean().optional(), shipments: z.array(UpdateResult) }));
export type UpdateShipmentsResponse = z.infer<typeof UpdateShipmentsResponse>;

// ---- Track ----------------------------------------------------------------------------

/**
 * `includeDocuments` is not in the spec: the spec shows no way to fetch an existing
 * shipment's label again, which a station needs after a create whose answer was lost. The
 * sandbox answers it with the stored documents; a service that ignores it simply answers
 * without them (docs/service-decisions.md, "Label recovery").
 */
export const TrackItem = named(
  'TrackItem',
  z
    .looseObject({ trackingNumber: text(TEXT_LIMITS.code).optional(), id: text(TEXT_LIMITS.code).optional(), includeDocuments: z.boolean().optional() })
    .refine((item) => item.trackingNumber !== undefined || item.id !== undefined, {
      message: 'needs a trackingNumber or an id',
    }),
);
export type TrackItem = z.infer<typeof TrackItem>;

export const TrackShipmentsRequest = named('TrackShipmentsRequest', z.looseObject({ shipments: z.array(TrackItem).min(1) }));
export type TrackShipmentsRequest = z.infer<typeof TrackShipmentsRequest>;

export const TrackingEvent = named(
  'TrackingEvent',
  z.looseObject({
    carrierCode: z.string().optional(),
    code: z.string().optional(),
    description: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    zipCode: z.string().optional(),
    exception: z.boolean().optional(),
    eventOn: DateTime,
  }),
);
export type TrackingEvent = z.infer<typeof TrackingEvent>;

export const TrackingRecord = named(
  'TrackingRecord',
  z.looseObject({
    success: z.boolean().optional(),
    tracking_Id: z.string().optional(),
    shipment_Id: z.string().optional(),
    trackingNumber: z.string().optional(),
    lastUpdateOnUtc: DateTime.optional(),
    events: z.array(TrackingEvent).optional(),
    trackingUrl: z.string().optional(),
    /** Only when the item asked for `includeDocuments` and the service supports it. */
    documents: z.array(ShipmentDocument).optional(),
    ...batchItemFailure,
  }),
);
export type TrackingRecord = z.infer<typeof TrackingRecord>;

export const TrackShipmentsResponse = named('TrackShipmentsResponse', z.looseObject({ success: z.boolean().optional(), shipments: z.array(TrackingRecord) }));
export type TrackShipmentsResponse = z.infer<typeof TrackShipmentsResponse>;

// ---- Block, unblock, archive ----------------------------------------------------------

/** Whether `reason` is required is not shown: the sandbox accepts a missing one. */
export const BlockRequest = named('BlockRequest', z.looseObject({ reason: text(TEXT_LIMITS.text).optional() }), 'Body of Block Shipment and Unblock Shipment.');
export type BlockRequest = z.infer<typeof BlockRequest>;

export const ShipmentActionResponse = named(
  'ShipmentActionResponse',
  z.looseObject({ success: z.boolean(), message: z.string().optional() }),
  'Answer of Block, Unblock and Archive Shipment.',
);
export type ShipmentActionResponse = z.infer<typeof ShipmentActionResponse>;
