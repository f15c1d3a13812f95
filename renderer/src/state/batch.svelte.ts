/**
 * A batch of imported orders shipped at once from the Orders screen: the orders chosen, the box
 * and the service for all of them (a service offered to the first order, or the business rules), the estimated total, and then the batch as it drains: a result per order, the shipped
 * ones' tracking numbers and the refused ones' reasons, and the one print job of its labels.
 * Ship buys once per intent: the batch key goes with every press, and a repeat answers the same
 * batch.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { BatchEstimate, BatchService, BatchServiceOffers, BatchView, BoxPreset, OfferedRate, OutboxItem, StoredOrder } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';
import { newRequestKey } from './shipForm.svelte';

type Estimate = BatchEstimate;

export class BatchState {
  readonly #selected = new SvelteMap<string, StoredOrder>();
  readonly #selectedOrders = $derived([...this.#selected.values()]);
  #preset = $state<string>('');
  /** 'rule', or a service offered (`serviceId`). */
  #service = $state('rule');
  #estimate = $state.raw<Estimate | undefined>();
  #estimating = $state(false);
  #batch = $state.raw<BatchView | undefined>();
  #shipping = $state(false);
  #offers = $state.raw<BatchServiceOffers | undefined>();
  #loadingServices = $state(false);
  /** When this desk shipped the batch, and when it last read it (for the pace). */
  #shippedAt: number | undefined;
  #lastRead = $state(0);
  #key = newRequestKey();
  #stop: (() => void) | undefined;

  constructor(private readonly station: StationClient) {}

  get selected(): readonly StoredOrder[] {
    return this.#selectedOrders;
  }
  get count(): number {
    return this.#selected.size;
  }
  isSelected(orderNumber: string): boolean {
    return this.#selected.has(orderNumber);
  }
  toggle(order: StoredOrder, on = !this.#selected.has(order.orderNumber)): void {
    if (on && order.status === 'open') this.#selected.set(order.orderNumber, order);
    else this.#selected.delete(order.orderNumber);
    this.#estimate = undefined;
  }
  selectAll(orders: readonly StoredOrder[]): void {
    for (const order of orders) if (order.status === 'open') this.#selected.set(order.orderNumber, order);
    this.#estimate = undefined;
  }
  clear(): void {
    this.#selected.clear();
    this.#estimate = undefined;
  }

  get preset(): string {
    return this.#preset;
  }
  set preset(code: string) {
    this.#preset = code;
    this.#estimate = undefined;
  }
  /** 'rule', or the id of an offered service (`serviceId`). */
  get service(): string {
    return this.#service;
  }
  set service(choice: string) {
    this.#service = choice;
    this.#estimate = undefined;
  }
  get estimate(): Estimate | undefined {
    return this.#estimate;
  }
  get estimating(): boolean {
    return this.#estimating;
  }
  get batch(): BatchView | undefined {
    return this.#batch;
  }
  get shipping(): boolean {
    return this.#shipping;
  }

  /** What the batch offers to ship with, and the order it was rated for. */
  get offers(): BatchServiceOffers | undefined {
    return this.#offers;
  }
  get loadingServices(): boolean {
    return this.#loadingServices;
  }

  /**
   * How the batch drains: shipments settled a minute since it was shipped here, and the time left
   * at that pace (undefined until one has settled).
   */
  get pace(): { perMinute: number; secondsLeft: number } | undefined {
    const view = this.#batch;
    if (view === undefined || this.#shippedAt === undefined || view.settled === 0) return undefined;
    const minutes = Math.max(1 / 60, (this.#lastRead - this.#shippedAt) / 60_000);
    const perMinute = view.settled / minutes;
    return { perMinute, secondsLeft: Math.round(((view.total - view.settled) / perMinute) * 60) };
  }

  #serviceOf(): BatchService | undefined {
    if (this.#service === 'rule') return { kind: 'rule' };
    const offer = this.#offers?.services.find((each) => serviceId(each) === this.#service);
    return offer === undefined ? undefined : { kind: 'service', carrier: offer.carrier, serviceLevel: offer.serviceLevel, shipMethod: offer.shipMethod };
  }

  /** The services offered to the first chosen order that can ship, in `box`: what the batch can be shipped with. */
  async loadServices(box: BoxPreset | undefined): Promise<void> {
    if (box === undefined || this.#selected.size === 0) return;
    this.#loadingServices = true;
    try {
      const offers = await this.station.value('batchServices', { orderNumbers: [...this.#selected.keys()], box: boxOf(box) });
      this.#offers = offers;
      // A service chosen before stays chosen when it is still offered.
      if (this.#service !== 'rule' && !offers.services.some((offer) => serviceId(offer) === this.#service)) this.#service = 'rule';
    } catch (error) {
      handleError(error);
    } finally {
      this.#loadingServices = false;
    }
  }

  async estimateCost(box: BoxPreset | undefined): Promise<void> {
    const service = this.#serviceOf();
    if (box === undefined || service === undefined || this.#selected.size === 0) return;
    this.#estimating = true;
    try {
      this.#estimate = await this.station.value('estimateBatch', { orderNumbers: [...this.#selected.keys()], box: boxOf(box), service });
    } catch (error) {
      handleError(error);
    } finally {
      this.#estimating = false;
    }
  }

  /** Ships the chosen orders as one batch, once per intent. */
  async ship(box: BoxPreset | undefined): Promise<boolean> {
    const service = this.#serviceOf();
    if (this.#shipping || box === undefined || service === undefined || this.#selected.size === 0) return false;
    this.#shipping = true;
    try {
      this.#shippedAt = Date.now();
      this.#lastRead = this.#shippedAt;
      this.#batch = await this.station.value('shipBatch', { batchKey: this.#key, orderNumbers: [...this.#selected.keys()], box: boxOf(box), service });
      this.#follow(this.#batch.id);
      this.#selected.clear();
      this.#estimate = undefined;
      return true;
    } catch (error) {
      handleError(error);
      return false;
    } finally {
      this.#shipping = false;
    }
  }

  /** A refused order's shipment as the queue keeps it, to correct on the Ship screen and send again. */
  async refusedItem(stationRef: string): Promise<OutboxItem | undefined> {
    try {
      const detail = await this.station.value('getShipment', { stationRef });
      return detail.outbox.find((item) => item.kind === 'createShipment');
    } catch (error) {
      handleError(error);
      return undefined;
    }
  }

  /** Done with this batch's results: the next batch gets a key of its own. */
  closeBatch(): void {
    this.#stop?.();
    this.#stop = undefined;
    this.#batch = undefined;
    this.#shippedAt = undefined;
    this.#key = newRequestKey();
  }

  #follow(batchId: number): void {
    this.#stop?.();
    // Many items settle during a drain: the batch is read once per burst of events.
    const read = coalesce(async () => {
      const result = await this.station.call('getBatch', { batchId });
      if (result.ok && this.#batch?.id === batchId) {
        this.#batch = result.value;
        this.#lastRead = Date.now();
      }
    });
    this.#stop = this.station.onAny((event) => {
      if ((event.type === 'batchProgress' && event.batchId === batchId) || event.type === 'printJob') void read();
    });
  }

  stop(): void {
    this.#stop?.();
    this.#stop = undefined;
  }
}

/** How an offered service is chosen in a list: its carrier and its code. */
export function serviceId(offer: Pick<OfferedRate, 'carrier' | 'serviceLevel'>): string {
  return `${offer.carrier}/${offer.serviceLevel}`;
}

function boxOf(preset: BoxPreset): { length: number; width: number; height: number; unitOfLength: 'IN' | 'CM' } {
  return { length: preset.length, width: preset.width, height: preset.height, unitOfLength: preset.unitOfLength };
}
