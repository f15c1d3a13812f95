/** Location records of the sandbox, and the paged list of Get Locations. */
import type { LocationCreate, LocationDetail, LocationListRecord } from '../../service/contract';
import type { SandboxDb } from './db';
import { LIST_COLUMN_NAMES, listRowOf, SORT_COLUMNS } from './locationColumns';

export interface StoredLocation {
  readonly id: string;
  readonly record: LocationCreate & Record<string, unknown>;
  readonly deleted: boolean;
  readonly createdOn: string;
  readonly createdBy: string;
  readonly updatedBy: string;
}

interface Row {
  id: string;
  record: string;
  deleted: number;
  created_on: string;
  created_by: string;
  updated_by: string;
}

const fromRow = (row: Row): StoredLocation => ({
  id: row.id,
  record: JSON.parse(row.record) as StoredLocation['record'],
  deleted: row.deleted === 1,
  createdOn: row.created_on,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
});

const SAVE_LIST_ROW = `INSERT OR REPLACE INTO location_list (${LIST_COLUMN_NAMES.join(', ')}) VALUES (${LIST_COLUMN_NAMES.map((name) => `@${name}`).join(', ')})`;

/** Keeps the location's row of the list in step with its record (same transaction). */
function saveListRow(db: SandboxDb, id: string): void {
  const stored = getLocation(db, id);
  if (stored !== undefined) db.prepare(SAVE_LIST_ROW).run(listRowOf(stored));
}

export function insertLocation(db: SandboxDb, location: { id: string; record: LocationCreate; at: string; by: string }): void {
  db.transaction(() => {
    db.prepare('INSERT INTO locations (id, record, created_on, created_by, updated_on, updated_by) VALUES (?, ?, ?, ?, ?, ?)').run(
      location.id,
      JSON.stringify(location.record),
      location.at,
      location.by,
      location.at,
      location.by,
    );
    saveListRow(db, location.id);
  })();
}

export function getLocation(db: SandboxDb, id: string): StoredLocation | undefined {
  const row = db.prepare('SELECT * FROM locations WHERE id = ?').get(id) as Row | undefined;
  return row === undefined ? undefined : fromRow(row);
}

export function replaceLocation(db: SandboxDb, id: string, record: LocationCreate, at: string, by: string): void {
  db.transaction(() => {
    db.prepare('UPDATE locations SET record = ?, updated_on = ?, updated_by = ? WHERE id = ?').run(JSON.stringify(record), at, by, id);
    saveListRow(db, id);
  })();
}

/** Soft delete: the record stays, flagged, so shipments that came from it still resolve. */
export function markLocationDeleted(db: SandboxDb, id: string, at: string, by: string): void {
  const stored = getLocation(db, id);
  if (stored === undefined) return;
  const record = { ...stored.record, active: false };
  db.transaction(() => {
    db.prepare('UPDATE locations SET deleted = 1, record = ?, updated_on = ?, updated_by = ? WHERE id = ?').run(JSON.stringify(record), at, by, id);
    saveListRow(db, id);
  })();
}

export interface LocationPageQuery {
  /** Lower-case search term; empty for all locations. */
  readonly term: string;
  /** A Sort field of the contract (LOCATION_SORT_FIELDS). */
  readonly sort: string;
  readonly descending: boolean;
  readonly page: number;
  readonly limit: number;
}

/**
 * One page of the list, paged, searched, sorted and counted in SQL over the small rows of
 * `location_list`: only the page's rows are decoded, and no location's record is read.
 * Returns undefined for a Sort field that is not one of the contract's.
 */
export function listLocations(db: SandboxDb, query: LocationPageQuery): { records: LocationListRecord[]; totalCount: number } | undefined {
  const column = SORT_COLUMNS.get(query.sort);
  if (column === undefined) return undefined;
  const direction = query.descending ? 'DESC' : 'ASC';
  const paging = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const decode = (rows: readonly { list_record: string }[]): LocationListRecord[] => rows.map((row) => JSON.parse(row.list_record) as LocationListRecord);
  if (query.term === '') {
    // The index of the sort order hands the page over in order; the count reads an index.
    const rows = db.prepare(`SELECT list_record FROM location_list ORDER BY ${column} ${direction}, id ${direction} LIMIT @limit OFFSET @offset`).all(paging) as { list_record: string }[];
    const { n } = db.prepare('SELECT count(*) AS n FROM location_list').get() as { n: number };
    return { records: decode(rows), totalCount: n };
  }
  // A substring can use no index: one scan finds the matches and counts them, and only the
  // matches are sorted (`+` keeps SQLite from walking the sort index and looking up every row).
  const params = { ...paging, term: query.term };
  const rows = db
    .prepare(
      `SELECT list_record, count(*) OVER () AS n FROM location_list WHERE instr(search_text, @term) > 0
       ORDER BY +${column} ${direction}, +id ${direction} LIMIT @limit OFFSET @offset`,
    )
    .all(params) as { list_record: string; n: number }[];
  // A page past the last match has no row to carry the count.
  const totalCount = rows[0]?.n ?? (db.prepare('SELECT count(*) AS n FROM location_list WHERE instr(search_text, @term) > 0').get({ term: query.term }) as { n: number }).n;
  return { records: decode(rows), totalCount };
}

export function toDetail(location: StoredLocation): LocationDetail {
  const { address } = location.record;
  return {
    success: true,
    id: location.id,
    ...location.record,
    phoneNumber1: location.record.phoneNumber1 as string | undefined ?? address.phoneNumber1,
    phoneNumber2: location.record.phoneNumber2 as string | undefined ?? address.phoneNumber2,
    deleted: location.deleted,
  };
}
