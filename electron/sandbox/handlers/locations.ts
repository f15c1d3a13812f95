/** Location operations: paged list, read, create, update (merge), soft delete. */
import { LOCATION_SORT_FIELDS, LocationCreate, parseWith } from '../../service/contract';
import type { Handler } from '../server/context';
import { ServiceFailure, issuesToItems } from '../server/failures';
import { getLocation, insertLocation, listLocations, markLocationDeleted, replaceLocation, toDetail, type StoredLocation } from '../state/locations';
import type { SandboxDb } from '../state/db';

function findLive(db: SandboxDb, id: string, action: string): StoredLocation {
  const location = getLocation(db, id);
  if (location === undefined) throw new ServiceFailure('LocationNotFound', `location ${id} does not exist`);
  if (location.deleted && action !== 'read') throw new ServiceFailure('LocationNotFound', `location ${id} was deleted and cannot be ${action}`);
  return location;
}

/**
 * The paged list (docs/service-decisions.md, Locations): Query is a case-insensitive
 * substring of the searched fields and tags, Sort one of LOCATION_SORT_FIELDS (default
 * locationName), Order ASC or DESC; the database pages, searches and counts.
 */
export const getLocations: Handler<'getLocations'> = ({ query }, { db }) => {
  const sort = query.Sort ?? 'locationName';
  const { Page: page, Limit: limit } = query;
  const listed = listLocations(db, { term: query.Query?.trim().toLowerCase() ?? '', sort, descending: query.Order?.toUpperCase() === 'DESC', page, limit });
  if (listed === undefined) throw new ServiceFailure('InvalidRequest', `Sort must be one of ${LOCATION_SORT_FIELDS.join(', ')}, not "${sort}"`);
  const totalPages = Math.ceil(listed.totalCount / limit);
  return {
    success: true,
    data: listed.records,
    pageNumber: page,
    pageSize: limit,
    totalCount: listed.totalCount,
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
