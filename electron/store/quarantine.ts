/**
 * Moving a damaged store aside. The bytes are support's only copy of unsent work and
 * labels, so they are renamed, never deleted; the WAL and shared-memory files move with
 * the database under matching names, which is what SQLite needs to read the pair again.
 */
import { existsSync, renameSync } from 'node:fs';

function stamp(now: number): string {
  // 2025-03-14T09-26-53-589Z: sortable, and legal in file names on every platform.
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/** Renames `path` (and its -wal, -shm) to `<path>.corrupt-<timestamp>`; returns the new path. */
export function quarantineCorruptStore(path: string, now: number): string {
  let target = `${path}.corrupt-${stamp(now)}`;
  for (let n = 2; existsSync(target) || existsSync(`${target}-wal`); n++) target = `${path}.corrupt-${stamp(now)}-${n}`;
  // The WAL first: a database renamed without its log would open as an older state.
  for (const suffix of ['-wal', '-shm', '']) {
    if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${target}${suffix}`);
  }
  return target;
}
