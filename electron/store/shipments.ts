/**
 * The station's record of each shipment, keyed by its station reference, and the search
 * index kept in step with it: every write here updates both in one transaction.
 */
import * as z from 'zod';
import { SearchRecord, ShipmentCreate, TrackingRecord } from '../service/contract';
import { StoreInputError, StoreNotFoundError, StoreTransitionError } from './errors';
import { parseInput, toJson } from './rows';
import { StoreRowError } from './errors';
import { pack, unpack } from './pack';
import { indexNew, reindex, unindex, clearIndex, sequentialIndexer } from './searchIndex';
import { compactIdentifier, searchEntry } from './searchText';
import { locationIdNamed } from './locations';
import { columnsFromInput, columnsFromResult, columnsFromSearchRecord, searchFieldsOf, showsDelivered, stationRefOf, withColumns, type DisplayColumns } from './shipmentFields';
import { STATION_STATUSES, StoredCreateResult, type CachedShipment, type ShipmentSummary } from '../api/shipments';
import { FINAL_STATUSES, parseShipmentRow, parseSummaryRow, SEQ_PER_MS, SUMMARY_SELECT, type PackedColumns, type ShipmentRow } from './shipmentRecords';
import { atomically, statement, type Db } from './statements';
import { StationRef } from './stationRef';
import { messageOf } from '../base/errors';

/** Station references of shipments the station knows only from the service: `svc-<service id>`. */
export const SERVICE_REF_PREFIX = 'svc-';

export { SEQ_PER_MS };

function allocateSeq(db: Db, createdAt: number): number {
  const base = Math.max(0, Math.floor(createdAt)) * SEQ_PER_MS;
  const top = statement(db, 'SELECT max(seq) AS seq FROM shipments WHERE seq >= ? AND seq < ?').get(base, base + SEQ_PER_MS) as { seq: number | null };
  if (top.seq === null) return base;
  if (top.seq + 1 < base + SEQ_PER_MS) return top.seq + 1;
  // Over 1024 in one millisecond (a bulk import) spills into the next slots; still unique.
  let candidate = top.seq + 1;
  while (statement(db, 'SELECT 1 FROM shipments WHERE seq = ?').get(candidate) !== undefined) candidate++;
  return candidate;
}

/** A packed column's value: what is stored already when the JSON did not change, else packed afresh. */
function packedValue(db: Db, value: unknown, before: { stored: unknown; json: string | null } | undefined, now: number): unknown {
  const json = toJson(value);
  return before !== undefined && before.json === json ? before.stored : pack(db, json, now);
}

function columnValues(db: Db, shipment: CachedShipment, before?: ShipmentRow): unknown[] {
  return [
    shipment.stationRef,
    shipment.serviceId,
    shipment.status,
    packedValue(db, shipment.input, before?.packed.input, shipment.updatedAt),
    packedValue(db, shipment.result, before?.packed.result, shipment.updatedAt),
    packedValue(db, shipment.searchRecord, before?.packed.searchRecord, shipment.updatedAt),
    toJson(shipment.trackingRecord),
    shipment.trackingNumber,
    shipment.carrier,
    shipment.shipToName,
    shipment.shipToCompany,
    shipment.shipToCity,
    shipment.orderNumber,
    shipment.customerPo,
    shipment.carrierServiceLevel,
    shipment.cost,
    shipment.currency,
    shipment.locationId,
    shipment.packages,
    shipment.shipDate,
    shipment.createdAt,
    shipment.updatedAt,
    shipment.delivered ? 1 : 0,
  ];
}

const COLUMNS =
  'station_ref, service_id, status, input, result, search_record, tracking_record, tracking_number, carrier, ship_to_name, ship_to_company, ship_to_city, order_number, customer_po, carrier_service_level, cost, currency, location_id, packages, ship_date, created_at, updated_at, delivered';

const UPDATE_ASSIGNMENTS = COLUMNS.split(', ')
  .slice(1)
  .map((column) => `${column} = ?`)
  .join(', ');

/**
 * Writes the row and its search entry; the caller holds the transaction. On an update,
 * `before` is the row as it was: the index changes only where what the shipment is found by
 * changed (searchIndex.reindex), and packed records that did not change are written back as
 * they were. Returns the seq.
 */
function save(db: Db, shipment: CachedShipment, before?: ShipmentRow): number {
  const entry = searchEntry(searchFieldsOf(shipment));
  if (before === undefined) {
    const seq = allocateSeq(db, shipment.createdAt);
    statement(db, `INSERT INTO shipments (seq, ${COLUMNS}) VALUES (?, ${COLUMNS.split(',').map(() => '?').join(', ')})`).run(seq, ...columnValues(db, shipment));
    indexNew(db, seq, entry);
    return seq;
  }
  // station_ref is left out: it never changes, and setting it (even to itself) makes SQLite
  // look for the documents and print jobs that refer to it on every update.
  const [, ...values] = columnValues(db, shipment, before);
  statement(db, `UPDATE shipments SET ${UPDATE_ASSIGNMENTS} WHERE seq = ?`).run(...values, before.seq);
  reindex(db, before.seq, searchEntry(searchFieldsOf(before.shipment)), entry);
  return before.seq;
}

function remove(db: Db, found: ShipmentRow): void {
  unindex(db, found.seq, searchEntry(searchFieldsOf(found.shipment)));
  statement(db, 'DELETE FROM shipments WHERE seq = ?').run(found.seq);
}

/** A packed column as stored and as JSON text; a value that cannot be unpacked is a damaged row. */
function unpacked(db: Db, row: Record<string, unknown>, column: string): { stored: unknown; json: string | null } {
  const stored = row[column] ?? null;
  if (stored === null) return { stored, json: null };
  try {
    return { stored, json: unpack(db, stored) };
  } catch (error) {
    throw new StoreRowError(`shipments row ${String(row.station_ref)}`, [`${column}: cannot be unpacked (${messageOf(error)})`]);
  }
}

/** A whole shipments row, its packed records unpacked. */
export function readShipmentRow(db: Db, row: unknown): ShipmentRow {
  const record = row as Record<string, unknown>;
  const packed: PackedColumns = { input: unpacked(db, record, 'input'), result: unpacked(db, record, 'result'), searchRecord: unpacked(db, record, 'search_record') };
  return parseShipmentRow(record, packed);
}

function rowByStationRef(db: Db, stationRef: string): ShipmentRow | undefined {
  const row = statement(db, 'SELECT * FROM shipments WHERE station_ref = ?').get(stationRef);
  return row === undefined ? undefined : readShipmentRow(db, row);
}

function rowByServiceId(db: Db, serviceId: string): ShipmentRow | undefined {
  const row = statement(db, 'SELECT * FROM shipments WHERE service_id = ?').get(serviceId);
  return row === undefined ? undefined : readShipmentRow(db, row);
}

function mustFind(db: Db, stationRef: string): ShipmentRow {
  const found = rowByStationRef(db, stationRef);
  if (found === undefined) throw new StoreNotFoundError(`no shipment with station reference ${stationRef}`);
  return found;
}

const EMPTY: Omit<CachedShipment, 'stationRef' | 'status' | 'createdAt' | 'updatedAt'> = {
  serviceId: null,
  input: null,
  result: null,
  searchRecord: null,
  trackingRecord: null,
  trackingNumber: null,
  carrier: null,
  shipToName: null,
  shipToCompany: null,
  shipToCity: null,
  orderNumber: null,
  customerPo: null,
  carrierServiceLevel: null,
  cost: null,
  currency: null,
  locationId: null,
  packages: 1,
  shipDate: null,
  delivered: false,
};

/**
 * A shipment the station is about to send: status `queued`, no service id yet. Use
 * `queueShipment` (outbox) to write it together with its outbox item.
 */
export function insertQueuedShipment(db: Db, args: { stationRef: string; input: ShipmentCreate; now: number }): CachedShipment {
  const stationRef = parseInput(StationRef, args.stationRef, 'stationRef');
  const input = parseInput(ShipmentCreate, args.input, 'shipment input');
  if (rowByStationRef(db, stationRef) !== undefined) throw new StoreInputError('stationRef', [`a shipment with station reference ${stationRef} already exists`]);
  const shipment = withColumns({ ...EMPTY, stationRef, status: STATION_STATUSES.queued, input, createdAt: args.now, updatedAt: args.now }, columnsFromInput(input));
  atomically(db, () => save(db, shipment));
  return shipment;
}

/** The create result without document contents: labels are kept in `documents`, once. */
function withoutDocumentContents(result: unknown): StoredCreateResult {
  const parsed = parseInput(StoredCreateResult, result, 'create result');
  const documents = parsed.documents?.map((doc) => Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'documentContent')) as typeof doc);
  return documents === undefined ? parsed : { ...parsed, documents };
}

/**
 * The service created the shipment: fills its service id, tracking number and status. A
 * stand-in row the station made from a search record (`svc-<id>`) before it learnt the
 * shipment was its own is merged into this one. Calling it again with the same result
 * changes nothing but `updated_at`.
 */
export function recordCreated(db: Db, stationRef: string, result: unknown, now: number): CachedShipment {
  const stored = withoutDocumentContents(result);
  return atomically(db, () => {
    const found = mustFind(db, stationRef);
    const { shipment } = found;
    if (shipment.serviceId !== null && shipment.serviceId !== stored.id) {
      throw new StoreInputError('create result', [`shipment ${stationRef} already has service id ${shipment.serviceId}, not ${stored.id}`]);
    }
    const other = rowByServiceId(db, stored.id);
    if (other !== undefined && other.shipment.stationRef !== stationRef) {
      if (!other.shipment.stationRef.startsWith(SERVICE_REF_PREFIX)) {
        throw new StoreInputError('create result', [`service id ${stored.id} already belongs to shipment ${other.shipment.stationRef}`]);
      }
      remove(db, other);
    }
    const updated = withColumns(
      { ...shipment, serviceId: stored.id, result: stored, status: stored.status ?? 'Created', searchRecord: shipment.searchRecord ?? other?.shipment.searchRecord ?? null, updatedAt: now },
      columnsFromResult(stored),
    );
    save(db, updated, found);
    return updated;
  });
}

function createdAtOf(record: SearchRecord, now: number): number {
  const at = record.shipmentDate === undefined ? Number.NaN : Date.parse(record.shipmentDate);
  return Number.isFinite(at) && at >= 0 ? at : now;
}

/**
 * A search record's columns. Search records name the ship-from location only by its name: when
 * the record carries no id, the location is the one cached location of that name (none when
 * two share it).
 */
function columnsOfRecord(db: Db, record: SearchRecord): DisplayColumns {
  const columns = columnsFromSearchRecord(record);
  if (columns.locationId !== undefined || record.locationName === undefined) return columns;
  return { ...columns, locationId: locationIdNamed(db, record.locationName) };
}

/**
 * A shipment as Search Shipments returned it. Found by service id; else, when the record
 * carries `references.stationRef` of a shipment here still waiting for its service id (a
 * create whose answer was lost), it is attached to that one; else it is added under the
 * record's own station reference (made by another desk) or `svc-<id>`.
 */
export function upsertFromSearch(db: Db, record: unknown, now: number): CachedShipment {
  const parsed = parseInput(SearchRecord, record, 'search record');
  return atomically(db, () => {
    const ref = stationRefOf(parsed);
    let found = rowByServiceId(db, parsed.id);
    const byRef = found === undefined && ref !== undefined ? rowByStationRef(db, ref) : undefined;
    if (byRef !== undefined && byRef.shipment.serviceId === null) found = byRef;
    const status = parsed.statusId ?? found?.shipment.status ?? 'Created';
    if (found !== undefined) {
      const updated = withColumns({ ...found.shipment, serviceId: parsed.id, searchRecord: parsed, status, updatedAt: now }, columnsOfRecord(db, parsed));
      save(db, updated, found);
      return updated;
    }
    const usable = ref !== undefined && byRef === undefined && StationRef.safeParse(ref).success;
    const stationRef = usable ? ref : `${SERVICE_REF_PREFIX}${parsed.id}`;
    const created = withColumns(
      { ...EMPTY, stationRef, serviceId: parsed.id, status, searchRecord: parsed, createdAt: createdAtOf(parsed, now), updatedAt: now },
      columnsOfRecord(db, parsed),
    );
    save(db, created);
    return created;
  });
}

/** Latest tracking of a shipment by service id; returns false when no such shipment is cached. */
export function recordTracking(db: Db, serviceId: string, trackingRecord: unknown, now: number): boolean {
  const record = parseInput(TrackingRecord, trackingRecord, 'tracking record');
  return atomically(db, () => {
    const found = rowByServiceId(db, serviceId);
    if (found === undefined) return false;
    const { shipment } = found;
    const updated = {
      ...shipment,
      trackingRecord: record,
      trackingNumber: shipment.trackingNumber ?? record.trackingNumber ?? null,
      delivered: shipment.delivered || showsDelivered(record),
      updatedAt: now,
    };
    save(db, updated, found);
    return true;
  });
}

export function getByStationRef(db: Db, stationRef: string): CachedShipment | undefined {
  return rowByStationRef(db, stationRef)?.shipment;
}

export function getBySeq(db: Db, seq: number): CachedShipment | undefined {
  const row = statement(db, 'SELECT * FROM shipments WHERE seq = ?').get(seq);
  return row === undefined ? undefined : readShipmentRow(db, row).shipment;
}

export function getByServiceId(db: Db, serviceId: string): CachedShipment | undefined {
  return rowByServiceId(db, serviceId)?.shipment;
}

const Limit = z.number().int().min(1).max(10_000);

/**
 * Shipments the service has and that may still move: not delivered, not cancelled,
 * archived or discarded. Least recently updated first, so refreshing them in turns
 * reaches every one.
 */
export function listUndelivered(db: Db, limit: number): ShipmentSummary[] {
  const count = parseInput(Limit, limit, 'limit');
  const finals = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');
  const rows = statement(
    db,
    `SELECT ${SUMMARY_SELECT} FROM shipments WHERE delivered = 0 AND service_id IS NOT NULL AND status NOT IN (${finals}) ORDER BY updated_at, seq LIMIT ?`,
  ).all(count);
  return rows.map(parseSummaryRow);
}

/**
 * The station's shipments with exactly this order number, newest first (at most 50). The order
 * number is a key of the search index: its epochs are looked through once, then the rows with
 * exactly this order number kept.
 */
export function findByOrderNumber(db: Db, orderNumber: string): ShipmentSummary[] {
  const key = compactIdentifier(orderNumber);
  if (key === '') return [];
  const seqs = statement(db, 'SELECT seq FROM shipment_keys WHERE epoch IN (SELECT epoch FROM search_epochs) AND key = ?').pluck().all(key) as number[];
  if (seqs.length === 0) return [];
  const sql = `SELECT ${SUMMARY_SELECT} FROM shipments WHERE seq IN (SELECT value FROM json_each(?)) AND order_number = ? ORDER BY seq DESC LIMIT 50`;
  return statement(db, sql).all(JSON.stringify(seqs), orderNumber).map(parseSummaryRow);
}

const Status = z.string().trim().min(1, 'must not be empty').max(64);

export function setStatus(db: Db, stationRef: string, status: string, now: number): void {
  const value = parseInput(Status, status, 'status');
  const changed = statement(db, 'UPDATE shipments SET status = ?, updated_at = ? WHERE station_ref = ?').run(value, now, stationRef);
  if (changed.changes === 0) throw new StoreNotFoundError(`no shipment with station reference ${stationRef}`);
}

/**
 * A person edited a shipment that the service has not created yet (a refused create being
 * resubmitted): the new input replaces the old one and the shipment is queued again.
 */
export function replaceQueuedInput(db: Db, stationRef: string, input: ShipmentCreate, now: number): CachedShipment {
  const parsed = parseInput(ShipmentCreate, input, 'shipment input');
  return atomically(db, () => {
    const found = mustFind(db, stationRef);
    const { shipment } = found;
    if (shipment.serviceId !== null) throw new StoreTransitionError(`shipment ${stationRef} was already created on the service (id ${shipment.serviceId}): its input cannot change`);
    const updated = withColumns({ ...shipment, input: parsed, status: STATION_STATUSES.queued, updatedAt: now }, columnsFromInput(parsed));
    save(db, updated, found);
    return updated;
  });
}

/** Sets a station-side status on a shipment the service does not have yet; one it has keeps the service's. */
export function setPreCreationStatus(db: Db, stationRef: string, status: string, now: number): void {
  statement(db, 'UPDATE shipments SET status = ?, updated_at = ? WHERE station_ref = ? AND service_id IS NULL').run(status, now, stationRef);
}

/** Writes the search index again from the shipments table (after a change to what is indexed, or for support). */
export function rebuildSearchIndex(db: Db): number {
  return atomically(db, () => {
    clearIndex(db);
    const index = sequentialIndexer(db);
    let count = 0;
    // In pages: better-sqlite3 cannot write on a connection while it iterates a query.
    for (let after = -1; ; ) {
      const rows = statement(db, 'SELECT * FROM shipments WHERE seq > ? ORDER BY seq LIMIT 1000').all(after);
      if (rows.length === 0) return count;
      for (const row of rows) {
        const { seq, shipment } = readShipmentRow(db, row);
        index(seq, searchEntry(searchFieldsOf(shipment)));
        after = seq;
        count++;
      }
    }
  });
}
