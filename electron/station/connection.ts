/**
 * One profile's working set: its own store file, a service client signed in with its secret,
 * the sync engine that drains its outbox, and the print service that turns its labels into
 * paper. Switching profiles closes one of these and opens another, so a sandbox shipment can
 * never be sent to production or mixed into its cache.
 */
import path from 'node:path';
import type { StationEvent } from '../api';
import type { PrinterBackend } from '../printing/backend';
import { PrintService } from '../printing/printService';
import type { AuthConfig } from '../service/client/auth';
import { ServiceClient } from '../service/client/client';
import type { Timers } from '../service/client/timers';
import { StoreCorruptError, openStationStore, quarantineCorruptStore, type StationStore } from '../store';
import { getSetting } from '../store/settings';
import { SyncEngine } from '../sync/syncEngine';
import { StationError } from './dispatch';
import type { StoredProfile } from './profiles';

export interface ConnectionParts {
  readonly profile: StoredProfile;
  /** The profile's sign-in, or why there is none (no secret stored yet). */
  readonly auth: AuthConfig | { readonly problem: string };
  readonly dataDir: string;
  readonly backend: PrinterBackend;
  readonly timers: Timers;
  readonly emit: (event: StationEvent) => void;
  readonly log: (line: string) => void;
  /** Shorter waits for tests; production uses the engines' defaults. */
  readonly tuning?: { readonly offlineProbeMs?: number; readonly printPollMs?: number };
}

/** Each profile keeps its data in its own folder under the station's data folder. */
export function profileStorePath(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'profiles', profileId, 'station.sqlite');
}

export class Connection {
  readonly profile: StoredProfile;
  readonly store: StationStore;
  readonly sync: SyncEngine;
  readonly printing: PrintService;
  /** Why the service cannot be used with this profile yet, when it cannot. */
  readonly problem: string | undefined;
  /** Something an admin should know about how this profile opened (a damaged store moved aside). */
  readonly notice: string | undefined;
  /** Why the station last decided it is online or offline. */
  reason = 'checking the connection';
  /** Set when the service refused the credentials: sending waits until an admin fixes them. */
  refusedCredentials: string | undefined;
  private readonly client: ServiceClient | undefined;
  private readonly emit: (event: StationEvent) => void;
  private closed = false;

  private constructor(parts: ConnectionParts, store: StationStore, notice: string | undefined) {
    this.profile = parts.profile;
    this.store = store;
    this.notice = notice;
    this.emit = parts.emit;
    const db = store.db;
    this.sync = new SyncEngine({
      db,
      timers: parts.timers,
      onEvent: (event) => {
        if (event.type === 'connectivity') this.reason = event.reason;
        if (event.type === 'blocked') this.refusedCredentials = event.message;
        parts.emit(event);
        if (event.type === 'labelsReady' && getSetting(db, 'autoPrintLabels')) void this.printQueued();
      },
      ...(parts.tuning?.offlineProbeMs === undefined ? {} : { offlineProbeMs: parts.tuning.offlineProbeMs }),
    });
    this.printing = new PrintService({
      db,
      backend: parts.backend,
      timers: parts.timers,
      onEvent: parts.emit,
      ...(parts.tuning?.printPollMs === undefined ? {} : { pollMs: parts.tuning.printPollMs }),
    });
    if ('problem' in parts.auth) {
      this.problem = parts.auth.problem;
      return;
    }
    const { profile, log } = parts;
    this.client = new ServiceClient({
      baseUrl: profile.baseUrl,
      authUrl: profile.authUrl,
      auth: parts.auth,
      requestsPerMinute: profile.requestsPerMinute,
      timers: parts.timers,
      // Entries carry method, path, status and timing only: never headers or bodies.
      logger: {
        request: (entry) => {
          this.sync.observe(entry);
          log(`${entry.operation} ${entry.method} ${entry.path} → ${String(entry.status)} in ${String(Math.round(entry.durationMs))} ms`);
        },
        warn: (message) => log(`warning: ${message}`),
      },
    });
  }

  static async open(parts: ConnectionParts): Promise<Connection> {
    const file = profileStorePath(parts.dataDir, parts.profile.id);
    let notice: string | undefined;
    let store: StationStore;
    try {
      store = openStationStore(file, { now: parts.timers.now });
    } catch (error) {
      if (!(error instanceof StoreCorruptError)) throw error;
      // The desk must go on packing: the damaged file is kept whole beside a fresh one, and the
      // admin is told where it is. Shipments on the service come back with the next sync.
      const keptAs = quarantineCorruptStore(file, parts.timers.now());
      notice = `The station's data file was damaged (${error.detail}) and was moved aside to ${keptAs}; a fresh one was started. Shipments still waiting to be sent and labels kept for reprint are only in the moved file: send it to Packbench support.`;
      parts.log(notice);
      store = openStationStore(file, { now: parts.timers.now });
    }
    const connection = new Connection(parts, store, notice);
    await connection.start();
    return connection;
  }

  private async start(): Promise<void> {
    this.printing.watch();
    // Labels handed to printing before a crash or a switch still print, once.
    if (getSetting(this.store.db, 'autoPrintLabels')) void this.printQueued();
    if (this.client !== undefined) await this.sync.start(this.client);
  }

  /** The client, or a clear reason why this profile cannot talk to the service yet. */
  service(): ServiceClient {
    if (this.client === undefined) throw new StationError('authentication', this.problem ?? 'this connection cannot sign in');
    return this.client;
  }

  get online(): boolean {
    return this.client !== undefined && this.sync.connectivity.online;
  }

  private async printQueued(): Promise<void> {
    if (this.closed) return;
    try {
      await this.printing.printQueued();
    } catch (error) {
      // Failures of single rows are recorded on the rows; this is the whole pass failing.
      this.emit({ type: 'printJob', ids: [], state: 'failed', message: `printing stopped: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.sync.stop();
    await this.printing.stop();
    this.client?.close();
    this.store.close();
  }
}
