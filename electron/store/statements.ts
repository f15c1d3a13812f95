/**
 * Prepared statements, kept per connection. better-sqlite3 compiles SQL on every
 * `prepare`; the query modules call the same few statements thousands of times (a sync of
 * search pages, the bench's million rows), so each SQL text is compiled once per handle.
 */
import type Database from 'better-sqlite3';

export type Db = Database.Database;
export type Statement = Database.Statement;

const cache = new WeakMap<Db, Map<string, Database.Statement>>();

export function statement(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (statements === undefined) {
    statements = new Map();
    cache.set(db, statements);
  }
  let prepared = statements.get(sql);
  if (prepared === undefined) {
    prepared = db.prepare(sql);
    statements.set(sql, prepared);
  }
  return prepared;
}

/**
 * Runs `work` in a transaction, or inside the caller's when one is open. better-sqlite3
 * nests with SAVEPOINTs, and FTS5 writes its pending index data out at every savepoint:
 * one nested call per shipment made the search index flush a tiny segment per row (a bulk
 * load ran 4x slower, and the index fragmented). Inside a caller's transaction a throw
 * rolls back the caller's whole transaction, which is what callers here rely on anyway.
 */
export function atomically<T>(db: Db, work: () => T): T {
  return db.inTransaction ? work() : db.transaction(work)();
}
