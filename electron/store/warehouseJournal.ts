/**
 * The desk's journal of what it owes the warehouse database (migration 14): entries written before
 * they are sent, read back oldest first, removed once the warehouse has them. A failed send is
 * counted on the entry with its reason and the entry stays.
 */
import * as z from 'zod';
import { WAREHOUSE_JOURNAL_KINDS, type WarehouseJournalEntry, type WarehouseJournalKind } from './interface';
import { parseRow } from './rows';
import { statement, type Db } from './statements';

const JournalRow = z.object({ id: z.number().int(), kind: z.enum(WAREHOUSE_JOURNAL_KINDS), payload: z.string(), created_at: z.number().int(), attempts: z.number().int(), last_error: z.string().nullable() });

export function addEntry(db: Db, kind: WarehouseJournalKind, payload: unknown, now: number): number {
  return Number(statement(db, 'INSERT INTO warehouse_journal (kind, payload, created_at) VALUES (?, ?, ?)').run(kind, JSON.stringify(payload), now).lastInsertRowid);
}

function toEntry(row: unknown): WarehouseJournalEntry {
  const r = parseRow(JournalRow, row, 'warehouse_journal row');
  return { id: r.id, kind: r.kind, payload: JSON.parse(r.payload) as unknown, createdAt: r.created_at, attempts: r.attempts, lastError: r.last_error };
}

/** The oldest entries first. */
export function listEntries(db: Db, limit: number): WarehouseJournalEntry[] {
  return statement(db, 'SELECT id, kind, payload, created_at, attempts, last_error FROM warehouse_journal ORDER BY id LIMIT ?').all(limit).map(toEntry);
}

/** Entries whose last send the warehouse refused (not an outage), oldest first. */
export function listRefused(db: Db, limit: number): WarehouseJournalEntry[] {
  return statement(db, 'SELECT id, kind, payload, created_at, attempts, last_error FROM warehouse_journal WHERE last_error IS NOT NULL ORDER BY id LIMIT ?').all(limit).map(toEntry);
}

export function countEntries(db: Db): number {
  return (statement(db, 'SELECT count(*) AS n FROM warehouse_journal').get() as { n: number }).n;
}

export function removeEntry(db: Db, id: number): void {
  statement(db, 'DELETE FROM warehouse_journal WHERE id = ?').run(id);
}

export function noteFailure(db: Db, id: number, error: string): void {
  statement(db, 'UPDATE warehouse_journal SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(error.slice(0, 1000), id);
}
