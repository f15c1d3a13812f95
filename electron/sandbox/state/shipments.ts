/** Shipment records of the sandbox, and the search of Search Shipments. */
import { FILTER_CONDITIONS, SEARCH_COLUMNS, type SearchFilter, type SearchOrder, type ShipmentCreate, type ShipmentCreateResult, type ShipmentDocument } from '../../service/contract';
import type { CarrierCode } from '../carriers/carriers';
import { ServiceFailure } from '../server/failures';
import type { SandboxDb } from './db';

export interface ShipmentEvent {
  readonly at: string;
  readonly action: string;
  readonly by: string;
  readonly reason?: string;
}

export interface StoredShipment {
  readonly id: string;
  readonly status: string;
  readonly createdOn: string;
  readonly carrier: CarrierCode;
  readonly transitDays: number;
  readonly locationName: string;
  readonly input: ShipmentCreate;
  /** The create answer without document contents (those are kept apart, see `documentsOf`). */
  readonly result: ShipmentCreateResult;
  readonly history: readonly ShipmentEvent[];
}

interface Row {
  record: string;
}

/** Everything `searchTerm` looks in, lower case, one value per line. */
function searchText(shipment: StoredShipment): string {
  const { input, result } = shipment;
  const values = [
    shipment.id,
    result.trackingNumber,
    ...(result.packages ?? []).map((p) => p.trackingNumber ?? ''),
    ...Object.values(input.references ?? {}),
    input.shipTo.contactName ?? '',
    input.shipTo.companyName ?? '',
    input.shipTo.city,
    input.shipFrom.city,
  ];
  return values.filter((v) => v !== '').join('\n').toLowerCase();
}

/**
 * Stores a shipment with its documents (kept so that Track with `includeDocuments` can hand
 * a label out again after a create whose answer was lost).
 */
export function insertShipment(db: SandboxDb, shipment: StoredShipment, documents: readonly ShipmentDocument[] = []): void {
  const { input, result } = shipment;
  db.transaction(() => {
    db.prepare(
      `INSERT INTO shipments (id, status, ship_date, created_on, tracking_number, carrier, ship_method, location_name, ship_to_name,
         ship_to_city, ship_to_country, order_number, customer_po, search_text, record)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      shipment.id,
      shipment.status,
      new Date(input.shipDate).toISOString(),
      shipment.createdOn,
      result.trackingNumber,
      shipment.carrier,
      result.shipMethod ?? input.shipmentInfo.shipMethod,
      shipment.locationName,
      input.shipTo.contactName ?? input.shipTo.companyName ?? null,
      input.shipTo.city,
      input.shipTo.country.toUpperCase(),
      input.references?.orderNumber ?? null,
      input.references?.customerPO ?? null,
      searchText(shipment),
      JSON.stringify(shipment),
    );
    const addPackage = db.prepare('INSERT INTO package_tracking (tracking_number, shipment_id) VALUES (?, ?)');
    for (const pkg of result.packages ?? []) if (pkg.trackingNumber !== undefined) addPackage.run(pkg.trackingNumber, shipment.id);
    db.prepare('INSERT INTO documents (shipment_id, documents) VALUES (?, ?)').run(shipment.id, JSON.stringify(documents));
  })();
}

export function documentsOf(db: SandboxDb, shipmentId: string): ShipmentDocument[] {
  const row = db.prepare('SELECT documents FROM documents WHERE shipment_id = ?').get(shipmentId) as { documents: string } | undefined;
  return row === undefined ? [] : (JSON.parse(row.documents) as ShipmentDocument[]);
}

/** True when a tracking number is already taken by any shipment or package. */
export function trackingNumberTaken(db: SandboxDb, trackingNumber: string): boolean {
  return db.prepare('SELECT 1 FROM package_tracking WHERE tracking_number = ? UNION SELECT 1 FROM shipments WHERE tracking_number = ?').get(trackingNumber, trackingNumber) !== undefined;
}

export function getShipment(db: SandboxDb, id: string): StoredShipment | undefined {
  const row = db.prepare('SELECT record FROM shipments WHERE id = ?').get(id) as Row | undefined;
  return row === undefined ? undefined : (JSON.parse(row.record) as StoredShipment);
}

export function findByTrackingNumber(db: SandboxDb, trackingNumber: string): StoredShipment | undefined {
  const row = db
    .prepare('SELECT s.record FROM shipments s WHERE s.tracking_number = ? UNION ALL SELECT s.record FROM package_tracking p JOIN shipments s ON s.id = p.shipment_id WHERE p.tracking_number = ? LIMIT 1')
    .get(trackingNumber, trackingNumber) as Row | undefined;
  return row === undefined ? undefined : (JSON.parse(row.record) as StoredShipment);
}

/** Saves a changed shipment (status, references, history). */
export function saveShipment(db: SandboxDb, shipment: StoredShipment): void {
  db.prepare('UPDATE shipments SET status = ?, order_number = ?, customer_po = ?, search_text = ?, record = ? WHERE id = ?').run(
    shipment.status,
    shipment.input.references?.orderNumber ?? null,
    shipment.input.references?.customerPO ?? null,
    searchText(shipment),
    JSON.stringify(shipment),
    shipment.id,
  );
}

// ---- Search ---------------------------------------------------------------------------

/**
 * Column names of the request mapped to SQL. A Map, not a plain object: a plain object would
 * also answer `__proto__`, `toString` or `constructor` through its prototype, and whatever it
 * answered would be spliced into the SQL text.
 */
const COLUMN_SQL: ReadonlyMap<string, string> = new Map<(typeof SEARCH_COLUMNS)[number], string>([
  ['shipmentDate', 'ship_date'],
  ['statusId', 'status'],
  ['shipmentId', 'id'],
  ['trackingNumber', 'tracking_number'],
  ['carrier', 'carrier'],
  ['shipMethod', 'ship_method'],
  ['locationName', 'location_name'],
  ['shipToName', 'ship_to_name'],
  ['shipToCity', 'ship_to_city'],
  ['shipToCountry', 'ship_to_country'],
  ['orderNumber', 'order_number'],
  ['customerPO', 'customer_po'],
]);

const CONDITION_SQL: ReadonlyMap<number, (column: string) => string> = new Map([
  [FILTER_CONDITIONS.Equals, (c: string) => `lower(${c}) = lower(?)`],
  [FILTER_CONDITIONS.NotEquals, (c: string) => `(${c} IS NULL OR lower(${c}) <> lower(?))`],
  [FILTER_CONDITIONS.Contains, (c: string) => `instr(lower(${c}), lower(?)) > 0`],
  [FILTER_CONDITIONS.StartsWith, (c: string) => `lower(${c}) LIKE lower(?) ESCAPE '\\'`],
  [FILTER_CONDITIONS.EndsWith, (c: string) => `lower(${c}) LIKE lower(?) ESCAPE '\\'`],
  [FILTER_CONDITIONS.GreaterThan, (c: string) => `${c} > ?`],
  [FILTER_CONDITIONS.GreaterThanOrEqual, (c: string) => `${c} >= ?`],
  [FILTER_CONDITIONS.LessThan, (c: string) => `${c} < ?`],
  [FILTER_CONDITIONS.LessThanOrEqual, (c: string) => `${c} <= ?`],
]);

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function columnOf(column: string, field: string): string {
  const sql = COLUMN_SQL.get(column);
  if (sql === undefined) throw new ServiceFailure('InvalidRequest', `${field} must be one of ${SEARCH_COLUMNS.join(', ')}, not "${column}"`);
  return sql;
}

function filterValue(filter: SearchFilter, field: string): string {
  if (filter.column === 'shipmentDate') {
    const at = Date.parse(filter.value);
    if (Number.isNaN(at)) throw new ServiceFailure('InvalidRequest', `${field}.value must be a date-time for shipmentDate, not "${filter.value}"`);
    return new Date(at).toISOString();
  }
  if (filter.condition === FILTER_CONDITIONS.StartsWith) return `${escapeLike(filter.value)}%`;
  if (filter.condition === FILTER_CONDITIONS.EndsWith) return `%${escapeLike(filter.value)}`;
  return filter.value;
}

export interface ShipmentQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly searchTerm?: string;
  readonly filter: readonly SearchFilter[];
  readonly orderBy: readonly SearchOrder[];
}

export function searchShipments(db: SandboxDb, query: ShipmentQuery): { shipments: StoredShipment[]; totalCount: number } {
  const where: string[] = [];
  const params: string[] = [];
  const term = query.searchTerm?.trim().toLowerCase();
  if (term) {
    where.push('instr(search_text, ?) > 0');
    params.push(term);
  }
  query.filter.forEach((filter, i) => {
    const field = `filter[${i}]`;
    const column = columnOf(filter.column, `${field}.column`);
    const condition = CONDITION_SQL.get(filter.condition);
    if (condition === undefined) throw new ServiceFailure('InvalidRequest', `${field}.condition must be a number from 0 to 8 (see FILTER_CONDITIONS), not ${filter.condition}`);
    where.push(condition(column));
    params.push(filterValue(filter, field));
  });
  // Archived shipments are left out unless a filter asks about the status.
  if (!query.filter.some((f) => f.column === 'statusId')) where.push("status <> 'Archived'");

  const order = query.orderBy.map((o, i) => `${columnOf(o.column, `orderdBy[${i}].column`)} ${o.direction.toUpperCase() === 'DESC' ? 'DESC' : 'ASC'}`);
  if (order.length === 0) order.push('ship_date DESC');
  order.push('id');

  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = db.prepare(`SELECT count(*) AS n FROM shipments ${whereSql}`).get(...params) as { n: number };
  const rows = db
    .prepare(`SELECT record FROM shipments ${whereSql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`)
    .all(...params, query.pageSize, (query.page - 1) * query.pageSize) as Row[];
  return { shipments: rows.map((row) => JSON.parse(row.record) as StoredShipment), totalCount: total.n };
}
