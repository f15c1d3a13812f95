/**
 * Typed errors of the service client, built from what actually happened: the service's
 * error envelope, a transport failure, or an answer that broke the contract. Each says what
 * a packer or an admin needs: which field, whether waiting helps, and whether the request
 * may have taken effect.
 */
import { ErrorEnvelope, parseWith, type FieldIssue } from '../contract';

export type ServiceErrorKind =
  | 'authentication'
  | 'permission'
  | 'validation'
  | 'notFound'
  | 'conflict'
  | 'rateLimited'
  | 'network'
  | 'timeout'
  | 'server'
  | 'unknownOutcome'
  | 'contract'
  | 'cancelled';

export interface ServiceErrorItem {
  readonly code: string;
  readonly message: string;
  /** The field the message is about, when it names one (`shipTo.zipPostalCode`). */
  readonly field?: string;
  readonly type?: string;
}

export interface RequestInfo {
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly requestId?: string;
  readonly status?: number;
}

export abstract class ServiceError extends Error {
  abstract readonly kind: ServiceErrorKind;
  /** Whether the same request may succeed later unchanged (waiting or reconnecting helps). */
  abstract readonly transient: boolean;

  constructor(
    message: string,
    readonly request: RequestInfo,
    readonly items: readonly ServiceErrorItem[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class AuthenticationError extends ServiceError {
  readonly kind = 'authentication';
  readonly transient = false;
}
export class PermissionError extends ServiceError {
  readonly kind = 'permission';
  readonly transient = false;
}
/** The request was refused for its content: `items` name each field. */
export class ValidationError extends ServiceError {
  readonly kind = 'validation';
  readonly transient = false;
  /** 'input' when the client refused to send it; 'service' when the service refused it. */
  source: 'input' | 'service' = 'service';
}
export class NotFoundError extends ServiceError {
  readonly kind = 'notFound';
  readonly transient = false;
}
/** The record's state does not allow the action (e.g. cancelling a picked-up shipment). */
export class ConflictError extends ServiceError {
  readonly kind = 'conflict';
  readonly transient = false;
}
export class RateLimitError extends ServiceError {
  readonly kind = 'rateLimited';
  readonly transient = true;
  /** How long the service asked to wait, when it said. */
  retryAfterMs: number | undefined;
}
/** The service could not be reached. `sent` is false when no connection was ever made. */
export class NetworkError extends ServiceError {
  readonly kind = 'network';
  readonly transient = true;
  sent = false;
}
export class TimeoutError extends ServiceError {
  readonly kind = 'timeout';
  readonly transient = true;
  sent = false;
}
export class ServerError extends ServiceError {
  readonly kind = 'server';
  readonly transient = true;
}
/**
 * A request that changes records was sent, but its answer never came (or came as a server
 * error): it may or may not have taken effect. Never retry it blindly: look the record up
 * (by the station reference) first. `cause` is what happened.
 */
export class UnknownOutcomeError extends ServiceError {
  readonly kind = 'unknownOutcome';
  readonly transient = true;
}
/** The service answered something the contract does not allow; `items` name the fields. */
export class ContractError extends ServiceError {
  readonly kind = 'contract';
  readonly transient = false;
}
export class CancelledError extends ServiceError {
  readonly kind = 'cancelled';
  readonly transient = false;
}

/**
 * The field a service message is about, when it starts with one: a dotted or indexed path
 * (`shipTo.zipPostalCode 00000 is not a US ZIP code`), or a single name followed by the
 * usual predicates (`shipDate is required`). "the sandbox failed" names no field.
 */
const PATH = /^([A-Za-z_$][\w$]*(?:\[\d+\]|\.[A-Za-z_$][\w$]*)*)\s+(\S+)/;
const PREDICATES = new Set(['is', 'must', 'needs', 'should', 'cannot', 'exceeds', 'has', 'was', 'does']);

export function fieldOfMessage(message: string): string | undefined {
  const match = PATH.exec(message);
  const [, path, next] = match ?? [];
  if (path === undefined || next === undefined) return undefined;
  return /[.[]/.test(path) || PREDICATES.has(next) ? path : undefined;
}

export function itemsFromIssues(issues: readonly FieldIssue[], code: string): ServiceErrorItem[] {
  return issues.map((issue) => ({ code, message: issue.message, field: issue.field }));
}

/** Reads the error envelope; anything else (an HTML page from a proxy) becomes one item. */
export function itemsFromBody(status: number, body: Buffer): ServiceErrorItem[] {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  const envelope = parseWith(ErrorEnvelope, json);
  if (envelope.ok && envelope.value.errors.length > 0) {
    return envelope.value.errors.map((item) => {
      const field = fieldOfMessage(item.message);
      return { code: item.code, message: item.message, ...(field === undefined ? {} : { field }), ...(item.type === undefined ? {} : { type: item.type }) };
    });
  }
  const text = body.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, 200);
  return [{ code: `HTTP${status}`, message: text === '' ? `the service answered ${status} with no explanation` : `the service answered ${status}: ${text}` }];
}

function summary(items: readonly ServiceErrorItem[]): string {
  return items.map((item) => item.message).join('; ');
}

/** The typed error for an HTTP answer that is not a success. */
export function errorFromStatus(status: number, items: readonly ServiceErrorItem[], request: RequestInfo, retryAfterMs?: number): ServiceError {
  const text = summary(items);
  if (status === 401) return new AuthenticationError(`authentication failed: ${text}`, request, items);
  if (status === 403) return new PermissionError(`permission denied: ${text}`, request, items);
  if (status === 404) return new NotFoundError(text, request, items);
  if (status === 409) return new ConflictError(text, request, items);
  if (status === 429) {
    const error = new RateLimitError(`rate limited: ${text}`, request, items);
    error.retryAfterMs = retryAfterMs;
    return error;
  }
  if (status >= 500) return new ServerError(`the service failed (${status}): ${text}`, request, items);
  return new ValidationError(text, request, items);
}
