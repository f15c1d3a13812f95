/**
 * How a desk reaches the warehouse database: the settings an admin enters (host, port, database,
 * role, TLS), the password from the vault, and the pool made from them. The password never
 * leaves this module: it is not part of the settings, not in any message, not logged.
 */
import pg from 'pg';
import { WarehouseConnectionSettings, WarehouseDesk } from '../api/warehouse';
import type { Vault } from '../platform/vault';
import { WarehouseInputError, WarehouseUnavailableError } from './errors';
import { WAREHOUSE_SCHEMA } from './migrations/runner';
import { asWarehouseError, isConnectionFailure, messageOf, sqlState } from './sql';

/** The vault entry that holds the warehouse role's password. */
export const WAREHOUSE_PASSWORD_SECRET = 'warehouse:password';

export { TLS_MODES, WarehouseConnectionSettings, WarehouseDesk, type TlsMode } from '../api/warehouse';

export function checkedSettings(settings: unknown): WarehouseConnectionSettings {
  const parsed = WarehouseConnectionSettings.safeParse(settings);
  if (!parsed.success) throw new WarehouseInputError('warehouse connection', parsed.error.issues.map((i) => `${i.path.join('.') || 'settings'} ${i.message}`));
  return parsed.data;
}

export function checkedDesk(desk: unknown): WarehouseDesk {
  const parsed = WarehouseDesk.safeParse(desk);
  if (!parsed.success) throw new WarehouseInputError('warehouse desk', parsed.error.issues.map((i) => `${i.path.join('.') || 'desk'} ${i.message}`));
  return parsed.data;
}

/**
 * Limits every desk's session gets, so a stuck desk cannot hold rows locked or a query forever. A
 * desk's transactions run statement after statement without waiting for anyone, so a session idle
 * in one for 5 s belongs to a desk that is gone or cut off (a network that drops packets leaves
 * the server none the wiser): the server ends it, and its locks go, sooner than another desk's
 * wait for them gives up (the lock timeout, 10 s).
 */
const SESSION_OPTIONS = [
  `search_path=${WAREHOUSE_SCHEMA}`,
  'statement_timeout=15000',
  'lock_timeout=10000',
  'idle_in_transaction_session_timeout=5000',
];

export interface PoolTuning {
  /** Connections this desk opens at most (default 4: a desk does a few things at once, not dozens). */
  readonly max?: number;
  /**
   * Connections opened when the warehouse opens and kept open between claims (default 2, at most
   * `max`), so a scan never waits for a new connection and its password exchange (SCRAM is slow
   * on purpose: tens of milliseconds, more on a busy server).
   */
  readonly warm?: number;
  readonly connectTimeoutMs?: number;
  /**
   * How long the desk waits for any answer to a statement before it gives the connection up
   * (default 20 s: the server's own statement timeout, 15 s, and time for the network). A network
   * that drops packets without refusing them would otherwise hold a statement for as long as TCP
   * retransmits (about a quarter of an hour on Linux): keep-alive probes do not run while a
   * statement waits for its answer.
   */
  readonly queryTimeoutMs?: number;
}

/** pg's configuration for these settings; the password is passed in, never stored with them. */
export function poolConfig(settings: WarehouseConnectionSettings, password: string | undefined, desk: WarehouseDesk, tuning: PoolTuning = {}): pg.PoolConfig {
  const max = tuning.max ?? 4;
  const warm = Math.min(tuning.warm ?? 2, max);
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.role,
    ...(password === undefined ? {} : { password }),
    ssl: tlsOptions(settings),
    application_name: `packbench desk ${desk.id}`,
    options: SESSION_OPTIONS.map((option) => `-c ${option}`).join(' '),
    max,
    min: warm,
    connectionTimeoutMillis: tuning.connectTimeoutMs ?? 5_000,
    query_timeout: tuning.queryTimeoutMs ?? 20_000,
    idleTimeoutMillis: 60_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

function tlsOptions(settings: WarehouseConnectionSettings): pg.PoolConfig['ssl'] {
  switch (settings.tls) {
    case 'disable':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify-full':
      return { rejectUnauthorized: true, servername: settings.host, ...(settings.caCertificate === null ? {} : { ca: settings.caCertificate }) };
  }
}

/**
 * Opens the desk's pool with the password from the vault. Nothing is connected yet: the first
 * query connects (and `describeConnectionFailure` words what went wrong).
 */
export async function openWarehousePool(settings: WarehouseConnectionSettings, desk: WarehouseDesk, vault: Pick<Vault, 'get'>, tuning?: PoolTuning): Promise<pg.Pool> {
  const password = await vault.get(WAREHOUSE_PASSWORD_SECRET);
  const pool = new pg.Pool(poolConfig(checkedSettings(settings), password, checkedDesk(desk), tuning));
  // An idle connection that breaks (the server restarted) is dropped from the pool; without a
  // listener the error would end the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Opens the pool's warm connections (its `min`, PoolTuning.warm) together, so the first scans of a
 * shift do not each wait for one, and readies each with `prime` (run once on it before the pool
 * has it back); the pool keeps them open after.
 */
export async function warmPool(pool: pg.Pool, prime: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const opened = await Promise.allSettled(
    Array.from({ length: pool.options.min ?? 0 }, async () => {
      const client = await pool.connect();
      try {
        await prime(client);
        client.release();
      } catch (error) {
        client.release(true);
        throw error;
      }
    }),
  );
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw asWarehouseError(failed.reason);
}

/** What went wrong reaching the database, in words an admin can act on. */
export function describeConnectionFailure(failure: unknown, settings: WarehouseConnectionSettings): string {
  const error = failure instanceof WarehouseUnavailableError && failure.cause !== undefined ? failure.cause : failure;
  const at = `${settings.host}:${settings.port}`;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const message = messageOf(error);
  switch (sqlState(error) ?? code) {
    case '28P01':
      return `PostgreSQL at ${at} refused the password of role ${settings.role}: set the password again in Settings → Warehouse.`;
    case '28000':
      return `PostgreSQL at ${at} does not let role ${settings.role} in from this computer (${message}): the admin allows it in pg_hba.conf.`;
    case '3D000':
      return `There is no database ${settings.database} at ${at}: check the name, or run docs/warehouse-setup.sql there.`;
    case '42501':
      return `Role ${settings.role} may not use database ${settings.database} at ${at}: run docs/warehouse-setup.sql, which grants it.`;
    case '53300':
      return `PostgreSQL at ${at} has no connection left for another desk: the admin raises max_connections or the role's connection limit.`;
    case 'ECONNREFUSED':
      return `Nothing answers at ${at}: is PostgreSQL running there and listening on the network (listen_addresses)?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host name ${settings.host} is not known on this network.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${settings.host} cannot be reached from this computer (no route).`;
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return `The certificate of ${settings.host} is not signed by an authority this desk trusts: paste the warehouse's CA certificate in Settings → Warehouse.`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `The certificate of ${at} is not made out to ${settings.host}: connect by the name the certificate gives.`;
  }
  if (/does not support SSL|server does not support SSL/i.test(message)) return `PostgreSQL at ${at} does not offer TLS: turn TLS on at the server, or choose "disable" on a trusted network.`;
  if (/no pg_hba\.conf entry/i.test(message)) return `PostgreSQL at ${at} does not let role ${settings.role} in from this computer: the admin allows it in pg_hba.conf.`;
  if (isConnectionFailure(error)) return `The warehouse database at ${at} did not answer in time or dropped the connection (${message}).`;
  return `The warehouse database at ${at} answered with an error: ${message}`;
}
