/**
 * The ship-from locations a desk can choose among, by name: the default ship-from in Settings,
 * the Ship screen's Ship from, the Shipments screen's location filter. Read from the service, or
 * from the station's copy when the service cannot be reached (said by `fromCache`).
 */
import type { LocationsPage } from '../../../electron/api';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';

export type LocationRecord = LocationsPage['records'][number];

/** Pages read at most: a desk ships from a handful of warehouses, not thousands. */
const MOST_PAGES = 10;
const PAGE_SIZE = 100;

export class LocationChoices {
  #locations = $state.raw<readonly LocationRecord[]>([]);
  #fromCache = $state(false);
  #loading = $state(false);
  readonly #all = $derived(this.#locations.filter((loc) => loc.deleted !== true));
  readonly #active = $derived(this.#all.filter((loc) => loc.active !== false));

  constructor(private readonly station: StationClient) {}

  /** Every location not deleted, inactive ones too (shipments were made from them). */
  get all(): readonly LocationRecord[] {
    return this.#all;
  }
  /** The locations a shipment can leave from now: active and not deleted. */
  get active(): readonly LocationRecord[] {
    return this.#active;
  }
  get fromCache(): boolean {
    return this.#fromCache;
  }
  get loading(): boolean {
    return this.#loading;
  }

  async load(): Promise<void> {
    this.#loading = true;
    try {
      const found: LocationRecord[] = [];
      let fromCache = false;
      for (let page = 1; page <= MOST_PAGES; page += 1) {
        const answer = await this.station.value('listLocations', { page, pageSize: PAGE_SIZE, sort: 'locationName', order: 'asc' });
        found.push(...answer.records);
        fromCache = answer.fromCache;
        if (found.length >= answer.totalCount || answer.records.length === 0) break;
      }
      this.#locations = found;
      this.#fromCache = fromCache;
    } catch (error) {
      handleError(error);
    } finally {
      this.#loading = false;
    }
  }
}

/** A location as a list names it: its name, then where it is. */
export function locationLabel(loc: LocationRecord): string {
  const place = [loc.city, loc.stateProvince].filter((part) => part !== undefined && part !== '').join(', ');
  return place === '' ? locationName(loc) : `${locationName(loc)} — ${place}`;
}

/** A location's name alone, as a filter lists it. */
export function locationName(loc: LocationRecord): string {
  return loc.locationName ?? loc.referenceId ?? loc.id;
}
