/**
 * Failed authentication attempts per remote address, over a sliding 60-second window. They
 * are kept apart from the per-credential rate limit: a guesser who sends wrong secrets for
 * the real client id must not use up, or block, the real client's limit. Once an address has
 * used its budget it is refused with 429 before its credentials are looked at, so a guess
 * sent while locked learns nothing, until the oldest failure leaves the window.
 */
import { SlidingWindow } from '../../service/slidingWindow';

/** Failed attempts an address may make per minute before it is locked (SandboxOptions). */
export const DEFAULT_FAILED_AUTH_PER_MINUTE = 50;

/** Past this many tracked addresses, the ones with no failure in the window are forgotten. */
const PRUNE_AT = 10_000;

export class AuthFailureLimiter {
  private readonly windows = new Map<string, SlidingWindow>();

  constructor(readonly perMinute: number) {
    SlidingWindow.checkLimit(perMinute);
  }

  /** Whole seconds until `address` may try again; 0 when it may try now. */
  lockedFor(address: string, now: number): number {
    const wait = this.windows.get(address)?.waitMs(now) ?? 0;
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  /** Records one failed attempt from `address` (one that was let through, so not locked). */
  record(address: string, now: number): void {
    let window = this.windows.get(address);
    if (window === undefined) {
      if (this.windows.size >= PRUNE_AT) this.prune(now);
      window = new SlidingWindow(this.perMinute);
      this.windows.set(address, window);
    }
    if (window.waitMs(now) === 0) window.record(now);
  }

  private prune(now: number): void {
    for (const [address, window] of this.windows) if (window.inWindow(now) === 0) this.windows.delete(address);
  }
}
