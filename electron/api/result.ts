/**
 * How every station API call answers: a value, or a typed error that says what went wrong in
 * words a packer or an admin can act on. Failures never cross a transport as exceptions, so
 * the renderer handles them the same way over Electron IPC and over the web host.
 */

/** What kind of failure, for code that reacts differently to each (a form marks fields, a banner says offline…). */
export const API_ERROR_CODES = [
  /** The input broke the method's contract; `fields` names each field and why. */
  'invalidInput',
  /** No such method (an old renderer talking to a newer station, or a typo). */
  'unknownMethod',
  /** The service cannot be reached now; queued work is kept and sent later. */
  'offline',
  /** The service refused the credentials: an admin fixes the connection. */
  'authentication',
  /** The credentials are valid but may not do this (a read-only key). */
  'permission',
  /** The service refused the request's content; `fields` names the fields it named. */
  'rejected',
  /** The record does not exist (here or on the service). */
  'notFound',
  /** The record is not in a state that allows this (cancel an archived shipment). */
  'conflict',
  /** The service asked us to slow down; trying again later helps. */
  'rateLimited',
  /** The service failed or answered something it should not have. */
  'service',
  /** The request may or may not have taken effect; the station reconciles before it repeats it. */
  'unknownOutcome',
  /** A label or document cannot be printed as it is. */
  'document',
  /** The printer or spooler refused or failed. */
  'printer',
  /** Secrets cannot be stored safely on this machine (or the store is locked). */
  'vault',
  /** Anything else: the message is generic, the details are in the station's log. */
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiFieldError {
  /** Dotted path into the method's input, e.g. `shipment.shipTo.zipPostalCode`; empty for the input itself. */
  readonly field: string;
  readonly message: string;
}

export interface ApiError {
  readonly code: ApiErrorCode;
  readonly message: string;
  readonly fields: readonly ApiFieldError[];
  /** Whether the same call may succeed later unchanged. */
  readonly retryable: boolean;
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export function ok<T>(value: T): ApiResult<T> {
  return { ok: true, value };
}

export function failure(code: ApiErrorCode, message: string, fields: readonly ApiFieldError[] = [], retryable = false): { ok: false; error: ApiError } {
  return { ok: false, error: { code, message, fields, retryable } };
}

/**
 * A failure a use case raises on purpose, with the code and message the caller should see. The
 * station's dispatch turns it into the call's `ApiError` as it is; any other error a use case lets
 * through is worded there from its kind (the service's, the printer's, the store's…).
 */
export class StationError extends Error {
  override name = 'StationError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: readonly ApiFieldError[] = [],
    readonly retryable = false,
  ) {
    super(message);
  }
}
