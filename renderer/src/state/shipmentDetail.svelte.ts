/**
 * One shipment opened on the Shipments screen: everything the station keeps about it, read again
 * when the station says something about it changed (its queue item, its prints, its tracking).
 * An undelivered shipment's tracking is asked of the service when it is opened; the station's own
 * refresh and `trackingChanged` keep the timeline current while it stays open.
 */
import type { ShipmentDetail, StationEvent } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError, words } from '../lib/errors';
import type { StationClient } from '../lib/station';

/** The events that concern a shipment, by its station reference. */
function concerns(event: StationEvent, stationRef: string, jobIds: readonly number[]): boolean {
  switch (event.type) {
    case 'outboxItem':
    case 'labelsReady':
    case 'labelUnavailable':
    case 'trackingChanged':
      return event.stationRef === stationRef;
    case 'printJob':
      return event.ids.some((id) => jobIds.includes(id));
    default:
      return false;
  }
}

export class ShipmentDetailState {
  #detail = $state.raw<ShipmentDetail | undefined>();
  #stationRef = $state<string | undefined>();
  #tracking = $state(false);
  #trackingProblem = $state<string | undefined>();
  #stop: (() => void) | undefined;
  readonly #reload = coalesce(() => this.#read());

  constructor(private readonly station: StationClient) {}

  get detail(): ShipmentDetail | undefined {
    return this.#detail;
  }
  get stationRef(): string | undefined {
    return this.#stationRef;
  }
  /** A tracking refresh is on its way. */
  get tracking(): boolean {
    return this.#tracking;
  }
  get trackingProblem(): string | undefined {
    return this.#trackingProblem;
  }

  async open(stationRef: string): Promise<boolean> {
    this.close();
    this.#stationRef = stationRef;
    this.#stop = this.station.onAny((event) => {
      if (concerns(event, stationRef, this.#detail?.printJobs.map((job) => job.id) ?? [])) void this.#reload();
    });
    await this.#read();
    const shipment = this.#detail?.shipment;
    if (shipment !== undefined && !shipment.delivered && shipment.serviceId !== null) void this.track();
    return this.#detail !== undefined;
  }

  close(): void {
    this.#stop?.();
    this.#stop = undefined;
    this.#stationRef = undefined;
    this.#detail = undefined;
    this.#trackingProblem = undefined;
  }

  /** Asks the service for the shipment's tracking now; the timeline follows from the store. */
  async track(): Promise<void> {
    const ref = this.#stationRef;
    if (ref === undefined || this.#tracking) return;
    this.#tracking = true;
    try {
      const result = await this.station.call('trackShipments', { stationRefs: [ref] });
      this.#trackingProblem = result.ok ? undefined : words(result.error);
      await this.#read();
    } finally {
      this.#tracking = false;
    }
  }

  async #read(): Promise<void> {
    const ref = this.#stationRef;
    if (ref === undefined) return;
    try {
      const detail = await this.station.value('getShipment', { stationRef: ref });
      if (this.#stationRef === ref) this.#detail = detail;
    } catch (error) {
      handleError(error);
    }
  }
}
