/** Location operations: paged list, read, create, update (merge), soft delete. */
import { LOCATION_SORT_FIELDS, LocationCreate, parseWith, type LocationListRecord } from '../../service/contract';
import type { Handler } from '../server/context';
import { ServiceFailure, issuesToItems } from '../server/failures';
import { allLocations, getLocation, insertLocation, markLocationDeleted, replaceLocation, toDetail, toListRecord, type StoredLocation } from '../state/locations';
import type { SandboxDb } from '../state/db';

function findLive(db: SandboxDb, id: string, action: string): StoredLocation {
  const location = getLocation(db, id);
  if (location === undefined) throw new ServiceFailure('LocationNotFound', `location ${id} does not exist`);
  if (location.deleted && action !== 'read') throw new ServiceFailure('LocationNotFound', `location ${id} was deleted and cannot be ${action}`);
  return location;
}

const SEARCHED: readonly (keyof LocationListRecord)[] = ['referenceId', 'locationName', 'groupId', 'city', 'stateProvince', 'zipPostalCode', 'contactName', 'emailAddress'];

/** A list field as text for matching and sorting (they are strings, booleans or absent). */
const textOf = (value: unknown): string => (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' ? String(value) : '');

function matches(record: LocationListRecord, tags: readonly string[], term: string): boolean {
  const needle = term.toLowerCase();
  return SEARCHED.some((key) => textOf(record[key]).toLowerCase().includes(needle)) || tags.some((tag) => tag.toLowerCase().includes(needle));
}

export const getLocations: Handler<'getLocations'> = ({ query }, { db }) => {
  const sort = query.Sort ?? 'locationName';
  if (!(LOCATION_SORT_FIELDS as readonly string[]).includes(sort)) {
    throw new ServiceFailure('InvalidRequest', `Sort must be one of ${LOCATION_SORT_FIELDS.join(', ')}, not "${sort}"`);
  }
  const descending = query.Order?.toUpperCase() === 'DESC';
  const term = query.Query?.trim() ?? '';
  const rows = allLocations(db)
    .map((location) => ({ record: toListRecord(location), tags: location.record.tags ?? [] }))
    .filter(({ record, tags }) => term === '' || matches(record, tags, term))
    .map(({ record }) => record);
  const key = sort;
  rows.sort((a, b) => {
    const order = textOf(a[key]).localeCompare(textOf(b[key]), 'en', { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id);
    return descending ? -order : order;
  });
  const { Page: page, Limit: limit } = query;
  const totalPages = Math.ceil(rows.length / limit);
  return {
    success: true,
    data: rows.slice((page - 1) * limit, page * limit),
    pageNumber: page,
    pageSize: limit,
    totalCount: rows.length,
    totalPages,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
  };
};

export const getLocationById: Handler<'getLocation'> = ({ id }, { db }) => toDetail(findLive(db, id, 'read'));

export const createLocation: Handler<'createLocation'> = ({ body, principal, now }, { db, newId }) => {
  const id = newId('loc');
  insertLocation(db, { id, record: body, at: now.toISOString(), by: principal.name });
  return { success: true, id, referenceId: body.referenceId };
};

type Mergeable = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Mergeable => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects that are sent are merged into the stored ones (docs/service-decisions.md). */
function merge(stored: Mergeable, change: Mergeable): Mergeable {
  const out: Mergeable = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    out[key] = isPlainObject(value) && isPlainObject(stored[key]) ? { ...stored[key], ...value } : value;
  }
  return out;
}

export const updateLocation: Handler<'updateLocation'> = ({ id, body, principal, now }, { db }) => {
  const stored = findLive(db, id, 'updated');
  const merged = parseWith(LocationCreate, merge(stored.record, body));
  if (!merged.ok) throw ServiceFailure.many(issuesToItems(merged.issues, 'InvalidRequest'));
  replaceLocation(db, id, merged.value, now.toISOString(), principal.name);
  return { success: true, id, referenceId: merged.value.referenceId };
};

export const deleteLocation: Handler<'deleteLocation'> = ({ id, principal, now }, { db }) => {
  const stored = findLive(db, id, 'deleted');
  markLocationDeleted(db, id, now.toISOString(), principal.name);
  return { success: true, id, referenceId: stored.record.referenceId };
};
