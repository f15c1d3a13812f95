/**
 * How a drain of the outbox is going, for a progress bar: items settled since the worker
 * started on a run of work, of those and the ones still waiting; the pace over the last minute;
 * and the time left at that pace. A run ends when the worker finds nothing to do.
 */
import type { SyncEvent } from '../api/stationEvents';

/** The pace is measured over this much of the recent past. */
const PACE_WINDOW_MS = 60_000;

export class DrainProgress {
  private settled = 0;
  private times: number[] = [];

  constructor(private readonly emit: (event: Extract<SyncEvent, { type: 'outboxProgress' }>) => void) {}

  /** One item was processed at `now`; `waiting` items are still to be sent or settled. */
  settledOne(now: number, waiting: number): void {
    this.settled += 1;
    this.times.push(now);
    while (this.times.length > 0 && (this.times[0] ?? now) <= now - PACE_WINDOW_MS) this.times.shift();
    const first = this.times[0] ?? now;
    // The pace over the window, or over what there is of it at the start of a run.
    const spanMs = Math.max(1_000, this.times.length > 1 ? now - first : 0);
    const perMinute = this.times.length > 1 ? Math.round(((this.times.length - 1) * 60_000) / spanMs) : 0;
    this.emit({
      type: 'outboxProgress',
      done: this.settled,
      total: this.settled + waiting,
      perMinute,
      ...(perMinute > 0 ? { etaMs: Math.round((waiting * 60_000) / perMinute) } : {}),
    });
  }

  /** The worker found nothing to do: the next item starts a new run. */
  idle(): void {
    this.settled = 0;
    this.times = [];
  }
}
