/**
 * When the client repeats a failed request, and how long it waits first. Pure functions: the
 * caller passes the attempt count, what happened and a source of randomness, and gets a
 * decision whose `reason` goes to the log as it is.
 *
 * The one rule that matters most: a request that may already have taken effect (a label
 * bought, a shipment created) is never sent twice. Only idempotent requests are repeated
 * after an ambiguous failure; a non-idempotent one is repeated only when the service
 * certainly never acted on it.
 */

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  readonly maxAttempts: number;
  /** The backoff cap before the first retry; it doubles with each attempt. */
  readonly baseDelayMs: number;
  /** The backoff cap never grows past this. */
  readonly maxDelayMs: number;
  /** A Retry-After longer than this ends the retries instead of being waited out. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
});

export type AttemptOutcome =
  /** An HTTP answer arrived. `retryAfterMs` comes from its Retry-After header (see `parseRetryAfter`). */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number }
  /** The connection failed. `sent: false`: it was never established, so nothing reached the service. */
  | { readonly kind: 'network'; readonly sent: boolean }
  /** No answer in time. `sent: false`: the time ran out before the connection was established. */
  | { readonly kind: 'timeout'; readonly sent: boolean };

export type RetryDecision = { readonly retry: false; readonly reason: string } | { readonly retry: true; readonly delayMs: number };

export interface RetryInput {
  /** Attempts made so far, the one that just failed included (≥ 1). */
  readonly attempt: number;
  readonly idempotent: boolean;
  readonly outcome: AttemptOutcome;
  /** A number in [0, 1), as from Math.random. */
  readonly random: () => number;
}

export function retryDecision(policy: RetryPolicy, input: RetryInput): RetryDecision {
  checkPolicy(policy);
  checkAttempt(input.attempt);
  const { outcome } = input;
  if (outcome.kind === 'status') checkRetryAfter(outcome.retryAfterMs);

  const refusal = refusalFor(outcome, input.idempotent);
  if (refusal !== undefined) return { retry: false, reason: refusal };

  if (input.attempt >= policy.maxAttempts) {
    return { retry: false, reason: `${describe(outcome)}; gave up after ${input.attempt} attempt${input.attempt === 1 ? '' : 's'} (at most ${policy.maxAttempts})` };
  }

  const retryAfterMs = outcome.kind === 'status' ? outcome.retryAfterMs : undefined;
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxRetryAfterMs) {
    // Sending sooner than the service asked would only earn another refusal, so a wait
    // longer than the station will sit through ends the retries instead.
    return {
      retry: false,
      reason: `${describe(outcome)}; the service asked to wait ${seconds(retryAfterMs)} (Retry-After), longer than the ${seconds(policy.maxRetryAfterMs)} the client waits`,
    };
  }
  return { retry: true, delayMs: Math.max(backoffDelay(policy, input.attempt, input.random), retryAfterMs ?? 0) };
}

/**
 * Capped exponential backoff with full jitter: a uniform pick from [0, min(maxDelayMs,
 * baseDelayMs · 2^(attempt−1))). The jitter spreads stations that failed together (a service
 * restart) so they do not come back in step. Whole milliseconds.
 */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number): number {
  checkPolicy(policy);
  checkAttempt(attempt);
  // The exponent is bounded so that a zero base never meets an infinite power (0 · ∞ is NaN).
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(attempt - 1, 64));
  return Math.floor(unitRandom(random) * cap);
}

/**
 * Reads an HTTP Retry-After value (RFC 9110 §10.2.3): delta-seconds or an HTTP-date, as
 * milliseconds from `now` (a date in the past gives 0). Anything else gives undefined, and
 * the caller falls back to its own backoff.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, Number.MAX_SAFE_INTEGER);
  const at = parseHttpDate(text, now);
  return at === undefined ? undefined : Math.max(0, at - now);
}

/** Why this outcome is not retried whatever the attempt count, or undefined when it may be. */
function refusalFor(outcome: AttemptOutcome, idempotent: boolean): string | undefined {
  if (outcome.kind === 'status') {
    const { status } = outcome;
    if (status < 400) return `HTTP ${status} is not a failure; nothing to retry`;
    if (status < 500 && status !== 408 && status !== 429) return `HTTP ${status}: the service refused the request, and the same request would be refused again`;
  }
  if (!idempotent && !certainlyNotApplied(outcome)) {
    return `${describe(outcome)} on a request that is not idempotent: it may have taken effect, so it is not sent again`;
  }
  return undefined;
}

/**
 * A 429 is decided before the request is processed, and a connection that was never
 * established carried nothing. Anything else (a 5xx, a 408 that a proxy may send after
 * forwarding, a connection lost mid-request) leaves the outcome unknown.
 */
function certainlyNotApplied(outcome: AttemptOutcome): boolean {
  return outcome.kind === 'status' ? outcome.status === 429 : !outcome.sent;
}

function describe(outcome: AttemptOutcome): string {
  switch (outcome.kind) {
    case 'status':
      return `HTTP ${outcome.status}`;
    case 'network':
      return outcome.sent ? 'connection failed after the request was sent' : 'could not connect';
    case 'timeout':
      return outcome.sent ? 'timed out waiting for the answer' : 'timed out connecting';
  }
}

function seconds(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`;
}

function unitRandom(random: () => number): number {
  const r = random();
  if (!(r >= 0 && r < 1)) throw new RangeError(`random() must return a number in [0, 1), not ${r}`);
  return r;
}

function checkAttempt(attempt: number): void {
  if (!Number.isSafeInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a whole number from 1, not ${attempt}`);
}

function checkRetryAfter(retryAfterMs: number | undefined): void {
  if (retryAfterMs === undefined) return;
  if (!(retryAfterMs >= 0)) throw new RangeError(`outcome.retryAfterMs must be a number of milliseconds from 0, not ${retryAfterMs}`);
}

function checkPolicy(policy: RetryPolicy): void {
  if (!Number.isSafeInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw new RangeError(`policy.maxAttempts must be a whole number from 1, not ${policy.maxAttempts}`);
  }
  for (const field of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const value = policy[field];
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`policy.${field} must be a number of milliseconds from 0, not ${value}`);
  }
}

// ---- HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, and the obsolete RFC 850 and asctime forms ----

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const IMF_FIXDATE = /^[a-z]{3}, (\d{2}) ([a-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) gmt$/i;
const RFC_850 = /^[a-z]{6,9}, (\d{2})-([a-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) gmt$/i;
const ASCTIME = /^[a-z]{3} ([a-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/i;

/**
 * Milliseconds since the epoch, or undefined. Written out rather than left to Date.parse,
 * which accepts almost anything ("1" is a date to it) and reads asctime as local time.
 */
function parseHttpDate(text: string, now: number): number | undefined {
  let m = IMF_FIXDATE.exec(text);
  if (m !== null) return utc(m[3], m[2], m[1], [m[4], m[5], m[6]]);
  m = RFC_850.exec(text);
  if (m !== null) return utc(String(twoDigitYear(Number(m[3]), now)), m[2], m[1], [m[4], m[5], m[6]]);
  m = ASCTIME.exec(text);
  if (m !== null) return utc(m[6], m[1], m[2], [m[3], m[4], m[5]]);
  return undefined;
}

/** RFC 9110: a two-digit year more than 50 years ahead is the latest past year with those digits. */
function twoDigitYear(yy: number, now: number): number {
  const thisYear = new Date(now).getUTCFullYear();
  const year = thisYear - (thisYear % 100) + yy;
  return year > thisYear + 50 ? year - 100 : year;
}

type Captured = string | undefined;

function utc(yearText: Captured, monthText: Captured, dayText: Captured, time: readonly Captured[]): number | undefined {
  const month = MONTHS.indexOf((monthText ?? '').toLowerCase());
  const year = Number(yearText);
  const day = Number((dayText ?? '').trim());
  const [hour, minute, second] = time.map(Number);
  if (month < 0 || hour === undefined || minute === undefined || second === undefined) return undefined;
  // The grammar allows a leap second (":60"); it counts as the first second of the next minute.
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const midnight = Date.UTC(year, month, day);
  // Date.UTC rolls "31 Feb" over into March; an impossible day is garbage, not a date.
  if (new Date(midnight).getUTCDate() !== day) return undefined;
  return midnight + ((hour * 60 + minute) * 60 + second) * 1000;
}
