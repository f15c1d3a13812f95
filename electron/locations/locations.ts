/**
 * Ship-from locations. Reads go to the service and refresh the desk's copy; when the service
 * cannot be reached the copy is shown (and says so), so a packer can still pick a location
 * offline. Writes are an admin's work and need the service: they answer at once, or fail clearly.
 */
import type { ParsedInput, StationResults } from '../api';
import { StationError } from '../api';
import type { ServiceClient } from '../service/client/client';
import { NetworkError, ServiceError, TimeoutError } from '../service/client/errors';
import type { ShipmentAddress } from '../service/contract';
import type { CachedLocation, Store, StoreReads } from '../store';

export interface LocationsParts {
  readonly store: Store;
  now(): number;
  service(): Pick<ServiceClient, 'getLocations' | 'getLocation' | 'createLocation' | 'updateLocation' | 'deleteLocation'>;
}

function unreachable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || (error instanceof StationError && error.code === 'authentication');
}

export async function listLocations(parts: LocationsParts, input: ParsedInput<'listLocations'>): Promise<StationResults['listLocations']> {
  try {
    const answer = await parts.service().getLocations({
      Page: input.page,
      Limit: input.pageSize,
      ...(input.query === undefined || input.query.trim() === '' ? {} : { Query: input.query.trim() }),
      ...(input.sort === undefined ? {} : { Sort: input.sort }),
      ...(input.order === undefined ? {} : { Order: input.order }),
    });
    parts.store.atomically((write) => write.upsertLocationListRecords(answer.data, parts.now()));
    return { records: answer.data, page: answer.pageNumber, pageSize: answer.pageSize, totalCount: answer.totalCount, fromCache: false };
  } catch (error) {
    if (unreachable(error)) return { ...parts.store.read.pageOfLocations(input), page: input.page, pageSize: input.pageSize, fromCache: true };
    throw error;
  }
}

export async function getLocation(parts: LocationsParts, { id }: ParsedInput<'getLocation'>): Promise<StationResults['getLocation']> {
  try {
    const detail = await parts.service().getLocation(id);
    parts.store.atomically((write) => write.upsertLocationDetail(detail, parts.now()));
    return detail;
  } catch (error) {
    const cached = unreachable(error) ? parts.store.read.location(id)?.detail : undefined;
    if (cached !== undefined && cached !== null) return cached;
    throw error;
  }
}

export function createLocation(parts: LocationsParts, { location }: ParsedInput<'createLocation'>): Promise<StationResults['createLocation']> {
  return parts.service().createLocation(location);
}

export function updateLocation(parts: LocationsParts, { id, location }: ParsedInput<'updateLocation'>): Promise<StationResults['updateLocation']> {
  return parts.service().updateLocation(id, location);
}

export async function deleteLocation(parts: LocationsParts, { id }: ParsedInput<'deleteLocation'>): Promise<StationResults['deleteLocation']> {
  const answer = await parts.service().deleteLocation(id);
  if (parts.store.read.location(id) !== undefined) parts.store.atomically((write) => write.markLocationDeleted(id, parts.now()));
  return answer;
}

/**
 * A location with its address: the desk's copy, or the service's answer once when the copy is only
 * a list entry; the list entry when the service cannot be asked now. `field` names the input that
 * named it, for the errors.
 */
export async function locationWithAddress(parts: LocationsParts, id: string, field: string): Promise<CachedLocation> {
  const cached = parts.store.read.location(id);
  if (cached !== undefined && cached.detail !== null) return cached;
  try {
    const detail = await parts.service().getLocation(id);
    return parts.store.atomically((write) => write.upsertLocationDetail(detail, parts.now()));
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'notFound') {
      throw new StationError('notFound', `there is no ship-from location ${id}: choose another in the Locations screen or in settings`, [{ field, message: `${field} names no location` }]);
    }
    // The service cannot be asked now: the list entry the station has will do.
    if (cached !== undefined && (error instanceof ServiceError || error instanceof StationError)) return cached;
    if (error instanceof ServiceError && error.transient) {
      throw new StationError('offline', `the ship-from location ${id} is not known here yet and the service cannot be reached: ship when it is back`, [], true);
    }
    throw error;
  }
}

/** A cached location's address, as the Ship screen makes one of a location it is given. */
export function addressOf(location: CachedLocation): ShipmentAddress | undefined {
  const detail = location.detail;
  if (detail !== null) {
    const a = detail.address;
    return {
      companyName: detail.locationName,
      address1: a.address1,
      city: a.city,
      stateProvince: a.stateProvince,
      zipPostalCode: a.zipPostalCode,
      country: a.country.toUpperCase(),
      ...(a.contactName === undefined ? {} : { contactName: a.contactName }),
      ...(a.address2 === undefined ? {} : { address2: a.address2 }),
      ...(a.phoneNumber1 === undefined ? {} : { phoneNumber1: a.phoneNumber1 }),
      ...(a.emailAddress === undefined ? {} : { emailAddress: a.emailAddress }),
    };
  }
  const r = location.listRecord;
  if (r?.address1 === undefined || r.city === undefined || r.zipPostalCode === undefined || r.country === undefined) return undefined;
  return {
    ...(r.locationName === undefined ? {} : { companyName: r.locationName }),
    ...(r.contactName === undefined ? {} : { contactName: r.contactName }),
    address1: r.address1,
    city: r.city,
    stateProvince: r.stateProvince ?? '',
    zipPostalCode: r.zipPostalCode,
    country: r.country.toUpperCase(),
  };
}

/** The country of a cached location, from its detail or its list record. */
function countryOf(location: CachedLocation | undefined): string | undefined {
  const country = location?.detail?.address?.country ?? location?.listRecord?.country;
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
}

/** The desk's country: its default ship-from location's, else the first active location's, else the US. */
export function deskCountry(read: Pick<StoreReads, 'deskSetting' | 'location' | 'listLocations'>): string {
  const chosen = read.deskSetting('defaultLocationId');
  return countryOf(chosen === null ? undefined : read.location(chosen)) ?? read.listLocations().map(countryOf).find((country) => country !== undefined) ?? 'US';
}
