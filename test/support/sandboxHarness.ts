/**
 * Test harness for the sandbox over real HTTP on loopback: starts one with a controllable
 * clock, and sends any operation of the contract's table with the chosen credential.
 */
import { afterAll, beforeAll } from 'vitest';
import { request as httpRequest } from 'node:http';
import { operations, operationPath, type OperationId } from '../../electron/service/contract';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox/sandbox';

export interface TestClock {
  (): Date;
  /** Moves the sandbox's now forward. */
  advance(ms: number): void;
  set(at: Date): void;
}

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (at) => {
    now = at.getTime();
  };
  return clock;
}

export type Auth = { apiKey: string } | { bearer: string } | 'none';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  /** The body as a record, for reading fields in assertions. */
  readonly json: Record<string, unknown>;
}

export interface CallOptions {
  readonly id?: string;
  readonly query?: Record<string, string | number>;
  readonly body?: unknown;
  /** Sent as it is instead of JSON.stringify(body). */
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly auth?: Auth;
  readonly headers?: Record<string, string>;
}

export interface ClientOptions {
  /**
   * Local address to send from, e.g. `127.0.0.2`: every 127.x.y.z address reaches the sandbox
   * on loopback, so tests can play callers at different remote addresses.
   */
  readonly localAddress?: string;
}

export class SandboxClient {
  /** Takes the sandbox or a getter for it, so a client can be made before the sandbox starts. */
  constructor(
    private readonly source: RunningSandbox | (() => RunningSandbox),
    private readonly options: ClientOptions = {},
  ) {}

  get sandbox(): RunningSandbox {
    return typeof this.source === 'function' ? this.source() : this.source;
  }

  get apiKey(): Auth {
    return { apiKey: this.sandbox.credentials.apiKey };
  }

  async call(operation: OperationId, options: CallOptions = {}): Promise<Answer> {
    const op = operations[operation];
    const url = new URL(this.sandbox.baseUrl + operationPath(op, options.id));
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
    return this.send(op.method, url.toString(), options);
  }

  async send(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    const auth = options.auth ?? this.apiKey;
    if (auth !== 'none' && 'apiKey' in auth) headers['X-API-KEY'] = auth.apiKey;
    if (auth !== 'none' && 'bearer' in auth) headers.Authorization = `Bearer ${auth.bearer}`;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const { status, headers: answerHeaders, text } = await viaHttp(method, url, headers, body, this.options.localAddress);
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Leave non-JSON as text: the assertions will say what came back.
    }
    const json = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    return { status, headers: answerHeaders, body: parsed, json };
  }

  async oauthToken(form: Record<string, string>): Promise<Answer> {
    return this.send('POST', `${this.sandbox.authUrl}/connect/token`, {
      rawBody: new URLSearchParams(form).toString(),
      contentType: 'application/x-www-form-urlencoded',
      auth: 'none',
    });
  }

  /** Sets the sandbox's fault controls over its HTTP control endpoint. */
  async setFaults(settings: Record<string, unknown>): Promise<Answer> {
    return this.send('PUT', `${this.sandbox.baseUrl}/_sandbox/faults`, { body: settings, auth: 'none', headers: { 'X-Sandbox-Admin': this.sandbox.adminToken } });
  }
}

interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/**
 * One request on a connection of its own (node:http, no agent). fetch kept connections alive and
 * sent a request on one the sandbox had just closed as idle when the test's process had been busy
 * past the sandbox's keep-alive time (read ECONNRESET, seen under a loaded run); a fresh connection
 * cannot meet that, and it can be sent from a chosen local address.
 */
function viaHttp(method: string, url: string, headers: Record<string, string>, body: string | undefined, localAddress: string | undefined): Promise<RawAnswer> {
  const target = new URL(url);
  // A declared length, as fetch sends (Node would otherwise send the body chunked).
  if (body !== undefined) headers = { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method, headers, ...(localAddress === undefined ? {} : { localAddress }), agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Starts a sandbox for the test file and stops it after the last test. The client may be
 * destructured at once; it reaches the sandbox when a test runs.
 */
export function useSandbox(options: SandboxOptions = {}): { readonly client: SandboxClient; readonly sandbox: () => RunningSandbox } {
  let sandbox: RunningSandbox | undefined;
  const current = (): RunningSandbox => {
    if (sandbox === undefined) throw new Error('the sandbox is not started yet (use it inside a test)');
    return sandbox;
  };
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return { client: new SandboxClient(current), sandbox: current };
}
