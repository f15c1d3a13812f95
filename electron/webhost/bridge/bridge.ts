/**
 * The web host's stand-in for the Electron preload: defines `window.station` in the browser with
 * exactly the shape the preload gives it (`StationApi`), over HTTP to the web host that served
 * the page. Every method POSTs its input to `/api/<method>` and resolves to the station's
 * ApiResult; it never rejects, so the renderer handles a lost station like any other failure.
 * `onEvent` follows the station's event stream, reconnecting after a drop.
 *
 * A page that had access and loses it (the station restarted with a new token, or stopped) is told
 * with a `stationLost` event, once per cause, so it can say how to open the desk again instead of
 * going on with forms that can no longer reach anything.
 *
 * Bundled on its own (no framework, no zod) and served as a classic script that index.html
 * loads before the app.
 */
import type { ApiError, ApiResult, MethodInput, StationApi, StationEvent, StationLostEvent, StationMethod, StationResults } from '../../api';
import { API_ERROR_CODES, failure } from '../../api/result';
import { createSseParser } from './sseParser';
import { takeToken } from './token';

/** Replaced when the bridge is bundled by the station's STATION_METHOD_NAMES. */
declare const __STATION_METHOD_NAMES__: readonly StationMethod[];

/** The stream is given up for dead after this long without a byte (the host sends a heartbeat every 15 s). */
const SILENCE_LIMIT_MS = 45_000;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

let token = takeToken();

const NO_TOKEN = failure(
  'permission',
  'This page has no access key for the station. Open the address the station printed (it ends with #token=…).',
);
const RESTARTED = failure(
  'permission',
  'The station was restarted, so this page no longer has access: open the address it printed when it started again (it ends with #token=…).',
);

/** Whether this page's token was ever accepted: a refusal after that means the station restarted. */
let authorised = false;
/** The causes already told: each is said once. */
const told = new Set<StationLostEvent['reason']>();
/** The stream's attempts in a row that reached nothing at all. */
let unreachableInARow = 0;
/** A station that stopped is said after this many attempts in a row (1 s and 2 s apart): a restart takes longer. */
const UNREACHABLE_BEFORE_STOPPED = 2;

function lost(reason: StationLostEvent['reason']): void {
  if (!authorised || told.has(reason)) return;
  told.add(reason);
  deliver(JSON.stringify({ type: 'stationLost', reason } satisfies StationLostEvent));
}

window.addEventListener('hashchange', () => {
  const next = takeToken();
  if (next === undefined || next === token) return;
  token = next;
  // The station's new address pasted into a tab that lost the old one: the desk starts afresh with it.
  if (told.size > 0) window.location.reload();
});

function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Record<string, unknown>;
  return (
    typeof error.code === 'string' &&
    (API_ERROR_CODES as readonly string[]).includes(error.code) &&
    typeof error.message === 'string' &&
    Array.isArray(error.fields) &&
    typeof error.retryable === 'boolean'
  );
}

function isApiResult(value: unknown): value is ApiResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Record<string, unknown>;
  return result.ok === true || (result.ok === false && isApiError(result.error));
}

async function call(method: StationMethod, input: unknown): Promise<ApiResult<unknown>> {
  if (token === undefined) return NO_TOKEN;
  let body: string;
  try {
    body = JSON.stringify(input ?? {});
  } catch {
    return failure('invalidInput', `${method}: the input cannot be sent (it is not plain data)`, [{ field: '', message: 'must be plain data' }]);
  }
  let response: Response;
  try {
    response = await fetch(`/api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body,
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    return failure('offline', 'The station cannot be reached. Is it still running?', [], true);
  }
  // A refused token stays refused: the station that accepted it was restarted with a new one.
  if (response.status === 401 && authorised) {
    lost('restarted');
    return RESTARTED;
  }
  if (response.ok) authorised = true;
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    return failure('offline', `The station's answer was cut off (HTTP ${response.status}).`, [], true);
  }
  return isApiResult(answer) ? answer : failure('internal', `The station answered HTTP ${response.status} without a result.`);
}

/** The function `window.station[name]` is, as StationApi describes it. */
function method<M extends StationMethod>(name: M): (input: MethodInput<M>) => Promise<ApiResult<StationResults[M]>> {
  return (input) => call(name, input) as Promise<ApiResult<StationResults[M]>>;
}

// ---- Events ---------------------------------------------------------------------------------

const listeners = new Set<(event: StationEvent) => void>();
let following: AbortController | undefined;

function deliver(data: string): void {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return;
  }
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') return;
  for (const listener of [...listeners]) {
    try {
      listener(event as StationEvent);
    } catch (error) {
      // One failing listener must not starve the others; the error still reaches the console.
      reportError(error);
    }
  }
}

type Outcome = 'opened' | 'failed' | 'unreachable' | 'refused';

/** Reads the stream once, until it ends, fails, falls silent or is stopped. */
async function readStream(stop: AbortSignal): Promise<Outcome> {
  if (token === undefined) return 'refused';
  const connection = new AbortController();
  const abort = () => connection.abort();
  stop.addEventListener('abort', abort);
  let silence: ReturnType<typeof setTimeout> | undefined;
  /** Set when the station kept silent too long: a busy station, not a stopped one. */
  let silent = false;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => {
      silent = true;
      abort();
    }, SILENCE_LIMIT_MS);
  };
  let opened = false;
  let answered = false;
  try {
    heard();
    const response = await fetch('/api/events', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
      cache: 'no-store',
      credentials: 'omit',
      signal: connection.signal,
    });
    answered = true;
    // A refused token stays refused: the station was restarted with a new one.
    if (response.status === 401 || response.status === 403) {
      if (response.status === 401) lost('restarted');
      return 'refused';
    }
    if (!response.ok || response.body === null) return 'failed';
    opened = true;
    authorised = true;
    const feed = createSseParser(deliver);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      feed(value);
    }
  } catch {
    // Network error, silence or stop: the loop below decides whether to try again.
  } finally {
    clearTimeout(silence);
    stop.removeEventListener('abort', abort);
  }
  if (opened) return 'opened';
  // Nothing answered at all (not even an error): not because the page stopped following, nor
  // because a busy station took the connection and kept silent.
  return answered || silent || stop.aborted ? 'failed' : 'unreachable';
}

function pause(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done);
    function done() {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    }
  });
}

async function follow(stop: AbortSignal): Promise<void> {
  let retryMs = FIRST_RETRY_MS;
  while (!stop.aborted) {
    const outcome = await readStream(stop);
    if (outcome === 'refused') return;
    unreachableInARow = outcome === 'unreachable' ? unreachableInARow + 1 : 0;
    if (unreachableInARow >= UNREACHABLE_BEFORE_STOPPED) lost('stopped');
    if (outcome === 'opened') retryMs = FIRST_RETRY_MS;
    await pause(retryMs, stop);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }
}

function onEvent(listener: (event: StationEvent) => void): () => void {
  listeners.add(listener);
  if (following === undefined) {
    const current = new AbortController();
    following = current;
    void follow(current.signal).finally(() => {
      if (following === current) following = undefined;
    });
  }
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    following?.abort();
    following = undefined;
  };
}

// ---- window.station -------------------------------------------------------------------------

const methods = Object.fromEntries(__STATION_METHOD_NAMES__.map((name) => [name, method(name)]));
// Every name in STATION_METHOD_NAMES got its function above, which is what StationApi describes.
const station = Object.freeze({ ...methods, onEvent }) as unknown as StationApi;
Object.defineProperty(window, 'station', { value: station, enumerable: true });
