/**
 * The orders the station keeps, as the Orders screen lists them: by status (open by default),
 * found by number or name, newest first, a page at a time with the total. Read again after an
 * import, whenever a shipment moves (a shipped order changes its status), and when the warehouse
 * changed orders (another desk imported, cancelled or shipped them).
 */
import type { MethodInput, OrderStatus, StoredOrder } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError } from '../lib/errors';
import { clockTime } from '../lib/format';
import type { StationClient } from '../lib/station';

export const ORDER_PAGE = 50;
export const ORDER_STATUS_WORDS = { open: 'Open', shipped: 'Shipped', cancelled: 'Cancelled' } as const satisfies Record<OrderStatus, string>;

/**
 * Who is packing an open order, in warehouse mode, as the warehouse last said: "Packing here" for
 * this desk's claim, "Being packed at Desk 3 since 10:42" for another's; nothing for an order no
 * desk holds (or one shipped or cancelled, whose claim is over).
 */
export function holderWords(order: StoredOrder, deskId: string | undefined): string | undefined {
  if (order.status !== 'open' || order.claim === null) return undefined;
  return order.claim.deskId === deskId ? 'Packing here' : `Being packed at ${order.claim.deskName} since ${clockTime(order.claim.since)}`;
}

export class OrderListState {
  #orders = $state.raw<readonly StoredOrder[]>([]);
  #total = $state(0);
  #status = $state<OrderStatus | ''>('open');
  #query = $state('');
  #page = $state(1);
  #reach = $state<'' | 'domestic' | 'international'>('');
  /** Weights as typed, in the desk's unit. */
  #minWeight = $state('');
  #maxWeight = $state('');
  #service = $state('');
  readonly #reload = coalesce(() => this.load());

  constructor(
    private readonly station: StationClient,
    /** Grams in the desk's unit of weight (pounds or kilograms), for the weight filters. */
    private readonly gramsPerUnit: () => number,
  ) {}

  get orders(): readonly StoredOrder[] {
    return this.#orders;
  }
  get total(): number {
    return this.#total;
  }
  get status(): OrderStatus | '' {
    return this.#status;
  }
  get query(): string {
    return this.#query;
  }
  get page(): number {
    return this.#page;
  }
  get pages(): number {
    return Math.max(1, Math.ceil(this.#total / ORDER_PAGE));
  }

  get reach(): '' | 'domestic' | 'international' {
    return this.#reach;
  }
  get minWeight(): string {
    return this.#minWeight;
  }
  get maxWeight(): string {
    return this.#maxWeight;
  }
  get service(): string {
    return this.#service;
  }

  /** Narrows the list: domestic or international, a weight range in the desk's unit, the service asked for. */
  setFilters(filters: { reach?: '' | 'domestic' | 'international'; minWeight?: string; maxWeight?: string; service?: string }): void {
    if (filters.reach !== undefined) this.#reach = filters.reach;
    if (filters.minWeight !== undefined) this.#minWeight = filters.minWeight;
    if (filters.maxWeight !== undefined) this.#maxWeight = filters.maxWeight;
    if (filters.service !== undefined) this.#service = filters.service;
    this.#page = 1;
    void this.#reload();
  }

  setStatus(status: OrderStatus | ''): void {
    this.#status = status;
    this.#page = 1;
    void this.#reload();
  }
  setQuery(query: string): void {
    this.#query = query;
    this.#page = 1;
    void this.#reload();
  }
  goTo(page: number): void {
    this.#page = Math.min(this.pages, Math.max(1, page));
    void this.#reload();
  }

  async load(): Promise<void> {
    const grams = (typed: string): number | undefined => {
      const value = Number(typed.trim().replace(',', '.'));
      return typed.trim() === '' || !Number.isFinite(value) || value < 0 ? undefined : Math.round(value * this.gramsPerUnit());
    };
    const min = grams(this.#minWeight);
    const max = grams(this.#maxWeight);
    const input: MethodInput<'listOrders'> = {
      ...(this.#reach === '' ? {} : { international: this.#reach === 'international' }),
      ...(min === undefined ? {} : { minWeightGrams: min }),
      ...(max === undefined ? {} : { maxWeightGrams: max }),
      ...(this.#service.trim() === '' ? {} : { requestedService: this.#service.trim() }),
      limit: ORDER_PAGE,
      offset: (this.#page - 1) * ORDER_PAGE,
      ...(this.#status === '' ? {} : { status: this.#status }),
      ...(this.#query.trim() === '' ? {} : { query: this.#query.trim() }),
    };
    try {
      const page = await this.station.value('listOrders', input);
      this.#orders = page.orders;
      this.#total = page.total;
    } catch (error) {
      handleError(error);
    }
  }

  follow(): () => void {
    return this.station.onAny((event) => {
      if (event.type === 'connectionChanged' || event.type === 'ordersChanged' || (event.type === 'outboxItem' && event.kind === 'createShipment')) void this.#reload();
    });
  }
}
