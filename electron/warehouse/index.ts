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
export { WarehouseChange, CHANGES_CHANNEL, BUDGET_CHANNEL, type ReceivedChange } from './changes';
export { WarehouseListener, type ListenerState } from './listener';
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
