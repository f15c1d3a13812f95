/**
 * What the store does, declared once, in the manner of Signal-Desktop's ts/sql/Interface: every
 * read and every write the station makes, as methods without the database handle. The SQLite
 * implementation (handles.ts) binds the query modules to one open file; the rest of the station
 * sees only these types, through the front door (index.ts).
 *
 * Two lines are drawn here:
 *
 * - **Reads and writes are separate handles.** `read` may be used anywhere; a write handle exists
 *   only inside `atomically(work)`, one transaction, so several rows are never written half-way,
 *   and a write method called outside one throws. Reads are part of the write handle, so a
 *   transaction can look before it writes.
 *
 * - **What belongs to one desk, and what a warehouse shares.** The desk's part is its outbox (the
 *   writes it still owes the service, and the request keys and batches that queued them), its
 *   print jobs, its printers, the documents it keeps for reprint and its cache of the service's
 *   locations: nobody else can send, print or hold them. The warehouse's part is what every desk
 *   of a warehouse works from: the orders imported from the shops, the history of shipments (and
 *   their tracking), the settings that say how its orders ship (units, box presets, the requested
 *   service rules, packing slips), and the audit of what was overridden. Today both live in the
 *   desk's own SQLite file; the warehouse part is declared apart so that a second implementation
 *   can serve it from a database the desks share. That one answers later, not at once: it
 *   implements `Remote<WarehouseReads>` and `Remote<WarehouseWrites>`, the same methods returning
 *   promises. (The credential's request budget, also shared in a warehouse, is the service
 *   client's `RequestBudget` seam.)
 */
import type {
  BatchBox,
  BatchCounts,
  BatchService,
  BatchSummary,
  BatchView,
  CachedShipment,
  ColumnMapping,
  DayAtAGlance,
  ImportPreview,
  OrderImportCounts,
  OrderPage,
  OutboxError,
  OutboxItem,
  OutboxState,
  OutboxWork,
  PrintJob,
  PrintLayout,
  PrinterLanguageConfig,
  SavedOrderMapping,
  SearchResult,
  SettingKey,
  SettingValue,
  ShipmentChangeKind,
  ShipmentOverride,
  ShipmentSummary,
  StoredDocumentInfo,
  StoredOrder,
} from '../api';
import type { LocationListRecord, ShipmentCreate, TrackingRecord } from '../service/contract';
import type { BatchOrderToStore } from './batches';
import type { DocumentInput, StoredDocument } from './documents';
import type { CachedLocation, LocationPageQuery } from './locations';
import type { MirroredOrder, OrderListOptions } from './orders';
import type { PrinterLanguages } from './printerLanguage';
import type { PrintOptions } from './printJobs';
import type { SearchOptions } from './search';
import type { TrackingChange } from './tracking';

/** Settings a warehouse shares: how its orders ship, whichever desk packs them. */
export const WAREHOUSE_SETTINGS = ['unitSystem', 'boxPresets', 'preferredCarrier', 'serviceRules', 'defaultService', 'packVerification', 'packingSlips'] as const satisfies readonly SettingKey[];
export type WarehouseSetting = (typeof WAREHOUSE_SETTINGS)[number];
/** Settings of one desk: its name, printers, scale, sounds, where it ships from, what it prints by itself, how long it keeps labels. */
export type DeskSetting = Exclude<SettingKey, WarehouseSetting>;

export function isWarehouseSetting(key: SettingKey): key is WarehouseSetting {
  return (WAREHOUSE_SETTINGS as readonly SettingKey[]).includes(key);
}

// ---- One desk ------------------------------------------------------------------------------

/** What a desk owes the warehouse database: a shipment for its history, an audit entry, a purchase given up, a void. */
export const WAREHOUSE_JOURNAL_KINDS = ['shipment', 'audit', 'abandon', 'void'] as const;
export type WarehouseJournalKind = (typeof WAREHOUSE_JOURNAL_KINDS)[number];

export interface WarehouseJournalEntry {
  readonly id: number;
  readonly kind: WarehouseJournalKind;
  /** As it was written; its reader checks it with the warehouse's schema of its kind. */
  readonly payload: unknown;
  readonly createdAt: number;
  /** Sends that failed, and the last one's reason. */
  readonly attempts: number;
  readonly lastError: string | null;
}

export interface DeskReads {
  // The outbox: writes this desk still owes the service.
  outboxItem(id: number): OutboxItem | undefined;
  listOutbox(options?: { states?: OutboxState[]; limit?: number }): OutboxItem[];
  outboxOfShipment(stationRef: string): OutboxItem[];
  outboxCounts(): Record<OutboxState, number>;
  /** Items still to be sent or looked up. */
  outboxWaiting(): number;
  /** The next item due at `now`, oldest first; an item whose stored payload no longer reads is held for a person, not returned. */
  nextOutboxWork(now: number): OutboxWork | undefined;
  /** When the earliest scheduled retry is due. */
  nextOutboxAttemptAt(): number | undefined;
  /** The last change of a shipment the service has done. */
  lastDoneChange(stationRef: string): ShipmentChangeKind | undefined;
  /** The shipment a ship request key queued, if it was seen before. */
  shipmentOfRequest(requestKey: string): string | undefined;

  // Batches shipped from this desk.
  batchIdOfKey(batchKey: string): number | undefined;
  batchPlaceOf(stationRef: string): { readonly batchId: number; readonly position: number } | undefined;
  batchCounts(batchId: number): BatchCounts;
  readBatch(batchId: number): BatchView | undefined;
  listBatches(limit: number): BatchSummary[];
  /** Shipments whose labels wait for their batch to settle. */
  shipmentsHeldForBatches(): Set<string>;
  heldForBatch(stationRef: string): boolean;
  unresolvedPrintFailuresOfBatch(batchId: number): number[];

  // Documents kept for reprint, and the print jobs made of them.
  listDocuments(stationRef: string): StoredDocumentInfo[];
  documentInfo(documentId: number): StoredDocumentInfo | undefined;
  document(documentId: number): StoredDocument | undefined;
  printJob(id: number): PrintJob | undefined;
  listPrintJobs(options?: { stationRef?: string; limit?: number }): PrintJob[];
  /** Jobs queued or sent: not yet completed or failed. */
  listOpenPrintJobs(): PrintJob[];
  listUnresolvedPrintFailures(): PrintJob[];

  // The desk's printers and its own settings.
  printerLanguages(): PrinterLanguages;
  printerLanguageOf(printer: string): PrinterLanguageConfig;
  deskSetting<K extends DeskSetting>(key: K): SettingValue<K>;

  // The desk's copy of the service's locations.
  location(id: string): CachedLocation | undefined;
  listLocations(options?: { includeInactive?: boolean; includeDeleted?: boolean }): CachedLocation[];
  pageOfLocations(query: LocationPageQuery): { records: LocationListRecord[]; totalCount: number };

  /** The desk's day: its shipments, spend, queue and print problems in the day around `now`. */
  dayAtAGlance(args: { now: number; timeZone: string }): DayAtAGlance;

  // What the desk owes the warehouse database, oldest first.
  warehouseJournal(limit: number): WarehouseJournalEntry[];
  /** Entries the warehouse refused at their last send, oldest first. */
  refusedWarehouseJournal(limit: number): WarehouseJournalEntry[];
  warehouseJournalSize(): number;
}

export interface DeskWrites {
  /** A shipment (in the history) and its create (in the outbox), its reference in `references.stationRef`. */
  queueShipment(args: { stationRef: string; input: ShipmentCreate; now: number }): OutboxItem;
  queueShipmentChange(args: { stationRef: string; kind: ShipmentChangeKind; payload: unknown; now: number }): OutboxItem;
  rememberShipRequest(requestKey: string, stationRef: string, now: number): void;
  markOutboxSending(id: number, now: number): void;
  markOutboxDone(id: number, result: unknown, now: number): void;
  markOutboxFailed(id: number, error: OutboxError, now: number): void;
  markOutboxUnknown(id: number, error: OutboxError, now: number, retryAt: number): void;
  markOutboxNeedsReview(id: number, error: OutboxError, now: number): void;
  rescheduleOutboxItem(id: number, error: OutboxError, now: number, retryAt: number, options?: { counted?: boolean }): void;
  /** Items a crash left `sending` become `unknown`: looked up before anything is sent again. */
  recoverOutboxAfterCrash(now: number): number;
  resubmitOutboxItem(id: number, payload: unknown, now: number): void;
  recheckOutboxItem(id: number, now: number): void;
  discardOutboxItem(id: number, now: number): void;

  insertBatch(batch: { batchKey: string; box: BatchBox; service: BatchService; shipFromLocationId: string | null; now: number; orders: readonly BatchOrderToStore[] }): number;
  /** Marks the batches none of whose shipments waits any more; returns their ids. */
  settleBatches(now: number): number[];
  noteBatchPrint(batchId: number, note: string | null): void;

  saveDocuments(stationRef: string, docs: readonly DocumentInput[], now: number): number[];
  purgeDocumentsOlderThan(cutoffMs: number): number;
  /** One `auto` print job per label (and per other document with `documents: 'all'`) that has none yet. */
  handOffForPrinting(stationRef: string, now: number, options?: PrintOptions & { documents?: 'labels' | 'all' }): PrintJob[];
  recordReprint(documentId: number, now: number, options?: PrintOptions): PrintJob;
  markPrintHeld(ids: readonly number[], printer: string, note: string, now: number): void;
  markPrintSent(id: number, spoolerJobId: string, printer: string, now: number, layout?: PrintLayout): void;
  markPrintCompleted(id: number, now: number): void;
  markPrintFailed(id: number, error: string, now: number, printer?: string): void;
  resolvePrintFailure(id: number, now: number): PrintJob;
  /** A voided shipment's labels never print: its open jobs are settled. */
  settlePrintsOfVoided(stationRef: string, now: number): number[];

  setPrinterLanguage(printer: string, config: PrinterLanguageConfig | null): PrinterLanguages;
  setDeskSetting<K extends DeskSetting>(key: K, value: SettingValue<K>): void;

  upsertLocationListRecords(records: readonly unknown[], now: number): number;
  upsertLocationDetail(detail: unknown, now: number): CachedLocation;
  markLocationDeleted(id: string, now: number): void;

  /** Keeps what the warehouse database is to be told, until it has it. */
  journalForWarehouse(kind: WarehouseJournalKind, payload: unknown, now: number): number;
  forgetJournalEntry(id: number): void;
  noteJournalFailure(id: number, error: string): void;
}

// ---- What a warehouse shares -----------------------------------------------------------------

export interface WarehouseReads {
  order(orderNumber: string): StoredOrder | undefined;
  /** The order a scan names (its number, or a code printed on it), or the numbers it could be. */
  findOrderByScan(scanned: string): { readonly order: StoredOrder } | { readonly ambiguous: readonly string[] } | undefined;
  countOrders(): number;
  listOrders(options: OrderListOptions): OrderPage;
  orderMapping(name: string): SavedOrderMapping | undefined;
  listOrderMappings(): SavedOrderMapping[];

  shipment(stationRef: string): CachedShipment | undefined;
  shipmentsOfOrder(orderNumber: string): ShipmentSummary[];
  /** Shipments on the service not yet delivered, for a tracking refresh. */
  listUndelivered(limit: number): ShipmentSummary[];
  searchShipments(text: string, options: SearchOptions): SearchResult;

  warehouseSetting<K extends WarehouseSetting>(key: K): SettingValue<K>;

  /** The audit of a shipment: what the packer overrode to ship it. */
  overridesOf(stationRef: string): ShipmentOverride[];
}

export interface WarehouseWrites {
  /** One batch of a shop's file, in its own transaction: created, updated, kept (already shipped), and the orders the shop gave up cancelled. */
  storeImportBatch(batch: Pick<ImportPreview, 'format' | 'orders'> & { readonly gaveUp: readonly string[] }, now: number): OrderImportCounts & { cancelled: number };
  importOrders(preview: Pick<ImportPreview, 'format' | 'orders'>, now: number): OrderImportCounts;
  /** The warehouse's word about an order, in the desk's copy (this desk's own shipment and an offline cancellation kept); true when it changed. */
  mirrorSharedOrder(order: MirroredOrder, now: number): boolean;
  /** The open order of that number, if any, is shipped by the shipment (and a corrected shipment's former order reopened). */
  followShipment(stationRef: string, orderNumber: string | undefined, now: number): StoredOrder | undefined;
  /** The order a shipment shipped is open again (the shipment was voided or given up). */
  reopenOrderShippedBy(stationRef: string, now: number): StoredOrder | undefined;
  saveOrderMapping(name: string, mapping: ColumnMapping, now: number): SavedOrderMapping;
  deleteOrderMapping(name: string): void;

  recordCreated(stationRef: string, result: unknown, now: number): CachedShipment;
  upsertFromSearch(record: unknown, now: number): CachedShipment;
  setShipmentStatus(stationRef: string, status: string, now: number): void;
  /** Tracking answers compared with what was stored, in one transaction: each change is told once. */
  recordTrackingAnswer(askedIds: readonly string[], records: readonly TrackingRecord[], now: number): { kept: number; changes: TrackingChange[] };

  setWarehouseSetting<K extends WarehouseSetting>(key: K, value: SettingValue<K>): void;

  recordOverride(stationRef: string, override: Pick<ShipmentOverride, 'kind' | 'note'>, now: number): void;
}

// ---- The handles -----------------------------------------------------------------------------

export type StoreReads = DeskReads & WarehouseReads;
/** Only inside `atomically`: the writes, and the reads to look before writing. */
export type StoreWrites = StoreReads & DeskWrites & WarehouseWrites;

/** What the station's code is given: reads anywhere, writes in one transaction each. */
export interface Store {
  readonly read: StoreReads;
  /** Runs `work` in one transaction (or inside the caller's, when one is open): all of it is written, or none. */
  atomically<T>(work: (write: StoreWrites) => T): T;
}

/** The same methods, answered later: how a store over a shared database implements the warehouse's part. */
export type Remote<I> = { readonly [K in keyof I]: I[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };
