/** Starting desk processes (deskProcess.ts, bundled) and talking to them over IPC. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { WarehouseConnectionSettings } from '../../../electron/warehouse';
import type { DeskCommand, DeskEvent } from './deskProcess';

export interface DeskProcessOptions {
  readonly settings: WarehouseConnectionSettings;
  readonly password: string;
  readonly deskId: string;
  readonly deskName: string;
  readonly sandboxUrl: string;
  readonly apiKey: string;
  readonly limit: number;
  readonly sharedBudget: boolean;
}

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

  static async start(script: string, options: DeskProcessOptions): Promise<DeskProcess> {
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
