/**
 * Tracking as the store reads it: a shipment's tracking status, worked out in SQL from the
 * latest event of its stored tracking record (so the day at a glance can count and list by
 * it without reading rows into JavaScript), and the recording of a Track Shipment answer that
 * says which shipments' tracking actually changed.
 */
import * as z from 'zod';
import type { TrackingRecord } from '../service/contract';
import { TRACKING_STATUSES, type TrackingStatus } from '../api/tracking';
import { flagColumn, parseRow } from './rows';
import { recordTracking } from './shipments';
import { atomically, statement, type Db } from './statements';

/**
 * How carriers word a return to the sender and a failed delivery. The sandbox's own codes
 * (docs/sandbox/tracking.md) flag their problems with `exception: true`; real carriers also
 * send these codes (FedEx `DE` delivery exception, `RS` return to shipper) and phrasings.
 */
const RETURNED_CODES = ['RETURNED', 'RETURN_TO_SENDER', 'RETURNED_TO_SENDER', 'RETURN_TO_SHIPPER', 'RETURNED_TO_SHIPPER', 'RS'];
const RETURNED_WORDS = ['return to sender', 'returned to sender', 'returning to sender', 'return to shipper', 'returned to shipper', 'returning to shipper'];
const FAILED_CODES = ['DELIVERY_FAILED', 'FAILED_DELIVERY', 'DELIVERY_ATTEMPTED', 'ATTEMPTED_DELIVERY', 'UNDELIVERABLE', 'DE'];
const FAILED_WORDS = ['delivery attempt', 'attempted delivery', 'delivery failed', 'failed delivery', 'undeliverable', 'not delivered'];

/** These lists are SQL literals: only letters, digits, spaces and `_`, never a quote. */
const sqlList = (words: readonly string[]): string => words.map((word) => `'${word.replace(/[^A-Za-z0-9 _]/g, '')}'`).join(', ');
const anyLike = (column: string, words: readonly string[]): string => words.map((word) => `${column} LIKE '%${word.replace(/[^A-Za-z0-9 _]/g, '')}%'`).join(' OR ');

/**
 * The latest event of a stored tracking record (JSON text), or NULL when it has none: the
 * latest `eventOn` (offsets honoured), the later in the list among equal times.
 */
export function latestEventSql(trackingRecord: string): string {
  return `(SELECT e.value FROM json_each(${trackingRecord}, '$.events') AS e ORDER BY julianday(e.value ->> '$.eventOn') DESC, e.key DESC LIMIT 1)`;
}

/**
 * The tracking status (TRACKING_STATUSES) of a shipment, from its `delivered` flag and its
 * latest event (JSON text, NULL for none). A delivery is final, as the sandbox has it; no event
 * means only the label exists.
 */
export function trackingStatusSql(delivered: string, latestEvent: string): string {
  const code = `upper(coalesce(${latestEvent} ->> '$.code', ''))`;
  const words = `lower(coalesce(${latestEvent} ->> '$.description', ''))`;
  return `CASE
    WHEN ${delivered} = 1 THEN 'Delivered'
    WHEN ${latestEvent} IS NULL THEN 'LabelCreated'
    WHEN ${code} IN (${sqlList(RETURNED_CODES)}) OR ${anyLike(words, RETURNED_WORDS)} THEN 'Returned'
    WHEN ${code} IN (${sqlList(FAILED_CODES)}) OR ${anyLike(words, FAILED_WORDS)} THEN 'DeliveryFailed'
    WHEN (${latestEvent} ->> '$.exception') = 1 THEN 'Exception'
    WHEN ${code} = 'VOIDED' THEN 'Voided'
    WHEN ${code} = 'LABEL_CREATED' THEN 'LabelCreated'
    WHEN ${code} = 'PICKED_UP' THEN 'PickedUp'
    WHEN ${code} = 'OUT_FOR_DELIVERY' THEN 'OutForDelivery'
    ELSE 'InTransit' END`;
}

/** A shipment whose stored tracking changed: what the `trackingChanged` event carries. */
export interface TrackingChange {
  readonly stationRef: string;
  readonly status: TrackingStatus;
  readonly delivered: boolean;
  /** Tracking events now known. */
  readonly events: number;
}

const StateRow = z.object({
  station_ref: z.string(),
  status: z.enum(TRACKING_STATUSES),
  delivered: flagColumn,
  event_count: z.number().int(),
  events: z.string().nullable(),
});
type StateRow = z.output<typeof StateRow>;

/** Materialized, so the latest event is found once per row, not once for each place the status reads it. */
const STATE_SQL = `WITH s AS MATERIALIZED (
    SELECT station_ref, delivered, tracking_record, ${latestEventSql('tracking_record')} AS latest FROM shipments WHERE service_id = ?
  )
  SELECT station_ref, delivered, ${trackingStatusSql('delivered', 'latest')} AS status,
    coalesce(json_array_length(tracking_record, '$.events'), 0) AS event_count,
    json_extract(tracking_record, '$.events') AS events
  FROM s`;

function trackingState(db: Db, serviceId: string): StateRow | undefined {
  const row = statement(db, STATE_SQL).get(serviceId);
  return row === undefined ? undefined : parseRow(StateRow, row, `tracking of shipment ${serviceId}`);
}

/** The tracking status the store reads for a shipment, by service id (undefined when it is not cached). */
export function trackingStatusOf(db: Db, serviceId: string): TrackingStatus | undefined {
  return trackingState(db, serviceId)?.status;
}

/**
 * A Track Shipment answer: each record is matched to its shipment by the id it names, or else
 * by its place in the request (`askedIds`), and kept unless it reports a failure. One
 * transaction. `kept` counts the shipments whose tracking was kept; `changes` lists those
 * where that changed what was stored (an event or the status), once each.
 */
export function recordTrackingAnswer(db: Db, askedIds: readonly string[], records: readonly TrackingRecord[], now: number): { kept: number; changes: TrackingChange[] } {
  return atomically(db, () => {
    let kept = 0;
    const changed = new Map<string, TrackingChange>();
    records.forEach((record, i) => {
      const serviceId = record.shipment_Id ?? askedIds[i];
      if (record.success === false || serviceId === undefined) return;
      const before = trackingState(db, serviceId);
      if (before === undefined || !recordTracking(db, serviceId, record, now)) return;
      kept += 1;
      const after = trackingState(db, serviceId);
      if (after === undefined) return;
      if (after.events !== before.events || after.status !== before.status || after.delivered !== before.delivered) {
        changed.set(after.station_ref, { stationRef: after.station_ref, status: after.status, delivered: after.delivered, events: after.event_count });
      }
    });
    return { kept, changes: [...changed.values()] };
  });
}
