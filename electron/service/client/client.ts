/**
 * The service client: one method per operation of the contract's table, three ways to
 * authenticate, a client-side rate limiter, retries where they are safe, and typed errors.
 * A request that changes records (create, cancel, update, block, unblock, archive, location
 * writes) is never sent twice blindly: after a lost answer the caller gets an
 * `UnknownOutcomeError` and looks the record up before trying again.
 */
import { randomUUID } from 'node:crypto';
import {
  operationPath,
  operations,
  parseWith,
  type OperationBody as BodyOf,
  type OperationId,
  type OperationQuery as QueryOf,
  type OperationResponse,
  type OperationSpec,
} from '../contract';
import { ApiKeyAuth, DeprecatedBearerAuth, OAuthClientCredentials, type AuthConfig, type AuthProvider, type TokenRequester } from './auth';
import {
  CancelledError,
  ContractError,
  NetworkError,
  ServiceError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
  errorFromStatus,
  itemsFromBody,
  itemsFromIssues,
  type RequestInfo,
} from './errors';
import { RequestLimiter, type RequestGate } from './limiter';
import { silentLogger, type ClientLogger } from './log';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDecision, type AttemptOutcome, type RetryPolicy } from './retryPolicy';
import { realTimers, type Timers } from '../../platform/clock';
import { HttpTransport, TransportFailure, type HttpResponse } from './transport';

export interface ServiceClientOptions {
  /** {base_url}: resource paths (/v1/...) go under it. */
  readonly baseUrl: string;
  /** {auth_url}: the OAuth token address is `${authUrl}/connect/token`. */
  readonly authUrl: string;
  readonly auth: AuthConfig;
  /** The credential's tier: Standard 100, Premium 500, or as contracted. */
  readonly requestsPerMinute: number;
  readonly timeouts?: { readonly connectMs?: number; readonly totalMs?: number };
  readonly retry?: Partial<RetryPolicy>;
  readonly logger?: ClientLogger;
  readonly timers?: Timers;
  readonly random?: () => number;
  /** Share one limiter between clients that use the same credential (or desks: a shared budget). */
  readonly limiter?: RequestGate;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

interface CallInput {
  readonly id?: string;
  readonly query?: unknown;
  readonly body?: unknown;
}

const DEFAULT_TIMEOUTS = { connectMs: 5_000, totalMs: 30_000 };

export class ServiceClient {
  readonly limiter: RequestGate;
  private readonly transport = new HttpTransport();
  private readonly auth: AuthProvider;
  private readonly timers: Timers;
  private readonly logger: ClientLogger;
  private readonly policy: RetryPolicy;
  private readonly random: () => number;
  private readonly timeouts: { connectMs: number; totalMs: number };
  private readonly baseUrl: string;

  constructor(options: ServiceClientOptions) {
    this.timers = options.timers ?? realTimers;
    this.logger = options.logger ?? silentLogger;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.random = options.random ?? Math.random;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.limiter = options.limiter ?? new RequestLimiter(options.requestsPerMinute, this.timers);
    this.auth = this.authProvider(options);
  }

  private authProvider(options: ServiceClientOptions): AuthProvider {
    const { auth } = options;
    const requester: TokenRequester = (request) => this.tokenRequest(request);
    switch (auth.method) {
      case 'apiKey':
        return new ApiKeyAuth(auth.apiKey);
      case 'oauth':
        return new OAuthClientCredentials(auth, options.authUrl, requester, this.timers);
      case 'bearer':
        return new DeprecatedBearerAuth(auth, this.baseUrl, requester, this.timers, (message) => this.logger.warn(message));
    }
  }

  // ---- One method per operation ---------------------------------------------------------

  getLocations(query: QueryOf<'getLocations'>, options?: CallOptions) {
    return this.call('getLocations', { query }, options);
  }
  getLocation(id: string, options?: CallOptions) {
    return this.call('getLocation', { id }, options);
  }
  createLocation(body: BodyOf<'createLocation'>, options?: CallOptions) {
    return this.call('createLocation', { body }, options);
  }
  updateLocation(id: string, body: BodyOf<'updateLocation'>, options?: CallOptions) {
    return this.call('updateLocation', { id, body }, options);
  }
  deleteLocation(id: string, options?: CallOptions) {
    return this.call('deleteLocation', { id }, options);
  }
  createShipment(body: BodyOf<'createShipment'>, options?: CallOptions) {
    return this.call('createShipment', { body }, options);
  }
  rateShop(body: BodyOf<'rateShop'>, options?: CallOptions) {
    return this.call('rateShop', { body }, options);
  }
  validateAddress(body: BodyOf<'validateAddress'>, options?: CallOptions) {
    return this.call('validateAddress', { body }, options);
  }
  cancelShipments(body: BodyOf<'cancelShipments'>, options?: CallOptions) {
    return this.call('cancelShipments', { body }, options);
  }
  searchShipments(body: BodyOf<'searchShipments'>, options?: CallOptions) {
    return this.call('searchShipments', { body }, options);
  }
  updateShipments(body: BodyOf<'updateShipments'>, options?: CallOptions) {
    return this.call('updateShipments', { body }, options);
  }
  trackShipments(body: BodyOf<'trackShipments'>, options?: CallOptions) {
    return this.call('trackShipments', { body }, options);
  }
  blockShipment(id: string, body: BodyOf<'blockShipment'> = {}, options?: CallOptions) {
    return this.call('blockShipment', { id, body }, options);
  }
  unblockShipment(id: string, body: BodyOf<'unblockShipment'> = {}, options?: CallOptions) {
    return this.call('unblockShipment', { id, body }, options);
  }
  archiveShipment(id: string, options?: CallOptions) {
    return this.call('archiveShipment', { id }, options);
  }
  applyRule(body: BodyOf<'applyRule'>, options?: CallOptions) {
    return this.call('applyRule', { body }, options);
  }

  /** Sockets open to the service right now (a timed-out request leaves none behind). */
  openSockets(): number {
    return this.transport.openSockets();
  }

  close(): void {
    this.transport.close();
  }

  // ---- The one way a request is made ----------------------------------------------------

  private url(op: OperationSpec, input: CallInput): URL {
    const url = new URL(`${this.baseUrl}${operationPath(op, input.id)}`);
    if (input.query !== undefined) {
      // Query values are checked against the contract first: strings, numbers or booleans.
      for (const [name, value] of Object.entries(input.query as Record<string, string | number | boolean | undefined>)) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
    }
    return url;
  }

  /** Checks an input against the contract before anything is sent. */
  private checked(op: OperationSpec, id: OperationId, input: CallInput): CallInput {
    const request: RequestInfo = { operation: id, method: op.method, path: op.path };
    if (op.path.includes('{id}') && (input.id === undefined || input.id.trim() === '')) {
      const error = new ValidationError(`${op.title} needs a shipment or location id`, request, [{ code: 'InvalidRequest', message: 'id is required', field: 'id' }]);
      error.source = 'input';
      throw error;
    }
    for (const [part, schema] of [['query', op.query], ['body', op.body]] as const) {
      if (schema === null) continue;
      const parsed = parseWith(schema, input[part]);
      if (!parsed.ok) {
        const error = new ValidationError(parsed.issues.map((i) => i.message).join('; '), request, itemsFromIssues(parsed.issues, 'InvalidRequest'));
        error.source = 'input';
        throw error;
      }
    }
    return input;
  }

  private async call<K extends OperationId>(id: K, input: CallInput, options: CallOptions = {}): Promise<OperationResponse<K>> {
    const op: OperationSpec = operations[id];
    this.checked(op, id, input);
    const url = this.url(op, input);
    const body = op.body === null ? undefined : JSON.stringify(input.body);
    const response = await this.exchange(id, op, url, body, options.signal);
    return this.parsed(id, op, url, response) as OperationResponse<K>;
  }

  private parsed(id: OperationId, op: OperationSpec, url: URL, response: Answered): unknown {
    const request: RequestInfo = { operation: id, method: op.method, path: url.pathname, requestId: response.requestId, status: response.status };
    let json: unknown;
    try {
      json = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new ContractError(`${op.title}: the service answered ${response.status} with a body that is not JSON`, request, [{ code: 'ContractViolation', message: 'body is not JSON' }]);
    }
    const parsed = parseWith(op.response, json);
    if (!parsed.ok) {
      throw new ContractError(`${op.title}: the answer does not match the contract: ${parsed.issues.map((i) => i.message).join('; ')}`, request, itemsFromIssues(parsed.issues, 'ContractViolation'));
    }
    return parsed.value;
  }

  /**
   * Sends until there is a success to parse, or a typed error to throw. Retries follow the
   * retry policy; a 401 with a token method renews the token and tries once more.
   */
  private async exchange(id: OperationId, op: OperationSpec, url: URL, body: string | undefined, signal?: AbortSignal): Promise<Answered> {
    let renewedAfter401 = false;
    for (let attempt = 1; ; attempt += 1) {
      const requestId = randomUUID();
      const request: RequestInfo = { operation: id, method: op.method, path: url.pathname, requestId };
      let outcome: AttemptOutcome;
      let failure: ServiceError;
      try {
        // Credentials first: a token refresh takes its own slot, and the request must go out
        // the moment its slot is granted or the service may see it early.
        const authHeaders = await this.auth.headers();
        const permit = await this.limiter.acquire(signal, id);
        const response = await this.send(id, op.method, url, body, 'application/json', authHeaders, requestId, attempt, signal).finally(() => permit.settle(this.timers.now()));
        if (response.status >= 200 && response.status < 300) return { ...response, requestId };
        const retryAfterMs = parseRetryAfter(headerOf(response, 'retry-after'), this.timers.now());
        if (response.status === 429 && retryAfterMs !== undefined) this.limiter.holdUntil(this.timers.now() + retryAfterMs);
        if (response.status === 401 && !renewedAfter401) {
          renewedAfter401 = true;
          if (await this.auth.renewAfterUnauthorized(authHeaders)) {
            attempt -= 1; // a renewed token is not a retry of the request
            continue;
          }
        }
        outcome = { kind: 'status', status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
        failure = errorFromStatus(response.status, itemsFromBody(response.status, response.body), { ...request, status: response.status }, retryAfterMs);
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        if (!(error instanceof TransportFailure)) {
          if (signal?.aborted === true) throw new CancelledError(`${op.title} was cancelled`, request, [], { cause: error });
          throw error;
        }
        if (error.kind === 'cancelled') {
          if (!op.idempotent && error.sent) throw new UnknownOutcomeError(`${op.title} was cancelled after it was sent: it may or may not have taken effect`, request, [], { cause: error });
          throw new CancelledError(`${op.title} was cancelled`, request, [], { cause: error });
        }
        outcome = { kind: error.kind, sent: error.sent };
        const Failure = error.kind === 'timeout' ? TimeoutError : NetworkError;
        failure = new Failure(`${op.title}: ${error.message}`, request, [], { cause: error });
        (failure as NetworkError | TimeoutError).sent = error.sent;
      }

      const decision = retryDecision(this.policy, { attempt, idempotent: op.idempotent, outcome, random: this.random });
      if (!decision.retry) throw this.finalError(op, request, outcome, failure);
      await this.timers.sleep(decision.delayMs, signal).catch((error: unknown) => {
        throw new CancelledError(`${op.title} was cancelled while waiting to retry`, request, [], { cause: error });
      });
    }
  }

  /** A write whose answer is lost or failed on the server side may have taken effect. */
  private finalError(op: OperationSpec, request: RequestInfo, outcome: AttemptOutcome, failure: ServiceError): ServiceError {
    const ambiguous = outcome.kind === 'status' ? outcome.status >= 500 || outcome.status === 408 : outcome.sent;
    if (op.idempotent || !ambiguous) return failure;
    return new UnknownOutcomeError(`${op.title} may or may not have taken effect: ${failure.message}`, request, failure.items, { cause: failure });
  }

  private async send(
    operation: string,
    method: string,
    url: URL,
    body: string | undefined,
    contentType: string,
    authHeaders: Record<string, string>,
    requestId: string,
    attempt: number,
    signal?: AbortSignal,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': requestId, ...authHeaders };
    if (body !== undefined) headers['Content-Type'] = contentType;
    const started = this.timers.now();
    const log = (status: number | 'network' | 'timeout' | 'cancelled') =>
      this.logger.request({ operation, method, path: `${url.pathname}${url.search}`, status, durationMs: this.timers.now() - started, requestId, attempt });
    try {
      const response = await this.transport.send({
        method,
        url,
        headers,
        ...(body === undefined ? {} : { body }),
        connectTimeoutMs: this.timeouts.connectMs,
        totalTimeoutMs: this.timeouts.totalMs,
        ...(signal === undefined ? {} : { signal }),
      });
      log(response.status);
      return response;
    } catch (error) {
      log(error instanceof TransportFailure ? error.kind : 'network');
      throw error;
    }
  }

  /** Token requests go through the same limiter and log as every other request. */
  private async tokenRequest(request: Parameters<TokenRequester>[0]): Promise<HttpResponse> {
    const permit = await this.limiter.acquire(undefined, 'token');
    const requestId = randomUUID();
    try {
      return await this.send(request.operation, 'POST', request.url, request.body, request.contentType, {}, requestId, 1);
    } catch (error) {
      const info: RequestInfo = { operation: request.operation, method: 'POST', path: request.url.pathname, requestId };
      if (error instanceof TransportFailure) {
        const Failure = error.kind === 'timeout' ? TimeoutError : NetworkError;
        throw new Failure(`could not reach the token endpoint: ${error.message}`, info, [], { cause: error });
      }
      throw error;
    } finally {
      permit.settle(this.timers.now());
    }
  }
}

interface Answered extends HttpResponse {
  readonly requestId: string;
}

function headerOf(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

