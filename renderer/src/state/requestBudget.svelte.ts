/**
 * The header's word on the service client's request budget: the desk's own limit, the
 * credential's limit shared with the warehouse's desks, or a local share while the warehouse's
 * database cannot be used. Kept current from the station's `requestBudget` events.
 */
import type { RequestBudgetMode } from '../../../electron/api';
import type { StationClient } from '../lib/station';

/** The mode as the header says it, in a few words (the whole sentence is its accessible name). */
export const REQUEST_BUDGET_WORDS: Readonly<Record<RequestBudgetMode['kind'], string>> = {
  own: 'Own limit',
  shared: 'Shared limit',
  local: 'Local share',
};

export class RequestBudgetState {
  /** Undefined until read; null when the profile cannot sign in (nothing is sent). */
  #mode = $state<RequestBudgetMode | null | undefined>();

  constructor(private readonly station: StationClient) {}

  get mode(): RequestBudgetMode | null | undefined {
    return this.#mode;
  }

  async load(): Promise<void> {
    const result = await this.station.call('getRequestBudget', {});
    // Unread, the header says nothing of it rather than something stale.
    this.#mode = result.ok ? result.value : undefined;
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    const stops = [
      this.station.on('requestBudget', (event) => {
        this.#mode = event.mode;
      }),
      // Another profile: another credential and its own budget.
      this.station.on('connectionChanged', () => void this.load()),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
