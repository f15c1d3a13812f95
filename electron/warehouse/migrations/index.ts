/** The shared database's migrations, in order. Append only: released steps never change. */
import { assertMigrationOrder } from '../../base/migrationOrder';
import { initialSchema } from './001-initial';
import { claimFunction } from './002-claim-function';
import type { WarehouseMigration } from './types';

export const WAREHOUSE_MIGRATIONS: readonly WarehouseMigration[] = [initialSchema, claimFunction];

// Checked when the module loads: a misnumbered list fails every test and every start.
assertMigrationOrder(WAREHOUSE_MIGRATIONS);

export const WAREHOUSE_SCHEMA_VERSION = WAREHOUSE_MIGRATIONS.at(-1)?.version ?? 0;

export type { WarehouseMigration } from './types';
export { migrateWarehouse, warehouseSchemaVersion, type WarehouseMigrationOutcome } from './runner';
