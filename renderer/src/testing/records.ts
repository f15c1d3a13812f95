/**
 * Records as the station answers them, for tests of the renderer's state classes: each builder
 * fills every field with something plausible and takes the fields a test cares about. Used by
 * tests only.
 */
import type {
  ConnectionInfo,
  OutboxItem,
  OutboxState,
  PrintJob,
  PrintProblem,
  PrintSystem,
  PrinterInfo,
  PrinterSetup,
  ProfileView,
  ShipmentDetail,
  ShipmentSummary,
  StationResults,
  StoredDocumentInfo,
} from '../../../electron/api';

export type LocationRecord = StationResults['listLocations']['records'][number];
export type LocationDetail = StationResults['getLocation'];

export function profile(fields: Partial<ProfileView> = {}): ProfileView {
  return { id: 'sandbox', kind: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1', authUrl: 'http://127.0.0.1:1', method: 'apiKey', tier: 'Standard', requestsPerMinute: 100, hasSecret: true, warnings: [], ...fields };
}

/** Outbox counts: none in any state but those given. */
export function counts(some: Partial<Record<OutboxState, number>> = {}): Record<OutboxState, number> {
  return { pending: 0, sending: 0, done: 0, failed: 0, unknown: 0, needs_review: 0, discarded: 0, ...some };
}

export function connectionInfo(fields: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return { profile: profile(), online: true, reason: 'service answered', outbox: counts(), ...fields };
}

export function outboxItem(fields: Partial<OutboxItem> & Pick<OutboxItem, 'id'>): OutboxItem {
  return { stationRef: `PB-DESK1-${String(fields.id).padStart(4, '0')}`, kind: 'createShipment', state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, result: null, payload: {}, createdAt: 1, updatedAt: 1, ...fields };
}

export function printJob(fields: Partial<PrintJob> & Pick<PrintJob, 'id'>): PrintJob {
  return {
    stationRef: 'PB-DESK1-0001',
    documentId: fields.id,
    purpose: 'auto',
    printer: null,
    copies: 1,
    state: 'completed',
    cupsJobId: null,
    error: null,
    createdAt: 1,
    updatedAt: 1,
    resolvedAt: null,
    targetPrinter: 'Zebra',
    heldBecause: null,
    layout: null,
    ...fields,
  };
}

export function printProblem(job: PrintJob, fields: Partial<Omit<PrintProblem, 'job'>> = {}): PrintProblem {
  return { job: { ...job, state: 'failed' }, documentType: 'Label', packageIndex: 0, trackingNumber: null, orderNumber: null, ...fields };
}

export function printer(name: string, fields: Partial<PrinterInfo> = {}): PrinterInfo {
  return { name, isDefault: false, state: 'idle', accepting: true, ...fields };
}

export function printerSetup(fields: Partial<PrinterSetup> = {}): PrinterSetup {
  return {
    labelPrinter: null,
    documentPrinter: null,
    printerMedia: {},
    printerCopies: {},
    printerLanguage: {},
    printerLongerMedia: {},
    mediaNames: ['4x6', '4x4', '4x8', 'A6', 'Letter', 'A4'],
    pdfFolder: '/home/desk/Packbench labels',
    pdfFolderIsDefault: true,
    ...fields,
  };
}

export function printSystem(fields: Partial<PrintSystem> = {}): PrintSystem {
  const ready = { printer: 'Zebra', chosen: true, problem: null };
  return { spooler: { state: 'ready' }, label: ready, document: ready, ...fields };
}

export function shipmentSummary(fields: Partial<ShipmentSummary> & Pick<ShipmentSummary, 'stationRef'>): ShipmentSummary {
  return {
    serviceId: `S-${fields.stationRef}`,
    status: 'Created',
    trackingNumber: null,
    carrier: 'UPS',
    shipToName: 'Dana Whitfield',
    shipToCompany: null,
    shipToCity: 'San Francisco',
    orderNumber: null,
    customerPo: null,
    carrierServiceLevel: 'UPS_GROUND',
    cost: 10,
    currency: 'USD',
    locationId: null,
    packages: 1,
    shipDate: null,
    createdAt: 1,
    updatedAt: 1,
    delivered: false,
    ...fields,
  };
}

export function storedDocument(fields: Partial<StoredDocumentInfo> & Pick<StoredDocumentInfo, 'documentId'>): StoredDocumentInfo {
  return { stationRef: 'PB-DESK1-0001', type: 'Label', name: null, packageIndex: 0, mime: 'application/pdf', size: 1000, createdAt: 1, ...fields };
}

export function shipmentDetail(summary: Partial<ShipmentSummary> & Pick<ShipmentSummary, 'stationRef'>, parts: Partial<Omit<ShipmentDetail, 'shipment'>> = {}): ShipmentDetail {
  return { shipment: { ...shipmentSummary(summary), input: null, result: null, searchRecord: null, trackingRecord: null }, documents: [], printJobs: [], outbox: [], overrides: [], ...parts };
}

export function locationRecord(id: string, fields: Partial<LocationRecord> = {}): LocationRecord {
  return { id, referenceId: id.toUpperCase(), locationName: `Warehouse ${id}`, city: 'Chicago', stateProvince: 'IL', country: 'US', active: true, deleted: false, ...fields };
}

export function locationDetail(id: string, fields: Partial<LocationDetail> = {}): LocationDetail {
  return {
    id,
    referenceId: id.toUpperCase(),
    locationName: `Warehouse ${id}`,
    active: true,
    address: { address1: '233 S Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'us' },
    ...fields,
  };
}

/** A page of the location list: every record given, on one page. */
export function locationsPage(records: readonly LocationRecord[], fields: Partial<StationResults['listLocations']> = {}): StationResults['listLocations'] {
  return { records: [...records], page: 1, pageSize: 100, totalCount: records.length, fromCache: false, ...fields };
}
