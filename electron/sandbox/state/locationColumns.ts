/**
 * The table Get Locations pages, searches and sorts on: one small row per location, derived
 * from its record, beside the `locations` table. A page is one SQL query over these rows
 * alone; the record, which keeps whatever large unknown fields a caller sent, is never read
 * for a list (SQLite would have to walk a large row's overflow pages to reach any column
 * after it).
 */
import type { LocationCreate, LocationListRecord, LocationSortField } from '../../service/contract';

export const LOCATION_LIST_TABLE = `
CREATE TABLE location_list (
  id TEXT PRIMARY KEY REFERENCES locations (id),
  list_record TEXT NOT NULL,
  search_text TEXT NOT NULL,
  sort_location_name TEXT NOT NULL,
  sort_reference_id TEXT NOT NULL,
  sort_group_id TEXT NOT NULL,
  sort_city TEXT NOT NULL,
  sort_state_province TEXT NOT NULL,
  sort_country TEXT NOT NULL,
  sort_zip_postal_code TEXT NOT NULL,
  created_on TEXT NOT NULL,
  active INTEGER NOT NULL
)`;

/** What a list row is made from: the record and the columns kept beside it. */
export interface ListedLocation {
  readonly id: string;
  readonly record: LocationCreate;
  readonly deleted: boolean;
  readonly createdOn: string;
  readonly createdBy: string;
  readonly updatedBy: string;
}

export interface LocationListRow {
  readonly id: string;
  /** JSON of the whole list record, as Get Locations answers it. */
  readonly list_record: string;
  /** Every searched field and tag in lower case, apart by SEARCH_SEPARATOR. */
  readonly search_text: string;
  readonly sort_location_name: string;
  readonly sort_reference_id: string;
  readonly sort_group_id: string;
  readonly sort_city: string;
  readonly sort_state_province: string;
  readonly sort_country: string;
  readonly sort_zip_postal_code: string;
  readonly created_on: string;
  readonly active: number;
}

export const LIST_COLUMN_NAMES = [
  'id',
  'list_record',
  'search_text',
  'sort_location_name',
  'sort_reference_id',
  'sort_group_id',
  'sort_city',
  'sort_state_province',
  'sort_country',
  'sort_zip_postal_code',
  'created_on',
  'active',
] as const satisfies readonly (keyof LocationListRow)[];

/** The column each Sort field orders by; a Map, so only these names are found. */
export const SORT_COLUMNS: ReadonlyMap<string, string> = new Map<LocationSortField, string>([
  ['locationName', 'sort_location_name'],
  ['referenceId', 'sort_reference_id'],
  ['groupId', 'sort_group_id'],
  ['city', 'sort_city'],
  ['stateProvince', 'sort_state_province'],
  ['country', 'sort_country'],
  ['zipPostalCode', 'sort_zip_postal_code'],
  ['createdOnUtc', 'created_on'],
  ['active', 'active'],
]);

/** One index per sort order, the id breaking ties, so a page of any order reads only its rows. */
export const LOCATION_LIST_INDEXES = [...new Set(SORT_COLUMNS.values())].map((column) => `CREATE INDEX location_list_by_${column} ON location_list (${column}, id)`);

/** A character no one types into a search box, so a term cannot match across two fields. */
export const SEARCH_SEPARATOR = '\u001f';

/**
 * A key whose plain (binary) order is the documented order of a text field: case and accents
 * ignored, and runs of digits compared by value (Dock 9 before Dock 10), as a person reads a
 * list. A digit run becomes its length in three digits and then the digits without leading
 * zeros, so a longer number sorts after a shorter one.
 */
export function sortKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '');
      return `${String(digits.length).padStart(3, '0')}${digits}`;
    });
}

/** The flat record of the paged list (spec 2.1). */
export function listRecordOf(location: ListedLocation): LocationListRecord {
  const { record } = location;
  const { address } = record;
  return {
    id: location.id,
    referenceId: record.referenceId,
    ...(record.groupId === undefined ? {} : { groupId: record.groupId }),
    locationName: record.locationName,
    ...(address.emailAddress === undefined ? {} : { emailAddress: address.emailAddress }),
    address1: address.address1,
    city: address.city,
    stateProvince: address.stateProvince,
    country: address.country,
    zipPostalCode: address.zipPostalCode,
    ...(address.contactName === undefined ? {} : { contactName: address.contactName }),
    ...(address.phoneNumber1 === undefined ? {} : { phoneNumber1: address.phoneNumber1 }),
    defaultDescription: record.settings?.defaultDescription ?? [],
    active: record.active,
    deleted: location.deleted,
    createdBy: location.createdBy,
    createdOnUtc: location.createdOn,
    updatedBy: location.updatedBy,
  };
}

/** Fields the Query of Get Locations searches (docs/service-decisions.md, Locations), besides tags. */
const SEARCHED = ['referenceId', 'locationName', 'groupId', 'city', 'stateProvince', 'zipPostalCode', 'contactName', 'emailAddress'] as const;

export function listRowOf(location: ListedLocation): LocationListRow {
  const list = listRecordOf(location);
  const text = (key: (typeof SEARCHED)[number]): string => (typeof list[key] === 'string' ? list[key] : '');
  const searched = [...SEARCHED.map(text), ...(location.record.tags ?? [])];
  return {
    id: location.id,
    list_record: JSON.stringify(list),
    search_text: searched.map((value) => value.toLowerCase()).join(SEARCH_SEPARATOR),
    sort_location_name: sortKey(text('locationName')),
    sort_reference_id: sortKey(text('referenceId')),
    sort_group_id: sortKey(text('groupId')),
    sort_city: sortKey(text('city')),
    sort_state_province: sortKey(text('stateProvince')),
    sort_country: sortKey(list.country ?? ''),
    sort_zip_postal_code: sortKey(text('zipPostalCode')),
    created_on: location.createdOn,
    active: location.record.active ? 1 : 0,
  };
}
