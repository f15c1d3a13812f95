/**
 * What the client tells its log: one entry per HTTP exchange and the odd warning. Entries
 * carry no headers and no bodies, so credentials and tokens cannot reach the log.
 */
export interface RequestLogEntry {
  readonly operation: string;
  readonly method: string;
  /** Path and query, never headers. */
  readonly path: string;
  /** The HTTP status, or the transport failure when there was no answer. */
  readonly status: number | 'network' | 'timeout' | 'cancelled';
  readonly durationMs: number;
  readonly requestId: string;
  readonly attempt: number;
}

export interface ClientLogger {
  request(entry: RequestLogEntry): void;
  warn(message: string): void;
}

export const silentLogger: ClientLogger = { request: () => undefined, warn: () => undefined };
