/**
 * The loopback web host: serves the built renderer and carries the station API over HTTP on
 * 127.0.0.1, for machines where the Electron window cannot open. It is the browser's
 * counterpart of the preload + IPC pair: the page gets the same `window.station` (from the
 * bridge script), and every call lands in the same `StationHost.call`.
 *
 * Routes:
 *   GET  /, /assets/…         the renderer's files (no token: they hold no data)
 *   GET  /station-bridge.js   the bridge that defines window.station
 *   POST /api/<method>        JSON input → the method's ApiResult as JSON (always HTTP 200)
 *   GET  /api/events          station events as Server-Sent Events
 *
 * The checks each request passes, and why, are in docs/web-host.md.
 */
import { randomBytes } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure } from '../api';
import type { ApiResult } from '../api';
import type { StationHost } from '../station/host';
import { buildBridgeScript } from './bridgeScript';
import { createEventStreams } from './eventStream';
import { acceptedHost, allowedHosts, bearerToken, originAllowed, tokenMatches } from './guards';
import { readBody } from './requestBody';
import { setSecurityHeaders } from './securityHeaders';
import { BRIDGE_PATH, contentTypeFor, injectBridge, lookupStaticFile } from './staticFiles';
import { messageOf } from '../base/errors';

export interface WebHostOptions {
  readonly host: StationHost;
  /** The built renderer (`dist/renderer`). */
  readonly rendererDir: string;
  /** On 127.0.0.1; 0 (the default) picks a free port. */
  readonly port?: number;
  /** The API token; 32 random bytes (base64url) when absent. */
  readonly token?: string;
  /** Largest API request body accepted; 1 MB by default (an order file comes in pieces of 512 KiB). */
  readonly maxBodyBytes?: number;
  /** Open connections at most; more are closed as they come (128 by default). */
  readonly maxConnections?: number;
  /** How often an idle event stream gets a heartbeat comment; 15 s by default. */
  readonly heartbeatMs?: number;
  /** Where unexpected request failures are reported (never to the client). */
  readonly log?: (line: string) => void;
}

export interface WebHost {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  /** The address to open: `url` with the token in its fragment (`#token=…`). */
  readonly openUrl: string;
  readonly token: string;
  readonly port: number;
  /** Ends open event streams and stops the server. */
  close(): Promise<void>;
}

/** The most bytes a request body may have unless the host is told otherwise; a bigger one is refused, 413, unread. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_HEARTBEAT_MS = 15_000;
/**
 * A desk's browser holds a handful of connections (six per host at most, plus the event stream);
 * the cap keeps connections that idle or never finish their request from using up the process's
 * file descriptors. Node closes a connection over it as soon as it is accepted.
 */
const DEFAULT_MAX_CONNECTIONS = 128;
/** A connection has this long to send its request's headers, and a request this long to arrive whole. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** Method names are short identifiers; anything else is answered without reaching the station. */
const METHOD_SEGMENT = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/**
 * Answers a request refused before its body was read, and closes the connection once the answer
 * is out: the body it declared is never read, so a client cannot keep a refused connection busy by
 * trickling megabytes into it.
 */
function refuse(response: ServerResponse, status: number, body: ApiResult<unknown>): void {
  response.setHeader('Connection', 'close');
  sendJson(response, status, body);
}

function sendJson(response: ServerResponse, status: number, body: ApiResult<unknown>): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

function sendText(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

const NOT_AUTHORISED = failure('permission', 'This page is not authorised by the station: open the address the station printed (it ends with #token=…).');
const FOREIGN_ORIGIN = failure('permission', 'Requests from other web pages are refused.');

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const { host } = options;
  const token = options.token ?? randomBytes(32).toString('base64url');
  if (!/^[A-Za-z0-9_-]{16,512}$/.test(token)) throw new Error('the web host token must be 16 to 512 base64url characters');
  const rendererDir = await realpath(options.rendererDir);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => {});
  const bridgeScript = await buildBridgeScript();
  const streams = createEventStreams(host, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  let hosts: ReadonlySet<string> = new Set();

  async function serveStatic(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendText(response, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
      return;
    }
    if (path === BRIDGE_PATH) {
      sendFile(request, response, Buffer.from(bridgeScript), contentTypeFor(path), 'no-store');
      return;
    }
    const found = await lookupStaticFile(rendererDir, path);
    if (found.kind === 'refused') {
      sendText(response, 403, 'Forbidden');
      return;
    }
    if (found.kind === 'notFound') {
      sendText(response, 404, 'Not found');
      return;
    }
    if (found.isIndex) {
      const html = injectBridge(await readFile(found.path, 'utf8'));
      sendFile(request, response, Buffer.from(html), contentTypeFor(found.path), 'no-store');
      return;
    }
    sendFile(request, response, await readFile(found.path), contentTypeFor(found.path), 'no-cache');
  }

  function sendFile(request: IncomingMessage, response: ServerResponse, body: Buffer, contentType: string, cacheControl: string): void {
    response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length, 'Cache-Control': cacheControl });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  async function serveApi(request: IncomingMessage, response: ServerResponse, acceptedAs: string, rawPath: string, url: URL): Promise<void> {
    if (!originAllowed(request, acceptedAs)) {
      refuse(response, 403, FOREIGN_ORIGIN);
      return;
    }
    const route = rawPath.slice('/api/'.length);
    if (route === 'events') {
      // EventSource cannot set headers, so a plain EventSource client may pass the token in the
      // query; the bridge itself always uses the header.
      const presented = bearerToken(request) ?? url.searchParams.get('token') ?? undefined;
      if (!tokenMatches(presented, token)) {
        refuse(response, 401, NOT_AUTHORISED);
        return;
      }
      if (request.method !== 'GET') {
        refuse(response, 405, failure('unknownMethod', 'The event stream is read with GET.'));
        return;
      }
      streams.open(response);
      return;
    }
    if (!tokenMatches(bearerToken(request), token)) {
      refuse(response, 401, NOT_AUTHORISED);
      return;
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      refuse(response, 405, failure('unknownMethod', 'Station methods are called with POST.'));
      return;
    }
    if (!METHOD_SEGMENT.test(route)) {
      refuse(response, 404, failure('unknownMethod', 'The station has no such method.'));
      return;
    }
    // A JSON content type cannot be sent cross-origin without a CORS preflight, which this host never grants.
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      refuse(response, 415, failure('invalidInput', 'Station methods take a JSON body (Content-Type: application/json).'));
      return;
    }
    const body = await readBody(request, maxBodyBytes);
    if (body.kind === 'aborted') return;
    if (body.kind === 'tooLarge') {
      refuse(response, 413, failure('invalidInput', `${route}: the input is larger than ${maxBodyBytes} bytes`, [{ field: '', message: 'too large' }]));
      return;
    }
    let input: unknown;
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(body.bytes);
      input = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      sendJson(response, 400, failure('invalidInput', `${route}: the input is not valid JSON`, [{ field: '', message: 'must be valid JSON' }]));
      return;
    }
    sendJson(response, 200, await host.call(route, input));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setSecurityHeaders(response);
    const acceptedAs = acceptedHost(request, hosts);
    if (acceptedAs === undefined) {
      // 421 Misdirected Request: this server does not answer for that name (DNS rebinding).
      response.setHeader('Connection', 'close');
      sendText(response, 421, 'Misdirected request: this station answers only on 127.0.0.1 and localhost');
      return;
    }
    const rawUrl = request.url ?? '/';
    if (!rawUrl.startsWith('/')) {
      sendText(response, 400, 'Bad request');
      return;
    }
    // The path is kept as sent (URL parsing would resolve `..` segments before we see them).
    const rawPath = rawUrl.split('?', 1)[0] ?? '/';
    const url = URL.parse(rawUrl, `http://${acceptedAs}`);
    if (url === null) {
      // `//[` and the like start with "/" yet make no URL: a malformed request, not a failure here.
      response.setHeader('Connection', 'close');
      sendText(response, 400, 'Bad request: the request target is not a URL path');
      return;
    }
    if (rawPath === '/api' || rawPath.startsWith('/api/')) await serveApi(request, response, acceptedAs, rawPath, url);
    else await serveStatic(request, response, rawPath);
  }

  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(`web host: ${request.method ?? '?'} request failed: ${messageOf(error)}`);
      if (!response.headersSent) sendText(response, 500, 'Internal error');
      else response.destroy();
    });
  });

  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  const url = `http://127.0.0.1:${port}/`;

  let closing: Promise<void> | undefined;
  return {
    url,
    openUrl: `${url}#token=${token}`,
    token,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        streams.closeAll();
        server.close(() => resolve());
        // Keep-alive sockets would otherwise hold the server open until they time out.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
