/** The station store's migrations, in order. Append only: released steps never change. */
import { initialSchema } from './001-initial';
import { deskSchema } from './002-desk';
import { shipmentListSchema } from './003-shipment-list';
import { searchKeysSchema } from './004-search-keys';
import { ordersSchema } from './005-orders';
import { batchesSchema } from './006-batches';
import { printTargetSchema } from './007-print-target';
import { setAsideStatusSchema } from './008-set-aside-status';
import { seqIndexSchema } from './009-newest-first';
import { printHoldSchema } from './010-print-hold';
import { orderNotesSchema } from './011-order-notes';
import { scansAndOverridesSchema } from './012-scans-and-overrides';
import { printLayoutSchema } from './013-print-layout';
import { orderCountsSchema } from './014-order-counts';
import { warehouseJournalSchema } from './015-warehouse-journal';
import { orderClaimsSchema } from './016-order-claims';
import { assertMigrationOrder, latestVersion } from './runner';
import type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [initialSchema, deskSchema, shipmentListSchema, searchKeysSchema, ordersSchema, batchesSchema, printTargetSchema, setAsideStatusSchema, seqIndexSchema, printHoldSchema, orderNotesSchema, scansAndOverridesSchema, printLayoutSchema, orderCountsSchema, warehouseJournalSchema, orderClaimsSchema];

// Checked when the module loads: a misnumbered list fails every test and every start.
assertMigrationOrder(MIGRATIONS);

export const LATEST_SCHEMA_VERSION = latestVersion(MIGRATIONS);

export type { Migration } from './types';
export { assertMigrationOrder, assertNotTooNew, latestVersion, runMigrations, schemaVersion, type MigrationOutcome } from './runner';
