/** Ship-from locations (locations/locations.ts): the service's, with the desk's copy offline. */
import type { StationHandlers } from '../../api';
import * as locations from '../../locations/locations';
import type { StationContext } from '../context';

type LocationMethods = 'listLocations' | 'getLocation' | 'createLocation' | 'updateLocation' | 'deleteLocation';

export function locationHandlers(station: StationContext): Pick<StationHandlers, LocationMethods> {
  return {
    listLocations: (input) => locations.listLocations(station.connection(), input),
    getLocation: (input) => locations.getLocation(station.connection(), input),
    createLocation: (input) => locations.createLocation(station.connection(), input),
    updateLocation: (input) => locations.updateLocation(station.connection(), input),
    deleteLocation: (input) => locations.deleteLocation(station.connection(), input),
  };
}
