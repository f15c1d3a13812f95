/**
 * The warehouse's orders at this desk. With a warehouse linked, the orders a shop's file brings are
 * imported once for every desk (`uploadBatch`, after the desk's own import), and every desk keeps a
 * copy of the shared orders in its own store, so a scan finds them and they stay there offline:
 * read whole when the warehouse is reached (and again after the live session was cut, when
 * notifications may have been missed), and order by order as other desks change them. An order
 * imported here while the warehouse was away is uploaded when it is back (an import is idempotent
 * by order number), and so is a cancellation a file brought meanwhile.
 *
 * The store decides what the warehouse's word may change (`mirrorSharedOrder`): an order this
 * desk shipped stays shipped until the warehouse hears of it.
 */
import type { ImportedOrder, StationEvent, StoredOrder } from '../api';
import { messageOf } from '../base/errors';
import type { MirroredOrder, Store } from '../store';
import type { OrdersBatch } from './orderFileReader';
import { WarehouseUnavailableError, getOrders, importOrders, listOrders, type ReceivedChange, type SharedOrder, type Warehouse } from '../warehouse';

/** Orders read from the warehouse a page at a time, and written to the store a transaction at a time. */
const PAGE = 500;
/** Orders of the desk's store looked at a page at a time for what the warehouse does not have. */
const LOCAL_PAGE = 1000;

export interface SharedOrdersParts {
  readonly store: Store;
  now(): number;
  readonly emit: (event: StationEvent) => void;
  readonly log: (line: string) => void;
}

/** The order as the desk's store takes the warehouse's word about it. */
function mirrored(order: SharedOrder): MirroredOrder {
  return {
    orderNumber: order.orderNumber,
    shipTo: order.shipTo,
    items: [...order.items],
    requestedService: order.requestedService,
    currency: order.currency,
    note: order.note,
    giftMessage: order.giftMessage,
    estimatedWeightGrams: order.estimatedWeightGrams,
    status: order.status,
    stationRef: order.stationRef,
    shippedAt: order.shippedAt,
    importedAt: order.importedAt,
    claim: order.claim === null ? null : { deskId: order.claim.deskId, deskName: order.claim.deskName, since: order.claim.claimedAt },
  };
}

/** A stored order as an import hands it to the warehouse (the rows it came from are not shared). */
function importedOf(order: StoredOrder): ImportedOrder {
  return {
    orderNumber: order.orderNumber,
    shipTo: order.shipTo,
    items: order.items,
    requestedService: order.requestedService,
    currency: order.currency,
    note: order.note,
    giftMessage: order.giftMessage,
    estimatedWeightGrams: order.estimatedWeightGrams,
    rows: [],
  };
}

/** The changes that say an order's status or claim moved: the order is read again. */
const ORDER_CHANGES: ReadonlySet<ReceivedChange['kind']> = new Set(['orderClaimed', 'orderReleased', 'orderBuying', 'purchaseAbandoned', 'orderShipped', 'orderReopened']);

export class SharedOrders {
  #warehouse: Warehouse | undefined;
  #unsubscribe: (() => void)[] = [];
  /** Work on the store happens one piece after another, in the order the changes came. */
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly parts: SharedOrdersParts) {}

  /**
   * The warehouse is reached (at connect, or with the live session back): follow its changes and
   * read its orders whole. The same warehouse again changes nothing (its `resync` says when to read again).
   */
  connected(warehouse: Warehouse): Promise<void> {
    if (warehouse === this.#warehouse) return this.#queue;
    this.disconnected();
    this.#warehouse = warehouse;
    this.#unsubscribe = [
      warehouse.onChange((change) => {
        const numbers = change.kind === 'ordersImported' ? [...change.created, ...change.updated] : ORDER_CHANGES.has(change.kind) && 'orderNumber' in change && change.orderNumber !== null ? [change.orderNumber] : [];
        if (numbers.length > 0) void this.#enqueue(warehouse, (w) => this.#refresh(w, numbers));
      }),
      warehouse.onResync(() => void this.#enqueue(warehouse, (w) => this.#syncAll(w))),
    ];
    return this.#enqueue(warehouse, (w) => this.#syncAll(w));
  }

  /** The link was closed or turned off: nothing more is followed. */
  disconnected(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.#warehouse = undefined;
  }

  /**
   * One batch of a file the desk just stored, imported for the whole warehouse too. A warehouse
   * that cannot be reached is not an error of the import: the orders are uploaded when it is back.
   */
  async uploadBatch(batch: Pick<OrdersBatch, 'orders' | 'gaveUp'>): Promise<void> {
    const warehouse = this.#warehouse;
    if (warehouse === undefined) return;
    try {
      await importOrders(warehouse.db, warehouse.desk.id, batch.orders, batch.gaveUp);
    } catch (error) {
      const why = error instanceof WarehouseUnavailableError ? 'the warehouse is unreachable; they are uploaded when it is back' : messageOf(error);
      this.parts.log(`warehouse: ${String(batch.orders.length)} imported orders were not shared yet: ${why}`);
    }
  }

  /** Finished when the work queued so far is done (tests, and a desk closing). */
  settled(): Promise<void> {
    return this.#queue;
  }

  #enqueue(warehouse: Warehouse, work: (warehouse: Warehouse) => Promise<void>): Promise<void> {
    const next = this.#queue.then(async () => {
      if (this.#warehouse !== warehouse) return;
      try {
        await work(warehouse);
      } catch (error) {
        // The next connect or resync reads everything again.
        this.parts.log(`warehouse: the shared orders could not be read: ${messageOf(error)}`);
      }
    });
    this.#queue = next;
    return next;
  }

  /** Writes the warehouse's orders into the store; returns the numbers whose copy changed. */
  #write(orders: readonly SharedOrder[]): string[] {
    const now = this.parts.now();
    return this.parts.store.atomically((write) => orders.filter((order) => write.mirrorSharedOrder(mirrored(order), now)).map((order) => order.orderNumber));
  }

  #told(changed: readonly string[]): void {
    if (changed.length > 0) this.parts.emit({ type: 'ordersChanged', orderNumbers: changed });
  }

  async #refresh(warehouse: Warehouse, numbers: readonly string[]): Promise<void> {
    const changed: string[] = [];
    for (let start = 0; start < numbers.length; start += PAGE) changed.push(...this.#write(await getOrders(warehouse.db, numbers.slice(start, start + PAGE))));
    this.#told(changed);
  }

  /**
   * Every shared order into the store, then what the store has that the warehouse lacks: open
   * orders imported here meanwhile are uploaded, and orders cancelled here by a file while the
   * warehouse still has them open are cancelled there too.
   */
  async #syncAll(warehouse: Warehouse): Promise<void> {
    const shared = new Map<string, SharedOrder['status']>();
    const changed: string[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await listOrders(warehouse.db, { limit: PAGE, offset });
      for (const order of page) shared.set(order.orderNumber, order.status);
      changed.push(...this.#write(page));
      if (page.length < PAGE) break;
    }
    const upload: ImportedOrder[] = [];
    const cancel: string[] = [];
    const { read } = this.parts.store;
    for (let offset = 0; ; offset += LOCAL_PAGE) {
      const { orders } = read.listOrders({ limit: LOCAL_PAGE, offset });
      for (const order of orders) {
        const there = shared.get(order.orderNumber);
        if (there === undefined && order.status === 'open') upload.push(importedOf(order));
        if (there === 'open' && order.status === 'cancelled') cancel.push(order.orderNumber);
      }
      if (orders.length < LOCAL_PAGE) break;
    }
    for (let start = 0; start < upload.length; start += PAGE) await importOrders(warehouse.db, warehouse.desk.id, upload.slice(start, start + PAGE));
    if (cancel.length > 0) await importOrders(warehouse.db, warehouse.desk.id, [], cancel);
    if (upload.length + cancel.length > 0) this.parts.log(`warehouse: ${String(upload.length)} orders imported here and ${String(cancel.length)} cancelled here while it was away were shared`);
    this.#told(changed);
  }
}
