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
import { AuthFailureLimiter, DEFAULT_FAILED_AUTH_PER_MINUTE } from './server/authFailures';
import { DEFAULT_BODY_LIMITS } from './server/body';
import { answerClientErrors, DEFAULT_TIMEOUTS, serverTimeoutOptions } from './server/connections';
import type { SandboxServices } from './server/context';
import { FaultControls, type FaultSettings, type FaultSettingsInput } from './server/faults';
import { seededRandom } from './seededRandom';
import { createPipeline, type AnsweredRequest } from './server/pipeline';
import { RateLimiter, TIERS } from './server/rateLimiter';
import { openSandboxDb } from './state/db';
import { seedDemoLocation } from './state/demoLocation';
import { createHandlers } from './handlers';

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  readonly port?: number;
  /** SQLite file for the sandbox's records; `:memory:` (the default) forgets them on close. */
  readonly dbPath?: string;
  readonly credentials?: Partial<SandboxCredentials>;
  /** Requests per minute per credential (Standard 100 by default). */
  readonly requestsPerMinute?: number;
  /**
   * Failed authentication attempts (a wrong key or secret, a token never issued) one remote
   * address may make per minute; past it the address is answered 429 until the window frees.
   * Counted apart from `requestsPerMinute`, so guessing never uses up the real client's limit.
   */
  readonly failedAuthPerMinute?: number;
  /** Milliseconds a request's headers may take to arrive (10 s by default); later is 408. */
  readonly headersTimeoutMs?: number;
  /** Milliseconds a request's body may take to arrive (30 s by default); later is 408. */
  readonly bodyTimeoutMs?: number;
  readonly tokenLifetimeSeconds?: number;
  readonly ruleSet?: RuleSet;
  /** The sandbox's notion of now: tests move it to make tracking advance. */
  readonly clock?: () => Date;
  /** Start with a demo warehouse when there is no location yet (the app's embedded sandbox does). */
  readonly demoLocation?: boolean;
  /** Seed for fault injection and generated numbers; random when absent. */
  readonly seed?: number;
  readonly onRequest?: (entry: AnsweredRequest) => void;
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
  if (options.demoLocation === true) seedDemoLocation(db, services.newId, (options.clock ?? (() => new Date()))());
  const faults = new FaultControls(random);
  const adminToken = randomBytes(16).toString('hex');
  const timeouts = {
    headersTimeoutMs: options.headersTimeoutMs ?? DEFAULT_TIMEOUTS.headersTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_TIMEOUTS.bodyTimeoutMs,
  };
  const handler = createPipeline({
    auth: new Authenticator({ credentials, tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600 }),
    limiter: new RateLimiter(requestsPerMinute),
    authFailures: new AuthFailureLimiter(options.failedAuthPerMinute ?? DEFAULT_FAILED_AUTH_PER_MINUTE),
    bodyLimits: { ...DEFAULT_BODY_LIMITS, timeoutMs: timeouts.bodyTimeoutMs },
    faults,
    handlers: createHandlers({ ruleSet: options.ruleSet ?? DEFAULT_RULE_SET }),
    services,
    clock: options.clock ?? (() => new Date()),
    authPath: AUTH_PATH,
    adminToken,
    ...(options.onRequest === undefined ? {} : { onRequest: options.onRequest }),
  });

  const server: Server = createServer({ keepAliveTimeout: 5000, ...serverTimeoutOptions(timeouts) }, handler);
  // Requests Node cannot parse or that never finish their headers still get the envelope.
  answerClientErrors(server, timeouts);
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
