/**
 * The Queue screen's state: the outbox as it stands, kept current from the station's events
 * (each item's move and each idle moment reload the list, coalesced, so a drain of hundreds
 * reloads it a handful of times), the filter and order the packer chose, the drain's progress,
 * and the actions on an item: send it again, or discard it.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { OutboxItem, OutboxKind, OutboxState } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError, reason } from '../lib/errors';
import { OUTBOX_KIND_WORDS } from '../lib/format';
import type { StationClient } from '../lib/station';

export const QUEUE_FILTERS = {
  open: { label: 'Open work', states: ['pending', 'sending', 'unknown', 'failed', 'needs_review'] },
  attention: { label: 'Needs a person', states: ['failed', 'needs_review'] },
  waiting: { label: 'Waiting', states: ['pending', 'sending', 'unknown'] },
  all: { label: 'All', states: undefined },
} as const satisfies Record<string, { label: string; states: readonly OutboxState[] | undefined }>;

export type QueueFilter = keyof typeof QUEUE_FILTERS;
export type QueueOrder = 'newest' | 'sendOrder';

/** The most items one list shows (the station's own limit per read). */
export const QUEUE_LIMIT = 1000;

/** A drain under way: items settled since it began, of all it has to do, its pace and time left. */
export interface Drain {
  readonly done: number;
  readonly total: number;
  readonly perMinute: number;
  readonly etaMs?: number;
}

const LOCATION_KINDS: readonly OutboxKind[] = ['createLocation', 'updateLocation', 'deleteLocation'];

/** A text at `path` inside a stored payload, when there is one. */
function textAt(value: unknown, ...path: string[]): string | undefined {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || !(key in at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'string' && at.trim() !== '' ? at : undefined;
}

export function isShipmentItem(item: OutboxItem): boolean {
  return !LOCATION_KINDS.includes(item.kind);
}

/** Items a person may send again by hand. */
export function canRetry(item: OutboxItem): boolean {
  return item.state === 'failed' || item.state === 'needs_review';
}

/** A refused shipment create: its input can be corrected on the Ship screen and sent again. */
export function canCorrect(item: OutboxItem): boolean {
  return item.kind === 'createShipment' && item.state === 'failed' && item.damage === undefined;
}

/** Items that have not reached the service and may be given up on. */
export function canDiscard(item: OutboxItem): boolean {
  return item.state === 'pending' || item.state === 'failed' || item.state === 'needs_review';
}

export class QueueState {
  #items = $state<readonly OutboxItem[]>([]);
  #loaded = $state(false);
  #filter = $state<QueueFilter>('open');
  #order = $state<QueueOrder>('newest');
  readonly #shown = $derived(this.#items.toSorted((a, b) => (this.#order === 'newest' ? b.id - a.id : a.id - b.id)));
  #drain = $state<Drain | undefined>();
  #notice = $state<string | undefined>();
  /** Items being acted on right now: their buttons wait. */
  readonly #busy = new SvelteSet<number>();
  /** Order numbers of shipments a change is for, read once per shipment (null: none known). */
  readonly #orders = new SvelteMap<string, string | null>();
  readonly #asking = new SvelteSet<string>();
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get filter(): QueueFilter {
    return this.#filter;
  }
  get order(): QueueOrder {
    return this.#order;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  /** The items the filter shows, in the chosen order. */
  get items(): readonly OutboxItem[] {
    return this.#shown;
  }
  /** Whether the list reached the most one read returns (older items are not shown). */
  get truncated(): boolean {
    return this.#items.length >= QUEUE_LIMIT;
  }
  get drain(): Drain | undefined {
    return this.#drain;
  }
  /** What the last action did, in words. */
  get notice(): string | undefined {
    return this.#notice;
  }

  isBusy(id: number): boolean {
    return this.#busy.has(id);
  }

  setFilter(filter: QueueFilter): void {
    if (filter === this.#filter) return;
    this.#filter = filter;
    this.#loaded = false;
    void this.#reload();
  }

  setOrder(order: QueueOrder): void {
    this.#order = order;
  }

  /** The item's order number: from a shipment's own input, or from the shipment a change is for. */
  orderNumber(item: OutboxItem): string | undefined {
    if (item.kind === 'createShipment') return textAt(item.payload, 'references', 'orderNumber');
    if (!isShipmentItem(item)) return undefined;
    return this.#orders.get(item.stationRef) ?? undefined;
  }

  /** A location item's own name (its reference or the service's id). */
  locationName(item: OutboxItem): string | undefined {
    if (isShipmentItem(item)) return undefined;
    return textAt(item.payload, 'referenceId') ?? textAt(item.payload, 'locationName') ?? textAt(item.payload, 'id');
  }

  /** What an item acts on, for a button's name: "shipment for order SO-1001", "location WH-1". */
  subject(item: OutboxItem): string {
    const kind = OUTBOX_KIND_WORDS[item.kind].toLowerCase();
    if (!isShipmentItem(item)) return `${kind} ${this.locationName(item) ?? item.stationRef}`;
    const order = this.orderNumber(item);
    const what = item.kind === 'createShipment' ? 'shipment' : `${kind} of the shipment`;
    return order === undefined ? `${what} ${item.stationRef}` : `${what} for order ${order}`;
  }

  async load(): Promise<void> {
    const states = QUEUE_FILTERS[this.#filter].states;
    const filter = this.#filter;
    const result = await this.station.call('listOutbox', { ...(states === undefined ? {} : { states: [...states] }), limit: QUEUE_LIMIT });
    // A filter chosen while this read was on its way asked for a read of its own.
    if (filter !== this.#filter) return;
    if (!result.ok) {
      this.#notice = `The queue could not be read: ${reason(result.error)}`;
      return;
    }
    this.#items = result.value;
    this.#loaded = true;
    void this.#askOrders(result.value);
  }

  /** Order numbers of the shipments changes are for, each shipment asked once. */
  async #askOrders(items: readonly OutboxItem[]): Promise<void> {
    const refs = items.filter((item) => isShipmentItem(item) && item.kind !== 'createShipment').map((item) => item.stationRef);
    for (const ref of refs) {
      if (this.#orders.has(ref) || this.#asking.has(ref)) continue;
      this.#asking.add(ref);
      const found = await this.station.call('getShipment', { stationRef: ref });
      this.#asking.delete(ref);
      this.#orders.set(ref, found.ok ? found.value.shipment.orderNumber : null);
    }
  }

  /** Sends a refused or held item again, unchanged. */
  retry(item: OutboxItem): Promise<void> {
    return this.#act(item, async () => {
      await this.station.value('retryOutboxItem', { id: item.id });
      return `Sending again: ${this.subject(item)}`;
    });
  }

  /** Gives up on an item that has not reached the service. */
  discard(item: OutboxItem): Promise<void> {
    return this.#act(item, async () => {
      await this.station.value('discardOutboxItem', { id: item.id });
      return item.kind === 'createShipment' ? `Discarded: ${this.subject(item)}. No label was bought for it.` : `Discarded: ${this.subject(item)}`;
    });
  }

  async #act(item: OutboxItem, action: () => Promise<string>): Promise<void> {
    if (this.#busy.has(item.id)) return;
    this.#busy.add(item.id);
    try {
      this.#notice = await action();
    } catch (error) {
      handleError(error);
    } finally {
      this.#busy.delete(item.id);
      await this.#reload();
    }
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    const stops = [
      this.station.on('outboxItem', () => void this.#reload()),
      this.station.on('outboxIdle', (event) => {
        // The worker found nothing more to do: this run of the drain is over.
        this.#drain = undefined;
        if (event.counts.pending + event.counts.sending + event.counts.unknown === 0) void this.#reload();
      }),
      this.station.on('outboxProgress', (event) => {
        this.#drain = { done: event.done, total: event.total, perMinute: event.perMinute, ...(event.etaMs === undefined ? {} : { etaMs: event.etaMs }) };
      }),
      this.station.on('connectivity', (event) => {
        if (!event.online) this.#drain = undefined;
      }),
      this.station.on('connectionChanged', () => {
        this.#drain = undefined;
        this.#orders.clear();
        void this.#reload();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
