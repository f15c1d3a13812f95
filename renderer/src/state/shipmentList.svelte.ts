/**
 * The Shipments screen's list over the station's own store: what was typed (tracking number or
 * any part of it, order number, name, company, city), the filters and the order, and the rows a
 * page at a time, keeping only the pages around those in view, so a list of a hundred thousand
 * shipments or a million is scrolled without holding them all. The station counts matches up to
 * a cap; past it the list grows as it is scrolled. A newer query drops the answers of an older one.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { MethodInput, ShipmentSummary, StationEvent } from '../../../electron/api';
import { words } from '../lib/errors';
import type { StationClient } from '../lib/station';

type SearchInput = MethodInput<'searchLocalShipments'>;
export type ListSort = NonNullable<SearchInput['sort']>;

/** Rows asked for at a time (the station answers at most 500). */
export const LIST_PAGE = 200;
/**
 * Pages kept around the rows last asked for (4,000 rows, a hundred screens); farther ones are
 * dropped and read again when scrolled back to, a local read of a few milliseconds. Holding every
 * page read grew the page's heap to 50 MB over 100,000 rows, and each collection took longer.
 */
export const KEPT_PAGES = 20;
/**
 * Rows the list makes room for past the last full page read, while the station has not counted to
 * the end (five pages): a fast scroll lands on the rows it then reads instead of stopping at the
 * end of every page it has, and the scrollbar stays steady. A jump past the real end shrinks the
 * list back to it as the short or empty pages come in.
 */
export const LOOKAHEAD_ROWS = 5 * LIST_PAGE;
/** The most rows "Select all" and the export read. */
export const READ_ALL_CAP = 100_000;
/** How long the list waits after the last change in the store before it is read again. */
export const SETTLE_MS = 400;

/** Events after which the store's shipments may read differently. */
const CHANGES: ReadonlySet<StationEvent['type']> = new Set(['outboxItem', 'trackingChanged', 'syncProgress', 'connectionChanged']);

export interface ListFilters {
  /** yyyy-mm-dd as a date field gives it, '' for none: from the start of that day... */
  from: string;
  /** ...to the end of this one, in the desk's time. */
  to: string;
  status: string;
  carrier: string;
  locationId: string;
}

export const NO_FILTERS: ListFilters = { from: '', to: '', status: '', carrier: '', locationId: '' };

/** Start of a local calendar day in ms; `days` moves to a later day. */
function dayStart(date: string, days = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).getTime();
}

/** The station's filters for what the screen shows. */
export function stationFilters(filters: ListFilters): NonNullable<SearchInput['filters']> {
  const from = dayStart(filters.from);
  const to = dayStart(filters.to, 1);
  return {
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(filters.status === '' ? {} : { statuses: [filters.status] }),
    ...(filters.carrier === '' ? {} : { carriers: [filters.carrier] }),
    ...(filters.locationId === '' ? {} : { locationIds: [filters.locationId] }),
  };
}

/**
 * `count` slots for the virtual list, which reads only how many there are (a slot's row comes
 * from `rowAt`). A real array of them, made again at each page read while the list grows a page
 * at a time, gave the collector megabytes to sweep while the list scrolled.
 */
function emptySlots(count: number): readonly undefined[] {
  return new Proxy<undefined[]>([], { get: (target, key): unknown => (key === 'length' ? count : Reflect.get(target, key)) });
}

export class ShipmentListState {
  #text = $state('');
  #filters = $state<ListFilters>({ ...NO_FILTERS });
  #sort = $state<ListSort>('newest');
  /**
   * The pages kept, by number. A page's arrival sets one entry: copying a list of 100,000 rows for
   * each page read would make the browser collect hundreds of megabytes while it scrolls.
   */
  readonly #pages = new SvelteMap<number, readonly ShipmentSummary[]>();
  /** Pages arrived under any query: a virtual list looks again at its rows when one does. */
  #arrivals = $state(0);
  /** The page in the middle of the rows last asked for: pages are dropped farthest from it first. */
  #near = 0;
  /** How many rows the list has room for; `#slots` is remade only when it changes. */
  #count = $state(0);
  #slots = $state.raw<readonly undefined[]>([]);
  #total = $state<number | undefined>();
  #atLeast = $state<number | undefined>();
  #loaded = $state(false);
  #problem = $state<string | undefined>();
  /** Pages asked for under the current query (bookkeeping, never shown). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #asked = new Set<number>();
  #generation = 0;
  /** Where the list ends, once a short or empty page has shown it (under the current query). */
  #end: number | undefined;

  constructor(private readonly station: StationClient) {}

  get text(): string {
    return this.#text;
  }
  get filters(): Readonly<ListFilters> {
    return this.#filters;
  }
  get sort(): ListSort {
    return this.#sort;
  }
  /** How many rows the list has room for (read or not). */
  get count(): number {
    return this.#count;
  }
  /** One slot per row, for a virtual list to count and place rows; `rowAt` gives each one's row. */
  get slots(): readonly undefined[] {
    return this.#slots;
  }
  /** How many pages have arrived: changes as each one does. */
  get pagesArrived(): number {
    return this.#arrivals;
  }
  /** The row at `index`, or undefined while its page is not read yet. */
  rowAt(index: number): ShipmentSummary | undefined {
    return this.#pages.get(Math.floor(index / LIST_PAGE))?.[index % LIST_PAGE];
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get problem(): string | undefined {
    return this.#problem;
  }
  /** "1,204 shipments", or "more than 1,000 shipments" when the station stopped counting. */
  get totalWords(): string {
    if (this.#total !== undefined) return `${this.#total.toLocaleString()} shipment${this.#total === 1 ? '' : 's'}`;
    if (this.#atLeast !== undefined) return `more than ${this.#atLeast.toLocaleString()} shipments`;
    return '';
  }
  get total(): number | undefined {
    return this.#total;
  }

  setText(text: string): void {
    if (text === this.#text) return;
    this.#text = text;
    void this.reload();
  }

  setFilter<K extends keyof ListFilters>(key: K, value: ListFilters[K]): void {
    this.#filters = { ...this.#filters, [key]: value };
    void this.reload();
  }

  clearFilters(): void {
    this.#filters = { ...NO_FILTERS };
    void this.reload();
  }

  setSort(sort: ListSort): void {
    this.#sort = sort;
    void this.reload();
  }

  /**
   * New and changed shipments appear without a refresh: the list is read again once the store
   * settles (a drain or a sync changes many rows in a burst). Returns the function that stops.
   */
  follow(): () => void {
    let settle: ReturnType<typeof setTimeout> | undefined;
    const stop = this.station.onAny((event) => {
      if (!CHANGES.has(event.type)) return;
      clearTimeout(settle);
      settle = setTimeout(() => void this.reload(), SETTLE_MS);
    });
    return () => {
      clearTimeout(settle);
      stop();
    };
  }

  /** Reads the list again from its first page (a new query, or the store changed). */
  async reload(): Promise<void> {
    this.#generation += 1;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    this.#asked = new Set();
    this.#end = undefined;
    await this.#readPage(0, true);
  }

  /** Makes sure the rows from `start` to `end` are read (the list asks as it scrolls). */
  ensure(start: number, end: number): void {
    const last = this.#count === 0 ? 0 : Math.min(end, this.#count - 1);
    this.#near = Math.floor((Math.max(0, start) + last) / 2 / LIST_PAGE);
    for (let page = Math.floor(Math.max(0, start) / LIST_PAGE); page <= Math.floor(last / LIST_PAGE); page += 1) void this.#readPage(page, false);
  }

  /** Every row of the query, read to the end (for an export or "Select all"); at most `cap` rows. */
  async readAll(cap = READ_ALL_CAP): Promise<ShipmentSummary[]> {
    const rows: ShipmentSummary[] = [];
    const base = this.#input();
    for (let offset = 0; offset < cap; offset += 500) {
      const page = await this.station.value('searchLocalShipments', { ...base, offset, limit: Math.min(500, cap - offset) });
      rows.push(...page.results);
      if (page.results.length < 500) break;
    }
    return rows;
  }

  #input(): SearchInput {
    const filters = stationFilters(this.#filters);
    return { text: this.#text, sort: this.#sort, limit: LIST_PAGE, offset: 0, ...(Object.keys(filters).length === 0 ? {} : { filters }) };
  }

  async #readPage(page: number, fresh: boolean): Promise<void> {
    if (this.#asked.has(page)) return;
    this.#asked.add(page);
    const generation = this.#generation;
    const result = await this.station.call('searchLocalShipments', { ...this.#input(), offset: page * LIST_PAGE });
    if (generation !== this.#generation) return;
    if (!result.ok) {
      this.#asked.delete(page);
      this.#problem = words(result.error);
      return;
    }
    this.#problem = undefined;
    const { results, total, totalAtLeast } = result.value;
    this.#total = total;
    this.#atLeast = totalAtLeast;
    const start = page * LIST_PAGE;
    const full = results.length === LIST_PAGE;
    // Known length: the exact total; otherwise what is read, and LOOKAHEAD_ROWS more while pages
    // come back full, never past the end a short page (or an empty one past it) has shown.
    const end = start + results.length;
    if (!full) this.#end = Math.min(this.#end ?? end, end);
    const room = full ? Math.max(fresh ? 0 : this.#count, end + LOOKAHEAD_ROWS) : end;
    const known = total ?? Math.min(room, this.#end ?? room);
    const shrunk = known < this.#count;
    if (fresh) this.#pages.clear();
    this.#pages.set(page, results);
    this.#dropFarPages();
    this.#arrivals += 1;
    if (known !== this.#count || fresh) {
      this.#count = known;
      this.#slots = emptySlots(known);
    }
    this.#loaded = true;
    // Shortened under a view that had jumped past the end: the view falls back onto the last rows,
    // which are read here rather than left to the view, which may still be laid out for the old length.
    if (shrunk && known > 0) void this.#readPage(Math.floor((known - 1) / LIST_PAGE), false);
  }

  /** Drops the pages farthest from the rows last asked for, past KEPT_PAGES; they are read again when asked for. */
  #dropFarPages(): void {
    if (this.#pages.size <= KEPT_PAGES) return;
    const distance = (page: number) => Math.abs(page - this.#near);
    const farthest = [...this.#pages.keys()].sort((a, b) => distance(b) - distance(a));
    for (const page of farthest.slice(0, this.#pages.size - KEPT_PAGES)) {
      this.#pages.delete(page);
      this.#asked.delete(page);
    }
  }
}
