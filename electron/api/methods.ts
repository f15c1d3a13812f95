/**
 * The station API: everything the packing-desk UI asks of the station, one named method each,
 * with the zod schema its input must pass and the type of its answer. Both transports (Electron
 * IPC and the loopback web host) carry exactly these methods; the preload is checked against
 * `StationApi` at compile time and the dispatcher validates every input against `STATION_METHODS`.
 *
 * Inputs are strict objects: an unknown key is refused with its name, so a renderer typo is a
 * clear error rather than an option silently ignored. Service records inside inputs (a shipment,
 * an address) use the service contract's own schemas, which keep unknown fields as the spec asks.
 */
import * as z from 'zod';
import {
  AddressInput,
  LOCATION_SORT_FIELDS,
  LocationCreate,
  LocationUpdate,
  RateShopRequest,
  SearchShipmentsRequest,
  ShipmentCreate,
  UpdateShipmentItem,
} from '../service/contract';
import type {
  AddressValidationResponse,
  ApplyRuleResponse,
  GetLocationsResponse,
  LocationDetail,
  LocationWriteResponse,
  RateShopResponse,
  SearchShipmentsResponse,
  TrackingRecord,
} from '../service/contract';
import type { PrinterInfo } from '../printing/backend';
import type { StoredDocumentInfo } from '../store/documents';
import type { OutboxItem, OutboxState } from '../store/outbox';
import type { PrintJob } from '../store/printJobs';
import type { SearchResult } from '../store/search';
import type { CachedShipment } from '../store/shipmentRecords';
import { MediaConfig } from '../printing/media';
import type { MEDIA_NAMES } from '../printing/media';
import { StationRef } from '../store/stationRefFormat';
import { ProductionProfileInput, SecretInput } from './profiles';
import type { ProfileView } from './profiles';
import type { ApiResult } from './result';
import type { StationEvent } from './stationEvents';

const NoInput = z.strictObject({});
const Id = z.string().trim().min(1, 'must not be empty').max(100);
const StationRefs = z.array(StationRef).min(1, 'must name at least one shipment').max(100, 'must name at most 100 shipments');
const RowId = z.number().int('must be a whole number').min(1);
const PrinterName = z.string().min(1, 'must not be empty').max(255);
const OUTBOX_STATE_NAMES = ['pending', 'sending', 'done', 'failed', 'unknown', 'needs_review', 'discarded'] as const satisfies readonly OutboxState[];

const SettingsPatch = z.strictObject({
  deskId: z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'must be 1 to 12 letters or digits').optional(),
  labelRetentionDays: z.number().int('must be a whole number of days').min(1).max(3650).optional(),
  autoPrintLabels: z.boolean().optional(),
});

export const STATION_METHODS = {
  // ---- Connection ---------------------------------------------------------------------
  /** The active profile and whether the service is reachable now. */
  getConnection: NoInput,
  listProfiles: NoInput,
  /** Adds or changes a production profile (the secret is set with setProfileSecret). */
  saveProfile: ProductionProfileInput,
  deleteProfile: z.strictObject({ profileId: Id }),
  /** Stores the profile's secret in the vault; it can be replaced or cleared, never read back. */
  setProfileSecret: SecretInput,
  clearProfileSecret: z.strictObject({ profileId: Id }),
  /** Signs in and makes one light request with the profile (the active one when absent). */
  testConnection: z.strictObject({ profileId: Id.optional() }),
  /** Makes the profile active: the station's store, sync and printing follow it. */
  switchProfile: z.strictObject({ profileId: Id }),

  // ---- Locations ----------------------------------------------------------------------
  listLocations: z.strictObject({
    query: z.string().max(200).optional(),
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
    sort: z.enum(LOCATION_SORT_FIELDS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  }),
  getLocation: z.strictObject({ id: Id }),
  createLocation: z.strictObject({ location: LocationCreate }),
  updateLocation: z.strictObject({ id: Id, location: LocationUpdate }),
  deleteLocation: z.strictObject({ id: Id }),

  // ---- Before shipping ----------------------------------------------------------------
  validateAddress: z.strictObject({ address: AddressInput }),
  rateShop: z.strictObject({ request: RateShopRequest }),
  /** What the service's business rules would change in this shipment. */
  previewRules: z.strictObject({ shipment: ShipmentCreate }),
  /** Queues the shipment and sends it at once when the service is reachable. */
  ship: z.strictObject({ shipment: ShipmentCreate }),

  // ---- Shipments ----------------------------------------------------------------------
  searchLocalShipments: z.strictObject({
    text: z.string().max(200),
    limit: z.number().int().min(1).max(500).default(25),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  }),
  searchRemoteShipments: z.strictObject({ request: SearchShipmentsRequest }),
  getShipment: z.strictObject({ stationRef: StationRef }),
  cancelShipments: z.strictObject({ stationRefs: StationRefs }),
  updateShipment: z.strictObject({ stationRef: StationRef, changes: UpdateShipmentItem.omit({ id: true }) }),
  blockShipment: z.strictObject({ stationRef: StationRef, reason: z.string().max(500).optional() }),
  unblockShipment: z.strictObject({ stationRef: StationRef, reason: z.string().max(500).optional() }),
  archiveShipment: z.strictObject({ stationRef: StationRef }),
  trackShipments: z.strictObject({ stationRefs: StationRefs }),

  // ---- Outbox -------------------------------------------------------------------------
  listOutbox: z.strictObject({
    states: z.array(z.enum(OUTBOX_STATE_NAMES)).max(OUTBOX_STATE_NAMES.length).optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  }),
  /** Sends a failed or unsure item again, unchanged. */
  retryOutboxItem: z.strictObject({ id: RowId }),
  /** Replaces a refused shipment's input with a corrected one and queues it again. */
  resubmitOutboxItem: z.strictObject({ id: RowId, shipment: ShipmentCreate }),
  discardOutboxItem: z.strictObject({ id: RowId }),

  // ---- Printing -----------------------------------------------------------------------
  listPrinters: NoInput,
  getPrinterSetup: NoInput,
  /** Which printer takes labels and which other documents; null is the system default. */
  setPrinterMap: z.strictObject({ labelPrinter: PrinterName.nullable().optional(), documentPrinter: PrinterName.nullable().optional() }),
  /** The media loaded in a printer; null forgets it (4x6 for labels, Letter for documents). */
  setPrinterMedia: z.strictObject({ printer: PrinterName, media: MediaConfig.nullable() }),
  printTestPage: z.strictObject({ printer: PrinterName }),
  reprintDocument: z.strictObject({
    documentId: RowId,
    printer: PrinterName.optional(),
    copies: z.number().int().min(1).max(99).optional(),
  }),
  printHistory: z.strictObject({ stationRef: StationRef.optional(), limit: z.number().int().min(1).max(1000).default(100) }),

  // ---- Settings -----------------------------------------------------------------------
  getSettings: NoInput,
  updateSettings: SettingsPatch,
} as const satisfies Record<string, z.ZodType>;

export type StationMethod = keyof typeof STATION_METHODS;
export const STATION_METHOD_NAMES = Object.keys(STATION_METHODS) as StationMethod[];

export function isStationMethod(name: unknown): name is StationMethod {
  return typeof name === 'string' && Object.hasOwn(STATION_METHODS, name);
}

export type MethodInput<M extends StationMethod> = z.input<(typeof STATION_METHODS)[M]>;
export type ParsedInput<M extends StationMethod> = z.output<(typeof STATION_METHODS)[M]>;

export interface ConnectionInfo {
  readonly profile: ProfileView;
  readonly online: boolean;
  /** Why the station thinks so ("service answered", "connection refused", "starting"…). */
  readonly reason: string;
  /** Set when the connection cannot be used until an admin acts (no secret, credentials refused). */
  readonly problem?: string;
  /** Something an admin should know about how the connection opened (its damaged data file was moved aside). */
  readonly notice?: string;
  readonly outbox: Readonly<Record<OutboxState, number>>;
}

export interface ConnectionTest {
  readonly ok: boolean;
  readonly message: string;
  readonly elapsedMs: number;
}

export interface LocationsPage {
  readonly records: GetLocationsResponse['data'];
  readonly page: number;
  readonly pageSize: number;
  readonly totalCount: number;
  /** True when the service was unreachable and the station's cached copy is shown. */
  readonly fromCache: boolean;
}

export interface ShipResult {
  readonly stationRef: string;
  readonly outboxId: number;
  readonly status: string;
}

export interface QueuedChange {
  readonly stationRef: string;
  readonly outboxId: number;
  readonly status: string;
}

export interface ShipmentDetail {
  readonly shipment: CachedShipment;
  readonly documents: readonly StoredDocumentInfo[];
  readonly printJobs: readonly PrintJob[];
  readonly outbox: readonly OutboxItem[];
}

export interface PrinterSetup {
  readonly labelPrinter: string | null;
  readonly documentPrinter: string | null;
  readonly printerMedia: Readonly<Record<string, z.output<typeof MediaConfig>>>;
  readonly mediaNames: typeof MEDIA_NAMES;
}

export interface StationSettings {
  readonly deskId: string;
  readonly labelRetentionDays: number;
  readonly autoPrintLabels: boolean;
}

/** What each method answers with. */
export interface StationResults {
  getConnection: ConnectionInfo;
  listProfiles: readonly ProfileView[];
  saveProfile: ProfileView;
  deleteProfile: { readonly deleted: true };
  setProfileSecret: ProfileView;
  clearProfileSecret: ProfileView;
  testConnection: ConnectionTest;
  switchProfile: ConnectionInfo;
  listLocations: LocationsPage;
  getLocation: LocationDetail;
  createLocation: LocationWriteResponse;
  updateLocation: LocationWriteResponse;
  deleteLocation: LocationWriteResponse;
  validateAddress: AddressValidationResponse;
  rateShop: RateShopResponse;
  previewRules: ApplyRuleResponse;
  ship: ShipResult;
  searchLocalShipments: SearchResult;
  searchRemoteShipments: SearchShipmentsResponse;
  getShipment: ShipmentDetail;
  cancelShipments: readonly QueuedChange[];
  updateShipment: QueuedChange;
  blockShipment: QueuedChange;
  unblockShipment: QueuedChange;
  archiveShipment: QueuedChange;
  trackShipments: readonly TrackingRecord[];
  listOutbox: readonly OutboxItem[];
  retryOutboxItem: OutboxItem;
  resubmitOutboxItem: OutboxItem;
  discardOutboxItem: OutboxItem;
  listPrinters: readonly PrinterInfo[];
  getPrinterSetup: PrinterSetup;
  setPrinterMap: PrinterSetup;
  setPrinterMedia: PrinterSetup;
  printTestPage: { readonly jobId: string };
  reprintDocument: PrintJob;
  printHistory: readonly PrintJob[];
  getSettings: StationSettings;
  updateSettings: StationSettings;
}

/** Every method has an answer type and every answer type a method. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const METHODS_HAVE_RESULTS: Exact<StationMethod, keyof StationResults> = true;

/** What the station runs for each method, given input that already passed its schema. */
export type StationHandlers = {
  [M in StationMethod]: (input: ParsedInput<M>) => Promise<StationResults[M]> | StationResults[M];
};

/**
 * What the renderer sees as `window.station`: one function per method, plus the event feed.
 * The preload builds it over IPC, the web host's bridge over HTTP; the renderer cannot tell.
 */
export type StationApi = {
  readonly [M in StationMethod]: (input: MethodInput<M>) => Promise<ApiResult<StationResults[M]>>;
} & {
  /** Calls `listener` for every station event until the returned function is called. */
  readonly onEvent: (listener: (event: StationEvent) => void) => () => void;
};
