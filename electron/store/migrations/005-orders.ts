/**
 * Schema 5: orders from a shop's export, kept so the desk can find what is still to pack.
 * - `orders`: one row per order number, with its ship-to and items as JSON, the columns the list
 *   filters by, and, once a shipment of this station shipped it, that shipment's station
 *   reference. Statuses and formats are the station API's (ORDER_STATUSES, ORDER_FILE_FORMATS);
 *   a shipped order always names its shipment, and only a shipped one does.
 * - `order_mappings`: column mappings made by hand, kept by name (any case) as JSON.
 * No foreign key to `shipments`: an order outlives the shipment rows the store may trim, and its
 * reference still says which shipment it was.
 */
import type { Migration } from './types';

const SQL = `
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  order_number TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('open', 'shipped', 'cancelled')),
  ship_to TEXT NOT NULL,
  ship_to_country TEXT NOT NULL,
  items TEXT NOT NULL,
  requested_service TEXT,
  currency TEXT,
  estimated_weight_grams REAL CHECK (estimated_weight_grams >= 0),
  format TEXT NOT NULL CHECK (format IN ('shopify', 'generic', 'custom')),
  -- What the list's words are looked for in: lower case, without accents.
  search_text TEXT NOT NULL,
  imported_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  station_ref TEXT,
  shipped_at INTEGER,
  CHECK ((status = 'shipped') = (station_ref IS NOT NULL)),
  CHECK ((station_ref IS NULL) = (shipped_at IS NULL))
) STRICT;
CREATE INDEX orders_newest ON orders (imported_at, id);
CREATE INDEX orders_by_status ON orders (status, imported_at, id);
-- A shipment ships one order number: the order it shipped is found from its station reference.
CREATE UNIQUE INDEX orders_by_shipment ON orders (station_ref) WHERE station_ref IS NOT NULL;

CREATE TABLE order_mappings (
  name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
  mapping TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
`;

export const ordersSchema: Migration = {
  version: 5,
  name: 'orders and saved column mappings',
  up(db) {
    db.exec(SQL);
  },
};
