/**
 * The Locations screen's state: one page of the service's locations with the query, sort and
 * order asked for (or the station's cached copy when the service cannot be reached, said so),
 * the location open in the editor, and the writes: create, update, delete. Writes need the
 * service; what it refuses comes back as messages at the form's fields.
 */
import type { LocationsPage, MethodInput } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';
import { LocationForm, showsField, type LocationDetail } from './locationForm.svelte';

type ListInput = MethodInput<'listLocations'>;
export type LocationSort = NonNullable<ListInput['sort']>;
export type LocationRecord = LocationsPage['records'][number];

/** The columns a list can be sorted by, as the screen names them (the API's LOCATION_SORT_FIELDS). */
export const LOCATION_SORTS = {
  locationName: 'Name',
  referenceId: 'Reference id',
  groupId: 'Group',
  city: 'City',
  stateProvince: 'State or province',
  country: 'Country',
  zipPostalCode: 'ZIP or postal code',
  createdOnUtc: 'Created',
  active: 'Active',
} as const satisfies Record<LocationSort, string>;

export const PAGE_SIZE = 25;

export type SaveOutcome = { saved: true; id: string } | { saved: false };

export class LocationsState {
  #records = $state.raw<readonly LocationRecord[]>([]);
  #totalCount = $state(0);
  #fromCache = $state(false);
  #loaded = $state(false);
  #query = $state('');
  #sort = $state<LocationSort>('locationName');
  #order = $state<'asc' | 'desc'>('asc');
  #page = $state(1);
  #form = $state<LocationForm | undefined>();
  #opening = $state<string | undefined>();
  #notice = $state<string | undefined>();
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get records(): readonly LocationRecord[] {
    return this.#records;
  }
  get totalCount(): number {
    return this.#totalCount;
  }
  get pages(): number {
    return Math.max(1, Math.ceil(this.#totalCount / PAGE_SIZE));
  }
  get page(): number {
    return this.#page;
  }
  get fromCache(): boolean {
    return this.#fromCache;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get query(): string {
    return this.#query;
  }
  get sort(): LocationSort {
    return this.#sort;
  }
  get order(): 'asc' | 'desc' {
    return this.#order;
  }
  /** The location in the editor (a new one when its form edits nothing yet saved). */
  get form(): LocationForm | undefined {
    return this.#form;
  }
  /** The id being read for the editor. */
  get opening(): string | undefined {
    return this.#opening;
  }
  get notice(): string | undefined {
    return this.#notice;
  }

  async load(): Promise<void> {
    const input: ListInput = { page: this.#page, pageSize: PAGE_SIZE, sort: this.#sort, order: this.#order, ...(this.#query.trim() === '' ? {} : { query: this.#query.trim() }) };
    try {
      const page = await this.station.value('listLocations', input);
      this.#records = page.records;
      this.#totalCount = page.totalCount;
      this.#fromCache = page.fromCache;
      this.#loaded = true;
    } catch (error) {
      handleError(error);
    }
  }

  follow(): () => void {
    return this.station.on('connectionChanged', () => {
      this.#form = undefined;
      this.#page = 1;
      void this.#reload();
    });
  }

  search(query: string): void {
    this.#query = query;
    this.#page = 1;
    void this.#reload();
  }

  sortBy(sort: LocationSort, order: 'asc' | 'desc'): void {
    this.#sort = sort;
    this.#order = order;
    this.#page = 1;
    void this.#reload();
  }

  goTo(page: number): void {
    const next = Math.min(this.pages, Math.max(1, page));
    if (next === this.#page) return;
    this.#page = next;
    void this.#reload();
  }

  /** Opens a location in the editor, read whole from the service (or the cache offline). */
  async open(id: string): Promise<boolean> {
    this.#opening = id;
    this.#notice = undefined;
    try {
      this.#form = new LocationForm(await this.station.value('getLocation', { id }));
      return true;
    } catch (error) {
      handleError(error);
      return false;
    } finally {
      this.#opening = undefined;
    }
  }

  startNew(): void {
    this.#notice = undefined;
    this.#form = new LocationForm();
  }

  close(): void {
    this.#form = undefined;
  }

  /** Sends the form: a new location, or the changes of the one edited. Its fields show what is refused. */
  async save(form: LocationForm): Promise<SaveOutcome> {
    if (form.saving) return { saved: false };
    const built = form.build();
    if (!built.ok) return { saved: false };
    form.setSaving(true);
    try {
      const answer =
        'location' in built
          ? await this.station.value('createLocation', { location: built.location })
          : await this.station.value('updateLocation', { id: form.editing?.id ?? '', location: built.changes });
      const name = String(form.value('location', 'locationName'));
      this.#notice = 'location' in built ? `Location ${name} created.` : `Location ${name} saved.`;
      this.#form = new LocationForm(await this.station.value('getLocation', { id: answer.id }));
      void this.#reload();
      return { saved: true, id: answer.id };
    } catch (error) {
      form.setErrors(handleError(error, { prefix: 'location', shows: showsField }));
      return { saved: false };
    } finally {
      form.setSaving(false);
    }
  }

  async remove(detail: LocationDetail): Promise<boolean> {
    try {
      await this.station.value('deleteLocation', { id: detail.id });
      this.#notice = `Location ${detail.locationName} deleted.`;
      if (this.#form?.editing?.id === detail.id) this.#form = undefined;
      await this.load();
      return true;
    } catch (error) {
      handleError(error);
      return false;
    }
  }
}
