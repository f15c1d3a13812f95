/**
 * Schema 2: what the packing desk's screens need.
 * - `ship_requests`: the key a screen makes once per intent to ship, with the shipment it
 *   queued, so a repeated press (a double click, a scanner's second Enter) answers the same
 *   shipment instead of buying a second label. A key is forgotten with its shipment.
 * - `print_jobs.resolved_at`: when a person acted on a failed print (retried or dismissed it);
 *   a failed label with no such time is shown on every screen.
 * - An index to look a shipment up by the order number a packer scans.
 */
import type { Migration } from './types';

const SQL = `
CREATE TABLE ship_requests (
  request_key TEXT PRIMARY KEY,
  station_ref TEXT NOT NULL REFERENCES shipments (station_ref) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX ship_requests_by_shipment ON ship_requests (station_ref);

ALTER TABLE print_jobs ADD COLUMN resolved_at INTEGER;
CREATE INDEX print_jobs_unresolved_failures ON print_jobs (id) WHERE state = 'failed' AND resolved_at IS NULL;

CREATE INDEX shipments_by_order ON shipments (order_number, seq) WHERE order_number IS NOT NULL;
`;

export const deskSchema: Migration = {
  version: 2,
  name: 'ship requests, resolved print failures, order lookup',
  up(db) {
    db.exec(SQL);
  },
};
