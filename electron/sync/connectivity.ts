/**
 * Online or offline, judged from what requests actually do (any answer from the service
 * means it is reachable; a dropped connection or a timeout means it is not), plus a light
 * periodic probe so the station notices when the network comes back while nothing is sent.
 */
import type { RequestLogEntry } from '../service/client/log';
import type { Timers } from '../platform/clock';

export interface ConnectivityOptions {
  readonly timers: Timers;
  /** A cheap read that throws when the service cannot be reached. */
  readonly probe: () => Promise<unknown>;
  /** Probe this often while offline (default 10 s) and while online and idle (default 60 s). */
  readonly offlineProbeMs?: number;
  readonly onlineProbeMs?: number;
}

export class Connectivity {
  private current: boolean | undefined;
  private readonly listeners = new Set<(online: boolean, reason: string) => void>();
  private stopped = true;
  private abort: AbortController | undefined;
  private lastActivity = 0;

  constructor(private readonly options: ConnectivityOptions) {}

  get online(): boolean {
    return this.current === true;
  }

  onChange(listener: (online: boolean, reason: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Feeds every request outcome of the client (wire it into the client's logger). */
  observe(entry: RequestLogEntry): void {
    this.lastActivity = this.options.timers.now();
    if (entry.status === 'cancelled') return;
    if (typeof entry.status === 'number') this.set(entry.status < 500 || entry.status === 501, `${entry.operation} answered ${entry.status}`);
    else this.set(false, `${entry.operation}: ${entry.status === 'timeout' ? 'no answer in time' : 'connection failed'}`);
  }

  private set(online: boolean, reason: string): void {
    if (this.current === online) return;
    this.current = online;
    for (const listener of this.listeners) listener(online, reason);
  }

  /** Probes now, then keeps probing in the background until `stop()`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
  }

  async probeNow(): Promise<boolean> {
    try {
      await this.options.probe();
    } catch {
      // The outcome reached `observe` through the client's log; an error here says offline.
      if (this.current !== false) this.set(false, 'the service could not be reached');
    }
    return this.online;
  }

  private async loop(): Promise<void> {
    const { timers } = this.options;
    while (!this.stopped) {
      const idleFor = timers.now() - this.lastActivity;
      const interval = this.online ? (this.options.onlineProbeMs ?? 60_000) : (this.options.offlineProbeMs ?? 10_000);
      // Requests going through already tell us the state; probe only when things are quiet.
      if (idleFor >= interval || this.current === undefined) await this.probeNow();
      this.abort = new AbortController();
      try {
        await timers.sleep(interval, this.abort.signal);
      } catch {
        return;
      }
    }
  }
}
