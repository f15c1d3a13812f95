/**
 * Keeps the station in step with the service: watches connectivity (from the client's own
 * request outcomes plus a light probe), drains the outbox whenever the service is reachable,
 * and pulls locations, recent shipments and tracking when it comes online and periodically;
 * while online, the tracking of shipments not yet delivered is refreshed more often on its own,
 * so a tracking timeline open at the desk moves as the carrier reports.
 */
import type { ServiceClient } from '../service/client/client';
import type { RequestLogEntry } from '../service/client/log';
import type { Timers } from '../platform/clock';
import type { Store } from '../store';
import { Connectivity } from './connectivity';
import type { SyncListener } from './events';
import { OutboxWorker } from './outboxWorker';
import { PullSync } from './pull';

export interface SyncEngineOptions {
  readonly store: Store;
  readonly timers: Timers;
  readonly onEvent?: SyncListener;
  /** Pull from the service this often while online (default 5 minutes). */
  readonly pullEveryMs?: number;
  /** Refresh the tracking of shipments not yet delivered this often while online (default 2 minutes). */
  readonly trackingEveryMs?: number;
  /** Probe intervals of the connectivity check (defaults: 10 s offline, 60 s online). */
  readonly offlineProbeMs?: number;
  readonly onlineProbeMs?: number;
  /** Waits between tries of one outbox item (tests shorten them). */
  readonly itemBackoff?: { readonly baseDelayMs: number; readonly maxDelayMs: number };
}

export class SyncEngine {
  readonly connectivity: Connectivity;
  private worker: OutboxWorker | undefined;
  private pull: PullSync | undefined;
  private client: ServiceClient | undefined;
  /** End the periodic loops (pull, tracking); new ones per start. */
  private loops: { readonly stop: AbortController; readonly done: Promise<void> }[] = [];
  private pulling: Promise<unknown> | undefined;
  private tracking: Promise<unknown> | undefined;

  constructor(private readonly options: SyncEngineOptions) {
    this.connectivity = new Connectivity({
      timers: options.timers,
      ...(options.offlineProbeMs === undefined ? {} : { offlineProbeMs: options.offlineProbeMs }),
      ...(options.onlineProbeMs === undefined ? {} : { onlineProbeMs: options.onlineProbeMs }),
      probe: () => {
        if (this.client === undefined) throw new Error('no service client yet');
        return this.client.getLocations({ Page: 1, Limit: 1 });
      },
    });
    this.connectivity.onChange((online, reason) => {
      options.onEvent?.({ type: 'connectivity', online, reason });
      if (online) {
        this.worker?.kick();
        void this.pullNow();
      }
    });
  }

  /** Give this to the client's logger so every request outcome informs connectivity. */
  readonly observe = (entry: RequestLogEntry): void => this.connectivity.observe(entry);

  /** Starts (or restarts, after a connection change) with this client. */
  async start(client: ServiceClient): Promise<void> {
    await this.stop();
    this.client = client;
    const { store, timers, onEvent } = this.options;
    this.worker = new OutboxWorker({
      store,
      client,
      timers,
      ...(onEvent === undefined ? {} : { onEvent }),
      ...(this.options.itemBackoff === undefined ? {} : { itemBackoff: this.options.itemBackoff }),
    });
    this.pull = new PullSync({ store, client, timers, ...(onEvent === undefined ? {} : { onEvent }) });
    this.worker.start();
    this.connectivity.start();
    this.housekeeping();
    this.loops = [
      this.every(this.options.pullEveryMs ?? 300_000, () => {
        try {
          this.housekeeping();
        } catch {
          // A settings row that does not read (reported where settings are shown): tried again next period.
        }
        if (this.connectivity.online) void this.pullNow();
      }),
      this.every(this.options.trackingEveryMs ?? 120_000, () => {
        if (this.connectivity.online) void this.refreshTrackingNow();
      }),
    ];
  }

  /** Runs `tick` once a period, timed by the station's clock, until stopped. */
  private every(periodMs: number, tick: () => void): { stop: AbortController; done: Promise<void> } {
    const stop = new AbortController();
    const { timers } = this.options;
    const done = (async () => {
      for (;;) {
        try {
          await timers.sleep(periodMs, stop.signal);
        } catch {
          return;
        }
        tick();
      }
    })();
    return { stop, done };
  }

  /**
   * Drops stored documents older than the label retention setting (kept for reprints until
   * then). Runs at start and with every periodic pull; returns how many were dropped.
   */
  housekeeping(): number {
    const { store, timers } = this.options;
    const days = store.read.deskSetting('labelRetentionDays');
    return store.atomically((write) => write.purgeDocumentsOlderThan(timers.now() - days * 86_400_000));
  }

  /** A new item was queued: send it now if the service is reachable. */
  queued(): void {
    this.worker?.kick();
  }

  /** Pulls now (one pull at a time); never rejects: failures are reported as events. */
  pullNow(): Promise<unknown> {
    this.pulling ??= (this.pull?.pullAll() ?? Promise.resolve()).finally(() => {
      this.pulling = undefined;
    });
    return this.pulling;
  }

  /**
   * Refreshes the tracking of shipments not yet delivered now, unless a pull (which does it
   * too) or another refresh is under way; never rejects. Each change is told once whichever
   * refresh finds it: the store compares and records in one transaction.
   */
  refreshTrackingNow(): Promise<unknown> {
    if (this.pulling !== undefined) return this.pulling;
    this.tracking ??= (this.pull?.pullTracking() ?? Promise.resolve()).finally(() => {
      this.tracking = undefined;
    });
    return this.tracking;
  }

  async stop(): Promise<void> {
    for (const loop of this.loops) loop.stop.abort();
    await Promise.all(this.loops.map((loop) => loop.done));
    this.loops = [];
    this.connectivity.stop();
    await this.worker?.stop();
    await this.pulling;
    await this.tracking;
    this.worker = undefined;
  }
}
