/**
 * The request pipeline of the sandbox: faults, routing, authentication, rate limit,
 * permission, body parsing and validation against the contract, then the handler. Every
 * failure on the way is answered with the error envelope.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as z from 'zod';
import { operations, parseWith, tokenEndpoints, type ErrorCode, type OperationId } from '../../service/contract';
import type { Authenticator, Principal } from './auth';
import { parseFormBody, parseJsonBody, readBody, readQuery } from './body';
import type { HandlerTable, RequestContext, SandboxServices } from './context';
import { ServiceFailure, issuesToItems } from './failures';
import { FaultSettings, type FaultControls } from './faults';
import type { RateLimiter } from './rateLimiter';
import { matchRoute } from './routes';

export interface PipelineOptions {
  readonly auth: Authenticator;
  readonly limiter: RateLimiter;
  readonly faults: FaultControls;
  readonly handlers: HandlerTable;
  readonly services: SandboxServices;
  readonly clock: () => Date;
  /** Path prefix of the OAuth token address ({auth_url} = origin + this). */
  readonly authPath: string;
  /** Token for the `/_sandbox/` control endpoints (faults); never a service credential. */
  readonly adminToken: string;
  readonly onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

const JSON_TYPE = 'application/json; charset=utf-8';
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
  const { auth, limiter, faults, handlers, services, clock } = options;
  const tokenPath = `${options.authPath}${tokenEndpoints.oauthToken.path}`;

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
      const parsed = parseWith(FaultSettings, parseJsonBody(request, await readBody(request)) ?? {});
      if (!parsed.ok) throw ServiceFailure.many(issuesToItems(parsed.issues, 'InvalidRequest'));
      return faults.set(parsed.value);
    }
    if (request.method === 'DELETE') faults.clear();
    return faults.settings;
  }

  async function answer(request: IncomingMessage, response: ServerResponse, url: URL, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const method = request.method ?? 'GET';
    const now = clock();

    if (method === 'POST' && url.pathname === tokenPath) {
      const form = parseFormBody(request, await readBody(request));
      admit(auth.clientPrincipal, now.getTime(), headers);
      return { status: 200, body: auth.issueOAuthToken(form, now.getTime()) };
    }
    if (method === 'POST' && url.pathname === tokenEndpoints.bearerToken.path) {
      Object.assign(headers, DEPRECATION_HEADERS);
      const body = parseJsonBody(request, await readBody(request));
      admit(auth.clientPrincipal, now.getTime(), headers);
      return { status: 200, body: auth.issueBearerToken(body, now.getTime()) };
    }

    const route = matchRoute(method, url.pathname);
    if (route.kind === 'none') throw new ServiceFailure('InvalidRequest', `no operation at ${method} ${url.pathname}`);
    if (route.kind === 'wrongMethod') {
      const failure = new ServiceFailure('InvalidRequest', `${url.pathname} does not accept ${method}; use ${route.allowed.join(' or ')}`, { Allow: route.allowed.join(', ') });
      Object.assign(failure, { status: 405 });
      throw failure;
    }
    const op = operations[route.id];
    const raw = await readBody(request);

    const principal = auth.authenticate(request.headers, now.getTime());
    if (principal.method === 'bearer') Object.assign(headers, DEPRECATION_HEADERS);
    admit(principal, now.getTime(), headers);
    if (faults.injectError()) throw new ServiceFailure('InternalError', 'the sandbox injected a server error (fault controls)');
    if (op.writes && !principal.canWrite) throw new ServiceFailure('PermissionDenied', `this credential may read but not ${op.title.toLowerCase()}`);

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
      options.onRequest?.({ method: request.method ?? '', path: url.pathname, status, ms: performance.now() - started });
    };

    const work = async (): Promise<void> => {
      if (url.pathname.startsWith('/_sandbox/')) return finish(200, await control(request, url));
      if (settings.latencyMs > 0) await sleep(settings.latencyMs);
      const { status, body } = await answer(request, response, url, headers);
      finish(status, body);
    };

    work().catch((error: unknown) => {
      if (error instanceof ServiceFailure) {
        // A body refused for its size was not read to the end: close rather than reuse.
        const extra = error.message.startsWith('body is larger') ? { ...error.headers, Connection: 'close' } : error.headers;
        finish(error.status, error.envelope, extra);
        return;
      }
      const failure = new ServiceFailure('InternalError', `the sandbox failed: ${(error as Error).message}`);
      finish(failure.status, failure.envelope);
    });
  };
}
