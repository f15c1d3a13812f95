/**
 * Schema 15: `warehouse_journal`, what the desk owes the warehouse database (a shipment for the
 * shared history, an audit entry, a purchase given up, a void), kept until the warehouse has it.
 * Each entry is written before it is sent and removed once it was, so what the desk did while the
 * warehouse was unreachable is uploaded when it is back. The payload is JSON the shipping home
 * checks with the warehouse's own schemas when it reads it.
 */
import type { Migration } from './types';

const SQL = `
CREATE TABLE warehouse_journal (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('shipment', 'audit', 'abandon', 'void')),
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT
);
`;

export const warehouseJournalSchema: Migration = {
  version: 15,
  name: 'what the desk owes the warehouse database',
  up(db) {
    db.exec(SQL);
  },
};
