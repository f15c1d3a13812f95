/**
 * The guarded migration runner of the shared database, with the store's discipline: versions
 * only increase, a database from a newer Packbench is refused before anything reads its tables,
 * and each step runs in its own transaction that also records the version, so a crash leaves the
 * schema at the last whole step.
 *
 * Several desks start together at shift start: each step takes a transaction-scoped advisory
 * lock and reads the version again under it, so exactly one desk applies a step and the others
 * wait for it, then find it done (desks may share the steps out between them, never apply one twice).
 */
import { WarehouseNotSetUpError, WarehouseSchemaBehindError, WarehouseTooNewError } from '../errors';
import { inTransaction, row, type Db, type Queryable } from '../sql';
import * as z from 'zod';
import type { WarehouseMigration } from './types';

/** The schema every table lives in (docs/warehouse-setup.sql makes it). */
export const WAREHOUSE_SCHEMA = 'packbench';
/** pg_advisory_xact_lock(int, int): "PBWH" and the migrations' own key. */
const LOCK_KEYS = [0x50425748, 1] as const;

export interface WarehouseMigrationOutcome {
  readonly from: number;
  readonly to: number;
  readonly applied: readonly string[];
}

const VersionRow = z.object({ version: z.number().int().nullable() });
const SetupRow = z.object({ schema: z.boolean(), can_create: z.boolean(), role: z.string(), database: z.string() });

/** The version the database carries: 0 before the first step. */
export async function warehouseSchemaVersion(db: Queryable): Promise<number> {
  const exists = await row(db, 'schema_migrations', z.object({ present: z.boolean() }), `SELECT to_regclass('${WAREHOUSE_SCHEMA}.schema_migrations') IS NOT NULL AS present`);
  if (exists?.present !== true) return 0;
  const found = await row(db, 'schema_migrations', VersionRow, `SELECT max(version) AS version FROM ${WAREHOUSE_SCHEMA}.schema_migrations`);
  return found?.version ?? 0;
}

/**
 * Brings the database up to the last of `migrations` (or `target`). Refuses a newer database
 * (`WarehouseTooNewError`), a database without the packbench schema (`WarehouseNotSetUpError`),
 * and a schema behind this Packbench when the role signed in may not change it
 * (`WarehouseSchemaBehindError`): a desk role never migrates, the owner role does.
 */
export async function migrateWarehouse(db: Db, migrations: readonly WarehouseMigration[], target = migrations.at(-1)?.version ?? 0): Promise<WarehouseMigrationOutcome> {
  const known = migrations.at(-1)?.version ?? 0;
  const setup = await row(
    db,
    'setup',
    SetupRow,
    `SELECT to_regnamespace($1) IS NOT NULL AS schema,
            coalesce(has_schema_privilege(to_regnamespace($1)::oid, 'CREATE'), false) AS can_create,
            current_user::text AS role, current_database()::text AS database`,
    [WAREHOUSE_SCHEMA],
  );
  if (setup === undefined || !setup.schema) throw new WarehouseNotSetUpError(setup?.database ?? 'this database');
  const from = await warehouseSchemaVersion(db);
  if (from > known) throw new WarehouseTooNewError(from, known);
  if (from >= target) return { from, to: from, applied: [] };
  if (!setup.can_create) throw new WarehouseSchemaBehindError(from, target, setup.role);

  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version > target) break;
    await inTransaction(db, async (tx) => {
      // A step may take long on a big database; the pool's statement timeout is for desks' work.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query(`SET LOCAL search_path = ${WAREHOUSE_SCHEMA}`);
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...LOCK_KEYS]);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        applied_by text NOT NULL DEFAULT current_user
      )`);
      const now = await warehouseSchemaVersion(tx);
      if (now > known) throw new WarehouseTooNewError(now, known);
      if (now >= migration.version) return;
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(`${migration.version} ${migration.name}`);
    });
  }
  return { from, to: await warehouseSchemaVersion(db), applied };
}
