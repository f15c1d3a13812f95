/**
 * Rows gathered by order number in a temporary SQLite database on disk rather than in memory: the
 * rows of orders whose lines are apart in a file (an order's second line a thousand rows after its
 * first, a sheet sorted by SKU) are grouped in bounded memory however many there are. The database
 * is private to the reading (SQLite's anonymous temporary file, deleted when it closes), and made
 * only when a row comes.
 *
 * Orders come back in the order of their first row, each with its rows in file order. An order
 * past `maxRowsPerOrder` keeps only its first rows and says how many it had.
 */
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import type { RowRead } from './orderFile';

export interface RowGroup {
  readonly orderNumber: string;
  /** Its rows in file order, at most `maxRowsPerOrder` of them. */
  readonly rows: RowRead[];
  /** How many rows the file has for it, kept or not. */
  readonly rowCount: number;
}

/** Rows written in one transaction: large enough that committing costs little. */
const ROWS_PER_TRANSACTION = 10_000;

interface Scratch {
  readonly db: Db;
  readonly upsertOrder: Statement<[number, string], { first: number; rows: number }>;
  readonly insertRow: Statement<[number, number, string]>;
}

export class RowGroups {
  private scratch: Scratch | undefined;
  private pending = 0;

  constructor(private readonly maxRowsPerOrder: number) {}

  private open(): Scratch {
    if (this.scratch !== undefined) return this.scratch;
    const db = new Database('');
    // A scratch file: nothing here must survive a crash, and 16 MB of cache bounds its memory.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -16384');
    db.exec(`
      CREATE TABLE orders (first INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE, rows INTEGER NOT NULL);
      CREATE TABLE rows (first INTEGER NOT NULL, row INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (first, row)) WITHOUT ROWID;
    `);
    const upsertOrder = db.prepare<[number, string], { first: number; rows: number }>('INSERT INTO orders (first, number, rows) VALUES (?, ?, 1) ON CONFLICT (number) DO UPDATE SET rows = rows + 1 RETURNING first, rows');
    const insertRow = db.prepare<[number, number, string]>('INSERT INTO rows (first, row, data) VALUES (?, ?, ?)');
    db.exec('BEGIN');
    this.scratch = { db, upsertOrder, insertRow };
    return this.scratch;
  }

  add(read: RowRead & { readonly orderNumber: string }): void {
    const { db, upsertOrder, insertRow } = this.open();
    const order = upsertOrder.get(read.row, read.orderNumber);
    if (order === undefined) throw new Error('the row store did not answer for an order');
    if (order.rows <= this.maxRowsPerOrder) insertRow.run(order.first, read.row, JSON.stringify(read));
    this.pending += 1;
    if (this.pending >= ROWS_PER_TRANSACTION) {
      db.exec('COMMIT; BEGIN');
      this.pending = 0;
    }
  }

  /** Every order with its rows, in the order of its first row. */
  *groups(): Generator<RowGroup> {
    if (this.scratch === undefined) return;
    const { db } = this.scratch;
    db.exec('COMMIT');
    let current: { number: string; count: number; rows: RowRead[] } | undefined;
    const rows = db.prepare('SELECT o.number AS number, o.rows AS count, r.data AS data FROM rows r JOIN orders o ON o.first = r.first ORDER BY r.first, r.row');
    for (const { number, count, data } of rows.iterate() as Iterable<{ number: string; count: number; data: string }>) {
      if (current !== undefined && current.number !== number) {
        yield { orderNumber: current.number, rows: current.rows, rowCount: current.count };
        current = undefined;
      }
      current ??= { number, count, rows: [] };
      current.rows.push(JSON.parse(data) as RowRead);
    }
    if (current !== undefined) yield { orderNumber: current.number, rows: current.rows, rowCount: current.count };
  }

  close(): void {
    if (this.scratch?.db.open === true) this.scratch.db.close();
  }
}
