/**
 * HTTP over node:http/https with what the client needs that fetch does not give: a connect
 * timeout separate from the total one, and knowing whether a connection was ever made (a
 * request that never connected certainly did not reach the service). A timed-out or
 * cancelled request destroys its socket, so nothing is left open.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface HttpRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly connectTimeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export type TransportFailureKind = 'network' | 'timeout' | 'cancelled';

export class TransportFailure extends Error {
  constructor(
    readonly kind: TransportFailureKind,
    message: string,
    /** Whether a connection was made, so the request may have reached the service. */
    readonly sent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportFailure';
  }
}

/** Answers larger than this are refused: a label set is a few hundred KB, not hundreds of MB. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * How long a kept-alive connection may sit unused before the client closes it. Node servers (the
 * sandbox among them) close theirs after 5 s; a client that keeps one longer sooner or later
 * sends a request on a connection the server is closing at that instant, and a write lost that
 * way is an unknown outcome. A server announcing a shorter `Keep-Alive: timeout` is honoured.
 */
export const IDLE_SOCKET_MS = 4000;

export class HttpTransport {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(options: { readonly idleSocketMs?: number } = {}) {
    // An agent's timeout closes a socket only while it is idle; one carrying a request is left
    // to the request's own timers below.
    const agent = { keepAlive: true, maxSockets: 16, timeout: options.idleSocketMs ?? IDLE_SOCKET_MS };
    this.httpAgent = new http.Agent(agent);
    this.httpsAgent = new https.Agent(agent);
  }

  send(request: HttpRequest): Promise<HttpResponse> {
    return new Promise<HttpResponse>((resolve, reject) => {
      const { url } = request;
      const secure = url.protocol === 'https:';
      let connected = false;
      let settled = false;
      const timers: NodeJS.Timeout[] = [];

      const finish = (error: TransportFailure | undefined, response?: HttpResponse) => {
        if (settled) return;
        settled = true;
        for (const timer of timers) clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        if (error !== undefined) {
          req.destroy();
          reject(error);
        } else if (response !== undefined) resolve(response);
      };
      const fail = (kind: TransportFailureKind, message: string, cause?: unknown) => finish(new TransportFailure(kind, message, connected, { cause }));
      const onAbort = () => fail('cancelled', 'the request was cancelled', request.signal?.reason);

      const options: http.RequestOptions = {
        method: request.method,
        headers: request.body === undefined ? request.headers : { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
        agent: secure ? this.httpsAgent : this.httpAgent,
      };
      const req = (secure ? https : http).request(url, options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) fail('network', `the answer is larger than ${MAX_RESPONSE_BYTES} bytes`);
          else chunks.push(chunk);
        });
        res.on('end', () => finish(undefined, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (error) => fail('network', `the answer was cut off: ${error.message}`, error));
        res.on('aborted', () => fail('network', 'the answer was cut off'));
      });

      req.on('socket', (socket) => {
        // A reused keep-alive socket is already connected: the request goes out at once.
        if (!socket.connecting) {
          connected = true;
          return;
        }
        const connecting = setTimeout(() => fail('timeout', `no connection to ${url.host} within ${request.connectTimeoutMs} ms`), request.connectTimeoutMs);
        timers.push(connecting);
        socket.once(secure ? 'secureConnect' : 'connect', () => {
          connected = true;
          // Connected: from here the answer has the total timeout, however long it takes.
          clearTimeout(connecting);
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => fail('network', describeNetworkError(error, url), error));
      timers.push(setTimeout(() => fail('timeout', `no answer from ${url.host} within ${request.totalTimeoutMs} ms`), request.totalTimeoutMs));

      if (request.signal?.aborted) {
        onAbort();
        return;
      }
      request.signal?.addEventListener('abort', onAbort, { once: true });
      req.end(request.body);
    });
  }

  /** Sockets open to any service right now (in use or idle), for checks and diagnostics. */
  openSockets(): number {
    const count = (agent: http.Agent) =>
      [...Object.values(agent.sockets), ...Object.values(agent.freeSockets)].reduce((n, list) => n + (list?.length ?? 0), 0);
    return count(this.httpAgent) + count(this.httpsAgent);
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function describeNetworkError(error: NodeJS.ErrnoException, url: URL): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${url.host} refused the connection (is the service running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${url.hostname} could not be found (check the address and the network)`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `the connection to ${url.host} was dropped`;
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return `the network to ${url.host} is unreachable`;
    default:
      return `could not reach ${url.host}: ${error.message}`;
  }
}
