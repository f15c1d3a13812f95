/** Desk processes (deskProcess.ts, bundled): starting them, talking to them over IPC, and the rig they run in. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox';
import type { DeskSetup } from '../../support/deskWork';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';
import { bundleScript } from './childScripts';
import type { DeskCommand, DeskEvent } from './deskProcess';

export class DeskProcess {
  readonly events: DeskEvent[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Set<(event: DeskEvent) => void>();
  private stderr = '';

  private constructor(private readonly child: ChildProcess) {
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.on('message', (message: DeskEvent) => {
      this.events.push(message);
      for (const listener of this.listeners) listener(message);
      if (message.event === 'reply') {
        this.pending.get(message.id)?.resolve(message.result);
        this.pending.delete(message.id);
      }
      if (message.event === 'failed') for (const waiter of this.pending.values()) waiter.reject(new Error(`desk failed: ${message.message}`));
    });
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    void this.exited.then(() => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`desk process exited: ${this.stderr.slice(-2000)}`));
      this.pending.clear();
    });
  }

  static async start(script: string, options: DeskSetup): Promise<DeskProcess> {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'], env: { ...process.env, PACKBENCH_DESK: JSON.stringify(options) } });
    const desk = new DeskProcess(child);
    await desk.waitFor((e) => e.event === 'ready', 'the desk to start');
    return desk;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  call<T>(command: DeskCommand): Promise<T> {
    const id = (this.nextId += 1);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (r) => resolve(r as T), reject });
      this.child.send({ id, command });
    });
  }

  /** The first event (already received or to come) that matches. */
  waitFor(match: (event: DeskEvent) => boolean, what: string, timeoutMs = 60_000): Promise<DeskEvent> {
    const seen = this.events.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms (stderr: ${this.stderr.slice(-1000)})`)), timeoutMs);
      const listener = (event: DeskEvent) => {
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

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    await this.exited;
  }
}

/**
 * What the tests with desk processes share: a warehouse server, a sandbox keeping its records in
 * a file (so its shipments can be counted afterwards), and the bundled desk script.
 */
export interface DeskRig {
  readonly server: WarehouseServer;
  readonly sandbox: RunningSandbox;
  /** Starts a desk process on the sandbox's key; `budget` shares its limit through the warehouse. */
  startDesk(deskId: string, deskName: string, budget?: boolean): Promise<DeskProcess>;
  /** Shipments at the service per order number starting with `prefix` (the sandbox's own file). */
  serviceShipments(prefix: string): Map<string, number>;
  stop(): Promise<void>;
}

export async function startDeskRig(name: string, requestsPerMinute: number): Promise<DeskRig> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `packbench-${name}-`));
  const [server, script, sandbox] = await Promise.all([
    startWarehouseServer(),
    bundleScript('test/integration/warehouse/deskProcess.ts', `warehouse-desk-${name}`),
    startSandbox({ dbPath: path.join(dir, 'sandbox.sqlite'), requestsPerMinute }),
  ]);
  const started: DeskProcess[] = [];
  return {
    server,
    sandbox,
    async startDesk(deskId, deskName, budget = false) {
      const desk = await DeskProcess.start(script.file, {
        settings: server.settings('desk'),
        password: server.roles.desk.password,
        deskId,
        deskName,
        sandboxUrl: sandbox.baseUrl,
        apiKey: sandbox.credentials.apiKey,
        limit: requestsPerMinute,
        budget: budget ? { credentialId: sandbox.credentials.apiKey, probeMs: 500 } : null,
      });
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
