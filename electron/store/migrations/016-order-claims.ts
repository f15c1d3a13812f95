/**
 * Schema 16: who is packing an order, as the warehouse last said (warehouse mode), so the Orders
 * list can show it at every desk, offline too. Written only by the warehouse's mirror; null when
 * no desk holds the order, and always at a desk that works alone.
 */
import type { Migration } from './types';

const SQL = `
ALTER TABLE orders ADD COLUMN claim_desk_id TEXT;
ALTER TABLE orders ADD COLUMN claim_desk_name TEXT;
ALTER TABLE orders ADD COLUMN claimed_at INTEGER;
`;

export const orderClaimsSchema: Migration = {
  version: 16,
  name: 'who is packing an order, from the warehouse',
  up(db) {
    db.exec(SQL);
  },
};
