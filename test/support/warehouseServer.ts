/**
 * A warehouse database for tests: a private PostgreSQL set up with docs/warehouse-setup.sql (as an
 * admin would), each role's password in a real file vault (as a desk keeps it), and desks opened
 * the way the station opens them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { FileVault } from '../../electron/platform/vault';
import {
  WAREHOUSE_MIGRATIONS,
  WAREHOUSE_PASSWORD_SECRET,
  migrateWarehouse,
  openWarehouse,
  registerDesk,
  type Warehouse,
  type WarehouseConnectionSettings,
  type WarehouseDesk,
} from '../../electron/warehouse';
import { openWarehousePool, type PoolTuning } from '../../electron/warehouse/connection';
import { startPrivatePostgres, type PrivatePostgres, type WarehouseRoles } from './privatePostgres';

export type RoleKind = 'owner' | 'desk';

export interface WarehouseServer {
  readonly postgres: PrivatePostgres;
  readonly roles: WarehouseRoles;
  settings(role: RoleKind, database?: string): WarehouseConnectionSettings;
  /** A vault folder holding the role's password, as a desk's vault would. */
  vault(role: RoleKind): Promise<FileVault>;
  /** A pool signed in as the role (the caller ends it). */
  pool(role: RoleKind, desk: WarehouseDesk, options?: { database?: string; tuning?: PoolTuning }): Promise<pg.Pool>;
  /** Opens a desk as the station does (pool, schema check, desk registered, LISTEN session); closed by `stop`. */
  openDesk(desk: WarehouseDesk, role?: RoleKind): Promise<Warehouse>;
  /** Desks D1…Dn, named "Desk 1"…, opened as `openDesk` does. */
  openDesks(count: number): Promise<Warehouse[]>;
  /** Another database on the same server, set up and empty (no schema yet). */
  newDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export const ADMIN_DESK: WarehouseDesk = { id: 'ADMIN', name: 'Admin desk' };

/** Starts the server, sets it up and migrates the `packbench` database with the owner role. */
export async function startWarehouseServer(): Promise<WarehouseServer> {
  const postgres = await startPrivatePostgres();
  const folders: string[] = [];
  const opened: Warehouse[] = [];
  const vaults = new Map<RoleKind, FileVault>();
  let roles: WarehouseRoles;
  try {
    roles = await postgres.setUpWarehouse('packbench');
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const settings = (role: RoleKind, database = 'packbench'): WarehouseConnectionSettings => ({
    host: postgres.host,
    port: postgres.port,
    database,
    role: roles[role].name,
    tls: 'disable',
    caCertificate: null,
  });
  const vault = async (role: RoleKind): Promise<FileVault> => {
    const existing = vaults.get(role);
    if (existing !== undefined) return existing;
    const dir = await mkdtemp(path.join(os.tmpdir(), `packbench-vault-${role}-`));
    folders.push(dir);
    const opened = await FileVault.open(dir);
    await opened.set(WAREHOUSE_PASSWORD_SECRET, roles[role].password);
    vaults.set(role, opened);
    return opened;
  };
  const pool = async (role: RoleKind, desk: WarehouseDesk, options: { database?: string; tuning?: PoolTuning } = {}): Promise<pg.Pool> =>
    openWarehousePool(settings(role, options.database), desk, await vault(role), options.tuning);

  const openDesk = async (desk: WarehouseDesk, role: RoleKind = 'desk'): Promise<Warehouse> => {
    // Reconnects quickly, but the heartbeat is the product's (10 s): these desks share the test's
    // event loop, where a 2 s heartbeat can lose its race with a late answer. Beside three busy loops
    // a budget test's desk went to its local share mid-test (the reason was not recorded; this is
    // the likeliest). Silent network drops are the desk processes' to notice (deskProcess.ts).
    const warehouse = await openWarehouse({ settings: settings(role), desk, vault: await vault(role), listener: { minBackoffMs: 50, maxBackoffMs: 500 } });
    opened.push(warehouse);
    return warehouse;
  };

  const owner = await pool('owner', ADMIN_DESK);
  try {
    await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS);
    await registerDesk(owner, ADMIN_DESK);
  } finally {
    await owner.end();
  }

  return {
    postgres,
    roles,
    settings,
    vault,
    pool,
    openDesk,
    async openDesks(count) {
      const desks: Warehouse[] = [];
      for (let n = 1; n <= count; n += 1) desks.push(await openDesk({ id: `D${n}`, name: `Desk ${n}` }));
      return desks;
    },
    async newDatabase(name) {
      await postgres.setUpWarehouse(name);
    },
    async stop() {
      await Promise.all(opened.splice(0).map((w) => w.close()));
      await postgres.stop();
      await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
