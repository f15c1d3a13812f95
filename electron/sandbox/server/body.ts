/** Reading request bodies with a size limit, and parsing them by content type. */
import type { IncomingMessage } from 'node:http';
import { LIMITS, MAX_JSON_DEPTH, nestsDeeperThan } from '../../service/contract';
import { ServiceFailure } from './failures';

/**
 * Reads the whole body, refusing more than the limit. A refused body is answered with 400
 * (the envelope everywhere, not a bare 413), and the connection is then closed because the
 * rest of the upload is not read.
 */
export async function readBody(request: IncomingMessage, limit: number = LIMITS.maxBodyBytes): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new ServiceFailure('InvalidRequest', `body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new ServiceFailure('InvalidRequest', `body is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
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
