/**
 * Opening the station store: one SQLite file in the app's data folder.
 *
 * - WAL: readers (search, the UI's lists) never wait for the outbox writer.
 * - synchronous=FULL: an outbox row marked `sending` must survive a power cut, or after a
 *   reboot it would be sent again without the duplicate check (docs/store.md measures it).
 * - foreign_keys=ON: documents and print jobs never outlive their shipment.
 * - busy_timeout: a second connection (a support tool, a checker) waits instead of failing.
 * - cache_size: 32 MB of pages (SQLite's default is 2 MB): a search at a million shipments seeks
 *   through over a hundred epochs and looks up rows all over the file; with more of those pages
 *   kept it takes 5-13% less (docs/store.md). It fills as pages are read: a start does not pay.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ensureOwnPrivateDirSync, ensurePrivateDatabaseFileSync } from '../platform/privateFiles';
import { StoreCorruptError, isCorruptionError } from './errors';
import { checkIntegrity, resolvePolicy, type IntegrityPolicy } from './integrity';
import { MIGRATIONS, assertNotTooNew, runMigrations, type Migration } from './migrations';
import { storeOver } from './handles';
import type { Store } from './interface';
import type { Db } from './statements';
import { messageOf } from '../base/errors';

export const BUSY_TIMEOUT_MS = 5000;
/** The page cache, in KiB. */
export const CACHE_KIB = 32 * 1024;

/** An open store file: the station's read handle and `atomically`, and what opening it found. */
export interface StationStore extends Store {
  /**
   * The raw SQLite handle, for the store's own tests and for tools that inspect a file. The
   * station's code reads through `read` and writes through `atomically` (eslint.config.js).
   */
  readonly db: Db;
  readonly path: string;
  /** The clock the store was opened with, for callers that stamp rows. */
  readonly now: () => number;
  /** What the integrity check at open covered. */
  readonly integrityChecked: Exclude<IntegrityPolicy, 'auto'>;
  close(): void;
}

export interface OpenStoreOptions {
  now?: () => number;
  /** Default `auto`: everything for a small file, the critical tables for a large one. */
  integrity?: IntegrityPolicy;
  /** Tests pass a shorter list to stop at an earlier schema. */
  migrations?: readonly Migration[];
}

function asStoreError(path: string, error: unknown): unknown {
  if (error instanceof StoreCorruptError || !isCorruptionError(error)) return error;
  return new StoreCorruptError(path, messageOf(error));
}

/**
 * Checks an existing file through a read-only connection. A read-write connection that
 * closes checkpoints the WAL into the database and deletes it: on a damaged file that
 * would change the very bytes support needs. A read-only one reads the WAL and leaves both.
 */
function inspectExisting(path: string, migrations: readonly Migration[], policy: Exclude<IntegrityPolicy, 'auto'>): void {
  if (path === ':memory:' || !existsSync(path)) return;
  let db: Db | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // The header is where "file is not a database" shows; a newer file is refused before
    // anything reads tables whose meaning this version does not know.
    assertNotTooNew(db, migrations);
    const problems = checkIntegrity(db, policy);
    if (problems.length > 0) throw new StoreCorruptError(path, problems.slice(0, 3).join('; '));
  } catch (error) {
    throw asStoreError(path, error);
  } finally {
    db?.close();
  }
}

/**
 * Opens (creating if needed) the store at `path`, checks it, and migrates it. Throws
 * StoreCorruptError for a damaged file or one that is not a database, StoreTooNewError
 * for a file from a newer Packbench; the file is left untouched and closed in both cases.
 */
export function openStationStore(path: string, options: OpenStoreOptions = {}): StationStore {
  const now = options.now ?? Date.now;
  const migrations = options.migrations ?? MIGRATIONS;
  if (path !== ':memory:') {
    // The store holds addresses and labels: its folder and files are this user's alone,
    // whatever an older version or a permissive umask left behind.
    ensureOwnPrivateDirSync(dirname(path));
    ensurePrivateDatabaseFileSync(path);
  }
  const policy = resolvePolicy(options.integrity ?? 'auto', path);
  inspectExisting(path, migrations, policy);
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    assertNotTooNew(db, migrations);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${CACHE_KIB}`);
    runMigrations(db, migrations);
  } catch (error) {
    db.close();
    throw asStoreError(path, error);
  }
  return {
    ...storeOver(db),
    db,
    path,
    now,
    integrityChecked: policy,
    close: () => db.close(),
  };
}
