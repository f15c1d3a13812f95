/**
 * A sliding 60-second window of request times: the service's rate limit, exactly. It keeps
 * the times of the last `limit` admitted requests in a ring; a request fits when the oldest
 * of them has left the window. The sandbox enforces its limit with it, and the client uses
 * it to pace itself under the same limit. Pure: times are passed in.
 */
export class SlidingWindow {
  private readonly times: Float64Array;
  /** How many requests were ever recorded: the next one's serial number. */
  private total = 0;

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
    if (this.total < this.limit) return 0;
    const oldest = this.times[this.total % this.limit] ?? 0;
    return Math.max(0, oldest + this.windowMs - now);
  }

  /** Records a request at `now` and returns its serial number. Call only when `waitMs(now)` is 0. */
  record(now: number): number {
    this.times[this.total % this.limit] = now;
    this.total += 1;
    return this.total - 1;
  }

  /**
   * Moves a recorded request to a later time: when its answer came back, the service had
   * certainly counted it, so measuring the window from then is safe whatever the latency.
   * Ignored once the request has left the ring.
   */
  settle(serial: number, at: number): void {
    if (serial < this.total - this.limit || serial >= this.total) return;
    const slot = serial % this.limit;
    this.times[slot] = Math.max(this.times[slot] ?? 0, at);
  }

  /** How many recorded requests are inside the window ending at `now`. */
  inWindow(now: number): number {
    let n = 0;
    for (let i = 0; i < Math.min(this.total, this.limit); i += 1) if ((this.times[i] ?? 0) > now - this.windowMs) n += 1;
    return n;
  }
}
