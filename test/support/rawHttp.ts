/**
 * A bare HTTP client for tests that must send what a well-behaved client never would: paths
 * with `..`, a lone `%` or latin-1 bytes (fetch normalizes or refuses them), any method, any
 * Content-Type or none, and bodies that are not JSON. Keep-alive, so a fuzz run reuses sockets.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';

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

class StaleSocketError extends Error {}

export class RawHttpClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;
  private readonly maxSockets: number;

  constructor(origin: string, maxSockets = 32) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.maxSockets = maxSockets;
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  /**
   * Sends the request. A keep-alive socket the server closed while idle fails the first write
   * with ECONNRESET; as Node's documentation advises, that case is sent again. After a long wait
   * every idle socket is stale (the server closes each after its keep-alive timeout), so it is
   * sent again until a socket holds: each stale one is gone once it failed, and a new socket's
   * failure is never taken for a stale one.
   */
  async send(raw: RawRequest): Promise<RawAnswer> {
    for (let stale = 0; ; stale += 1) {
      try {
        return await this.sendOnce(raw);
      } catch (error) {
        if (!(error instanceof StaleSocketError) || stale >= this.maxSockets) throw error;
      }
    }
  }

  private sendOnce(raw: RawRequest): Promise<RawAnswer> {
    const headers: Record<string, string> = { ...raw.headers };
    if (raw.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(raw.body));
    return new Promise((resolve, reject) => {
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
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new StaleSocketError(error.message) : error);
      });
      outgoing.end(raw.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
