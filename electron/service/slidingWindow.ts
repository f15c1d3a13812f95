/**
 * A sliding 60-second window of request times: the service's rate limit, exactly. It keeps
 * the times of the last `limit` admitted requests in a ring; a request fits when the oldest
 * of them has left the window. The sandbox enforces its limit with it, and the client uses
 * it to pace itself under the same limit. Pure: times are passed in.
 */
export class SlidingWindow {
  private readonly times: Float64Array;
  private next = 0;
  private count = 0;

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {
    SlidingWindow.checkLimit(limit);
    this.times = new Float64Array(limit);
  }

  static checkLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`requests per minute must be a whole number from 1, not ${limit}`);
  }

  /** Milliseconds until one more request fits (0: it fits now). */
  waitMs(now: number): number {
    if (this.count < this.limit) return 0;
    const oldest = this.times[this.next] ?? 0;
    return Math.max(0, oldest + this.windowMs - now);
  }

  /** Records a request at `now`. Call only when `waitMs(now)` is 0. */
  record(now: number): void {
    this.times[this.next] = now;
    this.next = (this.next + 1) % this.limit;
    if (this.count < this.limit) this.count += 1;
  }

  /** How many recorded requests are inside the window ending at `now`. */
  inWindow(now: number): number {
    let n = 0;
    for (let i = 0; i < this.count; i += 1) if ((this.times[i] ?? 0) > now - this.windowMs) n += 1;
    return n;
  }
}
