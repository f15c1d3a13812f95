import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_MARGIN_MS, RequestLimiter } from '../../../electron/service/client/limiter';
import { SlidingWindow } from '../../../electron/service/slidingWindow';
import { VirtualClock, VIRTUAL_EPOCH } from '../../support/virtualClock';

const MINUTE = 60_000;

/** Starts `n` acquires now and records, in order of resolution, which one resolved and when (ms since the clock started). */
function acquireMany(limiter: RequestLimiter, clock: VirtualClock, n: number, signals: (AbortSignal | undefined)[] = []) {
  const granted: { index: number; at: number }[] = [];
  const failed: { index: number; reason: unknown }[] = [];
  for (let index = 0; index < n; index += 1) {
    limiter.acquire(signals[index]).then(
      () => granted.push({ index, at: clock.elapsed }),
      (reason: unknown) => failed.push({ index, reason }),
    );
  }
  return { granted, failed, settled: () => granted.length + failed.length === n };
}

/** The fewest requests in any span of `spanMs` that holds more than `limit` of `times` (sorted): none when every such span is at least `spanMs` long. */
function shortestSpanOverLimit(times: readonly number[], limit: number): number {
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + limit < times.length; i += 1) shortest = Math.min(shortest, (times[i + limit] ?? 0) - (times[i] ?? 0));
  return shortest;
}

describe('VirtualClock', () => {
  it('fires timers in time order, registration order among equals, with now() at each due time', async () => {
    const clock = new VirtualClock();
    const log: string[] = [];
    for (const [name, ms] of [['c', 300], ['a', 100], ['b1', 200], ['b2', 200]] as const) void clock.sleep(ms).then(() => log.push(`${name}@${clock.now() - VIRTUAL_EPOCH}`));
    await clock.runAll();
    expect(log).toEqual(['a@100', 'b1@200', 'b2@200', 'c@300']);
  });

  it('advance fires only what falls due, and lets each continuation run before the next timer', async () => {
    const clock = new VirtualClock();
    const log: number[] = [];
    void clock.sleep(50).then(async () => {
      log.push(clock.elapsed);
      await clock.sleep(20); // registered by a continuation: due at 70, inside the advance
      log.push(clock.elapsed);
    });
    void clock.sleep(500).then(() => log.push(clock.elapsed));
    await clock.advance(100);
    expect(log).toEqual([50, 70]);
    expect(clock.elapsed).toBe(100);
    expect(clock.pendingTimers).toBe(1);
  });

  it('rejects an aborted sleep with the signal reason and forgets its timer', async () => {
    const clock = new VirtualClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pendingTimers).toBe(0);
    await expect(clock.sleep(10, controller.signal)).rejects.toThrow('stop');
  });

  it('runUntil stops when the condition holds and complains when it never can', async () => {
    const clock = new VirtualClock();
    let woke = false;
    void clock.sleep(10).then(() => (woke = true));
    void clock.sleep(20);
    await clock.runUntil(() => woke);
    expect(clock.elapsed).toBe(10);
    await expect(clock.runUntil(() => false)).rejects.toThrow('no timer is left');
  });

  it('shifts the wall clock without moving timers', async () => {
    const clock = new VirtualClock();
    let firedAt = 0;
    void clock.sleep(100).then(() => (firedAt = clock.now()));
    clock.shiftWallClock(-5_000);
    await clock.runAll();
    expect(firedAt).toBe(VIRTUAL_EPOCH - 5_000 + 100);
    expect(clock.elapsed).toBe(100);
  });
});

describe('RequestLimiter', () => {
  it('paces 300 requests at 100 a minute: never over 100 in any minute, all served, ≥95% of the allowance used', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(100, clock);
    const run = acquireMany(limiter, clock, 300);
    await clock.runUntil(run.settled);

    const times = run.granted.map((g) => g.at);
    expect(run.failed).toEqual([]);
    expect(times).toHaveLength(300);
    expect(shortestSpanOverLimit(times, 100)).toBeGreaterThanOrEqual(MINUTE);
    // The service's own window, fed the same instants, would admit every one of them.
    const service = new SlidingWindow(100);
    for (const at of times) {
      expect(service.waitMs(VIRTUAL_EPOCH + at)).toBe(0);
      service.record(VIRTUAL_EPOCH + at);
    }
    // 300 requests at 100 a minute need two full minutes at the very least.
    const total = (times.at(-1) ?? 0) - (times[0] ?? 0);
    expect(total).toBe(2 * (MINUTE + DEFAULT_MARGIN_MS));
    expect((2 * MINUTE) / total).toBeGreaterThanOrEqual(0.95);
  });

  it('serves waiters first come, first served, late arrivals behind them', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(3, clock, { marginMs: 0 });
    const first = acquireMany(limiter, clock, 10);
    await clock.advance(1_000);
    const late = acquireMany(limiter, clock, 2);
    await clock.runUntil(() => first.settled() && late.settled());
    expect(first.granted.map((g) => g.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(first.granted.map((g) => g.at)).toEqual([0, 0, 0, MINUTE, MINUTE, MINUTE, 2 * MINUTE, 2 * MINUTE, 2 * MINUTE, 3 * MINUTE]);
    expect(late.granted.map((g) => g.at)).toEqual([3 * MINUTE, 3 * MINUTE]);
  });

  it('queues a caller arriving the instant a slot frees up behind those already waiting', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(1, clock, { marginMs: 0 });
    const served: string[] = [];
    // Its timer is registered before the limiter's, so it fires first at the same instant.
    void clock.sleep(MINUTE).then(async () => {
      await limiter.acquire();
      served.push(`late@${clock.elapsed}`);
    });
    await limiter.acquire();
    void limiter.acquire().then(() => served.push(`waiting@${clock.elapsed}`));
    await clock.runUntil(() => served.length === 2);
    expect(served).toEqual([`waiting@${MINUTE}`, `late@${2 * MINUTE}`]);
  });

  it('lets an aborted waiter leave with the signal reason and without using a slot', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(2, clock, { marginMs: 0 });
    await limiter.acquire();
    await limiter.acquire();
    const controller = new AbortController();
    const run = acquireMany(limiter, clock, 3, [undefined, controller.signal, undefined]);
    await clock.advance(10_000);
    const reason = new Error('operator cancelled');
    controller.abort(reason);
    await clock.runUntil(run.settled);
    expect(run.failed).toEqual([{ index: 1, reason }]);
    // Both remaining waiters fit in the two slots that free up after a minute.
    expect(run.granted).toEqual([{ index: 0, at: MINUTE }, { index: 2, at: MINUTE }]);
  });

  it('rejects at once when the signal is already aborted, reserving nothing', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(1, clock, { marginMs: 0 });
    await expect(limiter.acquire(AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    await limiter.acquire();
    expect(clock.elapsed).toBe(0);
  });

  it('leaves no timer behind once every waiter has gone', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(1, clock);
    await limiter.acquire();
    const controllers = [new AbortController(), new AbortController()];
    const run = acquireMany(limiter, clock, 2, controllers.map((c) => c.signal));
    await clock.advance(1);
    for (const c of controllers) c.abort(new Error('gone'));
    await clock.advance(1);
    expect(run.failed.map((f) => f.index)).toEqual([0, 1]);
    expect(limiter.waiting).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps a single timer however many callers wait', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(5, clock, { marginMs: 0 });
    const run = acquireMany(limiter, clock, 50);
    let mostTimers = 0;
    await clock.runUntil(() => {
      mostTimers = Math.max(mostTimers, clock.pendingTimers);
      return run.settled();
    });
    expect(run.granted).toHaveLength(50);
    expect(mostTimers).toBe(1);
  });

  it('holds everyone until the time a 429 named; later holds extend it, earlier ones do not shorten it', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(100, clock);
    limiter.holdUntil(VIRTUAL_EPOCH + 5_000);
    const run = acquireMany(limiter, clock, 3);
    await clock.advance(1_000);
    limiter.holdUntil(VIRTUAL_EPOCH + 8_000);
    limiter.holdUntil(VIRTUAL_EPOCH + 2_000);
    await clock.runUntil(run.settled);
    expect(run.granted.map((g) => g.at)).toEqual([8_000, 8_000, 8_000]);
    // Once the hold has passed, a caller goes straight through.
    await limiter.acquire();
    expect(clock.elapsed).toBe(8_000);
  });

  it('starts with the requests another gate sent that still count: only the room they leave now, the rest as each ages out', async () => {
    const clock = new VirtualClock();
    // Eight sent (unsorted, two more than fit): the latest six count, from 1 s and 2 s before now.
    const sent = [-2_000, -1_000, -1_000, -30_000, -2_000, -40_000, -1_000, -2_000].map((ms) => VIRTUAL_EPOCH + ms);
    const limiter = new RequestLimiter(6, clock, { marginMs: 0, counted: sent });
    const run = acquireMany(limiter, clock, 4);
    await clock.runUntil(run.settled);
    expect(run.granted.map((g) => g.at)).toEqual([MINUTE - 2_000, MINUTE - 2_000, MINUTE - 2_000, MINUTE - 1_000]);
  });

  it('waits out a small step back of the system clock, and starts afresh after a large one', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(1, clock, { marginMs: 0 });
    await limiter.acquire();
    clock.shiftWallClock(-5_000);
    const small = acquireMany(limiter, clock, 1);
    await clock.runUntil(small.settled);
    expect(small.granted).toEqual([{ index: 0, at: MINUTE + 5_000 }]);

    clock.shiftWallClock(-3_600_000);
    const large = acquireMany(limiter, clock, 1);
    await clock.runUntil(large.settled);
    expect(large.granted).toEqual([{ index: 0, at: MINUTE + 5_000 }]);
  });

  it('rejects bad settings with an error naming them', () => {
    const clock = new VirtualClock();
    expect(() => new RequestLimiter(0, clock)).toThrow('requests per minute must be a whole number from 1, not 0');
    expect(() => new RequestLimiter(100, clock, { marginMs: -1 })).toThrow('marginMs must be a number of milliseconds from 0, not -1');
    expect(() => new RequestLimiter(100, clock).holdUntil(Number.NaN)).toThrow('holdUntil needs a time');
  });

  it('never lets concurrent arrivals exceed the limit, serves them in arrival order, and wastes no slot', async () => {
    const scenarios = fc.record({
      limit: fc.integer({ min: 1, max: 12 }),
      marginMs: fc.integer({ min: 0, max: 2_000 }),
      arrivals: fc.array(fc.integer({ min: 0, max: 4 * MINUTE }), { minLength: 1, maxLength: 60 }),
    });
    await fc.assert(
      fc.asyncProperty(scenarios, async ({ limit, marginMs, arrivals }) => {
        const clock = new VirtualClock();
        const limiter = new RequestLimiter(limit, clock, { marginMs });
        const granted: { index: number; at: number }[] = [];
        arrivals.forEach((at, index) => {
          void clock.sleep(at).then(async () => {
            await limiter.acquire();
            granted.push({ index, at: clock.elapsed });
          });
        });
        await clock.runUntil(() => granted.length === arrivals.length);

        const windowMs = MINUTE + marginMs;
        const times = granted.map((g) => g.at);
        expect(shortestSpanOverLimit(times, limit)).toBeGreaterThanOrEqual(windowMs);
        // Arrival order (time, then index) is service order, and each request goes out at the
        // first instant the window allows: after its arrival, its predecessor, and the request
        // `limit` places ahead leaving the window.
        const order = arrivals.map((at, index) => ({ at, index })).sort((a, b) => a.at - b.at || a.index - b.index);
        expect(granted.map((g) => g.index)).toEqual(order.map((o) => o.index));
        const ideal: number[] = [];
        order.forEach((o, i) => ideal.push(Math.max(o.at, ideal[i - 1] ?? 0, i >= limit ? (ideal[i - limit] ?? 0) + windowMs : 0)));
        expect(times).toEqual(ideal);
      }),
      { numRuns: 150 },
    );
  });
});

describe('settled permits', () => {
  it('measure the window from when the answer came back, not from when the request left', async () => {
    const clock = new VirtualClock();
    const limiter = new RequestLimiter(1, clock, { marginMs: 0 });
    const permit = await limiter.acquire();
    await clock.advance(3_000); // the answer takes 3 s to come back
    permit.settle(clock.now());
    const next = acquireMany(limiter, clock, 1);
    await clock.advance(MINUTE - 1); // a minute after it was sent, but not after its answer
    expect(next.granted).toEqual([]);
    await clock.advance(1);
    expect(next.granted).toEqual([{ index: 0, at: 3_000 + MINUTE }]);
  });

  it('never move a slot earlier, and are ignored once the slot has been reused', () => {
    const window = new SlidingWindow(1, MINUTE);
    const first = window.record(1_000);
    window.settle(first, 500);
    expect(window.waitMs(1_000)).toBe(MINUTE);
    window.settle(first, 2_000);
    const second = window.record(2_000 + MINUTE);
    window.settle(first, 999_999);
    expect(window.waitMs(2_000 + MINUTE)).toBe(MINUTE);
    expect(second).toBe(1);
  });
});

