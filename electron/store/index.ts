/**
 * The store's front door: the only module of electron/store the rest of the station imports.
 *
 * The station store is one SQLite file with the cache of the service's records, the outbox of
 * writes still to send, the labels kept for reprint, print history, settings, the orders imported
 * from a shop's file and the batches they were shipped in. Plain Node (better-sqlite3), no
 * Electron. What it does is declared in interface.ts: a read handle, `atomically` for writes, and
 * the line between one desk's data and what a warehouse shares.
 *
 * The query modules are exported as namespaces too, over the raw handle (`store.db`): for the
 * store's own tests, the benchmarks and the tools. The station's code uses `read` and `atomically`.
 */
export { openStationStore, BUSY_TIMEOUT_MS, type StationStore, type OpenStoreOptions } from './database';
export * from './interface';
export { quarantineCorruptStore } from './quarantine';
export { checkIntegrity, storeSizeOnDisk, FULL_CHECK_MAX_BYTES, CRITICAL_TABLES, type IntegrityPolicy } from './integrity';
export * from './errors';
export { MIGRATIONS, LATEST_SCHEMA_VERSION, runMigrations, schemaVersion, type Migration } from './migrations';
export { atomically, type Db } from './statements';
export { pendingStatusOf } from './outbox';
export { StationRef, newStationRef, ulid } from './stationRef';
export { SETTING_DEFAULTS, DEFAULT_SERVICE_RULES, SEEDED_BOX_PRESETS, printerEntry } from './settings';
export type { CachedLocation, LocationPageQuery } from './locations';
export type { DocumentInput, StoredDocument } from './documents';
export type { PrintOptions } from './printJobs';
export type { TrackingChange } from './tracking';
export type { BatchOrderToStore } from './batches';
export type { MirroredOrder } from './orders';
export type { PrinterLanguages } from './printerLanguage';
export * as locations from './locations';
export * as shipments from './shipments';
export * as documents from './documents';
export * as printJobs from './printJobs';
export * as settings from './settings';
export * as outbox from './outbox';
export * as tracking from './tracking';
export * as orders from './orders';
export * as batches from './batches';
export * as overrides from './overrides';
export * as printerLanguage from './printerLanguage';
export * as shipRequests from './shipRequests';
export * as search from './search';
export * as searchIndex from './searchIndex';
export * as searchText from './searchText';
export * as pack from './pack';
export { dayAtAGlance, periodsAround, TODAY_SQL, type Periods } from './today';
export { searchShipments, TOTAL_COUNT_CAP } from './search';
export { parseQuery } from './searchText';
