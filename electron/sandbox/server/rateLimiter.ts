/**
 * Requests per minute per credential, each credential over its own sliding 60-second window,
 * so "the N+1st request in a minute gets 429" holds to the millisecond.
 */
import { SlidingWindow } from '../../service/slidingWindow';

export const TIERS = { standard: 100, premium: 500 } as const;

export type Admission = { readonly admitted: true; readonly remaining: number } | { readonly admitted: false; readonly retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, SlidingWindow>();

  constructor(readonly perMinute: number) {
    SlidingWindow.checkLimit(perMinute);
  }

  admit(credential: string, now: number): Admission {
    let window = this.windows.get(credential);
    if (window === undefined) {
      window = new SlidingWindow(this.perMinute);
      this.windows.set(credential, window);
    }
    const wait = window.waitMs(now);
    if (wait > 0) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    window.record(now);
    // Counting is O(limit), so it is only done for small limits where the header matters.
    const remaining = this.perMinute <= 1000 ? this.perMinute - window.inWindow(now) : this.perMinute;
    return { admitted: true, remaining };
  }
}

/** Reads `standard`, `premium` or `N-per-minute` (also a bare number). */
export function parseTier(text: string): number {
  const lower = text.trim().toLowerCase();
  if (lower === 'standard' || lower === 'premium') return TIERS[lower];
  const match = /^(\d+)(-per-minute)?$/.exec(lower);
  const n = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`tier must be standard, premium or N-per-minute (e.g. 250-per-minute), not "${text}"`);
  return n;
}
