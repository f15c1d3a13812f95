/**
 * The request pipeline of the sandbox: faults, routing, authentication, rate limit,
 * permission, body parsing and validation against the contract, then the handler. Every
 * failure on the way is answered with the error envelope.
 *
 * Who is calling is settled from the headers before the body is read, so an anonymous
 * upload costs the sandbox nothing; a refused request whose body was not read closes its
 * connection. Failed attempts at authenticating count per remote address, never against the
 * credential they claim (see authFailures.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as z from 'zod';
import { operations, parseWith, tokenEndpoints, type ErrorCode, type OperationId } from '../../service/contract';
import { CredentialRejected, type Authenticator, type Principal } from './auth';
import type { AuthFailureLimiter } from './authFailures';
import { DEFAULT_BODY_LIMITS, parseFormBody, parseJsonBody, readBody, readQuery, type BodyLimits } from './body';
import type { HandlerTable, RequestContext, SandboxServices } from './context';
import { ServiceFailure, issuesToItems } from './failures';
import { FaultSettings, type FaultControls } from './faults';
import type { RateLimiter } from './rateLimiter';
import { matchRoute } from './routes';

export interface PipelineOptions {
  readonly auth: Authenticator;
  readonly limiter: RateLimiter;
  /** Failed authentication attempts per remote address. */
  readonly authFailures: AuthFailureLimiter;
  readonly bodyLimits?: BodyLimits;
  readonly faults: FaultControls;
  readonly handlers: HandlerTable;
  readonly services: SandboxServices;
  readonly clock: () => Date;
  /** Path prefix of the OAuth token address ({auth_url} = origin + this). */
  readonly authPath: string;
  /** Token for the `/_sandbox/` control endpoints (faults); never a service credential. */
  readonly adminToken: string;
  readonly onRequest?: (entry: AnsweredRequest) => void;
}

/** One request the sandbox answered (status 0: it cut the connection instead), for a caller's log. */
export interface AnsweredRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  /** The caller's X-Request-Id, else the one the sandbox made for its answer. */
  readonly requestId: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The token endpoints must read their body to learn who is asking, so an anonymous caller
 * decides how much is read: no more than this, far above any client's id and secret.
 */
const TOKEN_BODY_BYTES = 65_536;
const DEPRECATION_HEADERS = {
  Deprecation: 'true',
  Warning: '299 - "Bearer tokens from /v1/authorize/token are deprecated; use OAuth 2.0 client credentials or an API key"',
};

/** The code for a request that fails the contract, by what the operation is about. */
function validationCode(id: OperationId): ErrorCode {
  if (id === 'createShipment' || id === 'rateShop' || id === 'applyRule') return 'InvalidShipment';
  if (id === 'validateAddress') return 'InvalidAddress';
  return 'InvalidRequest';
}

/** The request target as a URL; undefined for one no URL can be made of (`//[`, say). */
function parseTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://sandbox.invalid');
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (response.headersSent || response.destroyed) return;
  const json = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(json) });
  response.end(json);
}

function validated(id: OperationId, schema: z.ZodType | null, value: unknown): unknown {
  if (schema === null) return undefined;
  const result = parseWith(schema, value);
  if (!result.ok) throw ServiceFailure.many(issuesToItems(result.issues, validationCode(id)));
  return result.value;
}

export function createPipeline(options: PipelineOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { auth, limiter, authFailures, faults, handlers, services, clock } = options;
  const bodyLimits = options.bodyLimits ?? DEFAULT_BODY_LIMITS;
  const tokenBodyLimits = { ...bodyLimits, maxBytes: Math.min(bodyLimits.maxBytes, TOKEN_BODY_BYTES) };
  const tokenPath = `${options.authPath}${tokenEndpoints.oauthToken.path}`;

  /** An address that used up its failed attempts is refused before anything it sent is checked. */
  function refuseIfLocked(address: string, now: number): void {
    const wait = authFailures.lockedFor(address, now);
    if (wait > 0) {
      throw new ServiceFailure('RateLimitExceeded', `too many failed authentication attempts from this address; retry after ${wait} s`, { 'Retry-After': String(wait) });
    }
  }

  /** Runs an authentication step, counting a rejected credential against the caller's address. */
  function authenticating<T>(address: string, now: number, step: () => T): T {
    try {
      return step();
    } catch (error) {
      if (error instanceof CredentialRejected) authFailures.record(address, now);
      throw error;
    }
  }

  function admit(principal: Principal, now: number, headers: Record<string, string>): void {
    if (faults.takeForced429()) {
      const retryAfter = String(faults.settings.retryAfterSeconds);
      throw new ServiceFailure('RateLimitExceeded', 'too many requests (forced by the sandbox fault controls)', { 'Retry-After': retryAfter });
    }
    const admission = limiter.admit(principal.name, now);
    headers['X-RateLimit-Limit'] = String(limiter.perMinute);
    if (!admission.admitted) {
      throw new ServiceFailure('RateLimitExceeded', `rate limit of ${limiter.perMinute} requests per minute exceeded; retry after ${admission.retryAfterSeconds} s`, {
        'Retry-After': String(admission.retryAfterSeconds),
        'X-RateLimit-Limit': String(limiter.perMinute),
        'X-RateLimit-Remaining': '0',
      });
    }
    headers['X-RateLimit-Remaining'] = String(admission.remaining);
  }

  async function control(request: IncomingMessage, url: URL): Promise<unknown> {
    if (request.headers['x-sandbox-admin'] !== options.adminToken) throw new ServiceFailure('AuthenticationFailed', 'X-Sandbox-Admin is missing or wrong');
    if (url.pathname !== '/_sandbox/faults') throw new ServiceFailure('InvalidRequest', `no control at ${url.pathname}`);
    if (request.method === 'PUT') {
      const parsed = parseWith(FaultSettings, parseJsonBody(request, await readBody(request, bodyLimits)) ?? {});
      if (!parsed.ok) throw ServiceFailure.many(issuesToItems(parsed.issues, 'InvalidRequest'));
      return faults.set(parsed.value);
    }
    if (request.method === 'DELETE') faults.clear();
    return faults.settings;
  }

  async function answer(request: IncomingMessage, response: ServerResponse, url: URL, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const method = request.method ?? 'GET';
    const now = clock();
    const at = now.getTime();
    const address = request.socket.remoteAddress ?? 'unknown';

    // The token endpoints carry the client's credentials in the body: it is read (within the
    // size and time limits), checked, and only then counted against the client's limit.
    if (method === 'POST' && url.pathname === tokenPath) {
      refuseIfLocked(address, at);
      const form = parseFormBody(request, await readBody(request, tokenBodyLimits));
      const client = authenticating(address, at, () => auth.authenticateOAuthClient(form));
      admit(auth.clientPrincipal, at, headers);
      return { status: 200, body: auth.issueOAuthToken(client, at) };
    }
    if (method === 'POST' && url.pathname === tokenEndpoints.bearerToken.path) {
      Object.assign(headers, DEPRECATION_HEADERS);
      refuseIfLocked(address, at);
      const body = parseJsonBody(request, await readBody(request, tokenBodyLimits));
      authenticating(address, at, () => auth.authenticateBearerClient(body));
      admit(auth.clientPrincipal, at, headers);
      return { status: 200, body: auth.issueBearerToken(at) };
    }

    const route = matchRoute(method, url.pathname);
    if (route.kind === 'none') throw new ServiceFailure('InvalidRequest', `no operation at ${method} ${url.pathname}`);
    if (route.kind === 'wrongMethod') {
      throw ServiceFailure.withStatus('InvalidRequest', `${url.pathname} does not accept ${method}; use ${route.allowed.join(' or ')}`, 405, { Allow: route.allowed.join(', ') });
    }
    const op = operations[route.id];

    refuseIfLocked(address, at);
    const principal = authenticating(address, at, () => auth.authenticate(request.headers, at));
    if (principal.method === 'bearer') Object.assign(headers, DEPRECATION_HEADERS);
    admit(principal, at, headers);
    if (faults.injectError()) throw new ServiceFailure('InternalError', 'the sandbox injected a server error (fault controls)');
    if (op.writes && !principal.canWrite) throw new ServiceFailure('PermissionDenied', `this credential may read but not ${op.title.toLowerCase()}`);
    const raw = await readBody(request, bodyLimits);

    const queryNames = op.query === null ? [] : Object.keys((op.query as unknown as z.ZodObject).shape);
    const context = {
      operation: route.id,
      id: route.pathId,
      query: validated(route.id, op.query, readQuery(url, queryNames)),
      // An empty body reads as `{}`: block/unblock may omit theirs, and for the others the
      // answer then names every required field rather than saying "body is required".
      body: validated(route.id, op.body, parseJsonBody(request, raw) ?? {}),
      principal,
      now,
    } as RequestContext<OperationId>;
    const handler = handlers[route.id] as (c: RequestContext<OperationId>, s: SandboxServices) => unknown;
    const body = await handler(context, services);
    if (faults.dropAfterCommit(route.id)) {
      // The write is committed; the caller never hears of it.
      response.socket?.destroy();
      return { status: 0, body: undefined };
    }
    return { status: 200, body };
  }

  return (request, response) => {
    const started = performance.now();
    const settings = faults.settings;
    const url = parseTarget(request.url);
    if (url === undefined) {
      const failure = new ServiceFailure('InvalidRequest', 'the request path is not a valid URL path');
      send(response, failure.status, failure.envelope, { 'X-Request-Id': randomUUID() });
      return;
    }
    if (settings.outage && !url.pathname.startsWith('/_sandbox/')) {
      request.socket.destroy();
      return;
    }
    const requestId = typeof request.headers['x-request-id'] === 'string' ? request.headers['x-request-id'] : randomUUID();
    const headers: Record<string, string> = { 'X-Request-Id': requestId };
    const finish = (status: number, body: unknown, extra: Record<string, string> = {}): void => {
      if (status !== 0) send(response, status, body, { ...headers, ...extra });
      options.onRequest?.({ method: request.method ?? '', path: url.pathname, status, ms: performance.now() - started, requestId });
    };

    const work = async (): Promise<void> => {
      if (url.pathname.startsWith('/_sandbox/')) return finish(200, await control(request, url));
      if (settings.latencyMs > 0) await sleep(settings.latencyMs);
      const { status, body } = await answer(request, response, url, headers);
      finish(status, body);
    };

    work().catch((error: unknown) => {
      if (error instanceof ServiceFailure) {
        // A request refused before its body was all read (unauthenticated, too large, too
        // slow): close rather than reuse, or Node would go on reading the rest of the upload.
        const extra = request.complete ? error.headers : { ...error.headers, Connection: 'close' };
        finish(error.status, error.envelope, extra);
        return;
      }
      const failure = new ServiceFailure('InternalError', `the sandbox failed: ${(error as Error).message}`);
      finish(failure.status, failure.envelope);
    });
  };
}
