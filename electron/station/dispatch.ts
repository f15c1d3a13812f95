/**
 * The one door into the station for both transports: a method name and an untrusted input
 * go in, an ApiResult comes out. The input is checked against the method's schema before any
 * handler runs, and whatever a handler throws becomes a typed error with a message a person can
 * act on; an unexpected error is logged in full here and reaches the caller only as "internal".
 */
import type { ApiError, ApiResult, StationHandlers } from '../api';
import { STATION_METHODS, StationError, failure, isStationMethod } from '../api';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseWith } from '../service/contract';
import { ServiceError, ValidationError } from '../service/client/errors';
import { DocumentError } from '../printing/document';
import { PrintBackendError } from '../platform/printers/backend';
import { StoreInputError, StoreNotFoundError, StoreTransitionError } from '../store';
import { VaultError } from '../platform/vault/vault';

export type Dispatch = (method: string, input: unknown) => Promise<ApiResult<unknown>>;

export interface DispatchOptions {
  /** Where unexpected errors go, with their stack (never to the caller). */
  readonly logError?: (method: string, error: unknown) => void;
}

/** The service client's error kinds as the API names them. */
const SERVICE_CODES: Readonly<Record<ServiceError['kind'], ApiError['code']>> = {
  authentication: 'authentication',
  permission: 'permission',
  validation: 'rejected',
  notFound: 'notFound',
  conflict: 'conflict',
  rateLimited: 'rateLimited',
  network: 'offline',
  timeout: 'offline',
  server: 'service',
  unknownOutcome: 'unknownOutcome',
  contract: 'service',
  cancelled: 'internal',
};

/** Turns anything a handler threw into the error the caller gets; undefined for an unexpected error. */
export function knownApiError(error: unknown): ApiError | undefined {
  if (error instanceof StationError) {
    return { code: error.code, message: error.message, fields: error.fields, retryable: error.retryable };
  }
  if (error instanceof ServiceError) {
    const fields = error.items.flatMap((item) => (item.field === undefined ? [] : [{ field: item.field, message: item.message }]));
    const code = error instanceof ValidationError && error.source === 'input' ? 'invalidInput' : SERVICE_CODES[error.kind];
    return { code, message: error.message, fields, retryable: error.transient };
  }
  if (error instanceof DocumentError) return { code: 'document', message: error.message, fields: [], retryable: false };
  if (error instanceof PrintBackendError) return { code: 'printer', message: error.message, fields: [], retryable: error.kind === 'failed' };
  if (error instanceof VaultError) return { code: 'vault', message: error.message, fields: [], retryable: false };
  if (error instanceof StoreInputError) {
    return { code: 'invalidInput', message: error.message, fields: error.issues.map((message) => ({ field: '', message })), retryable: false };
  }
  if (error instanceof StoreNotFoundError) return { code: 'notFound', message: error.message, fields: [], retryable: false };
  if (error instanceof StoreTransitionError) return { code: 'conflict', message: error.message, fields: [], retryable: false };
  return undefined;
}

export function createDispatch(handlers: StationHandlers, options: DispatchOptions = {}): Dispatch {
  return async (method, input) => {
    if (!isStationMethod(method)) {
      return failure('unknownMethod', `the station has no method named "${String(method).slice(0, 80)}"`);
    }
    if (nestsDeeperThan(input)) {
      return failure('invalidInput', `${method}: the input nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`, [
        { field: '', message: `the input nests deeper than ${MAX_JSON_DEPTH} levels` },
      ]);
    }
    const parsed = parseWith(STATION_METHODS[method], input ?? {});
    if (!parsed.ok) {
      const fields = parsed.issues.map(({ field, message }) => ({ field, message }));
      return failure('invalidInput', `${method}: ${fields.map((f) => f.message).join('; ')}`, fields);
    }
    try {
      // The handler table is typed per method; the name and the parsed input belong together here.
      const handler = handlers[method] as (value: unknown) => unknown;
      const value: unknown = await handler(parsed.value);
      return { ok: true, value };
    } catch (error) {
      const known = knownApiError(error);
      if (known !== undefined) return { ok: false, error: known };
      options.logError?.(method, error);
      return failure('internal', `${method} failed unexpectedly; the details are in the station log`);
    }
  };
}
