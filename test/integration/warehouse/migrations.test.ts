/**
 * The shared database's migrations on a real PostgreSQL, set up by docs/warehouse-setup.sql:
 * a fresh database, a second run, a newer database refused, a step that fails, desks starting
 * together (separate processes) migrating once, and what the desk role may and may not do.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  WAREHOUSE_MIGRATIONS,
  WAREHOUSE_SCHEMA_VERSION,
  WarehouseNotSetUpError,
  WarehouseSchemaBehindError,
  WarehouseTooNewError,
  migrateWarehouse,
  openWarehouse,
  warehouseSchemaVersion,
} from '../../../electron/warehouse';
import { sqlState } from '../../../electron/warehouse/sql';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';
import { bundleScript, runScript } from './childScripts';
import { describeWarehouseSchema } from './schemaDump';

const DESK = { id: 'D1', name: 'Desk 1' };
let server: WarehouseServer;
let migrateScript: { file: string; remove: () => void };
const pools: pg.Pool[] = [];

async function pool(role: 'owner' | 'desk', database: string): Promise<pg.Pool> {
  const opened = await server.pool(role, DESK, { database });
  pools.push(opened);
  return opened;
}

beforeAll(async () => {
  [server, migrateScript] = await Promise.all([startWarehouseServer(), bundleScript('test/integration/warehouse/migrateProcess.ts', 'warehouse-migrate')]);
}, 120_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await server?.stop();
  migrateScript?.remove();
});

describe('the warehouse migrations', () => {
  it('build the schema on a fresh database exactly as the snapshot says, and change nothing when run again', async () => {
    await server.newDatabase('fresh');
    const owner = await pool('owner', 'fresh');
    expect(await warehouseSchemaVersion(owner)).toBe(0);
    const first = await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS);
    expect(first).toEqual({ from: 0, to: WAREHOUSE_SCHEMA_VERSION, applied: WAREHOUSE_MIGRATIONS.map((step) => `${step.version} ${step.name}`) });
    const snapshot = await readFile(new URL(`./schema-v${WAREHOUSE_SCHEMA_VERSION}.snapshot.txt`, import.meta.url), 'utf8');
    expect(await describeWarehouseSchema(owner)).toBe(snapshot);

    const again = await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS);
    expect(again).toEqual({ from: WAREHOUSE_SCHEMA_VERSION, to: WAREHOUSE_SCHEMA_VERSION, applied: [] });
    const recorded = await owner.query<{ version: number; applied_by: string }>('SELECT version, applied_by FROM packbench.schema_migrations ORDER BY version');
    expect(recorded.rows).toEqual(WAREHOUSE_MIGRATIONS.map((step) => ({ version: step.version, applied_by: 'packbench_owner' })));
  });

  it('refuse a database a newer Packbench updated, before reading anything, at migration and at a desk opening it', async () => {
    await server.newDatabase('newer');
    const owner = await pool('owner', 'newer');
    await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS);
    await owner.query(`INSERT INTO packbench.schema_migrations (version, name) VALUES (7, 'from the future')`);
    const refusal = await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(WarehouseTooNewError);
    expect((refusal as Error).message).toBe(`The warehouse database was updated by a newer Packbench (schema 7, this desk knows ${WAREHOUSE_SCHEMA_VERSION}): update Packbench on this desk.`);
    const settings = { ...server.settings('desk', 'newer') };
    await expect(openWarehouse({ settings, desk: DESK, vault: await server.vault('desk') })).rejects.toBeInstanceOf(WarehouseTooNewError);
    expect(await warehouseSchemaVersion(owner)).toBe(7);
  });

  it('leave the schema at the last whole step when a step fails', async () => {
    await server.newDatabase('halfway');
    const owner = await pool('owner', 'halfway');
    const broken = [...WAREHOUSE_MIGRATIONS, { version: WAREHOUSE_SCHEMA_VERSION + 1, name: 'fails halfway', sql: 'CREATE TABLE made_then_undone (id int); SELECT 1 / 0;' }];
    const failure = await migrateWarehouse(owner, broken).catch((e: unknown) => e);
    expect(sqlState(failure)).toBe('22012');
    expect(await warehouseSchemaVersion(owner)).toBe(WAREHOUSE_SCHEMA_VERSION);
    const leftover = await owner.query<{ present: boolean }>(`SELECT to_regclass('packbench.made_then_undone') IS NOT NULL AS present`);
    expect(leftover.rows[0]?.present).toBe(false);
  });

  it('let the desk role use a current schema but never change one, saying who can', async () => {
    await server.newDatabase('behind');
    const desk = await pool('desk', 'behind');
    const refusal = await migrateWarehouse(desk, WAREHOUSE_MIGRATIONS).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(WarehouseSchemaBehindError);
    expect((refusal as Error).message).toContain(`The warehouse database is at schema 0 and this Packbench needs ${WAREHOUSE_SCHEMA_VERSION}, but the role packbench_desk may not change the schema`);
    const owner = await pool('owner', 'behind');
    await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS);
    expect(await migrateWarehouse(desk, WAREHOUSE_MIGRATIONS)).toEqual({ from: WAREHOUSE_SCHEMA_VERSION, to: WAREHOUSE_SCHEMA_VERSION, applied: [] });
  });

  it('refuse a database the setup script was not run on, saying what to run', async () => {
    await server.postgres.psql({ command: 'CREATE DATABASE bare OWNER packbench_owner' });
    const owner = await pool('owner', 'bare');
    const refusal = await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(WarehouseNotSetUpError);
    expect((refusal as Error).message).toBe('The database bare has no packbench schema: an admin runs docs/warehouse-setup.sql on the server first (docs/warehouse.md).');
  });

  it('apply each step once when four desks in four processes start at the same instant', async () => {
    await server.newDatabase('together');
    const settings = JSON.stringify(server.settings('owner', 'together'));
    const startAt = String(Date.now() + 1_500);
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => runScript(migrateScript.file, [settings, startAt], { PACKBENCH_TEST_PASSWORD: server.roles.owner.password })));
    expect(outcomes.map((o) => o.stderr)).toEqual(["", "", "", ""]);
    const results = outcomes.map((o) => JSON.parse(o.stdout.trim()) as { ok: boolean; from: number; to: number; applied: string[] });
    expect(results.every((r) => r.ok && r.to === WAREHOUSE_SCHEMA_VERSION)).toBe(true);
    // Each step is taken under its own lock, so the steps may be shared out between the desks
    // (one applies the first, another the second while the first desk waits), but never twice.
    const everyStep = WAREHOUSE_MIGRATIONS.map((m) => `${m.version} ${m.name}`);
    expect(results.flatMap((r) => r.applied).sort()).toEqual([...everyStep].sort());
    for (const r of results) expect(r.applied).toEqual(everyStep.filter((step) => r.applied.includes(step)));
    const owner = await pool('owner', 'together');
    const recorded = await owner.query('SELECT version FROM packbench.schema_migrations');
    expect(recorded.rowCount).toBe(WAREHOUSE_MIGRATIONS.length);
  });
});

describe('the desk role (docs/warehouse-setup.sql and the migrated schema)', () => {
  it('reads and writes rows but cannot delete history, change the audit log, or change the schema or its functions', async () => {
    const desk = await pool('desk', 'packbench');
    await desk.query(`INSERT INTO desks (id, name) VALUES ('D9', 'Desk 9') ON CONFLICT DO NOTHING`);
    await desk.query(
      `INSERT INTO audit_log (entry_id, action, desk_id, happened_at) VALUES ('6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5', 'reprint', 'D9', now())`,
    );
    const refused = async (sql: string) => sqlState(await desk.query(sql).then(() => undefined, (e: unknown) => e));
    expect(await refused('DELETE FROM audit_log')).toBe('42501');
    expect(await refused(`UPDATE audit_log SET action = 'ship'`)).toBe('42501');
    expect(await refused('DELETE FROM shipments')).toBe('42501');
    expect(await refused('DELETE FROM orders')).toBe('42501');
    expect(await refused('CREATE TABLE packbench.mine (id int)')).toBe('42501');
    expect(await refused('CREATE TABLE public.mine (id int)')).toBe('42501');
    expect(await refused('DROP TABLE claims')).toBe('42501');
    expect(await refused('CREATE TEMP TABLE scratch (id int)')).toBe('42501');
    expect(await refused(`CREATE OR REPLACE FUNCTION packbench.claim_order(p_desk text, p_order text, p_lease_ms integer) RETURNS jsonb LANGUAGE sql AS $$ SELECT '{}'::jsonb $$`)).toBe('42501');
    expect(await refused(`CREATE FUNCTION packbench.mine() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$`)).toBe('42501');
    // It may claim, through the function, with the rights it has.
    const claim = await desk.query<{ outcome: unknown }>(`SELECT claim_order('D9', 'NO-SUCH-ORDER', 90000) AS outcome`);
    expect(claim.rows).toEqual([{ outcome: { kind: 'unknownOrder' } }]);
    const kept = await desk.query(`SELECT count(*)::int AS n FROM audit_log WHERE desk_id = 'D9'`);
    expect(kept.rows).toEqual([{ n: 1 }]);
  });
});
