/**
 * The rule both databases' migration lists keep: the desk's SQLite store and the warehouse's
 * PostgreSQL. Each list is checked when its module loads, so a misnumbered step fails every
 * test and every start instead of one upgrade in the field.
 */

/** A step as far as its order goes. */
export interface OrderedStep {
  readonly version: number;
  readonly name: string;
}

/** Versions must be whole numbers from 1 that strictly increase; names must be given. */
export function assertMigrationOrder(migrations: readonly OrderedStep[]): void {
  let previous = 0;
  for (const [index, migration] of migrations.entries()) {
    if (!Number.isSafeInteger(migration.version) || migration.version < 1) {
      throw new Error(`migration ${index} ("${migration.name}") has version ${migration.version}: versions are whole numbers from 1`);
    }
    if (migration.version <= previous) {
      throw new Error(`migration ${index} ("${migration.name}") has version ${migration.version} after version ${previous}: versions must strictly increase`);
    }
    if (migration.name.trim() === '') throw new Error(`migration ${migration.version} has no name`);
    previous = migration.version;
  }
}
