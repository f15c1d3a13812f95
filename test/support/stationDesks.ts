/**
 * Several packing desks on one warehouse, each a whole station in a process of its own
 * (stationDeskProcess.ts), reached the way a browser reaches it: over its loopback web host's
 * HTTP API and its event stream. They share one standalone sandbox (a production profile pointed
 * at it, its records in a file so its shipments can be counted) and one private PostgreSQL set up
 * as an admin would (warehouseServer.ts). Each desk has its own data folder, desk id (`DESK1`…)
 * and name (`Desk 1`…), and is linked to the warehouse through Settings → Warehouse with the desk
 * role and connected before `startStationDesks` returns. `stop` ends every process by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { ApiResult, MethodInput, StationEvent, StationMethod, StationResults } from '../../electron/api';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/sandbox';
import { buildNodeStation } from '../../electron/tools/mainBuild';
import { importOrders as importSharedOrders } from '../../electron/warehouse';
import { CLOSED_PORT } from './privateCups';
import { STATION_DESK_ENV, type StationDeskMessage, type StationDeskRequest, type StationDeskSetup } from './stationDeskChannel';
import { openEventStream, waitUntil } from './stationHarness';
import { startWarehouseServer, type WarehouseServer } from './warehouseServer';

export type DeskEventOf<T extends StationEvent['type']> = Extract<StationEvent, { type: T }>;

export interface StationDesk {
  /** 1-based, as in its id `DESK<n>` and its name `Desk <n>`. */
  readonly number: number;
  readonly deskId: string;
  readonly deskName: string;
  readonly dataDir: string;
  /** `http://127.0.0.1:PORT/` of its web host. */
  readonly url: string;
  /** The address a browser opens (the access token in its fragment). */
  readonly openUrl: string;
  readonly pid: number;
  /** Events received on its event stream, in order. */
  readonly events: readonly StationEvent[];
  call<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>>;
  /** Calls and insists on success: the value, or a thrown error with the desk's answer. */
  value<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]>;
  /** Waits for an event of `type` matching `match`, from event index `from` on (all by default). */
  waitForEvent<T extends StationEvent['type']>(type: T, match: (event: DeskEventOf<T>) => boolean, from?: number, timeoutMs?: number): Promise<DeskEventOf<T>>;
  /** Kills the process with `signal` (SIGKILL: a desk that is gone, its claims left to run out). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface StationDesksOptions {
  readonly count: number;
  /** The built renderer each web host serves (the browser tests'); a minimal page when absent. */
  readonly rendererDir?: string;
  /** The stations' tuning (short waits for tests), on top of short probe and poll waits. */
  readonly tuning?: StationDeskSetup['tuning'];
}

export interface StationDesks {
  readonly desks: readonly StationDesk[];
  readonly server: WarehouseServer;
  readonly sandbox: RunningSandbox;
  /** Shipments the sandbox created for an order number (its own records). */
  serviceShipments(orderNumber: string): number;
  /** Imports a shop's file (CSV) at every desk and into the warehouse's shared orders (as the first desk). */
  importOrders(csv: string): Promise<void>;
  /** Waits until `check` gives something other than undefined (or throws its last error at the deadline). */
  waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));
const DESK_ENTRY = 'test/support/stationDeskProcess.ts';
const DEFAULT_TUNING = { offlineProbeMs: 200, printPollMs: 100, printerPollMs: 250, warehouseRetryMs: 500 } as const;
const MINIMAL_INDEX = '<!doctype html>\n<html><head><meta charset="utf-8"><title>Packbench</title></head><body><div id="app"></div></body></html>\n';

/** A desk's process and its client, once it said where it listens. */
class RunningDesk implements StationDesk {
  readonly events: StationEvent[] = [];
  private stderr = '';
  private readonly exited: Promise<void>;
  private stream: { stop(): Promise<void> } | undefined;

  constructor(
    readonly number: number,
    readonly dataDir: string,
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly token: string,
  ) {
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4000)));
    this.exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  }

  get deskId(): string {
    return `DESK${String(this.number)}`;
  }

  get deskName(): string {
    return `Desk ${String(this.number)}`;
  }

  get openUrl(): string {
    return `${this.url}#token=${this.token}`;
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the desk process has no PID');
    return this.child.pid;
  }

  /** Starts the process (the bundled desk script) and waits until it says its address. */
  static async start(script: string, number: number, setup: StationDeskSetup): Promise<RunningDesk> {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, [STATION_DESK_ENV]: JSON.stringify(setup) } });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const said = await new Promise<StationDeskMessage>((resolve, reject) => {
      child.once('message', (message: StationDeskMessage) => resolve(message));
      child.once('exit', (code, signal) => reject(new Error(`desk ${String(number)} exited (${String(code ?? signal)}) before it started: ${stderr.slice(-2000)}`)));
    });
    if (said.event === 'failed') throw new Error(`desk ${String(number)} could not start: ${said.message}`);
    const desk = new RunningDesk(number, setup.dataDir, child, said.url, said.token);
    await desk.listen();
    return desk;
  }

  /** Opens the event stream and waits until the host says it subscribed. */
  private async listen(): Promise<void> {
    this.stream = await openEventStream(
      { url: this.url, token: this.token },
      (event) => this.events.push(event),
      () => undefined,
    );
  }

  async call<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>> {
    const response = await fetch(`${this.url}api/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.token}` },
      body: JSON.stringify(input),
    });
    return (await response.json()) as ApiResult<StationResults[M]>;
  }

  async value<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]> {
    const answer = await this.call(method, input);
    if (!answer.ok) throw new Error(`${this.deskName}: ${method} failed: ${JSON.stringify(answer.error)}`);
    return answer.value;
  }

  waitForEvent<T extends StationEvent['type']>(type: T, match: (event: DeskEventOf<T>) => boolean, from = 0, timeoutMs?: number): Promise<DeskEventOf<T>> {
    return waitUntil(
      () => this.events.slice(from).find((event): event is DeskEventOf<T> => event.type === type && match(event as DeskEventOf<T>)),
      `${this.deskName}: a "${type}" event like ${match.toString().slice(0, 200)} (stderr: ${this.stderr.slice(-500)})`,
      timeoutMs,
    );
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    await this.stream?.stop();
    if (this.child.exitCode === null && this.child.signalCode === null) process.kill(this.pid, signal);
    await this.exited;
  }

  /** Asks the desk to close (web host, then station); killed by its PID when it does not in time. */
  async stop(): Promise<void> {
    await this.stream?.stop();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.send({ op: 'close' } satisfies StationDeskRequest);
    const closed = await Promise.race([this.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]);
    if (!closed) await this.kill('SIGKILL');
  }
}

/** Points a started desk at the shared sandbox and links it to the warehouse, as an admin would at the desk. */
async function setUpDesk(desk: RunningDesk, sandbox: RunningSandbox, server: WarehouseServer): Promise<void> {
  const profile = await desk.value('saveProfile', { name: 'Warehouse sandbox', baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 10_000 });
  await desk.value('setProfileSecret', { profileId: profile.id, secret: sandbox.credentials.apiKey });
  await desk.value('switchProfile', { profileId: profile.id });
  await desk.value('updateSettings', { deskId: desk.deskId });
  const from = desk.events.length;
  await desk.value('saveWarehouse', { ...server.settings('desk'), deskName: desk.deskName, password: server.roles.desk.password });
  await desk.waitForEvent('warehouseState', (event) => event.status.state === 'connected', from);
}

export async function startStationDesks(options: StationDesksOptions): Promise<StationDesks> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'packbench-station-desks-'));
  let rendererDir = options.rendererDir;
  if (rendererDir === undefined) {
    rendererDir = path.join(root, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), MINIMAL_INDEX);
  }
  // The desk script bundled once for the rig, as the built web host is, so no desk compiles the
  // station's TypeScript as it starts (three desks: 11 CPU-seconds for warehouse-orders.test.ts
  // instead of 16). Inside the project, so its external modules are found in node_modules.
  await mkdir(path.join(PROJECT_DIR, '.cache'), { recursive: true });
  const bundleDir = await mkdtemp(path.join(PROJECT_DIR, '.cache', 'station-desk-'));
  const sandboxFile = path.join(root, 'sandbox.sqlite');
  const started: { server?: WarehouseServer; sandbox?: RunningSandbox } = {};
  const desks: RunningDesk[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(desks.map((desk) => desk.stop()));
    await started.sandbox?.close();
    await started.server?.stop();
    await rm(root, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  };
  try {
    const [server, sandbox, desk] = await Promise.all([
      startWarehouseServer(),
      startSandbox({ port: 0, dbPath: sandboxFile, requestsPerMinute: 10_000, demoLocation: true }),
      buildNodeStation(PROJECT_DIR, DESK_ENTRY, bundleDir, 'desk.js'),
    ]);
    Object.assign(started, { server, sandbox });
    const tuning = { ...DEFAULT_TUNING, ...options.tuning };
    const served = rendererDir;
    const running = await Promise.all(
      Array.from({ length: options.count }, async (_, index) =>
        RunningDesk.start(desk.script, index + 1, { dataDir: path.join(root, `desk-${String(index + 1)}`), rendererDir: served, closedCupsPort: CLOSED_PORT, tuning }),
      ),
    );
    desks.push(...running);
    for (const desk of running) await setUpDesk(desk, sandbox, server);
    return {
      desks: running,
      server,
      sandbox,
      serviceShipments(orderNumber) {
        const service = new Database(sandboxFile, { readonly: true });
        try {
          return (service.prepare('SELECT count(*) AS n FROM shipments WHERE order_number = ?').get(orderNumber) as { n: number }).n;
        } finally {
          service.close();
        }
      },
      async importOrders(csv) {
        for (const desk of running) await desk.value('importOrders', { text: csv });
        const [first] = running;
        if (first === undefined) return;
        const { orders } = await first.value('previewOrderImport', { text: csv });
        const pool = await server.pool('desk', { id: first.deskId, name: first.deskName });
        try {
          await importSharedOrders(pool, first.deskId, orders);
        } finally {
          await pool.end();
        }
      },
      waitFor: waitUntil,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
