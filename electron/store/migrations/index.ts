/** The station store's migrations, in order. Append only: released steps never change. */
import { initialSchema } from './001-initial';
import { assertMigrationOrder, latestVersion } from './runner';
import type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [initialSchema];

// Checked when the module loads: a misnumbered list fails every test and every start.
assertMigrationOrder(MIGRATIONS);

export const LATEST_SCHEMA_VERSION = latestVersion(MIGRATIONS);

export type { Migration } from './types';
export { assertMigrationOrder, assertNotTooNew, latestVersion, runMigrations, schemaVersion, type MigrationOutcome } from './runner';
