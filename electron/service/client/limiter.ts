/**
 * The station's own pace limit, one per credential, shared by every call made with it. The
 * service allows so many requests per sliding minute and answers 429 past that; a busy
 * station that paced itself only by those 429s would lose requests to them and keep the
 * service's window full. This limiter keeps the same sliding window on the client side, so
 * requests go out as fast as the tier allows and no faster.
 *
 * Waiters are served first come, first served, by a single timer: however many callers
 * wait, at most one sleep is pending.
 */
import { SlidingWindow } from '../slidingWindow';
import type { Timers } from '../../platform/clock';

/**
 * Added to the 60-second window. The service counts a request when it arrives, the client
 * when it sends; if one request is slower on the wire than the one sent a minute later, the
 * service would see the two less than a minute apart. A permit settled when its answer
 * arrives (`Permit.settle`) closes that gap exactly, since the service had counted the
 * request by then, so the margin only covers timer granularity and the rounding of clocks.
 */
export const DEFAULT_MARGIN_MS = 50;

/** A reserved slot. Settle it when the answer (or the failure) comes back. */
export interface Permit {
  settle(at: number): void;
}

/**
 * What the service client asks of a rate limit: a slot before each request, and a hold after a
 * 429. `RequestLimiter` keeps one desk's own window; a budget shared between desks (the warehouse
 * database's) fits the same seam and uses the operation to rank waiting requests.
 */
export interface RequestGate {
  /** Resolves once one request may be sent; `operation` names it (an operation id, or `token`). */
  acquire(signal?: AbortSignal, operation?: string): Promise<Permit>;
  /** Nobody sends before `at` (ms since the epoch), e.g. after a 429 with Retry-After. */
  holdUntil(at: number): void;
}

const MINUTE_MS = 60_000;

/** A caller waiting for a permit. */
export interface PermitWaiter {
  readonly resolve: (permit: Permit) => void;
  readonly reject: (reason: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/** A waiter that leaves the line (`leave`) and is refused with the signal's reason when its signal aborts. */
export function permitWaiter(signal: AbortSignal | undefined, resolve: (permit: Permit) => void, reject: (reason: unknown) => void, leave: (waiter: PermitWaiter) => void): PermitWaiter {
  const waiter: PermitWaiter = {
    resolve,
    reject,
    signal,
    onAbort: () => {
      leave(waiter);
      reject(abortReason(signal));
    },
  };
  signal?.addEventListener('abort', waiter.onAbort, { once: true });
  return waiter;
}

export interface RequestLimiterOptions {
  /** Milliseconds added to the 60-second window (default `DEFAULT_MARGIN_MS`). */
  readonly marginMs?: number;
  /**
   * When requests already sent still count at the service (ms since the epoch): a limiter that
   * takes over from another gate (a desk leaving the warehouse's shared window) starts with them
   * in its window. The last `perMinute` are kept.
   */
  readonly counted?: readonly number[];
}

export class RequestLimiter implements RequestGate {
  readonly marginMs: number;
  private window: SlidingWindow;
  private readonly queue: PermitWaiter[] = [];
  private heldUntil = Number.NEGATIVE_INFINITY;
  private pumping = false;
  /** Cuts the pump's sleep short when nobody is left waiting, so no timer outlives the queue. */
  private stopSleep: AbortController | undefined;

  constructor(
    readonly perMinute: number,
    private readonly timers: Timers,
    options: RequestLimiterOptions = {},
  ) {
    SlidingWindow.checkLimit(perMinute);
    const marginMs = options.marginMs ?? DEFAULT_MARGIN_MS;
    if (!Number.isFinite(marginMs) || marginMs < 0) throw new RangeError(`marginMs must be a number of milliseconds from 0, not ${marginMs}`);
    this.marginMs = marginMs;
    this.window = new SlidingWindow(perMinute, MINUTE_MS + marginMs);
    for (const at of [...(options.counted ?? [])].sort((a, b) => a - b).slice(-perMinute)) this.window.record(at);
  }

  /**
   * Resolves once a slot is reserved for one request, which should then be sent at once:
   * time spent between the two (fetching a token, say) narrows the gap the service sees.
   * An aborted wait rejects with the signal's reason and reserves nothing.
   */
  acquire(signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.queue.length === 0 && this.waitMs(this.timers.now()) === 0) {
      return Promise.resolve(this.reserve(this.timers.now()));
    }
    return new Promise<Permit>((resolve, reject) => {
      this.queue.push(permitWaiter(signal, resolve, reject, (waiter) => this.leave(waiter)));
      if (!this.pumping) void this.pump();
    });
  }

  /**
   * Nobody sends before `at` (ms since the epoch): called after a 429 with Retry-After,
   * because the service's window, not ours, is the one that counts. A later hold extends
   * the current one; an earlier one does not shorten it.
   */
  holdUntil(at: number): void {
    if (Number.isNaN(at)) throw new RangeError('holdUntil needs a time in milliseconds since the epoch, not NaN');
    this.heldUntil = Math.max(this.heldUntil, at);
  }

  private reserve(now: number): Permit {
    const window = this.window;
    const serial = window.record(now);
    // After a reset (see waitMs) the old window is gone; settling it changes nothing.
    return { settle: (at) => window.settle(serial, at) };
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  private waitMs(now: number): number {
    let wait = this.window.waitMs(now);
    if (wait > 2 * this.window.windowMs) {
      // A wait over one window means the system clock was set back. A step of up to a
      // minute is waited out; a longer one could stall the station for hours, so the window
      // starts afresh, risking at worst a few 429s that the caller honours via holdUntil.
      this.window = new SlidingWindow(this.perMinute, this.window.windowMs);
      wait = 0;
    }
    return Math.max(wait, this.heldUntil - now, 0);
  }

  /** Hands out slots in queue order, sleeping (one timer) until the next one frees up. */
  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (;;) {
        const head = this.queue[0];
        if (head === undefined) return;
        const now = this.timers.now();
        const wait = this.waitMs(now);
        if (wait === 0) {
          this.queue.shift();
          head.signal?.removeEventListener('abort', head.onAbort);
          head.resolve(this.reserve(now));
          continue;
        }
        const stop = new AbortController();
        this.stopSleep = stop;
        try {
          await this.timers.sleep(wait, stop.signal);
        } catch (error) {
          // Cut short on purpose: look at the queue again. Any other failure would recur on
          // every sleep, so the waiters get it rather than a pump that spins.
          if (!stop.signal.aborted) this.failAll(error);
        } finally {
          this.stopSleep = undefined;
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private leave(waiter: PermitWaiter): void {
    const i = this.queue.indexOf(waiter);
    if (i >= 0) this.queue.splice(i, 1);
    if (this.queue.length === 0) this.stopSleep?.abort();
  }

  private failAll(error: unknown): void {
    for (const waiter of this.queue.splice(0)) {
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.reject(error);
    }
  }
}

/**
 * The signal's reason as given, as Node's own timers do. An aborted signal always has one
 * (an AbortError DOMException by default); it is typed Error although a caller may abort
 * with any value.
 */
export function abortReason(signal: AbortSignal | undefined): Error {
  return (signal?.reason as Error | undefined) ?? new DOMException('The operation was aborted.', 'AbortError');
}
