/**
 * A real web host on 127.0.0.1:0 in front of a small test station: the dispatcher over stub
 * handlers (the transport is under test here, not the station), a hand-driven event feed, and
 * a renderer folder in a temp dir with a file beside it that must never be served.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ConnectionInfo, StationEvent, StationHandlers } from '../../../electron/api';
import { STATION_METHOD_NAMES, StationError } from '../../../electron/api';
import { createDispatch } from '../../../electron/station/dispatch';
import type { StationHost } from '../../../electron/station/host';
import { startWebHost, type WebHost, type WebHostOptions } from '../../../electron/webhost/server';
import { RawHttpClient, type RawAnswer, type RawRequest } from '../../support/rawHttp';

export const SANDBOX_CONNECTION: ConnectionInfo = {
  profile: {
    id: 'sandbox',
    kind: 'sandbox',
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:1/api/v1',
    authUrl: 'http://127.0.0.1:1/oauth/token',
    method: 'apiKey',
    tier: 'Standard',
    requestsPerMinute: 100,
    hasSecret: true,
    warnings: [],
  },
  online: true,
  reason: 'service answered',
  outbox: { pending: 2, sending: 0, done: 5, failed: 1, unknown: 0, needs_review: 0, discarded: 0 },
};

/** Every method answers notFound unless a test's handler says otherwise. */
function stubHandlers(): StationHandlers {
  const handlers: Record<string, (input: unknown) => unknown> = Object.fromEntries(
    STATION_METHOD_NAMES.map((name) => [
      name,
      () => {
        throw new StationError('notFound', `${name} is not part of this test`);
      },
    ]),
  );
  handlers.getConnection = () => SANDBOX_CONNECTION;
  handlers.getLocation = (input) => {
    const { id } = input as { id: string };
    if (id === 'missing') throw new StationError('notFound', `location ${id} does not exist`);
    return { id, echoed: true };
  };
  // The test table covers every method name; its signatures are loose on purpose.
  return handlers as unknown as StationHandlers;
}

export class TestStation implements StationHost {
  readonly listeners = new Set<(event: StationEvent) => void>();
  readonly call = createDispatch(stubHandlers());

  onEvent(listener: (event: StationEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: StationEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

export const INDEX_HTML = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8');

export interface WebHostFixture {
  readonly station: TestStation;
  readonly webHost: WebHost;
  readonly http: RawHttpClient;
  /** The temp folder that holds the renderer folder and, beside it, `secret.txt`. */
  readonly parentDir: string;
  readonly rendererDir: string;
  /** Sends with our Host header (Node's default) plus the given headers. */
  send(request: RawRequest): Promise<RawAnswer>;
  /** POST /api/<method> with the token and a JSON body. */
  callApi(method: string, input: unknown, headers?: Record<string, string>): Promise<RawAnswer>;
  authorization(): Record<string, string>;
}

/** Starts a web host for the test file's suite and stops it (and removes its files) afterwards. */
export function useWebHost(options: Partial<Omit<WebHostOptions, 'host' | 'rendererDir'>> = {}): WebHostFixture {
  const fixture = {} as { -readonly [K in keyof WebHostFixture]: WebHostFixture[K] };

  beforeAll(async () => {
    const parentDir = mkdtempSync(join(tmpdir(), 'packbench-webhost-'));
    const rendererDir = join(parentDir, 'renderer');
    mkdirSync(join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export const app = 1;\n');
    writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body { margin: 0 }\n');
    writeFileSync(join(rendererDir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(parentDir, 'secret.txt'), 'not for the browser');
    symlinkSync(join(parentDir, 'secret.txt'), join(rendererDir, 'assets', 'link-out.txt'));

    const station = new TestStation();
    const webHost = await startWebHost({ host: station, rendererDir, ...options });
    const http = new RawHttpClient(webHost.url);
    const authorization = () => ({ Authorization: `Bearer ${webHost.token}` });
    Object.assign(fixture, {
      station,
      webHost,
      http,
      parentDir,
      rendererDir,
      authorization,
      send: (request: RawRequest) => http.send(request),
      callApi: (method: string, input: unknown, headers: Record<string, string> = {}) =>
        http.send({
          method: 'POST',
          path: `/api/${method}`,
          headers: { 'Content-Type': 'application/json', ...authorization(), ...headers },
          body: JSON.stringify(input),
        }),
    });
  });

  afterAll(async () => {
    fixture.http?.close();
    await fixture.webHost?.close();
    if (fixture.parentDir !== undefined) rmSync(fixture.parentDir, { recursive: true, force: true });
  });

  return fixture;
}
