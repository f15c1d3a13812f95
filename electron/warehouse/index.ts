/**
 * The warehouse: what the desks of one warehouse share through PostgreSQL (orders, claims, the
 * purchase guard, the shipment history, shared settings, the audit log, conflicts, and one request
 * budget per service credential). The station opens it with `openWarehouse` and calls the
 * functions below with `warehouse.db` and its desk id. docs/warehouse.md tells the guarantees.
 */
export { openWarehouse, checkWarehouseConnection, type Warehouse, type OpenWarehouseOptions, type ConnectionCheck } from './warehouse';
export {
  WarehouseConnectionSettings,
  WarehouseDesk,
  WAREHOUSE_PASSWORD_SECRET,
  TLS_MODES,
  describeConnectionFailure,
  type TlsMode,
  type PoolTuning,
} from './connection';
export { registerDesk, touchDesk, listDesks, type DeskRow } from './desks';
export { importOrders, getOrder, getOrders, listOrders, type SharedOrder, type SharedOrderData, type SharedImportCounts, type ClaimHolder, type OrderListQuery } from './orders';
export { claimOrder, renewClaim, releaseClaim, takeOverClaim, holderWords, DEFAULT_LEASE_MS, type ClaimOutcome, type TakeoverInput } from './claims';
export { guardPurchase, abandonPurchase, purchaseOf, PurchaseIntent, PURCHASE_STATES, type GuardOutcome, type StandingPurchase, type PurchaseState, type AbandonInput, type AbandonOutcome } from './purchases';
export { recordShipment, recordVoid, searchHistory, shipmentFromCreate, WarehouseShipment, type ShipmentParties, type HistoryShipment, type HistoryPage, type HistoryQuery, type RecordInput, type RecordOutcome, type VoidOutcome } from './history';
export { getSharedSetting, putSharedSetting, SHARED_SETTING_SCHEMAS, RequestedServiceRule, RequestedServiceRules, type SharedSetting, type SharedSettingKey, type SharedSettingValue } from './sharedSettings';
export { appendAudit, listAudit, derivedEntryId, AUDIT_ACTIONS, AuditEntryInput, type AuditAction, type AuditEntry, type AuditQuery } from './audit';
export { uploadShipments, uploadAudit, listConflicts, resolveConflict, openConflictCount, type Conflict, type UploadReport } from './reconcile';
export { WarehouseChange, CHANGES_CHANNEL, BUDGET_CHANNEL, type ReceivedChange } from './changes';
export { WarehouseListener, type ListenerState } from './listener';
export { SharedBudget, budgetCredentialKey, localShareMode, type BudgetMode, type SharedBudgetOptions } from './budget/sharedBudget';
export { BUDGET_PRIORITIES, priorityOf, type BudgetPriority } from './budget/priorities';
export { WAREHOUSE_MIGRATIONS, WAREHOUSE_SCHEMA_VERSION, migrateWarehouse, warehouseSchemaVersion } from './migrations';
export {
  WarehouseTooNewError,
  WarehouseSchemaBehindError,
  WarehouseNotSetUpError,
  WarehouseUnavailableError,
  WarehouseInputError,
  WarehouseRowError,
  WarehouseSettingConflictError,
} from './errors';
