/**
 * Desks in processes of their own, for the warehouse's tests and its bench: starting them,
 * talking to them over IPC (deskChannel.ts), and the rig they run in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox/sandbox';
import type { DeskSetup } from '../../support/deskWork';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';
import { bundleScript } from './childScripts';
import { DESK_SETUP_ENV, type ChannelEvent, type ChannelRequest, type DeskCommandBase, type DeskEventBase } from './deskChannel';
import type { DeskCommand, DeskEvent } from './deskProcess';

/** A desk process, as its parent sees it: commands answered, events kept, exit awaited. */
export class DeskProcess<C extends DeskCommandBase = DeskCommand, E extends DeskEventBase = DeskEvent> {
  readonly events: (E | ChannelEvent)[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Set<(event: E | ChannelEvent) => void>();
  private stderr = '';

  private constructor(private readonly child: ChildProcess) {
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.on('message', (message: E | ChannelEvent) => {
      this.events.push(message);
      for (const listener of this.listeners) listener(message);
      if (isChannelEvent(message, 'reply')) this.settle(message.id)?.resolve(message.result);
      if (isChannelEvent(message, 'failed')) this.settle(message.id)?.reject(new Error(`desk failed: ${message.message}`));
    });
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    void this.exited.then(() => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`desk process exited: ${this.stderr.slice(-2000)}`));
      this.pending.clear();
    });
  }

  /** Starts `script` (bundled) with `setup` and waits until it says it is ready. */
  static async start<C extends DeskCommandBase, E extends DeskEventBase>(script: string, setup: DeskSetup): Promise<DeskProcess<C, E>> {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'], env: { ...process.env, [DESK_SETUP_ENV]: JSON.stringify(setup) } });
    const desk = new DeskProcess<C, E>(child);
    await desk.waitFor((e) => e.event === 'ready', 'the desk to start');
    return desk;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends a command; resolves with the desk's reply, rejects when it failed or the desk exited. */
  async call<T>(command: C): Promise<T> {
    return (await this.request(command)) as T;
  }

  /** The first event (already received or to come) that matches. */
  waitFor(match: (event: E | ChannelEvent) => boolean, what: string, timeoutMs = 60_000): Promise<E | ChannelEvent> {
    const seen = this.events.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms (stderr: ${this.stderr.slice(-1000)})`)), timeoutMs);
      const listener = (event: E | ChannelEvent) => {
        if (!match(event)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(event);
      };
      this.listeners.add(listener);
    });
  }

  kill(signal: NodeJS.Signals): void {
    if (this.child.pid !== undefined && this.child.exitCode === null) process.kill(this.child.pid, signal);
  }

  /** Closes the desk (its warehouse, budget and client) and waits for its process to end. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await this.request({ op: 'close' }).catch(() => undefined);
    await this.exited;
  }

  private request(command: ChannelRequest<C>['command']): Promise<unknown> {
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, command } satisfies ChannelRequest<C>);
    });
  }

  private settle(id: number) {
    const waiter = this.pending.get(id);
    this.pending.delete(id);
    return waiter;
  }
}

function isChannelEvent<K extends ChannelEvent['event']>(message: DeskEventBase, kind: K): message is Extract<ChannelEvent, { event: K }> {
  return message.event === kind;
}

export interface DeskRigOptions {
  /** Names the rig's folder and bundle. */
  readonly name: string;
  /** The desk's script (deskProcess.ts unless given). */
  readonly script?: string;
  /** The sandbox's options; its records are kept in a file of the rig's folder. */
  readonly sandbox: Omit<SandboxOptions, 'dbPath'>;
}

export interface StartDeskOptions {
  /** Share the sandbox key's limit through the warehouse (the budget's window and probe, when not the defaults). */
  readonly budget?: { readonly windowMs?: number; readonly probeMs?: number };
  /** Reach PostgreSQL at this port of 127.0.0.1 instead of its own (a proxy between the desk and the server). */
  readonly viaPort?: number;
  /** More of the desk's setup, for what its script reads beyond `DeskSetup` (the bench's packers). */
  readonly more?: Readonly<Record<string, unknown>>;
}

/**
 * What the tests and the bench with desk processes share: a warehouse server, a sandbox keeping
 * its records in a file (so its shipments can be counted afterwards), and the bundled desk script.
 */
export interface DeskRig<C extends DeskCommandBase = DeskCommand, E extends DeskEventBase = DeskEvent> {
  readonly server: WarehouseServer;
  readonly sandbox: RunningSandbox;
  /** Starts a desk process on the sandbox's key, signed in to the warehouse with the desk role. */
  startDesk(deskId: string, deskName: string, options?: StartDeskOptions): Promise<DeskProcess<C, E>>;
  /** Shipments at the service per order number starting with `prefix` (the sandbox's own file). */
  serviceShipments(prefix: string): Map<string, number>;
  /** Closes every desk still running, then the sandbox and the server, and removes what the rig made. */
  stop(): Promise<void>;
}

export async function startDeskRig<C extends DeskCommandBase = DeskCommand, E extends DeskEventBase = DeskEvent>(options: DeskRigOptions): Promise<DeskRig<C, E>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `packbench-${options.name}-`));
  const limit = options.sandbox.requestsPerMinute ?? 100;
  const [server, script, sandbox] = await Promise.all([
    startWarehouseServer(),
    bundleScript(options.script ?? 'test/integration/warehouse/deskProcess.ts', `warehouse-desk-${options.name}`),
    startSandbox({ ...options.sandbox, dbPath: path.join(dir, 'sandbox.sqlite') }),
  ]);
  const started: DeskProcess<C, E>[] = [];
  return {
    server,
    sandbox,
    async startDesk(deskId, deskName, { budget, viaPort, more = {} } = {}) {
      const setup: DeskSetup = {
        ...more,
        settings: { ...server.settings('desk'), ...(viaPort === undefined ? {} : { host: '127.0.0.1', port: viaPort }) },
        password: server.roles.desk.password,
        deskId,
        deskName,
        sandboxUrl: sandbox.baseUrl,
        apiKey: sandbox.credentials.apiKey,
        limit,
        budget: budget === undefined ? null : { credentialId: sandbox.credentials.apiKey, ...budget },
      };
      const desk = await DeskProcess.start<C, E>(script.file, setup);
      started.push(desk);
      return desk;
    },
    serviceShipments(prefix) {
      const service = new Database(path.join(dir, 'sandbox.sqlite'), { readonly: true });
      try {
        const counts = service.prepare('SELECT order_number, count(*) AS n FROM shipments WHERE order_number LIKE ? GROUP BY order_number').all(`${prefix}%`) as { order_number: string; n: number }[];
        return new Map(counts.map((c) => [c.order_number, c.n]));
      } finally {
        service.close();
      }
    },
    async stop() {
      await Promise.all(started.map((d) => d.close()));
      await sandbox.close();
      await server.stop();
      script.remove();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
