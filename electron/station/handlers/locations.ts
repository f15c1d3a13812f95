/**
 * Ship-from locations. Reads go to the service and refresh the cache; when the service cannot
 * be reached the cached list is shown (and says so), so a packer can still pick a location
 * offline. Writes are an admin's work and need the service: they answer at once, or fail clearly.
 */
import type { StationHandlers } from '../../api';
import { NetworkError, TimeoutError } from '../../service/client/errors';
import { getLocation, markLocationDeleted, pageOfLocations, upsertLocationDetail, upsertLocationListRecords } from '../../store/locations';
import { StationError } from '../../api';
import type { StationContext } from '../context';

type LocationMethods = 'listLocations' | 'getLocation' | 'createLocation' | 'updateLocation' | 'deleteLocation';

function unreachable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || (error instanceof StationError && error.code === 'authentication');
}

export function locationHandlers(station: StationContext): Pick<StationHandlers, LocationMethods> {
  const db = () => station.connection().store.db;
  const now = () => station.timers.now();
  return {
    listLocations: async (input) => {
      try {
        const answer = await station.connection().service().getLocations({
          Page: input.page,
          Limit: input.pageSize,
          ...(input.query === undefined || input.query.trim() === '' ? {} : { Query: input.query.trim() }),
          ...(input.sort === undefined ? {} : { Sort: input.sort }),
          ...(input.order === undefined ? {} : { Order: input.order }),
        });
        upsertLocationListRecords(db(), answer.data, now());
        return { records: answer.data, page: answer.pageNumber, pageSize: answer.pageSize, totalCount: answer.totalCount, fromCache: false };
      } catch (error) {
        if (unreachable(error)) return { ...pageOfLocations(db(), input), page: input.page, pageSize: input.pageSize, fromCache: true };
        throw error;
      }
    },
    getLocation: async ({ id }) => {
      try {
        const detail = await station.connection().service().getLocation(id);
        upsertLocationDetail(db(), detail, now());
        return detail;
      } catch (error) {
        const cached = unreachable(error) ? getLocation(db(), id)?.detail : undefined;
        if (cached !== undefined && cached !== null) return cached;
        throw error;
      }
    },
    createLocation: async ({ location }) => station.connection().service().createLocation(location),
    updateLocation: async ({ id, location }) => station.connection().service().updateLocation(id, location),
    deleteLocation: async ({ id }) => {
      const answer = await station.connection().service().deleteLocation(id);
      if (getLocation(db(), id) !== undefined) markLocationDeleted(db(), id, now());
      return answer;
    },
  };
}
