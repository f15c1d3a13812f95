/**
 * How the warehouse talks to PostgreSQL: parameterized statements only (values never enter the
 * SQL text), rows checked with zod where they leave the database, multi-row writes in one
 * transaction, and a broken connection reported as `WarehouseUnavailableError` so the desk can
 * tell "the warehouse is unreachable" from a refusal.
 */
import type pg from 'pg';
import * as z from 'zod';
import { WarehouseRowError, WarehouseUnavailableError } from './errors';

/** The pool (for single statements) or a transaction's client. */
export type Queryable = Pick<pg.ClientBase, 'query'>;
/** The connection pool of one desk. */
export type Db = pg.Pool;
/** A client inside a transaction opened by `inTransaction`. */
export type Tx = pg.ClientBase;

const NODE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/** PostgreSQL's codes for a server shutting down or refusing connections for now. */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own words for a connection that broke or never came (it gives these errors no code). */
const PG_CONNECTION_WORDS = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended|Query read timeout/i;

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** PostgreSQL's SQLSTATE of a refusal (e.g. 23505 for a unique violation). */
export function sqlState(error: unknown): string | undefined {
  const code = codeOf(error);
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** True when the error says the database could not be reached or the connection broke. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof WarehouseUnavailableError) return true;
  const code = codeOf(error);
  if (code !== undefined && (NODE_NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return error instanceof Error && PG_CONNECTION_WORDS.test(error.message);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * True when the connection broke because nothing came back in time (pg's query timeout, TCP's own),
 * not because it was closed. The server's "terminating connection due to idle-in-transaction
 * timeout" is a close: the session is gone, the server is there.
 */
function isSilence(error: unknown): boolean {
  return codeOf(error) === 'ETIMEDOUT' || (error instanceof Error && error.message === 'Query read timeout');
}

/** A broken connection as `WarehouseUnavailableError`; any other error as it is. */
export function asWarehouseError(error: unknown): unknown {
  if (error instanceof WarehouseUnavailableError || !isConnectionFailure(error)) return error;
  const reason = messageOf(error) || codeOf(error) || 'connection failed';
  return new WarehouseUnavailableError(`The warehouse database cannot be reached (${reason}).`, { cause: error, reason });
}

/** Runs one statement; `values` are sent apart from the text. */
export async function run(db: Queryable, text: string, values: readonly unknown[] = []): Promise<pg.QueryResult> {
  try {
    return await db.query(text, values as unknown[]);
  } catch (error) {
    throw asWarehouseError(error);
  }
}

/** Runs one statement and checks each row against `schema`; a row that fails names `where`. */
export async function rows<S extends z.ZodType>(db: Queryable, where: string, schema: S, text: string, values: readonly unknown[] = []): Promise<z.output<S>[]> {
  const result = await run(db, text, values);
  return result.rows.map((row: unknown, index) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new WarehouseRowError(`${where}, row ${index + 1}`, parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`));
    return parsed.data;
  });
}

/** The first row, or undefined. */
export async function row<S extends z.ZodType>(db: Queryable, where: string, schema: S, text: string, values: readonly unknown[] = []): Promise<z.output<S> | undefined> {
  return (await rows(db, where, schema, text, values))[0];
}

/** Deadlocks and serialization failures: the transaction did nothing and may simply run again. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);
const MAX_TRANSACTION_ATTEMPTS = 5;

const isRetryable = (error: unknown): boolean => {
  const state = sqlState(error);
  return state !== undefined && RETRYABLE_STATES.has(state);
};

/** Runs a statement that is a transaction of its own again when it deadlocked or failed to serialize. */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryable(error) || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error;
    }
  }
}

/**
 * Runs `work` in one transaction (READ COMMITTED; the statements take the row locks they need)
 * and commits. A deadlock or serialization failure runs it again. A connection closed before
 * COMMIT was sent committed nothing, and may be one session the server ended (it ends one idle in
 * a transaction for 5 s, as when a busy machine stalls the desk mid-transaction): the work runs
 * once more on another connection. A connection that went silent (no answer in time: the network
 * is likely down, and another try would wait as long again), one that breaks after that retry, or
 * one that breaks while committing (the commit may have happened) is thrown as
 * `WarehouseUnavailableError`. A broken client is discarded, not returned to the pool.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let reconnected = false;
  for (let attempt = 1; ; attempt += 1) {
    let client: pg.PoolClient;
    try {
      client = await db.connect();
    } catch (error) {
      throw asWarehouseError(error);
    }
    let broken = false;
    /** What broke the connection first: a session ended by the server, or silence. */
    let brokenBy: unknown;
    let committing = false;
    // A connection that breaks between two statements emits 'error' on the client, which ends
    // the process unless someone listens; the next statement then fails and says so.
    const onError = (error: unknown) => {
      broken = true;
      brokenBy ??= error;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (isConnectionFailure(error)) onError(error);
      if (!broken) await client.query('ROLLBACK').catch(onError);
      if (!broken && isRetryable(error) && attempt < MAX_TRANSACTION_ATTEMPTS) continue;
      if (broken && !committing && !reconnected && !isSilence(brokenBy)) {
        reconnected = true;
        continue;
      }
      throw asWarehouseError(error);
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
}

/** A page's size as asked, kept between 1 and `max` (`fallback` when not asked). */
export function pageLimit(asked: number | undefined, fallback: number, max: number): number {
  return Math.min(Math.max(Math.floor(asked ?? fallback), 1), max);
}

// ---- Column types as pg hands them over ---------------------------------------------------

/** timestamptz: pg gives a Date; kept as milliseconds since 1970, the station's unit. */
export const Millis = z.date().transform((d) => d.getTime());
export const NullableMillis = z.date().nullable().transform((d) => (d === null ? null : d.getTime()));
/** bigint identity columns: pg gives a string. */
export const BigId = z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number);
