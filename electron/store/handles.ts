/**
 * The store's interface (interface.ts) over one SQLite file: each method is a query module's
 * function with the handle bound. The write methods refuse to run outside a transaction, so the
 * only way to write is `atomically`: a caller can never leave half of a change on disk.
 */
import * as batches from './batches';
import * as documents from './documents';
import * as locations from './locations';
import * as orders from './orders';
import * as outbox from './outbox';
import * as overrides from './overrides';
import * as printerLanguage from './printerLanguage';
import * as printJobs from './printJobs';
import { searchShipments } from './search';
import { getSetting, setSetting } from './settings';
import * as shipRequests from './shipRequests';
import * as shipments from './shipments';
import { atomically, type Db } from './statements';
import { dayAtAGlance } from './today';
import * as tracking from './tracking';
import * as warehouseJournal from './warehouseJournal';
import type { DeskReads, DeskWrites, Store, StoreWrites, WarehouseReads, WarehouseWrites } from './interface';

function deskReads(db: Db): DeskReads {
  return {
    outboxItem: (id) => outbox.get(db, id),
    listOutbox: (options) => outbox.list(db, options),
    outboxOfShipment: (stationRef) => outbox.listForShipment(db, stationRef),
    outboxCounts: () => outbox.counts(db),
    outboxWaiting: () => outbox.countWaiting(db),
    nextOutboxWork: (now) => outbox.nextReady(db, now),
    nextOutboxAttemptAt: () => outbox.nextAttemptAt(db),
    lastDoneChange: (stationRef) => outbox.lastDoneChange(db, stationRef),
    shipmentOfRequest: (requestKey) => shipRequests.shipmentOfRequest(db, requestKey),

    batchIdOfKey: (batchKey) => batches.batchIdOfKey(db, batchKey),
    batchPlaceOf: (stationRef) => batches.batchPlaceOf(db, stationRef),
    batchCounts: (batchId) => batches.batchCounts(db, batchId),
    readBatch: (batchId) => batches.readBatch(db, batchId),
    listBatches: (limit) => batches.listBatches(db, limit),
    shipmentsHeldForBatches: () => batches.shipmentsHeldForBatches(db),
    heldForBatch: (stationRef) => batches.heldForBatch(db, stationRef),
    unresolvedPrintFailuresOfBatch: (batchId) => batches.unresolvedPrintFailuresOfBatch(db, batchId),

    listDocuments: (stationRef) => documents.listDocuments(db, stationRef),
    documentInfo: (documentId) => documents.getDocumentInfo(db, documentId),
    document: (documentId) => documents.getDocument(db, documentId),
    printJob: (id) => printJobs.getPrintJob(db, id),
    listPrintJobs: (options) => printJobs.listPrintJobs(db, options),
    listOpenPrintJobs: () => printJobs.listOpenPrintJobs(db),
    listUnresolvedPrintFailures: () => printJobs.listUnresolvedFailures(db),

    printerLanguages: () => printerLanguage.getPrinterLanguages(db),
    printerLanguageOf: (printer) => printerLanguage.printerLanguageOf(db, printer),
    deskSetting: (key) => getSetting(db, key),

    location: (id) => locations.getLocation(db, id),
    listLocations: (options) => locations.listLocations(db, options),
    pageOfLocations: (query) => locations.pageOfLocations(db, query),

    dayAtAGlance: (args) => dayAtAGlance(db, args),

    warehouseJournal: (limit) => warehouseJournal.listEntries(db, limit),
    refusedWarehouseJournal: (limit) => warehouseJournal.listRefused(db, limit),
    warehouseJournalSize: () => warehouseJournal.countEntries(db),
  };
}

function deskWrites(db: Db): DeskWrites {
  return {
    queueShipment: (args) => outbox.queueShipment(db, args),
    queueShipmentChange: (args) => outbox.queueShipmentChange(db, args),
    rememberShipRequest: (requestKey, stationRef, now) => shipRequests.rememberShipRequest(db, requestKey, stationRef, now),
    markOutboxSending: (id, now) => outbox.markSending(db, id, now),
    markOutboxDone: (id, result, now) => outbox.markDone(db, id, result, now),
    markOutboxFailed: (id, error, now) => outbox.markFailed(db, id, error, now),
    markOutboxUnknown: (id, error, now, retryAt) => outbox.markUnknown(db, id, error, now, retryAt),
    markOutboxNeedsReview: (id, error, now) => outbox.markNeedsReview(db, id, error, now),
    rescheduleOutboxItem: (id, error, now, retryAt, options) => outbox.reschedule(db, id, error, now, retryAt, options),
    recoverOutboxAfterCrash: (now) => outbox.recoverAfterCrash(db, now),
    resubmitOutboxItem: (id, payload, now) => outbox.resubmit(db, id, payload, now),
    recheckOutboxItem: (id, now) => outbox.recheck(db, id, now),
    discardOutboxItem: (id, now) => outbox.discard(db, id, now),

    insertBatch: (batch) => batches.insertBatch(db, batch),
    settleBatches: (now) => batches.settleBatches(db, now),
    noteBatchPrint: (batchId, note) => batches.noteBatchPrint(db, batchId, note),

    saveDocuments: (stationRef, docs, now) => documents.saveDocuments(db, stationRef, docs, now),
    purgeDocumentsOlderThan: (cutoffMs) => documents.purgeDocumentsOlderThan(db, cutoffMs),
    handOffForPrinting: (stationRef, now, options) => printJobs.handOffForPrinting(db, stationRef, now, options),
    recordReprint: (documentId, now, options) => printJobs.recordReprint(db, documentId, now, options),
    markPrintHeld: (ids, printer, note, now) => printJobs.markPrintHeld(db, ids, printer, note, now),
    markPrintSent: (id, spoolerJobId, printer, now, layout) => printJobs.markPrintSent(db, id, spoolerJobId, printer, now, layout),
    markPrintCompleted: (id, now) => printJobs.markPrintCompleted(db, id, now),
    markPrintFailed: (id, error, now, printer) => printJobs.markPrintFailed(db, id, error, now, printer),
    resolvePrintFailure: (id, now) => printJobs.resolveFailure(db, id, now),
    settlePrintsOfVoided: (stationRef, now) => printJobs.settlePrintsOfVoided(db, stationRef, now),

    setPrinterLanguage: (printer, config) => printerLanguage.setPrinterLanguage(db, printer, config),
    setDeskSetting: (key, value) => setSetting(db, key, value),

    upsertLocationListRecords: (records, now) => locations.upsertLocationListRecords(db, records, now),
    upsertLocationDetail: (detail, now) => locations.upsertLocationDetail(db, detail, now),
    markLocationDeleted: (id, now) => locations.markLocationDeleted(db, id, now),

    journalForWarehouse: (kind, payload, now) => warehouseJournal.addEntry(db, kind, payload, now),
    forgetJournalEntry: (id) => warehouseJournal.removeEntry(db, id),
    noteJournalFailure: (id, error) => warehouseJournal.noteFailure(db, id, error),
  };
}

function warehouseReads(db: Db): WarehouseReads {
  return {
    order: (orderNumber) => orders.getOrder(db, orderNumber),
    findOrderByScan: (scanned) => orders.findOrderByScan(db, scanned),
    countOrders: () => orders.countOrders(db),
    listOrders: (options) => orders.listOrders(db, options),
    orderMapping: (name) => orders.getOrderMapping(db, name),
    listOrderMappings: () => orders.listOrderMappings(db),

    shipment: (stationRef) => shipments.getByStationRef(db, stationRef),
    shipmentsOfOrder: (orderNumber) => shipments.findByOrderNumber(db, orderNumber),
    listUndelivered: (limit) => shipments.listUndelivered(db, limit),
    searchShipments: (text, options) => searchShipments(db, text, options),

    warehouseSetting: (key) => getSetting(db, key),

    overridesOf: (stationRef) => overrides.overridesOf(db, stationRef),
  };
}

function warehouseWrites(db: Db): WarehouseWrites {
  return {
    storeImportBatch: (batch, now) => orders.storeImportBatch(db, batch, now),
    importOrders: (preview, now) => orders.importOrders(db, preview, now),
    mirrorSharedOrder: (order, now) => orders.mirrorSharedOrder(db, order, now),
    followShipment: (stationRef, orderNumber, now) => orders.followShipment(db, stationRef, orderNumber, now),
    reopenOrderShippedBy: (stationRef, now) => orders.reopenOrderShippedBy(db, stationRef, now),
    saveOrderMapping: (name, mapping, now) => orders.saveOrderMapping(db, name, mapping, now),
    deleteOrderMapping: (name) => orders.deleteOrderMapping(db, name),

    recordCreated: (stationRef, result, now) => shipments.recordCreated(db, stationRef, result, now),
    upsertFromSearch: (record, now) => shipments.upsertFromSearch(db, record, now),
    setShipmentStatus: (stationRef, status, now) => shipments.setStatus(db, stationRef, status, now),
    recordTrackingAnswer: (askedIds, records, now) => tracking.recordTrackingAnswer(db, askedIds, records, now),

    setWarehouseSetting: (key, value) => setSetting(db, key, value),

    recordOverride: (stationRef, override, now) => overrides.recordOverride(db, stationRef, override, now),
  };
}

/** Each write method, refusing to run outside a transaction: a write is always someone's `atomically`. */
function inTransactionOnly<W extends object>(db: Db, writes: W): W {
  const guarded = Object.entries(writes).map(([name, write]: [string, (...args: unknown[]) => unknown]) => [
    name,
    (...args: unknown[]): unknown => {
      if (!db.inTransaction) throw new Error(`the store's ${name} was called outside atomically(): every write is part of a transaction`);
      return write(...args);
    },
  ]);
  return Object.fromEntries(guarded) as W;
}

/** The store's read handle and its one way to write, over an open SQLite handle. */
export function storeOver(db: Db): Store {
  const read = { ...deskReads(db), ...warehouseReads(db) };
  const write: StoreWrites = { ...read, ...inTransactionOnly(db, { ...deskWrites(db), ...warehouseWrites(db) }) };
  return { read, atomically: (work) => atomically(db, () => work(write)) };
}
