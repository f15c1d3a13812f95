/**
 * Requests per minute per credential, over a sliding 60-second window. Each credential keeps
 * the times of its last `limit` admitted requests in a ring: a request is admitted when the
 * oldest of them is more than a minute old. Memory is bounded by the limit, and the answer
 * is exact, so "the N+1st request in a minute gets 429" holds to the millisecond.
 */
export const TIERS = { standard: 100, premium: 500 } as const;

export type Admission = { readonly admitted: true; readonly remaining: number } | { readonly admitted: false; readonly retryAfterSeconds: number };

const WINDOW_MS = 60_000;

class Ring {
  private readonly times: Float64Array;
  private next = 0;
  private count = 0;

  constructor(size: number) {
    this.times = new Float64Array(size);
  }

  /** The oldest time still in the ring once it is full; undefined while it has room. */
  oldest(): number | undefined {
    return this.count < this.times.length ? undefined : this.times[this.next];
  }

  push(time: number): void {
    this.times[this.next] = time;
    this.next = (this.next + 1) % this.times.length;
    if (this.count < this.times.length) this.count += 1;
  }

  /** How many stored times are within the window ending at `now`. */
  recent(now: number): number {
    let n = 0;
    for (let i = 0; i < this.count; i += 1) if ((this.times[i] ?? 0) > now - WINDOW_MS) n += 1;
    return n;
  }
}

export class RateLimiter {
  private readonly rings = new Map<string, Ring>();

  constructor(readonly perMinute: number) {
    if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error(`requests per minute must be a whole number from 1, not ${perMinute}`);
  }

  admit(credential: string, now: number): Admission {
    let ring = this.rings.get(credential);
    if (ring === undefined) {
      ring = new Ring(this.perMinute);
      this.rings.set(credential, ring);
    }
    const oldest = ring.oldest();
    if (oldest !== undefined && oldest > now - WINDOW_MS) {
      return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
    }
    ring.push(now);
    // Counting is O(limit), so it is only done for small limits where the header matters.
    const remaining = this.perMinute <= 1000 ? this.perMinute - ring.recent(now) : this.perMinute;
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
