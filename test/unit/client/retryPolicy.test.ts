import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  retryDecision,
  type AttemptOutcome,
  type RetryDecision,
  type RetryPolicy,
} from '../../../electron/service/client/retryPolicy';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const half = (): number => 0.5;
const policy = DEFAULT_RETRY_POLICY;

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const outcomes: fc.Arbitrary<AttemptOutcome> = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), status: fc.integer({ min: 100, max: 599 }) }),
  fc.record({ kind: fc.constant('status' as const), status: fc.integer({ min: 100, max: 599 }), retryAfterMs: fc.integer({ min: 0, max: 300_000 }) }),
  fc.record({ kind: fc.constantFrom('network' as const, 'timeout' as const), sent: fc.boolean() }),
);
const policies: fc.Arbitrary<RetryPolicy> = fc.record({
  maxAttempts: fc.integer({ min: 1, max: 10 }),
  baseDelayMs: fc.integer({ min: 0, max: 5_000 }),
  maxDelayMs: fc.integer({ min: 0, max: 60_000 }),
  maxRetryAfterMs: fc.integer({ min: 0, max: 300_000 }),
});
const cases = fc.record({
  policy: policies,
  attempt: fc.integer({ min: 1, max: 12 }),
  idempotent: fc.boolean(),
  outcome: outcomes,
  r: unit,
});

function decide(outcome: AttemptOutcome, options: { attempt?: number; idempotent?: boolean; random?: () => number; policy?: RetryPolicy } = {}): RetryDecision {
  return retryDecision(options.policy ?? policy, { attempt: options.attempt ?? 1, idempotent: options.idempotent ?? true, outcome, random: options.random ?? half });
}

const status = (code: number, retryAfterMs?: number): AttemptOutcome => ({ kind: 'status', status: code, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });

describe('retryDecision examples', () => {
  it('retries a 503 on an idempotent request with a backoff of at most the first cap', () => {
    expect(decide(status(503))).toEqual({ retry: true, delayMs: 250 });
  });

  it('never retries a success or a redirect', () => {
    for (const code of [200, 201, 204, 301, 304]) {
      const decision = decide(status(code));
      expect(decision.retry).toBe(false);
      if (!decision.retry) expect(decision.reason).toContain(`HTTP ${code} is not a failure`);
    }
  });

  it('never retries a 4xx other than 408 and 429, and says why', () => {
    for (const code of [400, 401, 403, 404, 409, 422]) expect(decide(status(code))).toEqual({ retry: false, reason: expect.stringContaining('refused the request') });
    expect(decide(status(408)).retry).toBe(true);
    expect(decide(status(429)).retry).toBe(true);
  });

  it('retries a non-idempotent request only after a 429 or a connection that was never made', () => {
    const post = { idempotent: false };
    expect(decide(status(429), post).retry).toBe(true);
    expect(decide({ kind: 'network', sent: false }, post).retry).toBe(true);
    expect(decide({ kind: 'timeout', sent: false }, post).retry).toBe(true);
    for (const outcome of [status(500), status(503), status(408), { kind: 'network', sent: true } as const, { kind: 'timeout', sent: true } as const]) {
      expect(decide(outcome, post)).toEqual({ retry: false, reason: expect.stringContaining('may have taken effect') });
    }
  });

  it('stops at the attempt cap and names it', () => {
    expect(decide(status(503), { attempt: 3 }).retry).toBe(true);
    expect(decide(status(503), { attempt: 4 })).toEqual({ retry: false, reason: 'HTTP 503; gave up after 4 attempts (at most 4)' });
  });

  it('waits out a Retry-After longer than the backoff', () => {
    expect(decide(status(429, 7_000))).toEqual({ retry: true, delayMs: 7_000 });
    expect(decide(status(503, 0), { attempt: 3, random: () => 0.99 })).toEqual({ retry: true, delayMs: 1_980 });
  });

  it('gives up, rather than come back early, when Retry-After is over the cap', () => {
    expect(decide(status(429, 120_000)).retry).toBe(true);
    expect(decide(status(429, 120_001))).toEqual({
      retry: false,
      reason: 'HTTP 429; the service asked to wait 121 s (Retry-After), longer than the 120 s the client waits',
    });
  });

  it('explains network and timeout failures in its reasons', () => {
    expect(decide({ kind: 'network', sent: true }, { attempt: 4 })).toEqual({ retry: false, reason: expect.stringMatching(/^connection failed after the request was sent; gave up/) });
    expect(decide({ kind: 'timeout', sent: true }, { idempotent: false })).toEqual({ retry: false, reason: expect.stringMatching(/^timed out waiting for the answer on a request that is not idempotent/) });
  });

  it('rejects bad input with an error naming the field', () => {
    expect(() => decide(status(503), { attempt: 0 })).toThrow('attempt must be a whole number from 1, not 0');
    expect(() => decide(status(503), { random: () => 1 })).toThrow('random() must return a number in [0, 1), not 1');
    expect(() => decide(status(503, -1))).toThrow('outcome.retryAfterMs must be a number of milliseconds from 0, not -1');
    expect(() => decide(status(503), { policy: { ...policy, maxAttempts: 0 } })).toThrow('policy.maxAttempts');
    expect(() => decide(status(503), { policy: { ...policy, maxDelayMs: Number.NaN } })).toThrow('policy.maxDelayMs');
  });
});

describe('retryDecision properties', () => {
  it('never retries a 4xx other than 408 and 429', () => {
    fc.assert(
      fc.property(cases, fc.integer({ min: 400, max: 499 }).filter((s) => s !== 408 && s !== 429), (c, code) => {
        expect(retryDecision(c.policy, { attempt: c.attempt, idempotent: c.idempotent, outcome: status(code), random: () => c.r }).retry).toBe(false);
      }),
    );
  });

  it('never retries at or past the attempt cap', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const decision = retryDecision(c.policy, { attempt: c.attempt, idempotent: c.idempotent, outcome: c.outcome, random: () => c.r });
        if (c.attempt >= c.policy.maxAttempts) expect(decision.retry).toBe(false);
      }),
    );
  });

  it('never waits less than Retry-After, and never retries when Retry-After is over the cap', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const decision = retryDecision(c.policy, { attempt: c.attempt, idempotent: c.idempotent, outcome: c.outcome, random: () => c.r });
        const retryAfter = c.outcome.kind === 'status' ? c.outcome.retryAfterMs : undefined;
        if (retryAfter === undefined) return;
        if (decision.retry) expect(decision.delayMs).toBeGreaterThanOrEqual(retryAfter);
        if (retryAfter > c.policy.maxRetryAfterMs) expect(decision.retry).toBe(false);
      }),
    );
  });

  it('never repeats a non-idempotent request after an ambiguous outcome', () => {
    const ambiguous: fc.Arbitrary<AttemptOutcome> = fc.oneof(
      fc.integer({ min: 500, max: 599 }).map((code) => status(code)),
      fc.constant(status(408)),
      fc.record({ kind: fc.constantFrom('network' as const, 'timeout' as const), sent: fc.constant(true) }),
    );
    fc.assert(
      fc.property(cases, ambiguous, (c, outcome) => {
        expect(retryDecision(c.policy, { attempt: c.attempt, idempotent: false, outcome, random: () => c.r }).retry).toBe(false);
      }),
    );
  });

  it('retries an idempotent 408, 429, 5xx, network or timeout failure while under the cap (Retry-After permitting)', () => {
    const transient: fc.Arbitrary<AttemptOutcome> = fc.oneof(
      fc.constantFrom(408, 429).map((code) => status(code)),
      fc.integer({ min: 500, max: 599 }).map((code) => status(code)),
      fc.record({ kind: fc.constantFrom('network' as const, 'timeout' as const), sent: fc.boolean() }),
    );
    fc.assert(
      fc.property(cases, transient, (c, outcome) => {
        fc.pre(c.attempt < c.policy.maxAttempts);
        expect(retryDecision(c.policy, { attempt: c.attempt, idempotent: true, outcome, random: () => c.r }).retry).toBe(true);
      }),
    );
  });

  it('never waits longer than the larger of the backoff cap and Retry-After', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const decision = retryDecision(c.policy, { attempt: c.attempt, idempotent: c.idempotent, outcome: c.outcome, random: () => c.r });
        if (!decision.retry) return;
        const retryAfter = c.outcome.kind === 'status' ? (c.outcome.retryAfterMs ?? 0) : 0;
        expect(decision.delayMs).toBeGreaterThanOrEqual(0);
        expect(decision.delayMs).toBeLessThanOrEqual(Math.max(c.policy.maxDelayMs, retryAfter));
      }),
    );
  });
});

describe('backoffDelay', () => {
  it('doubles its cap with each attempt up to maxDelayMs', () => {
    const justUnderOne = (): number => 1 - Number.EPSILON;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(policy, n, justUnderOne))).toEqual([499, 999, 1_999, 3_999, 7_999, 15_999, 29_999, 29_999]);
    expect(backoffDelay(policy, 1_000_000, justUnderOne)).toBe(29_999);
    expect(backoffDelay({ ...policy, baseDelayMs: 0 }, 1_000_000, justUnderOne)).toBe(0);
  });

  it('is jittered: delays for one attempt differ and cover [0, cap)', () => {
    const cap = 2_000; // attempt 3 with the defaults
    // Uniform draws: fc.double deliberately favours edge values, which is right for properties but not here.
    const draws = fc.sample(fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })).map((n) => n / 2 ** 31), { numRuns: 2_000, seed: 42 });
    for (const delays of [
      draws.map((r) => backoffDelay(policy, 3, () => r)),
      draws.map((r) => {
        const decision = decide(status(503), { attempt: 3, random: () => r });
        return decision.retry ? decision.delayMs : Number.NaN;
      }),
    ]) {
      expect(new Set(delays).size).toBeGreaterThan(1_000);
      expect(Math.min(...delays)).toBeLessThan(cap * 0.02);
      expect(Math.max(...delays)).toBeGreaterThanOrEqual(cap * 0.98);
      expect(Math.max(...delays)).toBeLessThan(cap);
      const tenths = new Set(delays.map((d) => Math.floor((d / cap) * 10)));
      expect([...tenths].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter(' 5 ', NOW)).toBe(5_000);
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads any whole number of seconds exactly', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => parseRetryAfter(String(n), NOW) === n * 1000));
  });

  it('reads an HTTP-date in each of its three forms as the time left until it', () => {
    expect(parseRetryAfter('Sun, 15 Jun 2025 12:01:30 GMT', NOW)).toBe(90_000);
    expect(parseRetryAfter('Sunday, 15-Jun-25 12:01:30 GMT', NOW)).toBe(90_000);
    expect(parseRetryAfter('Sun Jun 15 12:01:30 2025', NOW)).toBe(90_000);
    expect(parseRetryAfter('Sun Jun  5 12:00:00 2025', Date.UTC(2025, 5, 5, 11, 59, 0))).toBe(60_000);
    expect(parseRetryAfter('sun, 15 jun 2025 12:00:02 gmt', NOW)).toBe(2_000);
  });

  it('reads a date in the past as no wait at all', () => {
    expect(parseRetryAfter('Sun, 15 Jun 2025 11:59:59 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(0);
    // A two-digit year more than 50 years ahead is read as last century's.
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(0);
  });

  it('reads any IMF-fixdate that Date#toUTCString writes', () => {
    const dates = fc.integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 }).map((s) => s * 1000);
    fc.assert(fc.property(dates, (at) => parseRetryAfter(new Date(at).toUTCString(), NOW) === Math.max(0, at - NOW)));
  });

  it('gives undefined for anything else', () => {
    for (const garbage of [null, undefined, '', '  ', 'soon', '-5', '1.5', '5s', '0x10', '1e3', 'Sun, 31 Feb 2025 12:00:00 GMT', 'Sun, 15 Jun 2025 24:00:00 GMT', 'Sun, 15 Foo 2025 12:00:00 GMT', '2025-06-15T12:01:30Z', 'Sun, 15 Jun 2025 12:01:30 PST']) {
      expect(parseRetryAfter(garbage, NOW), String(garbage)).toBeUndefined();
    }
  });
});
