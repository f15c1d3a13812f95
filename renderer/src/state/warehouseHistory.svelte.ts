/**
 * Other desks' shipments beside this desk's own on the Shipments screen: the words typed in the
 * search asked of the warehouse's shared history too, each result marked with the desk that made
 * it. A desk without a warehouse shows nothing more; a warehouse that cannot be asked now is said
 * in words (the desk's own list stands alone). Asked again when the link comes back, and a newer
 * search drops the answer of an older one.
 */
import type { OtherDeskShipment, WarehouseHistoryAnswer } from '../../../electron/api';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';

/** Other desks' shipments shown at most for one search: a packer looking for a parcel types more words. */
export const HISTORY_PAGE = 25;

export class WarehouseHistoryState {
  #answer = $state.raw<WarehouseHistoryAnswer | undefined>();
  #asked = $state('');
  #busy = $state(false);
  /** The last search sent: an answer to an older one is dropped. */
  #sequence = 0;

  constructor(private readonly station: StationClient) {}

  /** What was searched for (trimmed); empty when nothing is. */
  get asked(): string {
    return this.#asked;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** Other desks' shipments found, newest first. */
  get shipments(): readonly OtherDeskShipment[] {
    return this.#answer?.kind === 'found' ? this.#answer.shipments : [];
  }
  /** More match than are shown. */
  get more(): boolean {
    return this.#answer?.kind === 'found' && this.#answer.more;
  }
  /** Why other desks' shipments cannot be shown now, in words. */
  get note(): string | undefined {
    return this.#answer?.kind === 'unreachable' ? this.#answer.words : undefined;
  }
  /** Whether the desk shares a warehouse's history at all (unknown until asked). */
  get shown(): boolean {
    return this.#asked !== '' && this.#answer !== undefined && this.#answer.kind !== 'notLinked';
  }

  /** Asks the warehouse for `text`; nothing typed clears the results (the desk's own list shows its recent shipments). */
  async search(text: string): Promise<void> {
    const asked = text.trim();
    const sequence = ++this.#sequence;
    this.#asked = asked;
    if (asked === '') {
      this.#answer = undefined;
      this.#busy = false;
      return;
    }
    this.#busy = true;
    try {
      const answer = await this.station.value('searchWarehouseHistory', { text: asked, limit: HISTORY_PAGE });
      if (sequence === this.#sequence) this.#answer = answer;
    } catch (error) {
      if (sequence === this.#sequence) handleError(error);
    } finally {
      if (sequence === this.#sequence) this.#busy = false;
    }
  }

  /** The warehouse link changed state (back, or lost): the same words are asked again. */
  follow(): () => void {
    return this.station.on('warehouseState', () => {
      if (this.#asked !== '') void this.search(this.#asked);
    });
  }
}
