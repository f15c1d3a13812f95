/**
 * What happens below the pipeline, on the connection: how long a request's headers and body
 * may take to arrive, and the answer to a request Node cannot hand to the pipeline at all
 * (headers that never end, oversize headers, bytes that are not HTTP). Those answers are the
 * error envelope too, written straight to the socket.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ServiceFailure } from './failures';

export interface ConnectionTimeouts {
  /** Milliseconds the request line and headers may take to arrive. */
  readonly headersTimeoutMs: number;
  /** Milliseconds the body may take to arrive once the pipeline starts reading it. */
  readonly bodyTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: ConnectionTimeouts = { headersTimeoutMs: 10_000, bodyTimeoutMs: 30_000 };

/** The options for `createServer` that enforce the timeouts. */
export function serverTimeoutOptions(timeouts: ConnectionTimeouts): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  const { headersTimeoutMs, bodyTimeoutMs } = timeouts;
  if (!(headersTimeoutMs > 0) || !(bodyTimeoutMs > 0)) throw new Error(`timeouts must be positive (headers ${headersTimeoutMs} ms, body ${bodyTimeoutMs} ms)`);
  return {
    headersTimeout: headersTimeoutMs,
    // A backstop for the whole request: the body's own timer (readBody) answers first with
    // the envelope; this one only closes connections that slipped past it.
    requestTimeout: headersTimeoutMs + bodyTimeoutMs + 1_000,
    // Node checks its timeouts on this interval (30 s by default), so a short timeout needs
    // a short interval to be enforced near its time.
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(headersTimeoutMs / 4))),
  };
}

function rawAnswer(status: string, failure: ServiceFailure): string {
  const body = JSON.stringify(failure.envelope);
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** Answers what Node refuses before the pipeline sees a request, in the envelope. */
export function answerClientErrors(server: Server, timeouts: ConnectionTimeouts): void {
  // The sockets whose request has reached the pipeline and is not answered yet: a raw answer
  // on those would interleave with the pipeline's own.
  const inFlight = new WeakSet<Socket>();
  server.on('request', (request, response: ServerResponse) => {
    const socket = request.socket;
    inFlight.add(socket);
    response.once('close', () => inFlight.delete(socket));
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || inFlight.has(socket)) return socket.destroy();
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      const failure = ServiceFailure.withStatus('InvalidRequest', `the request headers did not arrive within ${timeouts.headersTimeoutMs} ms`, 408);
      return void socket.end(rawAnswer('408 Request Timeout', failure));
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const failure = new ServiceFailure('InvalidRequest', tooLarge ? 'request headers (or the URL) are larger than 16 KB' : `the request is not valid HTTP: ${error.message}`);
    socket.end(rawAnswer(tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request', failure));
  });
}
