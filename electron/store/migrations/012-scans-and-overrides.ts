/**
 * Schema 12:
 * - `orders.scan_key`: the order number as scanners and people type it may differ from the shop's
 *   (`1002` for `#1002`, lower case, spaces): the key is the number without them (scanKeyOf), so a
 *   scan finds its order through one index.
 * - `shipment_overrides`: what a person chose to ship past (an address the check called invalid,
 *   items not verified, a service chosen without rates), with their words, kept with the shipment.
 */
import { scanKeyOf } from '../orderNumbers';
import type { Migration } from './types';

const SQL = `
ALTER TABLE orders ADD COLUMN scan_key TEXT NOT NULL DEFAULT '';
CREATE INDEX orders_by_scan_key ON orders (scan_key);

CREATE TABLE shipment_overrides (
  id INTEGER PRIMARY KEY,
  station_ref TEXT NOT NULL,
  kind TEXT NOT NULL,
  note TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX shipment_overrides_by_shipment ON shipment_overrides (station_ref);
`;

export const scansAndOverridesSchema: Migration = {
  version: 12,
  name: 'order scan keys and shipment overrides',
  up(db) {
    db.exec(SQL);
    const setKey = db.prepare('UPDATE orders SET scan_key = ? WHERE id = ?');
    for (const row of db.prepare('SELECT id, order_number FROM orders').all() as { id: number; order_number: string }[]) {
      setKey.run(scanKeyOf(row.order_number), row.id);
    }
  },
};
