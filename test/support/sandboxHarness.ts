/**
 * Test harness for the sandbox over real HTTP on loopback: starts one with a controllable
 * clock, and sends any operation of the contract's table with the chosen credential.
 */
import { afterAll, beforeAll } from 'vitest';
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

export class SandboxClient {
  /** Takes the sandbox or a getter for it, so a client can be made before the sandbox starts. */
  constructor(private readonly source: RunningSandbox | (() => RunningSandbox)) {}

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
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Leave non-JSON as text: the assertions will say what came back.
    }
    const json = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    return { status: response.status, headers: response.headers, body: parsed, json };
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
