/**
 * The integrity check at open. `PRAGMA integrity_check` reads every page: measured ~9 ms
 * per MB here (10.6 s on a 1.2 GB store of a million shipments), too slow for every start
 * of a packing desk. So a small file gets the full check, and a large one gets the full
 * check of the tables that cannot be rebuilt from the service or are needed to go on
 * packing (outbox, settings, locations, print jobs, the dictionaries of packed records) plus
 * the schema. The shipments cache
 * and its search index can be refilled by a sync; their damage surfaces as SQLITE_CORRUPT
 * on use (see isCorruptionError) and `checkIntegrity(db, 'full')` checks them on demand.
 */
import { statSync } from 'node:fs';
import { isCorruptionError } from './errors';
import type { Db } from './statements';
import { messageOf } from '../base/errors';

export type IntegrityPolicy = 'auto' | 'full' | 'critical' | 'none';

/** Up to this size (database + WAL) `auto` checks everything: ~0.3 s at the measured rate. */
export const FULL_CHECK_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Small tables whose loss stops the desk or loses work (each is checked with its indexes).
 * pack_dictionaries (schema 4) holds what every packed record is read with: a damaged one would
 * make the create inputs, results and search records packed with it unreadable.
 */
export const CRITICAL_TABLES = ['sqlite_schema', 'outbox', 'settings', 'locations', 'print_jobs', 'pack_dictionaries'] as const;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Bytes on disk of a store: the database file and its write-ahead log. */
export function storeSizeOnDisk(path: string): number {
  return fileSize(path) + fileSize(`${path}-wal`);
}

/** The check `auto` picks for the file at `path`. */
export function resolvePolicy(policy: IntegrityPolicy, path: string): Exclude<IntegrityPolicy, 'auto'> {
  if (policy !== 'auto') return policy;
  return storeSizeOnDisk(path) <= FULL_CHECK_MAX_BYTES ? 'full' : 'critical';
}

function problemsOf(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  return (rows as unknown[])
    .map((row) => Object.values(row as Record<string, unknown>)[0])
    .filter((text): text is string => typeof text === 'string' && text !== 'ok');
}

function tableExists(db: Db, name: string): boolean {
  if (name === 'sqlite_schema') return true;
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** One check; damage bad enough makes SQLite throw instead of report, which is a finding too. */
function run(db: Db, pragma: string): string[] {
  try {
    return problemsOf(db.pragma(pragma));
  } catch (error) {
    if (isCorruptionError(error)) return [messageOf(error)];
    throw error;
  }
}

/** Runs the check and returns what SQLite reported wrong (empty when the file is sound). */
export function checkIntegrity(db: Db, policy: Exclude<IntegrityPolicy, 'auto'>): string[] {
  if (policy === 'none') return [];
  if (policy === 'full') return run(db, 'integrity_check');
  const problems: string[] = [];
  for (const table of CRITICAL_TABLES) {
    if (tableExists(db, table)) problems.push(...run(db, `integrity_check(${table})`));
  }
  return problems;
}
