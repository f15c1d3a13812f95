/**
 * Search through the service (Search Shipments, a page at a time): what the station cannot know
 * by itself, such as shipments made at other desks. What it finds is kept in the station's store,
 * so each result opens like a local one. Results are marked as the service's.
 */
import type { StationResults } from '../../../electron/api';
import { handleError, sayProblem } from '../lib/errors';
import type { StationClient } from '../lib/station';
import type { ListFilters } from './shipmentList.svelte';

type Answer = StationResults['searchRemoteShipments'];
export type RemoteRecord = Answer['shipments'][number];

/** The service's filter conditions used here (docs/service-decisions.md): Equals, GreaterThanOrEqual, LessThan. */
const EQUALS = 0;
const AT_LEAST = 6;
const BEFORE = 7;
export const REMOTE_PAGE = 25;

/** yyyy-mm-dd to the ISO date-time of that day's start here, `days` later. */
function isoDay(date: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match === null ? undefined : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** A text field of the service's opaque shipFrom/shipTo/shipmentInfo, when it holds one. */
export function textIn(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' && found !== '' ? found : undefined;
}

export class RemoteShipmentsState {
  #answer = $state.raw<Answer | undefined>();
  #page = $state(1);
  #busy = $state(false);
  #asked = $state<string | undefined>();
  #last: { text: string; filters: ListFilters } | undefined;

  constructor(private readonly station: StationClient) {}

  get answer(): Answer | undefined {
    return this.#answer;
  }
  get page(): number {
    return this.#page;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** What was searched for, in words ("“SO-1” on the service"). */
  get asked(): string | undefined {
    return this.#asked;
  }

  clear(): void {
    this.#answer = undefined;
    this.#asked = undefined;
  }

  /** Another page of the last search. */
  goTo(page: number): Promise<void> {
    return this.#last === undefined ? Promise.resolve() : this.search(this.#last.text, this.#last.filters, page);
  }

  async search(text: string, filters: ListFilters, page = 1): Promise<void> {
    this.#last = { text, filters: { ...filters } };
    this.#busy = true;
    try {
      const filter = [
        ...(isoDay(filters.from) === undefined ? [] : [{ column: 'shipmentDate', condition: AT_LEAST, value: isoDay(filters.from) ?? '' }]),
        ...(isoDay(filters.to, 1) === undefined ? [] : [{ column: 'shipmentDate', condition: BEFORE, value: isoDay(filters.to, 1) ?? '' }]),
        ...(filters.status === '' ? [] : [{ column: 'statusId', condition: EQUALS, value: filters.status }]),
        ...(filters.carrier === '' ? [] : [{ column: 'carrier', condition: EQUALS, value: filters.carrier }]),
      ];
      this.#answer = await this.station.value('searchRemoteShipments', {
        request: { pageNumber: page, pageSize: REMOTE_PAGE, orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }], ...(text.trim() === '' ? {} : { searchTerm: text.trim() }), ...(filter.length === 0 ? {} : { filter }) },
      });
      this.#page = page;
      this.#asked = text.trim() === '' ? 'every shipment' : `“${text.trim()}”`;
    } catch (error) {
      handleError(error);
    } finally {
      this.#busy = false;
    }
  }

  /** The station's reference of a result (it was kept when found), to open it; undefined, said why, when there is none. */
  async stationRefOf(record: RemoteRecord): Promise<string | undefined> {
    try {
      const found = await this.station.value('searchLocalShipments', { text: record.id, limit: 5 });
      const ref = found.results.find((row) => row.serviceId === record.id)?.stationRef;
      if (ref === undefined) sayProblem(`Shipment ${record.id} is not in the station's store yet: search the service again`);
      return ref;
    } catch (error) {
      handleError(error);
      return undefined;
    }
  }
}
