/**
 * Ship requests: the key a screen makes once per intent to ship, and the shipment that intent
 * queued. Looked up and written in the same transaction as the shipment itself, so a repeated
 * press (a double click, a scanner's second Enter, a retry after a dropped answer) finds the
 * shipment instead of queuing a second one.
 */
import { statement, type Db } from './statements';

/** The station reference a request key queued, if it was used before. */
export function shipmentOfRequest(db: Db, requestKey: string): string | undefined {
  const row = statement(db, 'SELECT station_ref FROM ship_requests WHERE request_key = ?').get(requestKey) as { station_ref: string } | undefined;
  return row?.station_ref;
}

/** Remembers which shipment a request key queued. Call it in the transaction that queues the shipment. */
export function rememberShipRequest(db: Db, requestKey: string, stationRef: string, now: number): void {
  statement(db, 'INSERT INTO ship_requests (request_key, station_ref, created_at) VALUES (?, ?, ?)').run(requestKey, stationRef, now);
}
