/**
 * Pulling what the service knows into the store: all locations, the shipments of the last
 * days (including ones made at other desks), and the tracking of shipments not yet
 * delivered. Runs when the station comes online and periodically after that.
 */
import type Database from 'better-sqlite3';
import { FILTER_CONDITIONS, LIMITS } from '../service/contract';
import type { ServiceClient } from '../service/client/client';
import { ServiceError } from '../service/client/errors';
import type { Timers } from '../service/client/timers';
import { upsertLocationListRecords } from '../store/locations';
import { listUndelivered, recordTracking, upsertFromSearch } from '../store/shipments';
import type { SyncListener } from './events';

export interface PullOptions {
  readonly db: Database.Database;
  readonly client: ServiceClient;
  readonly timers: Timers;
  readonly onEvent?: SyncListener;
  /** How far back "recent shipments" reaches (default 14 days). */
  readonly recentDays?: number;
  /** At most this many pages of recent shipments per pull (default 10 pages of 100). */
  readonly maxShipmentPages?: number;
}

type Phase = 'locations' | 'shipments' | 'tracking';

export class PullSync {
  constructor(private readonly options: PullOptions) {}

  /** Runs the three phases; a phase that fails is reported and the others still run. */
  async pullAll(signal?: AbortSignal): Promise<{ failed: Phase[] }> {
    const failed: Phase[] = [];
    for (const [phase, run] of [
      ['locations', () => this.pullLocations(signal)],
      ['shipments', () => this.pullRecentShipments(signal)],
      ['tracking', () => this.refreshTracking(signal)],
    ] as const) {
      try {
        await run();
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        failed.push(phase);
        this.options.onEvent?.({ type: 'syncFailed', phase, message: error.message });
      }
    }
    return { failed };
  }

  async pullLocations(signal?: AbortSignal): Promise<number> {
    const { client, db, timers } = this.options;
    let saved = 0;
    for (let page = 1; ; page += 1) {
      const answer = await client.getLocations({ Page: page, Limit: LIMITS.maxPageSize }, signal === undefined ? {} : { signal });
      saved += upsertLocationListRecords(db, answer.data, timers.now());
      this.progress('locations', saved, answer.totalCount);
      if (answer.data.length === 0 || saved >= answer.totalCount || answer.hasNextPage === false) return saved;
    }
  }

  async pullRecentShipments(signal?: AbortSignal): Promise<number> {
    const { client, db, timers } = this.options;
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
      db.transaction(() => {
        for (const record of answer.shipments) upsertFromSearch(db, record, now);
      })();
      saved += answer.shipments.length;
      this.progress('shipments', saved, answer.totalCount);
      if (answer.shipments.length < answer.pageSize || saved >= answer.totalCount) break;
    }
    return saved;
  }

  async refreshTracking(signal?: AbortSignal): Promise<number> {
    const { client, db, timers } = this.options;
    const pending = listUndelivered(db, 500).filter((s) => s.serviceId !== null);
    let refreshed = 0;
    for (let start = 0; start < pending.length; start += LIMITS.maxBatchSize) {
      const batch = pending.slice(start, start + LIMITS.maxBatchSize);
      const answer = await client.trackShipments({ shipments: batch.map((s) => ({ id: s.serviceId as string })) }, signal === undefined ? {} : { signal });
      const now = timers.now();
      db.transaction(() => {
        answer.shipments.forEach((record, i) => {
          const serviceId = record.shipment_Id ?? batch[i]?.serviceId;
          if (record.success !== false && typeof serviceId === 'string' && recordTracking(db, serviceId, record, now)) refreshed += 1;
        });
      })();
      this.progress('tracking', refreshed, pending.length);
    }
    return refreshed;
  }

  private progress(phase: Phase, done: number, total: number): void {
    this.options.onEvent?.({ type: 'syncProgress', phase, done, total });
  }
}
