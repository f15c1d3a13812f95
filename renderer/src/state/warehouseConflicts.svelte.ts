/**
 * Conflicts a person must settle (two desks cut off from the warehouse database shipped one
 * order): the header's count, kept current from the station's `warehouseConflicts` events, the
 * list with both shipments, and settling one with what was done, typed in words.
 */
import type { WarehouseConflict } from '../../../electron/api';
import { fieldMessages, words } from '../lib/errors';
import type { StationClient } from '../lib/station';

/** What a resolution must say (the station checks the same). */
const MIN_RESOLUTION = 3;

export class WarehouseConflictsState {
  #open = $state(0);
  #list = $state<readonly WarehouseConflict[] | undefined>();
  #drafts = $state<Readonly<Record<number, string>>>({});
  #errors = $state<Readonly<Record<number, string>>>({});
  #busy = $state<number | undefined>();
  #problem = $state<string | undefined>();
  #notice = $state<string | undefined>();
  /** Whether the list is shown (read again when the count moves). */
  #watching = false;

  constructor(private readonly station: StationClient) {}

  /** Open conflicts, for the header (0 without a connected warehouse). */
  get open(): number {
    return this.#open;
  }

  /** The open conflicts, oldest first, once read. */
  get list(): readonly WarehouseConflict[] | undefined {
    return this.#list;
  }

  /** The resolution typed for each conflict, by id. */
  draft(conflictId: number): string {
    return this.#drafts[conflictId] ?? '';
  }

  /** What is wrong with a conflict's resolution, by id. */
  error(conflictId: number): string | undefined {
    return this.#errors[conflictId];
  }

  /** The conflict being settled now. */
  get busy(): number | undefined {
    return this.#busy;
  }

  /** Why the list could not be read or a conflict settled, when it was not the resolution's fault. */
  get problem(): string | undefined {
    return this.#problem;
  }

  /** What the last settling did, in words. */
  get notice(): string | undefined {
    return this.#notice;
  }

  setDraft(conflictId: number, text: string): void {
    this.#drafts = { ...this.#drafts, [conflictId]: text };
    const { [conflictId]: _cleared, ...rest } = this.#errors;
    this.#errors = rest;
  }

  async loadCount(): Promise<void> {
    const result = await this.station.call('countWarehouseConflicts', {});
    if (result.ok) this.#open = result.value;
  }

  /** Reads the list (and keeps it current while it is shown). */
  async loadList(): Promise<void> {
    this.#watching = true;
    const result = await this.station.call('listWarehouseConflicts', {});
    if (!result.ok) {
      this.#problem = words(result.error);
      return;
    }
    this.#problem = undefined;
    this.#list = result.value;
    this.#open = result.value.length;
  }

  /** The list is no longer shown. */
  stopWatching(): void {
    this.#watching = false;
  }

  /** Settles a conflict with the resolution typed for it; false when the resolution or the station refused. */
  async resolve(conflictId: number): Promise<boolean> {
    // One at a time: a second press while one is on its way does nothing.
    if (this.#busy !== undefined) return false;
    const resolution = this.draft(conflictId).trim();
    if (resolution.length < MIN_RESOLUTION) {
      this.#errors = { ...this.#errors, [conflictId]: 'Say what was done, e.g. which label was voided (at least 3 characters).' };
      return false;
    }
    const conflict = this.#list?.find((c) => c.id === conflictId);
    this.#busy = conflictId;
    this.#problem = undefined;
    this.#notice = undefined;
    try {
      const result = await this.station.call('resolveWarehouseConflict', { conflictId, resolution });
      if (!result.ok) {
        const fields = fieldMessages(result.error.fields);
        if (fields.resolution !== undefined) this.#errors = { ...this.#errors, [conflictId]: fields.resolution };
        else this.#problem = words(result.error);
        return false;
      }
      const order = conflict === undefined ? '' : ` of order ${conflict.orderNumber}`;
      this.#notice = result.value ? `The conflict${order} is settled.` : `The conflict${order} was already settled at another desk.`;
      const { [conflictId]: _done, ...drafts } = this.#drafts;
      this.#drafts = drafts;
      await this.loadList();
      return result.value;
    } finally {
      this.#busy = undefined;
    }
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    const stops = [
      this.station.on('warehouseConflicts', (event) => {
        this.#open = event.open;
        if (this.#watching) void this.loadList();
      }),
      // The link connected again (or went): the count is the warehouse's now.
      this.station.on('warehouseState', (event) => {
        // Unreachable keeps the last count: the conflicts are still there.
        if (event.status.state === 'connected' || event.status.state === 'notConfigured') void this.loadCount();
      }),
      this.station.on('connectionChanged', () => void this.loadCount()),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
