/**
 * Documents that did not print and that nobody has acted on: shown on every screen until
 * someone retries or dismisses them. Read again whenever a print job fails or is settled.
 */
import { SvelteSet } from 'svelte/reactivity';
import type { PrintProblem } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';

export class PrintProblemsState {
  #problems = $state<readonly PrintProblem[]>([]);
  /** Jobs being retried or dismissed right now: their buttons wait. */
  readonly #busy = new SvelteSet<number>();
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get problems(): readonly PrintProblem[] {
    return this.#problems;
  }

  isBusy(jobId: number): boolean {
    return this.#busy.has(jobId);
  }

  async load(): Promise<void> {
    const result = await this.station.call('listPrintProblems', {});
    if (result.ok) this.#problems = result.value;
  }

  retry(jobId: number): Promise<void> {
    return this.#act(jobId, () => this.station.value('retryPrintJob', { id: jobId }));
  }

  dismiss(jobId: number): Promise<void> {
    return this.#act(jobId, () => this.station.value('dismissPrintProblem', { id: jobId }));
  }

  async #act(jobId: number, action: () => Promise<unknown>): Promise<void> {
    if (this.#busy.has(jobId)) return;
    this.#busy.add(jobId);
    try {
      await action();
    } catch (error) {
      handleError(error);
    } finally {
      this.#busy.delete(jobId);
      await this.load();
    }
  }

  follow(): () => void {
    const stops = [
      this.station.on('printJob', (event) => {
        if (event.testPage !== true && event.state !== 'sent') void this.#reload();
      }),
      this.station.on('connectionChanged', () => void this.#reload()),
      // A voided shipment's failed prints are settled by the station: they are no longer to print again.
      this.station.on('outboxItem', (event) => {
        if (event.kind === 'cancelShipment' && event.state === 'done') void this.#reload();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
