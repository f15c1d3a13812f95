/**
 * Pulling what the service knows into the store: all locations, the shipments of the last
 * days (including ones made at other desks), and the tracking of shipments not yet
 * delivered. Runs when the station comes online and periodically after that; tracking is also
 * refreshed on its own, more often (see SyncEngine). A shipment whose stored tracking changed
 * is told as a `trackingChanged` event.
 */
import { FILTER_CONDITIONS, LIMITS } from '../service/contract';
import type { ServiceClient } from '../service/client/client';
import { ServiceError } from '../service/client/errors';
import type { Timers } from '../platform/clock';
import type { Store } from '../store';
import type { SyncPhase } from '../api/stationEvents';
import type { SyncListener } from './events';
import { messageOf } from '../base/errors';

export interface PullOptions {
  readonly store: Store;
  readonly client: ServiceClient;
  readonly timers: Timers;
  readonly onEvent?: SyncListener;
  /** How far back "recent shipments" reaches (default 14 days). */
  readonly recentDays?: number;
  /** At most this many pages of recent shipments per pull (default 10 pages of 100). */
  readonly maxShipmentPages?: number;
}

type Phase = SyncPhase;

export class PullSync {
  constructor(private readonly options: PullOptions) {}

  /**
   * Runs the three phases; a phase that fails is reported with its own name (whatever failed
   * in it) and the others still run. Never rejects.
   */
  async pullAll(signal?: AbortSignal): Promise<{ failed: Phase[] }> {
    const failed: Phase[] = [];
    for (const [phase, run] of [
      ['locations', () => this.pullLocations(signal)],
      ['shipments', () => this.pullRecentShipments(signal)],
      ['tracking', () => this.refreshTracking(signal)],
    ] as const) {
      if (!(await this.runPhase(phase, run))) failed.push(phase);
    }
    return { failed };
  }

  /** The tracking phase alone, reported as in `pullAll`; never rejects. True when it ran through. */
  pullTracking(signal?: AbortSignal): Promise<boolean> {
    return this.runPhase('tracking', () => this.refreshTracking(signal));
  }

  /** Runs one phase; a failure is reported with the phase's name (whatever failed in it). */
  private async runPhase(phase: Phase, run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      const message = error instanceof ServiceError ? error.message : `stopped unexpectedly: ${messageOf(error)}`;
      this.options.onEvent?.({ type: 'syncFailed', phase, message });
      return false;
    }
  }

  async pullLocations(signal?: AbortSignal): Promise<number> {
    const { client, store, timers } = this.options;
    let saved = 0;
    for (let page = 1; ; page += 1) {
      const answer = await client.getLocations({ Page: page, Limit: LIMITS.maxPageSize }, signal === undefined ? {} : { signal });
      saved += store.atomically((write) => write.upsertLocationListRecords(answer.data, timers.now()));
      this.progress('locations', saved, answer.totalCount);
      if (answer.data.length === 0 || saved >= answer.totalCount || answer.hasNextPage === false) return saved;
    }
  }

  async pullRecentShipments(signal?: AbortSignal): Promise<number> {
    const { client, store, timers } = this.options;
    const since = new Date(timers.now() - (this.options.recentDays ?? 14) * 86_400_000).toISOString();
    let saved = 0;
    for (let page = 1; page <= (this.options.maxShipmentPages ?? 10); page += 1) {
      const answer = await client.searchShipments(
        {
          pageNumber: page,
          pageSize: LIMITS.maxPageSize,
          filter: [{ column: 'shipmentDate', condition: FILTER_CONDITIONS.GreaterThanOrEqual, value: since }],
          orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }],
        },
        signal === undefined ? {} : { signal },
      );
      const now = timers.now();
      store.atomically((write) => {
        for (const record of answer.shipments) write.upsertFromSearch(record, now);
      });
      saved += answer.shipments.length;
      this.progress('shipments', saved, answer.totalCount);
      if (answer.shipments.length < answer.pageSize || saved >= answer.totalCount) break;
    }
    return saved;
  }

  async refreshTracking(signal?: AbortSignal): Promise<number> {
    const { client, store, timers } = this.options;
    const pending = store.read.listUndelivered(500).filter((s) => s.serviceId !== null);
    let refreshed = 0;
    for (let start = 0; start < pending.length; start += LIMITS.maxBatchSize) {
      const batch = pending.slice(start, start + LIMITS.maxBatchSize);
      const ids = batch.flatMap((s) => (s.serviceId === null ? [] : [s.serviceId]));
      const answer = await client.trackShipments({ shipments: ids.map((id) => ({ id })) }, signal === undefined ? {} : { signal });
      const { kept, changes } = store.atomically((write) => write.recordTrackingAnswer(ids, answer.shipments, timers.now()));
      refreshed += kept;
      for (const change of changes) this.options.onEvent?.({ type: 'trackingChanged', ...change });
      this.progress('tracking', refreshed, pending.length);
    }
    return refreshed;
  }

  private progress(phase: Phase, done: number, total: number): void {
    this.options.onEvent?.({ type: 'syncProgress', phase, done, total });
  }
}
