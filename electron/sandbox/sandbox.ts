/**
 * Starting the sandbox: an HTTP server on 127.0.0.1 that implements the whole service,
 * with its state in a SQLite file or in memory. Used embedded (the app's default
 * connection, every test's service) and standalone (`npm run sandbox`).
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DEFAULT_RULE_SET, type RuleSet } from './rules';
import { Authenticator, DEMO_CREDENTIALS, type SandboxCredentials } from './server/auth';
import type { SandboxServices } from './server/context';
import { FaultControls, type FaultSettings, type FaultSettingsInput } from './server/faults';
import { seededRandom } from './seededRandom';
import { ServiceFailure } from './server/failures';
import { createPipeline } from './server/pipeline';
import { RateLimiter, TIERS } from './server/rateLimiter';
import { openSandboxDb } from './state/db';
import { createHandlers } from './handlers';

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** SQLite file for the sandbox's records; `:memory:` (the default) forgets them on close. */
  readonly dbPath?: string;
  readonly credentials?: Partial<SandboxCredentials>;
  /** Requests per minute per credential (Standard 100 by default). */
  readonly requestsPerMinute?: number;
  readonly tokenLifetimeSeconds?: number;
  readonly ruleSet?: RuleSet;
  /** The sandbox's notion of now: tests move it to make tracking advance. */
  readonly clock?: () => Date;
  /** Seed for fault injection and generated numbers; random when absent. */
  readonly seed?: number;
  readonly onRequest?: (entry: { method: string; path: string; status: number; ms: number }) => void;
}

export interface RunningSandbox {
  /** {base_url}: resource paths start with /v1 under it. */
  readonly baseUrl: string;
  /** {auth_url}: the OAuth token address is `${authUrl}/connect/token`. */
  readonly authUrl: string;
  readonly credentials: SandboxCredentials;
  /** Token for the `/_sandbox/faults` control endpoint (for fault tests in other processes). */
  readonly adminToken: string;
  readonly requestsPerMinute: number;
  readonly faults: { set(settings: FaultSettingsInput): FaultSettings; clear(): void; readonly settings: FaultSettings };
  /** Client connections open right now (tests check that a client leaves none behind). */
  connections(): Promise<number>;
  close(): Promise<void>;
}

const AUTH_PATH = '/auth';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const credentials: SandboxCredentials = { ...DEMO_CREDENTIALS, ...options.credentials };
  const requestsPerMinute = options.requestsPerMinute ?? TIERS.standard;
  const random = seededRandom(options.seed ?? randomBytes(4).readUInt32LE());
  const db = openSandboxDb(options.dbPath ?? ':memory:');
  const services: SandboxServices = {
    db,
    random,
    newId: (prefix) => `${prefix}_${randomBytes(10).toString('hex')}`,
  };
  const faults = new FaultControls(random);
  const adminToken = randomBytes(16).toString('hex');
  const handler = createPipeline({
    auth: new Authenticator({ credentials, tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600 }),
    limiter: new RateLimiter(requestsPerMinute),
    faults,
    handlers: createHandlers({ ruleSet: options.ruleSet ?? DEFAULT_RULE_SET }),
    services,
    clock: options.clock ?? (() => new Date()),
    authPath: AUTH_PATH,
    adminToken,
    ...(options.onRequest === undefined ? {} : { onRequest: options.onRequest }),
  });

  const server: Server = createServer({ keepAliveTimeout: 5000 }, handler);
  // Requests Node cannot parse (oversize headers, a bad Content-Length) still get the envelope.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const failure = new ServiceFailure('InvalidRequest', tooLarge ? 'request headers (or the URL) are larger than 16 KB' : `the request is not valid HTTP: ${error.message}`);
    const body = JSON.stringify(failure.envelope);
    socket.end(`HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  let closed: Promise<void> | undefined;
  return {
    baseUrl: origin,
    authUrl: `${origin}${AUTH_PATH}`,
    credentials,
    adminToken,
    requestsPerMinute,
    faults: {
      set: (settings) => faults.set(settings),
      clear: () => faults.clear(),
      get settings() {
        return faults.settings;
      },
    },
    connections: () => new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        server.closeAllConnections();
      })),
  };
}
