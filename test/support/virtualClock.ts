/**
 * A deterministic clock for tests of code that takes `Timers`. Time stands still until the
 * test moves it; timers fire in time order (registration order among equals), and the
 * promise continuations they trigger run before the next one fires, so a minute of waiting
 * costs nothing and every wait happens at a known virtual instant.
 *
 * Timers run on a monotonic count, as Node's do; `now()` is that count plus a wall-clock
 * offset, so `shiftWallClock` can model the system clock being set back or forward.
 */
import type { Timers } from '../../electron/platform/clock';

interface PendingTimer {
  readonly due: number;
  readonly seq: number;
  readonly fire: () => void;
}

/** 2025-01-01T00:00:00Z: far from zero, so code that treats 0 as "unset" cannot pass by luck. */
export const VIRTUAL_EPOCH = Date.UTC(2025, 0, 1);

export class VirtualClock implements Timers {
  private monotonic = 0;
  private wallOffset: number;
  private seq = 0;
  private readonly timers: PendingTimer[] = [];

  constructor(start = VIRTUAL_EPOCH) {
    this.wallOffset = start;
  }

  now(): number {
    return this.monotonic + this.wallOffset;
  }

  /** Milliseconds the clock has moved since it was created (unaffected by `shiftWallClock`). */
  get elapsed(): number {
    return this.monotonic;
  }

  /** Timers registered and not yet fired or aborted. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.remove(timer);
        reject(signal?.reason as Error);
      };
      const timer: PendingTimer = {
        due: this.monotonic + Math.max(0, ms),
        seq: this.seq++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
    });
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new RangeError(`advance needs a number of milliseconds from 0, not ${ms}`);
    const target = this.monotonic + ms;
    for (;;) {
      await flush();
      const next = this.earliest();
      if (next === undefined || next.due > target) break;
      this.fire(next);
    }
    this.monotonic = target;
    await flush();
  }

  /** Fires timers until none is left. Throws after `maxTimers`, which catches a timer that re-arms forever. */
  async runAll(maxTimers = 100_000): Promise<void> {
    await this.runUntil(() => this.timers.length === 0, maxTimers);
  }

  /** Fires timers, one at a time, until `done()` holds. Throws if no timer is left while it does not. */
  async runUntil(done: () => boolean, maxTimers = 100_000): Promise<void> {
    for (let fired = 0; ; fired += 1) {
      await flush();
      if (done()) return;
      const next = this.earliest();
      if (next === undefined) throw new Error('runUntil: no timer is left and the condition still does not hold');
      if (fired >= maxTimers) throw new Error(`runUntil: the condition still does not hold after ${maxTimers} timers`);
      this.fire(next);
    }
  }

  /** Sets the wall clock (what `now()` reads) forward or back by `deltaMs`; pending timers keep their due times. */
  shiftWallClock(deltaMs: number): void {
    this.wallOffset += deltaMs;
  }

  private earliest(): PendingTimer | undefined {
    let best: PendingTimer | undefined;
    for (const t of this.timers) if (best === undefined || t.due < best.due || (t.due === best.due && t.seq < best.seq)) best = t;
    return best;
  }

  private fire(timer: PendingTimer): void {
    this.remove(timer);
    this.monotonic = Math.max(this.monotonic, timer.due);
    timer.fire();
  }

  private remove(timer: PendingTimer): void {
    const i = this.timers.indexOf(timer);
    if (i >= 0) this.timers.splice(i, 1);
  }
}

/**
 * Lets every pending promise continuation run: Node empties the whole microtask queue,
 * including tasks queued meanwhile, before it reaches the next setImmediate.
 */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
