/** Reading request bodies with a size limit, and parsing them by content type. */
import type { IncomingMessage } from 'node:http';
import { LIMITS, MAX_JSON_DEPTH, nestsDeeperThan } from '../../service/contract';
import { ServiceFailure } from './failures';

export interface BodyLimits {
  /** Most bytes accepted; more is refused with 400. */
  readonly maxBytes: number;
  /** Milliseconds the whole body may take to arrive, from the first read on; later is 408. */
  readonly timeoutMs: number;
}

/** What the sandbox allows when nothing else is configured. */
export const DEFAULT_BODY_LIMITS: BodyLimits = { maxBytes: LIMITS.maxBodyBytes, timeoutMs: 30_000 };

/**
 * Reads the whole body, refusing more than the limit or a body that is not complete in time
 * (a slow upload would otherwise hold its connection open as long as the sender likes). A
 * refused body is answered with the envelope everywhere (400, or 408 for the time limit, not
 * a bare 413), and the connection is then closed because the rest of the upload is not read.
 */
export function readBody(request: IncomingMessage, limits: BodyLimits = DEFAULT_BODY_LIMITS): Promise<Buffer> {
  const { maxBytes, timeoutMs } = limits;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new ServiceFailure('InvalidRequest', `body is larger than ${maxBytes} bytes`));
  // Closed before anyone read it (the caller gave up during an injected latency): no event
  // will come, so do not wait for the timer.
  if (request.destroyed) return Promise.reject(new ServiceFailure('InvalidRequest', 'the connection closed before the body was complete'));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: Error | undefined): void => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      // Stop reading what nobody will use; the pipeline closes the connection after its answer.
      if (error === undefined) resolve(Buffer.concat(chunks));
      else {
        request.pause();
        reject(error);
      }
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) finish(new ServiceFailure('InvalidRequest', `body is larger than ${maxBytes} bytes`));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(undefined);
    const onError = (error: Error): void => finish(error);
    const onClose = (): void => finish(new ServiceFailure('InvalidRequest', 'the connection closed before the body was complete'));
    const timer = setTimeout(() => finish(ServiceFailure.withStatus('InvalidRequest', `the request body did not arrive within ${timeoutMs} ms`, 408)), timeoutMs);
    request.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A JSON body; an empty body is `undefined` (some operations may omit theirs). */
export function parseJsonBody(request: IncomingMessage, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const type = mediaType(request);
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new ServiceFailure('InvalidRequest', `Content-Type must be application/json, not "${type || 'missing'}"`);
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new ServiceFailure('InvalidRequest', `body is not valid JSON: ${(error as Error).message}`);
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw new ServiceFailure('InvalidRequest', `body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

/** An application/x-www-form-urlencoded body as a plain record (first value of each name). */
export function parseFormBody(request: IncomingMessage, raw: Buffer): Record<string, string> {
  const type = mediaType(request);
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ServiceFailure('InvalidRequest', `Content-Type must be application/x-www-form-urlencoded, not "${type || 'missing'}"`);
  }
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) if (!(name in form)) form[name] = value;
  return form;
}

/**
 * Query parameters as a record. Names are matched without regard to case (as ASP.NET-style
 * services bind them) and given the spelling the contract uses, e.g. `page` → `Page`.
 */
export function readQuery(url: URL, names: readonly string[]): Record<string, string> {
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    const key = byLower.get(name.toLowerCase()) ?? name;
    if (!(key in query)) query[key] = value;
  }
  return query;
}
