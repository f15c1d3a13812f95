/**
 * `window.station` as the preload builds it: one function per station API method, written out
 * by hand so the object is exactly what it says (no proxy, no loop over names the page could
 * influence), checked against StationApi by `satisfies`: a missing, extra or mistyped method
 * fails the type check, and a unit test checks the names against STATION_METHOD_NAMES at run time.
 *
 * It imports only types, never Electron or the schemas: the preload is bundled from it and
 * runs in the sandbox, where nothing but Electron's renderer modules can be required.
 */
import type { ApiResult, MethodInput, StationApi, StationEvent, StationMethod, StationResults } from '../api';

/** The IPC channel of one method; the main process registers one handler per channel. */
export function stationChannel(method: StationMethod): `station:${StationMethod}` {
  return `station:${method}`;
}

/** The channel the main process sends station events on. */
export const STATION_EVENT_CHANNEL = 'station:event';

/** Sends one call to the main process and resolves with its ApiResult. */
export type Invoke = <M extends StationMethod>(method: M, input: MethodInput<M>) => Promise<ApiResult<StationResults[M]>>;

/** Subscribes to station events; returns the function that unsubscribes. */
export type Subscribe = (listener: (event: StationEvent) => void) => () => void;

export function buildStationBridge(invoke: Invoke, subscribe: Subscribe): StationApi {
  const api = {
    getConnection: (input) => invoke('getConnection', input),
    listProfiles: (input) => invoke('listProfiles', input),
    saveProfile: (input) => invoke('saveProfile', input),
    deleteProfile: (input) => invoke('deleteProfile', input),
    setProfileSecret: (input) => invoke('setProfileSecret', input),
    clearProfileSecret: (input) => invoke('clearProfileSecret', input),
    testConnection: (input) => invoke('testConnection', input),
    switchProfile: (input) => invoke('switchProfile', input),

    listLocations: (input) => invoke('listLocations', input),
    getLocation: (input) => invoke('getLocation', input),
    createLocation: (input) => invoke('createLocation', input),
    updateLocation: (input) => invoke('updateLocation', input),
    deleteLocation: (input) => invoke('deleteLocation', input),

    validateAddress: (input) => invoke('validateAddress', input),
    rateShop: (input) => invoke('rateShop', input),
    previewRules: (input) => invoke('previewRules', input),
    ship: (input) => invoke('ship', input),

    searchLocalShipments: (input) => invoke('searchLocalShipments', input),
    searchRemoteShipments: (input) => invoke('searchRemoteShipments', input),
    searchWarehouseHistory: (input) => invoke('searchWarehouseHistory', input),
    getShipment: (input) => invoke('getShipment', input),
    findShipmentsByOrder: (input) => invoke('findShipmentsByOrder', input),
    cancelShipments: (input) => invoke('cancelShipments', input),
    updateShipment: (input) => invoke('updateShipment', input),
    blockShipment: (input) => invoke('blockShipment', input),
    unblockShipment: (input) => invoke('unblockShipment', input),
    archiveShipment: (input) => invoke('archiveShipment', input),
    trackShipments: (input) => invoke('trackShipments', input),

    listOutbox: (input) => invoke('listOutbox', input),
    retryOutboxItem: (input) => invoke('retryOutboxItem', input),
    resubmitOutboxItem: (input) => invoke('resubmitOutboxItem', input),
    discardOutboxItem: (input) => invoke('discardOutboxItem', input),

    openOrderFile: (input) => invoke('openOrderFile', input),
    appendOrderFile: (input) => invoke('appendOrderFile', input),
    previewOrderImport: (input) => invoke('previewOrderImport', input),
    importOrders: (input) => invoke('importOrders', input),
    cancelOrderFile: (input) => invoke('cancelOrderFile', input),
    closeOrderFile: (input) => invoke('closeOrderFile', input),
    listOrders: (input) => invoke('listOrders', input),
    getOrder: (input) => invoke('getOrder', input),
    scanOrder: (input) => invoke('scanOrder', input),
    releaseOrder: (input) => invoke('releaseOrder', input),
    takeOverOrder: (input) => invoke('takeOverOrder', input),
    saveOrderMapping: (input) => invoke('saveOrderMapping', input),
    listOrderMappings: (input) => invoke('listOrderMappings', input),
    deleteOrderMapping: (input) => invoke('deleteOrderMapping', input),

    estimateBatch: (input) => invoke('estimateBatch', input),
    batchServices: (input) => invoke('batchServices', input),
    shipBatch: (input) => invoke('shipBatch', input),
    getBatch: (input) => invoke('getBatch', input),
    listBatches: (input) => invoke('listBatches', input),

    listPrinters: (input) => invoke('listPrinters', input),
    getPrintSystem: (input) => invoke('getPrintSystem', input),
    getPrinterSetup: (input) => invoke('getPrinterSetup', input),
    setPdfFolder: (input) => invoke('setPdfFolder', input),
    openPrintedFile: (input) => invoke('openPrintedFile', input),
    setPrinterMap: (input) => invoke('setPrinterMap', input),
    setPrinterMedia: (input) => invoke('setPrinterMedia', input),
    setPrinterCopies: (input) => invoke('setPrinterCopies', input),
    setPrinterLanguage: (input) => invoke('setPrinterLanguage', input),
    printTestPage: (input) => invoke('printTestPage', input),
    reprintDocument: (input) => invoke('reprintDocument', input),
    printHistory: (input) => invoke('printHistory', input),
    getDocumentContent: (input) => invoke('getDocumentContent', input),
    previewPrint: (input) => invoke('previewPrint', input),
    releaseHeldPrintJobs: (input) => invoke('releaseHeldPrintJobs', input),
    retryPrintJob: (input) => invoke('retryPrintJob', input),
    listPrintProblems: (input) => invoke('listPrintProblems', input),
    dismissPrintProblem: (input) => invoke('dismissPrintProblem', input),

    getToday: (input) => invoke('getToday', input),

    getSettings: (input) => invoke('getSettings', input),
    updateSettings: (input) => invoke('updateSettings', input),
    getWarehouse: (input) => invoke('getWarehouse', input),
    saveWarehouse: (input) => invoke('saveWarehouse', input),
    testWarehouse: (input) => invoke('testWarehouse', input),
    turnOffWarehouse: (input) => invoke('turnOffWarehouse', input),
    getRequestBudget: (input) => invoke('getRequestBudget', input),
    countWarehouseConflicts: (input) => invoke('countWarehouseConflicts', input),
    listWarehouseConflicts: (input) => invoke('listWarehouseConflicts', input),
    resolveWarehouseConflict: (input) => invoke('resolveWarehouseConflict', input),
    getWarehouseJournal: (input) => invoke('getWarehouseJournal', input),

    onEvent: (listener) => {
      // The page may pass anything; only a function is ever registered.
      if (typeof listener !== 'function') throw new TypeError('station.onEvent needs a function');
      return subscribe((event) => listener(event));
    },
  } satisfies StationApi;
  return Object.freeze(api);
}
