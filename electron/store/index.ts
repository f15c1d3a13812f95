/**
 * The station store: one SQLite file with the cache of the service's records, the outbox
 * of writes still to send, the labels kept for reprint, print history, settings, the orders
 * imported from a shop's file and the batches they were shipped in. Plain Node (better-sqlite3),
 * no Electron; every function takes the handle and, when it writes a time, `now`.
 */
export { openStationStore, BUSY_TIMEOUT_MS, type StationStore, type OpenStoreOptions } from './database';
export { quarantineCorruptStore } from './quarantine';
export { checkIntegrity, storeSizeOnDisk, FULL_CHECK_MAX_BYTES, CRITICAL_TABLES, type IntegrityPolicy } from './integrity';
export * from './errors';
export { MIGRATIONS, LATEST_SCHEMA_VERSION, runMigrations, schemaVersion, type Migration } from './migrations';
export type { Db } from './statements';
export { StationRef, newStationRef, ulid } from './stationRef';
export * as locations from './locations';
export * as shipments from './shipments';
export * as documents from './documents';
export * as printJobs from './printJobs';
export * as settings from './settings';
export * as outbox from './outbox';
export * as tracking from './tracking';
export * as orders from './orders';
export * as batches from './batches';
export { dayAtAGlance, periodsAround, TODAY_SQL, type Periods } from './today';
export { searchShipments, TOTAL_COUNT_CAP } from './search';
export { parseQuery } from './searchText';
