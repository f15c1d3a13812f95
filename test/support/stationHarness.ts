/**
 * The whole station core under plain Node, reached only the way a browser reaches it: over the
 * loopback web host's HTTP API and its event stream. The harness starts a private CUPS (the
 * label printer is its 4x6 file queue), opens the station in a temp data folder (file vault in
 * `<data>/vault`, the CUPS backend, short probe and poll waits), starts the web host on
 * 127.0.0.1:0 and keeps an event stream open. Everything the client received is recorded as
 * text (response bodies, the event stream), so tests can check what crossed the transport.
 *
 * The Electron window is the one part that cannot run here; the web host is the transport the
 * app uses wherever it cannot, so nothing is mocked.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import type { ApiResult, MethodInput, StationEvent, StationMethod, StationResults } from '../../electron/api';
import { API_ERROR_CODES } from '../../electron/api';
import { CupsBackend } from '../../electron/platform/printers/cups/backend';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox/sandbox';
import { openStation, type Station } from '../../electron/station/station';
import { FileVault } from '../../electron/platform/vault';
import { createSseParser } from '../../electron/webhost/bridge/sseParser';
import { startWebHost, type WebHost } from '../../electron/webhost/server';
import { CLOSED_PORT, startPrivateCups, type PrivateCups } from './privateCups';
import { RawHttpClient, type RawAnswer } from './rawHttp';

/** What every answer of the API must look like, whatever was asked. */
export const ApiResultShape = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({
    ok: z.literal(false),
    error: z.strictObject({
      code: z.enum(API_ERROR_CODES),
      message: z.string().min(1),
      fields: z.array(z.strictObject({ field: z.string(), message: z.string().min(1) })),
      retryable: z.boolean(),
    }),
  }),
]);

export type EventOf<T extends StationEvent['type']> = Extract<StationEvent, { type: T }>;

export interface StationHarnessOptions {
  /**
   * Waits of the connectivity probe and the print poll (short, so tests do not sleep), and the
   * period of the tracking refresh (the app's 2 minutes unless set); 'production' keeps the app's own.
   */
  readonly tuning?: { readonly offlineProbeMs?: number; readonly printPollMs?: number; readonly printerPollMs?: number; readonly trackingEveryMs?: number; readonly warehouseRetryMs?: number; readonly budgetWindowMs?: number } | 'production';
  /** Called as each event arrives on the stream (a benchmark's clock). */
  readonly onEvent?: (event: StationEvent) => void;
  /** The built renderer to serve (the browser suite's screens); a minimal page when absent. */
  readonly rendererDir?: string;
  /**
   * Whether the sandbox profile's new store starts with the demo orders, as a new desk's does.
   * Off unless asked for: tests that count orders start from an empty store.
   */
  readonly demoOrders?: boolean;
  /** Fills the data folder before the station opens it (a store with years of history). */
  readonly prepare?: (dataDir: string) => void | Promise<void>;
  /**
   * `cups` (the default): the private CUPS, its 4x6 file queue the label printer. `none`: a
   * computer whose CUPS is not running (nothing listens where the station looks for it) and no
   * label printer chosen, as on a fresh desk without a printer.
   */
  readonly printing?: 'cups' | 'none';
}

/** A saved file the station asked this computer to open or show in its folder. */
export interface OpenedFile {
  readonly file: string;
  readonly reveal: boolean;
}

export interface StationHarness {
  readonly dataDir: string;
  /** The private CUPS (a station started with `printing: 'none'` has none: asking for it throws). */
  readonly cups: PrivateCups;
  /** The PDF folder printer's folder until the desk chooses another (a temporary one). */
  readonly pdfFolder: string;
  /** Files the station opened or showed, in order (no program is started). */
  readonly opened: readonly OpenedFile[];
  /** The label printer: the private CUPS's 4x6 file queue. */
  readonly labelQueue: string;
  readonly webHost: WebHost;
  /** Every line the station logged. */
  readonly logLines: readonly string[];
  /** Every response body received from the web host, as text. */
  readonly responseTexts: readonly string[];
  /** Events received on the event stream, in order. */
  readonly events: readonly StationEvent[];
  /** The event stream's text as received. */
  eventStreamText(): string;
  /** Calls a method over HTTP with the token; the parsed ApiResult. */
  call<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>>;
  /** Calls and insists on success: the value, or a thrown error with the station's answer. */
  value<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]>;
  /** Calls any method name with any JSON input (for invalid input); the parsed ApiResult. */
  callAny(method: string, input: unknown): Promise<ApiResult<unknown>>;
  /** POST /api/<method> with the given body text; the token and JSON type unless `headers` override them (an empty value leaves a header out). */
  post(method: string, body: string | undefined, headers?: Record<string, string>): Promise<RawAnswer>;
  /** Waits until `check` returns something other than undefined (or throws its last error at the deadline). */
  waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs?: number): Promise<T>;
  /** Waits for an event of `type` matching `match`, looking at events from index `from` on (all by default). */
  waitForEvent<T extends StationEvent['type']>(type: T, match: (event: EventOf<T>) => boolean, from?: number, timeoutMs?: number): Promise<EventOf<T>>;
  /** Stops the web host (the station goes on), as a person stopping `npm start` would see it from a page. */
  stopWebHost(): Promise<void>;
  /** Stops the web host and starts a new one on the same port with a new token, as a restarted `npm start` does. */
  restartWebHost(): Promise<WebHost>;
  /** Starts a standalone sandbox on 127.0.0.1:0 that `close()` stops too. */
  startServiceSandbox(options?: SandboxOptions): Promise<RunningSandbox>;
  close(): Promise<void>;
}

const DEFAULT_TUNING = { offlineProbeMs: 200, printPollMs: 100, printerPollMs: 250, warehouseRetryMs: 500 } as const;
const MINIMAL_INDEX = '<!doctype html>\n<html><head><meta charset="utf-8"><title>Packbench</title></head><body><div id="app"></div></body></html>\n';

/** Reads the web host's event stream with fetch and the token header, as the bridge does; resolves once the host subscribed. */
export async function openEventStream(webHost: Pick<WebHost, 'url' | 'token'>, onEvent: (event: StationEvent) => void, onText: (text: string) => void): Promise<{ stop(): Promise<void> }> {
  const controller = new AbortController();
  const response = await fetch(`${webHost.url}api/events`, { headers: { Authorization: `Bearer ${webHost.token}` }, signal: controller.signal });
  if (response.status !== 200 || response.body === null) throw new Error(`the event stream answered ${response.status}`);
  const feed = createSseParser((data) => onEvent(JSON.parse(data) as StationEvent));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let subscribed!: () => void;
  const connected = new Promise<void>((resolve) => (subscribed = resolve));
  // The stream's start, until the comment that says the host subscribed (looked for there only:
  // a fuzz run receives tens of thousands of events).
  let head: string | undefined = '';
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        onText(value);
        feed(value);
        // The host subscribes to the station before it writes this comment.
        if (head !== undefined) {
          head += value;
          if (head.includes(': connected\n')) {
            head = undefined;
            subscribed();
          }
        }
      }
    } catch {
      // Aborted by stop(), or ended by the web host closing.
    }
    subscribed();
  })();
  await connected;
  return {
    async stop() {
      controller.abort();
      await reading;
    },
  };
}

/**
 * Waits until `check` returns something other than undefined (or throws its last error at the
 * deadline). What is awaited comes in about a second, far later on a busy machine; the default
 * deadline only turns a hang into a message naming what never came, before Vitest's 60 s test timeout.
 */
export async function waitUntil<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 50_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const found = await check();
      if (found !== undefined) return found;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startStationHarness(options: StationHarnessOptions = {}): Promise<StationHarness> {
  const root = mkdtempSync(path.join(tmpdir(), 'packbench-station-'));
  const dataDir = path.join(root, 'data');
  let rendererDir = options.rendererDir;
  if (rendererDir === undefined) {
    rendererDir = path.join(root, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(path.join(rendererDir, 'index.html'), MINIMAL_INDEX);
  }

  const logLines: string[] = [];
  const responseTexts: string[] = [];
  const events: StationEvent[] = [];
  const sandboxes: RunningSandbox[] = [];
  const opened: OpenedFile[] = [];
  const pdfFolder = path.join(root, 'pdf-labels');
  let streamText = '';
  let cups: PrivateCups | undefined;
  let station: Station | undefined;
  let webHost: WebHost | undefined;
  let http: RawHttpClient | undefined;
  let stream: { stop(): Promise<void> } | undefined;

  const close = async (): Promise<void> => {
    await stream?.stop();
    http?.close();
    await webHost?.close();
    await station?.close();
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
    // The scheduler and its helpers are child processes, stopped by their PIDs.
    await cups?.stop();
    rmSync(root, { recursive: true, force: true });
  };

  try {
    const withCups = options.printing !== 'none';
    if (withCups) cups = await startPrivateCups();
    await options.prepare?.(dataDir);
    const vault = await FileVault.open(path.join(dataDir, 'vault'));
    // No CUPS: nothing listens where the station looks for one, as on a computer where it is not running.
    const cupsEnv = cups?.env ?? { PATH: process.env.PATH, HOME: root, CUPS_SERVER: `127.0.0.1:${String(CLOSED_PORT)}` };
    station = await openStation({
      dataDir,
      vault,
      printerBackend: new CupsBackend({ env: cupsEnv }),
      pdfFolder,
      fileOpener: {
        open: (file) => Promise.resolve(void opened.push({ file, reveal: false })),
        reveal: (file) => Promise.resolve(void opened.push({ file, reveal: true })),
      },
      log: (line) => logLines.push(line),
      demoOrders: options.demoOrders ?? false,
      ...(options.tuning === 'production' ? {} : { tuning: { ...DEFAULT_TUNING, ...options.tuning } }),
    });
    const host = station;
    const served = rendererDir;
    const serve = (port: number): Promise<WebHost> => startWebHost({ host, rendererDir: served, port, log: (line) => logLines.push(line) });
    /** Connects the test's own client and event stream to the web host as it is now. */
    const connect = async (host: WebHost): Promise<void> => {
      http = new RawHttpClient(host.url);
      stream = await openEventStream(
        host,
        (event) => {
          options.onEvent?.(event);
          events.push(event);
        },
        (text) => (streamText += text),
      );
    };
    webHost = await serve(0);
    await connect(webHost);
    /** The web host stopped, with the test's own client and stream: the station itself goes on. */
    const stopWebHost = async (): Promise<void> => {
      await stream?.stop();
      stream = undefined;
      http?.close();
      http = undefined;
      await webHost?.close();
    };

    const post = async (method: string, body: string | undefined, headers: Record<string, string> = {}): Promise<RawAnswer> => {
      const host = webHost;
      const client = http;
      if (host === undefined || client === undefined) throw new Error('the web host is stopped');
      const merged = { 'Content-Type': 'application/json', Authorization: `Bearer ${host.token}`, ...headers };
      const answer = await client.send({
        method: 'POST',
        path: `/api/${method}`,
        headers: Object.fromEntries(Object.entries(merged).filter(([, text]) => text !== '')),
        ...(body === undefined ? {} : { body }),
      });
      responseTexts.push(answer.text);
      return answer;
    };
    const callAny = async (method: string, input: unknown): Promise<ApiResult<unknown>> => {
      const answer = await post(method, input === undefined ? undefined : JSON.stringify(input));
      const parsed = ApiResultShape.safeParse(answer.body);
      if (!parsed.success) throw new Error(`${method} answered HTTP ${answer.status} with something that is not an ApiResult: ${answer.text.slice(0, 500)}`);
      return parsed.data;
    };
    const call = async <M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>> =>
      (await callAny(method, input)) as ApiResult<StationResults[M]>;
    const value = async <M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]> => {
      const answer = await call(method, input);
      if (!answer.ok) throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
      return answer.value;
    };
    const waitFor = waitUntil;
    const waitForEvent = <T extends StationEvent['type']>(type: T, match: (event: EventOf<T>) => boolean, from = 0, timeoutMs?: number): Promise<EventOf<T>> =>
      waitFor(
        () => events.slice(from).find((event): event is EventOf<T> => event.type === type && match(event as EventOf<T>)),
        `a "${type}" event like ${match.toString().slice(0, 200)}`,
        timeoutMs,
      );

    // The label printer is the 4x6 file queue, set the way an admin sets it.
    if (cups !== undefined) await value('setPrinterMap', { labelPrinter: cups.queues.label4x6 });
    const privateCups = cups;

    return {
      dataDir,
      get cups(): PrivateCups {
        if (privateCups === undefined) throw new Error('this station was started without CUPS (printing: none)');
        return privateCups;
      },
      get labelQueue(): string {
        if (privateCups === undefined) throw new Error('this station was started without CUPS (printing: none)');
        return privateCups.queues.label4x6;
      },
      pdfFolder,
      opened,
      get webHost(): WebHost {
        if (webHost === undefined) throw new Error('the web host was never started');
        return webHost;
      },
      stopWebHost,
      async restartWebHost(): Promise<WebHost> {
        const port = webHost?.port ?? 0;
        await stopWebHost();
        webHost = await serve(port);
        await connect(webHost);
        return webHost;
      },
      logLines,
      responseTexts,
      events,
      eventStreamText: () => streamText,
      call,
      value,
      callAny,
      post,
      waitFor,
      waitForEvent,
      async startServiceSandbox(sandboxOptions = {}) {
        const sandbox = await startSandbox({ port: 0, ...sandboxOptions });
        sandboxes.push(sandbox);
        return sandbox;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
