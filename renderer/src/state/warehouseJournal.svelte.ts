/**
 * What this desk still owes the warehouse database (Settings → Warehouse): how many entries wait to
 * be sent, and those the warehouse refused with its reason, so nothing the desk did stays unheard
 * without a person seeing it. Read when shown, and again on the station's `warehouseJournal` events.
 */
import type { WarehouseJournalView } from '../../../electron/api';
import { words } from '../lib/errors';
import type { StationClient } from '../lib/station';

export class WarehouseJournalState {
  #view = $state<WarehouseJournalView | undefined>();
  #problem = $state<string | undefined>();

  constructor(private readonly station: StationClient) {}

  /** The journal as last read. */
  get view(): WarehouseJournalView | undefined {
    return this.#view;
  }

  /** Why it could not be read, in words. */
  get problem(): string | undefined {
    return this.#problem;
  }

  async load(): Promise<void> {
    const result = await this.station.call('getWarehouseJournal', {});
    if (!result.ok) {
      this.#problem = words(result.error);
      return;
    }
    this.#problem = undefined;
    this.#view = result.value;
  }

  /** Follows the station's events while shown; returns the function that stops following them. */
  follow(): () => void {
    const stops = [this.station.on('warehouseJournal', () => void this.load()), this.station.on('connectionChanged', () => void this.load())];
    return () => {
      for (const stop of stops) stop();
    };
  }
}
