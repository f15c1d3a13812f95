/**
 * Cached locations, as the service sent them: the list record (Get Locations) and the
 * detail (Get Location) are kept whole as JSON, unknown fields included, beside the few
 * columns the station lists and sorts by.
 */
import * as z from 'zod';
import { LOCATION_SORT_FIELDS, LocationDetail, LocationListRecord, type LocationSortField } from '../service/contract';
import { StoreInputError, StoreNotFoundError } from './errors';
import { flagColumn, nullableJsonColumn, parseInput, parseRow } from './rows';
import { atomically, statement, type Db } from './statements';

export interface CachedLocation {
  readonly id: string;
  readonly referenceId: string | null;
  readonly locationName: string | null;
  readonly active: boolean;
  readonly deleted: boolean;
  readonly listRecord: LocationListRecord | null;
  readonly detail: LocationDetail | null;
  readonly updatedAt: number;
}

const LocationRow = z.object({
  id: z.string().min(1),
  reference_id: z.string().nullable(),
  location_name: z.string().nullable(),
  active: flagColumn,
  deleted: flagColumn,
  list_record: nullableJsonColumn(LocationListRecord),
  detail: nullableJsonColumn(LocationDetail),
  updated_at: z.number().int(),
});

function toLocation(row: unknown): CachedLocation {
  const parsed = parseRow(LocationRow, row, `locations row ${typeof row === 'object' && row !== null && 'id' in row ? String(row.id) : '?'}`);
  return {
    id: parsed.id,
    referenceId: parsed.reference_id,
    locationName: parsed.location_name,
    active: parsed.active,
    deleted: parsed.deleted,
    listRecord: parsed.list_record,
    detail: parsed.detail,
    updatedAt: parsed.updated_at,
  };
}

// Columns the record does not carry keep their cached value (coalesce), so a list record
// without `active` does not undo what a detail said.
const UPSERT_LIST = `
INSERT INTO locations (id, reference_id, location_name, active, deleted, list_record, updated_at)
VALUES (@id, @referenceId, @locationName, coalesce(@active, 1), coalesce(@deleted, 0), @record, @now)
ON CONFLICT (id) DO UPDATE SET
  reference_id = coalesce(excluded.reference_id, reference_id),
  location_name = coalesce(excluded.location_name, location_name),
  active = coalesce(@active, active),
  deleted = coalesce(@deleted, deleted),
  list_record = excluded.list_record,
  updated_at = excluded.updated_at`;

const UPSERT_DETAIL = `
INSERT INTO locations (id, reference_id, location_name, active, deleted, detail, updated_at)
VALUES (@id, @referenceId, @locationName, @active, 0, @record, @now)
ON CONFLICT (id) DO UPDATE SET
  reference_id = excluded.reference_id,
  location_name = excluded.location_name,
  active = excluded.active,
  detail = excluded.detail,
  updated_at = excluded.updated_at`;

const flag = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);

/** Stores a page of Get Locations in one transaction; returns how many were written. */
export function upsertLocationListRecords(db: Db, records: readonly unknown[], now: number): number {
  const parsed = records.map((record, i) => parseInput(LocationListRecord, record, `locations[${i}]`));
  atomically(db, () => {
    for (const record of parsed) {
      statement(db, UPSERT_LIST).run({
        id: record.id,
        referenceId: record.referenceId ?? null,
        locationName: record.locationName ?? null,
        active: flag(record.active),
        deleted: flag(record.deleted),
        record: JSON.stringify(record),
        now,
      });
    }
  });
  return parsed.length;
}

/** Stores the answer of Get Location. */
export function upsertLocationDetail(db: Db, detail: unknown, now: number): CachedLocation {
  const record = parseInput(LocationDetail, detail, 'location');
  statement(db, UPSERT_DETAIL).run({
    id: record.id,
    referenceId: record.referenceId,
    locationName: record.locationName,
    active: record.active ? 1 : 0,
    record: JSON.stringify(record),
    now,
  });
  const stored = getLocation(db, record.id);
  if (stored === undefined) throw new StoreNotFoundError(`location ${record.id} vanished while being written`);
  return stored;
}

export function getLocation(db: Db, id: string): CachedLocation | undefined {
  const row = statement(db, 'SELECT * FROM locations WHERE id = ?').get(id);
  return row === undefined ? undefined : toLocation(row);
}

/** Locations to choose from: active and not deleted, by name (pass the flags to see the others). */
export function listLocations(db: Db, options: { includeInactive?: boolean; includeDeleted?: boolean } = {}): CachedLocation[] {
  const conditions = [options.includeInactive === true ? null : 'active = 1', options.includeDeleted === true ? null : 'deleted = 0'].filter((c) => c !== null);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return statement(db, `SELECT * FROM locations ${where} ORDER BY location_name COLLATE NOCASE, id`).all().map(toLocation);
}

export interface LocationPageQuery {
  /** Words that must each appear in the name, reference, city, state or postal code (any case). */
  readonly query?: string | undefined;
  readonly page: number;
  readonly pageSize: number;
  readonly sort?: LocationSortField | undefined;
  readonly order?: 'asc' | 'desc' | undefined;
}

/** The text a cached location is found by: the fields a packer would type, lower case. */
const SEARCH_TEXT = ['locationName', 'referenceId', 'city', 'stateProvince', 'zipPostalCode']
  .map((field) => `coalesce(json_extract(list_record, '$.${field}'), '')`)
  .join(" || ' ' || ");

/**
 * One page of the cached list, filtered, sorted and counted in SQL the way the service would
 * page it: what a packer sees offline. Active, not deleted locations only.
 */
export function pageOfLocations(db: Db, query: LocationPageQuery): { records: LocationListRecord[]; totalCount: number } {
  const sort = query.sort ?? 'locationName';
  // The sort column is put into the SQL text: only a field of the allowlist may get there.
  if (!LOCATION_SORT_FIELDS.includes(sort)) throw new StoreInputError('location sort', [`sort must be one of ${LOCATION_SORT_FIELDS.join(', ')}`]);
  const words = (query.query ?? '').toLowerCase().split(/\s+/).filter((word) => word !== '');
  const where = ['active = 1', 'deleted = 0', 'list_record IS NOT NULL', ...words.map(() => `instr(lower(${SEARCH_TEXT}), ?) > 0`)].join(' AND ');
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const rows = statement(db, `SELECT list_record FROM locations WHERE ${where} ORDER BY json_extract(list_record, '$.${sort}') COLLATE NOCASE ${direction}, id LIMIT ? OFFSET ?`).all(
    ...words,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ) as { list_record: string }[];
  const counted = statement(db, `SELECT count(*) AS n FROM locations WHERE ${where}`).get(...words) as { n: number };
  const PageRow = z.object({ list_record: nullableJsonColumn(LocationListRecord) });
  const records = rows.flatMap((row) => parseRow(PageRow, row, 'locations row').list_record ?? []);
  return { records, totalCount: counted.n };
}

/** The location was deleted (here or on the service): kept for history, hidden from lists. */
export function markLocationDeleted(db: Db, id: string, now: number): void {
  const changed = statement(db, 'UPDATE locations SET deleted = 1, updated_at = ? WHERE id = ?').run(now, id);
  if (changed.changes === 0) throw new StoreNotFoundError(`no cached location with id ${id}`);
}

/** The id of the one cached location with this name; undefined when none or several have it. */
export function locationIdNamed(db: Db, locationName: string): string | undefined {
  const rows = statement(db, 'SELECT id FROM locations WHERE location_name = ? LIMIT 2').all(locationName) as { id: string }[];
  return rows.length === 1 ? rows[0]?.id : undefined;
}
