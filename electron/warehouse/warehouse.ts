/**
 * Opening the warehouse at a desk: the pool, the schema brought up to date (when the role may),
 * the desk registered, and the desk's LISTEN session started. Also the Settings screen's test
 * button: one connection, the answer in words.
 */
import type pg from 'pg';
import type { Vault } from '../platform/vault';
import { BUDGET_CHANNEL, CHANGES_CHANNEL, parseChange, type ReceivedChange } from './changes';
import { WAREHOUSE_PASSWORD_SECRET, checkedDesk, checkedSettings, describeConnectionFailure, openWarehousePool, poolConfig, warmPool, type PoolTuning, type WarehouseConnectionSettings, type WarehouseDesk } from './connection';
import { registerDesk } from './desks';
import { primeClaims } from './claims';
import { WarehouseListener, type ListenerOptions } from './listener';
import { WAREHOUSE_MIGRATIONS, WAREHOUSE_SCHEMA_VERSION, migrateWarehouse, warehouseSchemaVersion } from './migrations';
import { row, type Db } from './sql';
import * as z from 'zod';

export interface Warehouse {
  readonly db: Db;
  readonly desk: WarehouseDesk;
  /** The desk's LISTEN session (its state says whether live changes arrive). */
  readonly listener: WarehouseListener;
  /** Each change another desk (or this one) made, as it is committed. */
  onChange(handler: (change: ReceivedChange) => void): () => void;
  /** Changes may have been missed (the connection broke and came back): read what is shown again. */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

export interface OpenWarehouseOptions {
  readonly settings: WarehouseConnectionSettings;
  readonly desk: WarehouseDesk;
  readonly vault: Pick<Vault, 'get'>;
  readonly pool?: PoolTuning;
  readonly listener?: ListenerOptions;
}

/**
 * Connects the desk: brings the schema up to date (refusing a newer one, or an older one the role
 * may not change), registers the desk and starts listening. Throws the typed errors of
 * `errors.ts`; `WarehouseUnavailableError` when the server does not answer.
 */
export async function openWarehouse(options: OpenWarehouseOptions): Promise<Warehouse> {
  const settings = checkedSettings(options.settings);
  const desk = checkedDesk(options.desk);
  const db = await openWarehousePool(settings, desk, options.vault, options.pool);
  try {
    await migrateWarehouse(db, WAREHOUSE_MIGRATIONS);
    await registerDesk(db, desk);
    await warmPool(db, (client) => primeClaims(client, desk.id));
  } catch (error) {
    await db.end().catch(() => undefined);
    throw error;
  }
  const password = await options.vault.get(WAREHOUSE_PASSWORD_SECRET);
  const listener = new WarehouseListener(listenerConfig(poolConfig(settings, password, desk)), [CHANGES_CHANNEL, BUDGET_CHANNEL], options.listener);
  await listener.start();
  return {
    db,
    desk,
    listener,
    onChange(handler) {
      return listener.on('notification', (channel, payload) => {
        if (channel !== CHANGES_CHANNEL) return;
        const change = parseChange(payload);
        if (change !== undefined) handler(change);
      });
    },
    onResync: (handler) => listener.on('resync', handler),
    async close() {
      await listener.close();
      await db.end();
    },
  };
}

/** The LISTEN session needs one plain connection: the pool's own settings apply to it. */
function listenerConfig(config: pg.PoolConfig): pg.ClientConfig {
  const { max: _max, min: _min, idleTimeoutMillis: _idle, ...client } = config;
  return client;
}

export interface ConnectionCheck {
  readonly ok: boolean;
  /** What the test found, for the Settings screen. */
  readonly words: string;
}

/** The Settings screen's test: connects once as the desk would, and says what it found. */
export async function checkWarehouseConnection(settings: WarehouseConnectionSettings, desk: WarehouseDesk, vault: Pick<Vault, 'get'>): Promise<ConnectionCheck> {
  const checked = checkedSettings(settings);
  const db = await openWarehousePool(checked, checkedDesk(desk), vault, { max: 1 });
  try {
    const info = await row(db, 'server', z.object({ version: z.string(), role: z.string(), tls: z.boolean().nullable() }), `SELECT current_setting('server_version') AS version, current_user::text AS role, (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS tls`);
    const version = await warehouseSchemaVersion(db);
    const schema =
      version === WAREHOUSE_SCHEMA_VERSION
        ? `warehouse schema ${version}, up to date`
        : version < WAREHOUSE_SCHEMA_VERSION
          ? `warehouse schema ${version}: this Packbench updates it to ${WAREHOUSE_SCHEMA_VERSION} when a desk with the owner role starts`
          : `warehouse schema ${version}, newer than this Packbench knows (${WAREHOUSE_SCHEMA_VERSION}): update Packbench`;
    return {
      ok: version <= WAREHOUSE_SCHEMA_VERSION,
      words: `Connected to PostgreSQL ${info?.version ?? '?'} at ${checked.host}:${checked.port} as ${info?.role ?? checked.role}${info?.tls === true ? ' over TLS' : ', not encrypted'}; ${schema}.`,
    };
  } catch (error) {
    return { ok: false, words: describeConnectionFailure(error, checked) };
  } finally {
    await db.end().catch(() => undefined);
  }
}
