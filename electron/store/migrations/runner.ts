/**
 * The guarded migration runner. A database carries its schema version in `user_version`;
 * the runner refuses a file from a newer app (its tables may mean something this one does
 * not know), and runs each missing migration in its own transaction that also sets the
 * version, so a crash leaves the file at the last whole step.
 */
import { assertMigrationOrder } from '../../base/migrationOrder';
import { StoreTooNewError } from '../errors';
import type { Db } from '../statements';
import type { Migration } from './types';

export { assertMigrationOrder };

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Throws StoreTooNewError when the file's schema is newer than the last migration known. */
export function assertNotTooNew(db: Db, migrations: readonly Migration[]): void {
  const version = schemaVersion(db);
  const known = latestVersion(migrations);
  if (version > known) throw new StoreTooNewError(version, known);
}

export interface MigrationOutcome {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
}

/**
 * Brings `db` up to the last of `migrations`, or to `target` when given (tests stop at
 * each step). Each step takes the write lock first and re-reads the version under it, so
 * two processes opening the same file cannot both apply a step.
 */
export function runMigrations(db: Db, migrations: readonly Migration[], target = latestVersion(migrations)): MigrationOutcome {
  assertMigrationOrder(migrations);
  assertNotTooNew(db, migrations);
  const from = schemaVersion(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version > target) break;
    const step = db.transaction(() => {
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
      applied.push(`${migration.version} ${migration.name}`);
    });
    step.immediate();
  }
  return { from, to: schemaVersion(db), applied };
}
