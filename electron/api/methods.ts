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
  CountryCode,
  LOCATION_SORT_FIELDS,
  LocationCreate,
  LocationUpdate,
  RateShopRequest,
  SearchShipmentsRequest,
  ShipmentCreate,
  TEXT_LIMITS,
  UpdateShipmentItem,
  text,
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
import type { StationEvent } from './stationEvents';
import { BatchBox, BatchLocationId, BatchOrderNumbers, BatchService } from './batches';
import type { BatchEstimate, BatchServiceOffers, BatchSummary, BatchView } from './batches';
import { CompleteColumnMapping, MappingName, ORDER_FILE_LIMITS, ORDER_STATUSES, OrderFileId, OrderFileInput, OrderFilePiece, OrderNumber } from './orders';
import type { ImportPreview, OrderImportResult, OrderPage, OrderScan, SavedOrderMapping, StoredOrder } from './orders';
import { OUTBOX_STATES } from './outbox';
import type { OutboxItem } from './outbox';
import { DEFAULT_PRINTER_LANGUAGE, FolderPath, MediaConfig, PrinterLanguage, PrinterName, ZplDarkness, ZplDpi, ZplOffset } from './printing';
import type { DocumentContent, PrintJob, PrintPreview, PrintProblem, PrintSystem, PrintedFile, PrinterInfo, PrinterSetup } from './printing';
import { ProductionProfileInput, SecretInput } from './profiles';
import type { ConnectionInfo, ConnectionTest, ProfileView } from './profiles';
import type { ApiResult } from './result';
import { SettingsPatch } from './settings';
import type { SettingsView } from './settings';
import { LOCAL_SEARCH_SORTS, LocalSearchFilters, OVERRIDE_KINDS, ShipmentOverrideInput } from './shipments';
import type { QueuedChange, SearchResult, ShipResult, ShipmentDetail, ShipmentSummary, WarehouseHistoryAnswer } from './shipments';
import { StationRef } from './stationRef';
import { TimeZoneName } from './today';
import { ResolveConflictInput, TakeoverReason, WarehouseLinkInput } from './warehouse';
import type { OrderClaim, RequestBudgetMode, WarehouseConflict, WarehouseJournalView, WarehouseTest, WarehouseView } from './warehouse';
import type { DayAtAGlance } from './today';

const NoInput = z.strictObject({});
const Id = text(100).trim().min(1, 'must not be empty');
const Reason = text(TEXT_LIMITS.text);
/** Made once per intent by the caller (a UUID, say): letters, digits, `-` and `_`. */
const RequestKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, "-" or "_"');
const StationRefs = z.array(StationRef).min(1, 'must name at least one shipment').max(100, 'must name at most 100 shipments');
const RowId = z.number().int('must be a whole number').min(1);
/** An order's estimated weight in grams: up to 10 tonnes. */
const OrderWeight = z.number().finite().min(0).max(10_000_000);

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
    query: text(200).optional(),
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
  /**
   * Queues the shipment and sends it at once when the service is reachable. `requestKey` is made
   * once per intent by the caller: the same key answers the shipment it queued the first time
   * (`repeated: true`) instead of queuing another, so a double press never buys two labels.
   */
  ship: z.strictObject({
    shipment: ShipmentCreate,
    requestKey: RequestKey,
    /** What the packer chose to ship past (an address called invalid, items not verified), kept with the shipment. */
    overrides: z
      .array(ShipmentOverrideInput)
      .max(OVERRIDE_KINDS.length, `must have at most ${OVERRIDE_KINDS.length} overrides`)
      .superRefine((list, ctx) => {
        list.forEach((override, index) => {
          if (list.findIndex((other) => other.kind === override.kind) < index) ctx.addIssue({ code: 'custom', path: [index], message: `names ${override.kind} a second time` });
        });
      })
      .optional(),
  }),

  // ---- Shipments ----------------------------------------------------------------------
  /**
   * The station's own shipments: the words of `text` (tracking numbers, ids, references,
   * recipient), narrowed by `filters`, newest or oldest first, a page at a time.
   */
  searchLocalShipments: z.strictObject({
    text: text(200).default(''),
    limit: z.number().int().min(1).max(500).default(25),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    filters: LocalSearchFilters.optional(),
    sort: z.enum(LOCAL_SEARCH_SORTS).default('newest'),
  }),
  searchRemoteShipments: z.strictObject({ request: SearchShipmentsRequest }),
  /** Other desks' shipments in the warehouse's shared history, found by the same words as the local search. */
  searchWarehouseHistory: z.strictObject({
    text: text(200).default(''),
    limit: z.number().int().min(1).max(100).default(25),
    offset: z.number().int().min(0).max(100_000).default(0),
  }),
  getShipment: z.strictObject({ stationRef: StationRef }),
  /** This station's shipments for an order number, exactly as scanned (newest first). */
  findShipmentsByOrder: z.strictObject({ orderNumber: text(TEXT_LIMITS.text).trim().min(1, 'must not be empty') }),
  /** `reason` goes to the service as each shipment's `cancelReason`. */
  cancelShipments: z.strictObject({ stationRefs: StationRefs, reason: Reason.optional() }),
  updateShipment: z.strictObject({ stationRef: StationRef, changes: UpdateShipmentItem.omit({ id: true }) }),
  blockShipment: z.strictObject({ stationRef: StationRef, reason: Reason.optional() }),
  unblockShipment: z.strictObject({ stationRef: StationRef, reason: Reason.optional() }),
  archiveShipment: z.strictObject({ stationRef: StationRef }),
  trackShipments: z.strictObject({ stationRefs: StationRefs }),

  // ---- Outbox -------------------------------------------------------------------------
  listOutbox: z.strictObject({
    states: z.array(z.enum(OUTBOX_STATES)).max(OUTBOX_STATES.length).optional(),
    limit: z.number().int().min(1).max(1000).default(200),
  }),
  /** Sends a failed or unsure item again, unchanged. */
  retryOutboxItem: z.strictObject({ id: RowId }),
  /** Replaces a refused shipment's input with a corrected one and queues it again. */
  resubmitOutboxItem: z.strictObject({ id: RowId, shipment: ShipmentCreate }),
  discardOutboxItem: z.strictObject({ id: RowId }),

  // ---- Orders -------------------------------------------------------------------------
  /**
   * Starts receiving a shop's order file of `size` bytes, sent in pieces with appendOrderFile (so
   * a file of any size crosses either transport in bodies under 1 MB). `name` is how it is called in messages.
   */
  openOrderFile: z.strictObject({ name: text(255).trim().min(1, 'must not be empty'), size: z.number().int().min(1, 'the file is empty').max(ORDER_FILE_LIMITS.bytes, `the file is larger than ${String(ORDER_FILE_LIMITS.bytes / 1024 / 1024)} MB: split it`) }),
  /** The next piece of a file: its bytes in base64, at `offset`, which must be what was received so far. */
  appendOrderFile: z.strictObject({ fileId: OrderFileId, offset: z.number().int().min(0).max(ORDER_FILE_LIMITS.bytes), data: OrderFilePiece }),
  /**
   * Reads a shop's order file (given whole as `text`, or received with `fileId`) in a worker thread
   * and shows what an import would take, saving nothing; `orderFileProgress` events follow it.
   */
  previewOrderImport: OrderFileInput,
  /**
   * Reads the file again and stores its good orders: new ones are added, open ones updated,
   * shipped or cancelled ones kept as they are. The rows left out come back with why.
   */
  importOrders: OrderFileInput,
  /** Stops a preview or an import of the file that is running: the import keeps what it stored. */
  cancelOrderFile: z.strictObject({ fileId: OrderFileId }),
  /** Forgets a file sent in pieces (its received bytes are deleted); stops what runs on it. */
  closeOrderFile: z.strictObject({ fileId: OrderFileId }),
  /** Imported orders, newest first, narrowed by every filter given. */
  listOrders: z
    .strictObject({
      status: z.enum(ORDER_STATUSES).optional(),
      /** Words that must each appear in the order number, recipient, company, address, city, postal code, e-mail or an item's SKU or name. */
      query: text(200).optional(),
      limit: z.number().int().min(1).max(500).default(50),
      offset: z.number().int().min(0).max(1_000_000).default(0),
      /** Shipping to another country than the desk's (the default ship-from location's). */
      international: z.boolean().optional(),
      minWeightGrams: OrderWeight.optional(),
      maxWeightGrams: OrderWeight.optional(),
      /** The service the shop's customer chose, exactly as the file names it (any case). */
      requestedService: text(TEXT_LIMITS.text).trim().min(1, 'must not be empty').optional(),
    })
    .refine((input) => input.minWeightGrams === undefined || input.maxWeightGrams === undefined || input.minWeightGrams <= input.maxWeightGrams, {
      message: 'must not be below minWeightGrams',
      path: ['maxWeightGrams'],
    }),
  getOrder: z.strictObject({ orderNumber: OrderNumber }),
  /**
   * What a scan at the Ship screen names: the imported order (its number matched as scanners and
   * people type it: a leading `#`, case and spaces set aside), this station's standing shipments of
   * it, and the shipment it becomes with customs lines made in `shipFromCountry` (the desk's
   * country when not given). A number no order has is answered too, with `order: null`.
   */
  scanOrder: z.strictObject({ scanned: OrderNumber, shipFromCountry: CountryCode.optional() }),
  /** The packer moved on from the order (Next order): in warehouse mode its claim is given back for another desk. */
  releaseOrder: z.strictObject({ orderNumber: OrderNumber }),
  /** In warehouse mode: takes over an order whose desk stopped renewing its claim, saying why (kept in the audit log). */
  takeOverOrder: z.strictObject({ orderNumber: OrderNumber, reason: TakeoverReason }),
  /** Keeps a mapping made by hand under a name, replacing one of the same name (any case). */
  saveOrderMapping: z.strictObject({ name: MappingName, mapping: CompleteColumnMapping }),
  listOrderMappings: NoInput,
  deleteOrderMapping: z.strictObject({ name: MappingName }),

  // ---- Batches ------------------------------------------------------------------------
  /**
   * What shipping these imported orders in `box` with `service` would cost, order by order:
   * rates asked once per destination and weight band, at most a minute of the connection's limit.
   */
  estimateBatch: z.strictObject({ orderNumbers: BatchOrderNumbers, box: BatchBox, service: BatchService, shipFromLocationId: BatchLocationId.optional() }),
  /** The services offered to the first of these orders that can ship, in `box`: what a batch can be shipped with. */
  batchServices: z.strictObject({ orderNumbers: BatchOrderNumbers, box: BatchBox, shipFromLocationId: BatchLocationId.optional() }),
  /**
   * Queues a shipment for every order that can ship, in one transaction with the batch, and
   * marks those orders shipped; the others are refused up front, each with why. `batchKey` is
   * made once per intent: the same key answers the batch it made the first time.
   */
  shipBatch: z.strictObject({
    batchKey: RequestKey,
    orderNumbers: BatchOrderNumbers,
    box: BatchBox,
    service: BatchService,
    shipFromLocationId: BatchLocationId.optional(),
  }),
  getBatch: z.strictObject({ batchId: RowId }),
  /** Batches, newest first. */
  listBatches: z.strictObject({ limit: z.number().int().min(1).max(500).default(20) }),

  // ---- Printing -----------------------------------------------------------------------
  /** The system's printers and the PDF folder; the PDF folder alone when the print service cannot be asked (getPrintSystem says why). */
  listPrinters: NoInput,
  /** The print service's state, and whether labels and other documents can print now (and why not). */
  getPrintSystem: NoInput,
  getPrinterSetup: NoInput,
  /** The folder the PDF folder printer writes to (an absolute path it can write in); null goes back to the default. */
  setPdfFolder: z.strictObject({ folder: FolderPath.nullable() }),
  /** Opens the file a PDF folder job wrote with this computer's PDF viewer, or shows it in its folder (`reveal`). */
  openPrintedFile: z.strictObject({ printJobId: RowId, reveal: z.boolean().default(false) }),
  /** Which printer takes labels and which other documents; null is the system default. */
  setPrinterMap: z.strictObject({ labelPrinter: PrinterName.nullable().optional(), documentPrinter: PrinterName.nullable().optional() }),
  /** The media loaded in a printer; null forgets it (4x6 for labels, Letter for documents). */
  setPrinterMedia: z.strictObject({ printer: PrinterName, media: MediaConfig.nullable(), longer: MediaConfig.nullable().optional() }),
  /** Copies of each automatic print on a printer (1 to 9); null forgets it (one copy). */
  setPrinterCopies: z.strictObject({ printer: PrinterName, copies: z.number().int('must be a whole number').min(1).max(9).nullable() }),
  /**
   * How a printer is spoken to: PDF through its driver, or ZPL drawn at `dpi` and sent raw, with
   * `darkness` (~SD) and `offset` (^LH, dots right and down). Left out: 203 dpi, darkness 15, no offset.
   */
  setPrinterLanguage: z.strictObject({
    printer: PrinterName,
    language: PrinterLanguage,
    dpi: ZplDpi.default(DEFAULT_PRINTER_LANGUAGE.dpi),
    darkness: ZplDarkness.default(DEFAULT_PRINTER_LANGUAGE.darkness),
    offset: ZplOffset.default(DEFAULT_PRINTER_LANGUAGE.offset),
  }),
  printTestPage: z.strictObject({ printer: PrinterName }),
  reprintDocument: z.strictObject({
    documentId: RowId,
    printer: PrinterName.optional(),
    copies: z.number().int().min(1).max(99).optional(),
  }),
  printHistory: z.strictObject({ stationRef: StationRef.optional(), limit: z.number().int().min(1).max(1000).default(100) }),
  /** A stored document's bytes, for a preview. */
  getDocumentContent: z.strictObject({ documentId: RowId }),
  /**
   * A stored document as it will print on `printer` (its role's printer when left out): the pages
   * laid out on the printer's stock (cut out, turned, scaled) as one PDF, and each label's layout.
   * Nothing is printed.
   */
  previewPrint: z.strictObject({ documentId: RowId, printer: PrinterName.optional() }),
  /** Prints the labels held while automatic printing was off (and any other queued job). */
  releaseHeldPrintJobs: NoInput,
  /** Prints a failed job's document again, to the same printer with the same copies; the failure counts as handled. */
  retryPrintJob: z.strictObject({ id: RowId }),
  /** The failed prints nobody has acted on yet, oldest first. */
  listPrintProblems: NoInput,
  /** A person saw a failed print and will not print it again here (printed elsewhere, parcel gone). */
  dismissPrintProblem: z.strictObject({ id: RowId }),

  // ---- The day at a glance ------------------------------------------------------------
  /**
   * Today's and this week's shipments and spend, the outbox, delivery exceptions and print
   * problems of the active connection, at the station's own time. Days and the week (from
   * Monday) are counted in `timeZone`, the computer's own when absent.
   */
  getToday: z.strictObject({ timeZone: TimeZoneName.optional() }),

  // ---- Settings -----------------------------------------------------------------------
  getSettings: NoInput,
  updateSettings: SettingsPatch,

  // ---- Warehouse ----------------------------------------------------------------------
  /** The desk's link to the warehouse database and its state (never the password: whether one is stored). */
  getWarehouse: NoInput,
  /** Keeps the link (the password, when typed, in the vault) and connects with it. */
  saveWarehouse: WarehouseLinkInput,
  /** Connects once with the link given (the stored password when none is typed) and says what it found. */
  testWarehouse: WarehouseLinkInput,
  /** The desk works alone again: the link and its password are forgotten. */
  turnOffWarehouse: NoInput,
  /** Whose limit the service client keeps to: the desk's own, shared with the warehouse's desks, or a local share while the warehouse is away (null: the profile cannot sign in). */
  getRequestBudget: NoInput,
  /** How many conflicts wait for a person (0 without a connected warehouse). */
  countWarehouseConflicts: NoInput,
  /** The conflicts not yet settled, oldest first. */
  listWarehouseConflicts: NoInput,
  /** A person settles a conflict, saying what was done (a `resolve` audit entry); false when it was already settled. */
  resolveWarehouseConflict: ResolveConflictInput,
  /** What the desk still owes the warehouse: entries waiting, and those it refused with the reason. */
  getWarehouseJournal: NoInput,
} as const satisfies Record<string, z.ZodType>;

export type StationMethod = keyof typeof STATION_METHODS;
export const STATION_METHOD_NAMES = Object.keys(STATION_METHODS) as StationMethod[];

export function isStationMethod(name: unknown): name is StationMethod {
  return typeof name === 'string' && Object.hasOwn(STATION_METHODS, name);
}

export type MethodInput<M extends StationMethod> = z.input<(typeof STATION_METHODS)[M]>;
export type ParsedInput<M extends StationMethod> = z.output<(typeof STATION_METHODS)[M]>;



export interface LocationsPage {
  readonly records: GetLocationsResponse['data'];
  readonly page: number;
  readonly pageSize: number;
  readonly totalCount: number;
  /** True when the service was unreachable and the station's cached copy is shown. */
  readonly fromCache: boolean;
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
  searchWarehouseHistory: WarehouseHistoryAnswer;
  getShipment: ShipmentDetail;
  findShipmentsByOrder: readonly ShipmentSummary[];
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
  openOrderFile: { readonly fileId: string };
  appendOrderFile: { readonly received: number; readonly complete: boolean };
  previewOrderImport: ImportPreview;
  importOrders: OrderImportResult;
  cancelOrderFile: { readonly cancelled: boolean };
  closeOrderFile: { readonly closed: true };
  listOrders: OrderPage;
  getOrder: StoredOrder;
  scanOrder: OrderScan;
  releaseOrder: { readonly released: true };
  takeOverOrder: OrderClaim;
  saveOrderMapping: SavedOrderMapping;
  listOrderMappings: readonly SavedOrderMapping[];
  deleteOrderMapping: { readonly deleted: true };
  estimateBatch: BatchEstimate;
  batchServices: BatchServiceOffers;
  shipBatch: BatchView;
  getBatch: BatchView;
  listBatches: readonly BatchSummary[];
  listPrinters: readonly PrinterInfo[];
  getPrintSystem: PrintSystem;
  getPrinterSetup: PrinterSetup;
  setPdfFolder: PrinterSetup;
  openPrintedFile: PrintedFile;
  setPrinterMap: PrinterSetup;
  setPrinterMedia: PrinterSetup;
  setPrinterCopies: PrinterSetup;
  setPrinterLanguage: PrinterSetup;
  printTestPage: { readonly jobId: string };
  reprintDocument: PrintJob;
  printHistory: readonly PrintJob[];
  getDocumentContent: DocumentContent;
  previewPrint: PrintPreview;
  releaseHeldPrintJobs: readonly PrintJob[];
  retryPrintJob: PrintJob;
  listPrintProblems: readonly PrintProblem[];
  dismissPrintProblem: PrintJob;
  getToday: DayAtAGlance;
  getSettings: SettingsView;
  updateSettings: SettingsView;
  getWarehouse: WarehouseView;
  saveWarehouse: WarehouseView;
  testWarehouse: WarehouseTest;
  turnOffWarehouse: WarehouseView;
  getRequestBudget: RequestBudgetMode | null;
  countWarehouseConflicts: number;
  listWarehouseConflicts: readonly WarehouseConflict[];
  resolveWarehouseConflict: boolean;
  getWarehouseJournal: WarehouseJournalView;
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
