/**
 * Documents that did not print and that nobody has acted on: shown on every screen until
 * someone retries or dismisses them, one by one or all at once. Read again whenever a print job
 * fails or is settled.
 */
import { SvelteSet } from 'svelte/reactivity';
import type { PrintProblem } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError } from '../lib/errors';
import { StationCallError, type StationClient } from '../lib/station';

export class PrintProblemsState {
  #problems = $state<readonly PrintProblem[]>([]);
  /** Jobs being retried or dismissed right now: their buttons wait. */
  readonly #busy = new SvelteSet<number>();
  #allBusy = $state(false);
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get problems(): readonly PrintProblem[] {
    return this.#problems;
  }

  isBusy(jobId: number): boolean {
    return this.#allBusy || this.#busy.has(jobId);
  }

  /** Every failure being printed again or dismissed at once. */
  get allBusy(): boolean {
    return this.#allBusy;
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

  /** Prints every failed document again (a batch's failures go together, as one job). */
  retryAll(): Promise<void> {
    return this.#all((id) => this.station.value('retryPrintJob', { id }));
  }

  /** Every failure counts as handled: printed elsewhere, or not needed. */
  dismissAll(): Promise<void> {
    return this.#all((id) => this.station.value('dismissPrintProblem', { id }));
  }

  /**
   * Acts on each failure still listed, one after the other; one that another's action already
   * handled (a batch's failures are retried together) is passed over. The first other refusal is said.
   */
  async #all(action: (jobId: number) => Promise<unknown>): Promise<void> {
    if (this.#allBusy) return;
    this.#allBusy = true;
    let refusal: unknown;
    try {
      for (const jobId of this.#problems.map((problem) => problem.job.id)) {
        if (!this.#problems.some((problem) => problem.job.id === jobId)) continue;
        try {
          await action(jobId);
        } catch (error) {
          if (!(error instanceof StationCallError && error.error.code === 'conflict')) refusal ??= error;
        }
        await this.load();
      }
    } finally {
      this.#allBusy = false;
    }
    if (refusal !== undefined) handleError(refusal);
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
