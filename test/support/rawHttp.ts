/**
 * A bare HTTP client for tests that must send what a well-behaved client never would: paths
 * with `..`, a lone `%` or latin-1 bytes (fetch normalizes or refuses them), any method, any
 * Content-Type or none, and bodies that are not JSON. Keep-alive, so a fuzz run reuses sockets.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** Sent as it is: the caller decides what is encoded. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
  readonly body: unknown;
}

/** A reused socket cut before it answered; `idleLong` when it had been idle long enough to have gone stale. */
class CutSocketError extends Error {
  constructor(
    message: string,
    readonly idleLong: boolean,
  ) {
    super(message);
  }
}

/**
 * How long a socket sat idle before a server may have closed it: the servers here keep an idle
 * socket for Node's default 5 s. One cut sooner was most often cut for the request itself (a body
 * over the server's limit is refused and the connection closed), so it is sent again once only.
 */
const STALE_AFTER_MS = 1_000;

export class RawHttpClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;
  private readonly maxSockets: number;
  private readonly now: () => number;
  /** When each pooled socket last went idle. */
  private readonly idleSince = new WeakMap<Socket, number>();

  constructor(origin: string, maxSockets = 32, now: () => number = () => performance.now()) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.maxSockets = maxSockets;
    this.now = now;
    this.agent = new Agent({ keepAlive: true, maxSockets });
    this.agent.on('free', (socket: Socket) => this.idleSince.set(socket, this.now()));
  }

  /**
   * Sends the request. A keep-alive socket the server closed while idle fails the first write
   * with ECONNRESET; as Node's documentation advises, that case is sent again. After a long wait
   * every idle socket is stale (the server closes each after its keep-alive timeout), so it is
   * sent again until a socket holds: each stale one is gone once it failed. A socket cut sooner
   * after it went idle is sent again once only: beside three busy loops the web host cut such
   * sockets now and then (two station fuzz methods failed with ECONNRESET when they were not sent
   * again), while a body over a server's limit (refused, its connection cut) would go out once for
   * every socket in the pool (up to 20 times 6 MB in the sandbox fuzz). A new socket's failure is
   * never sent again.
   */
  async send(raw: RawRequest): Promise<RawAnswer> {
    for (let resent = 0; ; resent += 1) {
      try {
        return await this.sendOnce(raw);
      } catch (error) {
        if (!(error instanceof CutSocketError)) throw error;
        if (resent >= (error.idleLong ? this.maxSockets : 1)) throw error;
      }
    }
  }

  private sendOnce(raw: RawRequest): Promise<RawAnswer> {
    const headers: Record<string, string> = { ...raw.headers };
    if (raw.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(raw.body));
    return new Promise((resolve, reject) => {
      let idleMs = 0;
      const outgoing = request({ host: this.host, port: this.port, method: raw.method, path: raw.path, headers, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
      });
      outgoing.on('socket', (socket: Socket) => {
        const since = this.idleSince.get(socket);
        idleMs = since === undefined ? 0 : this.now() - since;
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const cut = outgoing.reusedSocket && error.code === 'ECONNRESET';
        reject(cut ? new CutSocketError(error.message, idleMs >= STALE_AFTER_MS) : error);
      });
      outgoing.end(raw.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
