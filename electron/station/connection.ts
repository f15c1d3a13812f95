/**
 * One profile's working set: its own store file, a service client signed in with its secret,
 * the sync engine that drains its outbox, and the print service that turns its labels into
 * paper. Switching profiles closes one of these and opens another, so a sandbox shipment can
 * never be sent to production or mixed into its cache.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { OutboxState, StationEvent } from '../api';
import type { PrinterBackend } from '../platform/printers/backend';
import { PrintService } from '../printing/printService';
import type { AuthConfig } from '../service/client/auth';
import { ServiceClient } from '../service/client/client';
import type { Timers } from '../platform/clock';
import { StoreCorruptError, openStationStore, quarantineCorruptStore, type StationStore } from '../store';
import { batchCounts, batchPlaceOf, heldForBatch, settleBatches } from '../store/batches';
import { getSetting } from '../store/settings';
import type { Db } from '../store/statements';
import { SyncEngine } from '../sync/syncEngine';
import { seedDemoOrders } from './demoOrders';
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
  /** Whether a new store of the sandbox profile starts with the demo orders (it does unless a test says otherwise). */
  readonly demoOrders?: boolean;
  /** Shorter waits for tests; production uses the engines' defaults. */
  readonly tuning?: { readonly offlineProbeMs?: number; readonly printPollMs?: number; readonly printerPollMs?: number; readonly trackingEveryMs?: number };
}

/** Outbox states in which a create has settled, for its batch's counts. */
const SETTLED: ReadonlySet<OutboxState> = new Set(['done', 'failed', 'needs_review', 'discarded']);

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
  private readonly timers: Timers;
  private closed = false;

  private constructor(parts: ConnectionParts, store: StationStore, notice: string | undefined) {
    this.profile = parts.profile;
    this.store = store;
    this.notice = notice;
    this.emit = parts.emit;
    this.timers = parts.timers;
    const db = store.db;
    this.sync = new SyncEngine({
      db,
      timers: parts.timers,
      onEvent: (event) => {
        if (event.type === 'connectivity') this.reason = event.reason;
        if (event.type === 'blocked') this.refusedCredentials = event.message;
        parts.emit(event);
        // A batch's labels wait for the batch: they print together once it has settled.
        if (event.type === 'labelsReady' && !heldForBatch(db, event.stationRef)) void this.printAutomatically();
        if (event.type === 'outboxItem' && event.kind === 'createShipment' && SETTLED.has(event.state)) this.batchItemChanged(event.stationRef);
      },
      ...(parts.tuning?.offlineProbeMs === undefined ? {} : { offlineProbeMs: parts.tuning.offlineProbeMs }),
      ...(parts.tuning?.trackingEveryMs === undefined ? {} : { trackingEveryMs: parts.tuning.trackingEveryMs }),
    });
    this.printing = new PrintService({
      db,
      backend: parts.backend,
      timers: parts.timers,
      onEvent: parts.emit,
      onPrinterBack: () => void this.printAutomatically(),
      ...(parts.tuning?.printPollMs === undefined ? {} : { pollMs: parts.tuning.printPollMs }),
      ...(parts.tuning?.printerPollMs === undefined ? {} : { printerPollMs: parts.tuning.printerPollMs }),
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
    // A desk trying the sandbox for the first time finds orders to scan (its store is new).
    const seed = parts.profile.kind === 'sandbox' && parts.demoOrders !== false && !existsSync(file);
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
    if (seed) seedDemoOrders(store.db, parts.timers.now());
    const connection = new Connection(parts, store, notice);
    await connection.start();
    return connection;
  }

  private async start(): Promise<void> {
    this.printing.watch();
    // A batch whose last shipment settled just before a crash or a switch prints now.
    settleBatches(this.store.db, this.timers.now());
    // Labels handed to printing before a crash or a switch still print, once.
    void this.printAutomatically();
    if (this.client !== undefined) await this.sync.start(this.client);
  }

  /**
   * The one way work is queued for the service: `write` puts it in the outbox (with the local
   * record it is about, in one transaction), then the worker is woken to send it at once if the
   * service can be reached. Ship, shipment changes and outbox retries all come through here.
   */
  queue<T>(write: (db: Db) => T): T {
    const queued = write(this.store.db);
    this.sync.queued();
    return queued;
  }

  /** The client, or a clear reason why this profile cannot talk to the service yet. */
  service(): ServiceClient {
    if (this.client === undefined) throw new StationError('authentication', this.problem ?? 'this connection cannot sign in');
    return this.client;
  }

  get online(): boolean {
    return this.client !== undefined && this.sync.connectivity.online;
  }

  /**
   * A shipment's create settled, was resubmitted or was discarded: when it belongs to a batch, the
   * batch's counts are told (`batchProgress`), and a batch that has now settled prints its labels.
   */
  batchItemChanged(stationRef: string): void {
    if (this.closed) return;
    const db = this.store.db;
    const place = batchPlaceOf(db, stationRef);
    if (place === undefined) return;
    const settled = settleBatches(db, this.timers.now());
    this.emit({ type: 'batchProgress', batchId: place.batchId, ...batchCounts(db, place.batchId) });
    if (settled.length > 0) void this.printAutomatically();
  }

  /** Prints what the auto-print settings let through; the rest stays held until someone releases it. */
  private async printAutomatically(): Promise<void> {
    if (this.closed) return;
    const db = this.store.db;
    const roles = { label: getSetting(db, 'autoPrintLabels'), document: getSetting(db, 'autoPrintDocuments') };
    if (!roles.label && !roles.document) return;
    try {
      await this.printing.printQueued(roles);
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
