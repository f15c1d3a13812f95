/**
 * One profile's working set: its own store file, a service client signed in with its secret,
 * the sync engine that drains its outbox, the print service that turns its labels into paper,
 * its batches, and the coordinator that routes what the outbox does to them (coordinator.ts).
 * Switching profiles closes one of these and opens another, so a sandbox shipment can never be
 * sent to production or mixed into its cache.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StationEvent, WarehouseStateName } from '../api';
import { Batches } from '../batches/batches';
import type { PrinterBackend } from '../platform/printers/backend';
import { PrintService } from '../printing/printService';
import type { AuthConfig } from '../service/client/auth';
import { ServiceClient } from '../service/client/client';
import type { Timers } from '../platform/clock';
import { StoreCorruptError, openStationStore, quarantineCorruptStore, type StationStore } from '../store';
import { SyncEngine } from '../sync/syncEngine';
import { seedDemoOrders } from './demoOrders';
import { StationError } from '../api';
import type { StoredProfile } from './profiles';
import { OutboxCoordinator } from './coordinator';
import type { Vault } from '../platform/vault';
import { WarehouseLink } from './warehouseLink';
import { OrderClaims, type WarehouseAccess } from '../shipping/orderClaims';
import { keepFoundShipment } from '../shipping/otherDeskPurchase';
import { reconcileCreate } from '../sync/reconcile';
import { WarehouseJournal } from '../shipping/warehouseJournal';
import { RequestBudget } from './requestBudget';
import { WarehouseConflicts } from './warehouseConflicts';
import { SharedOrders } from '../orders/sharedOrders';
import { SharedSettings } from './sharedSettings';

export interface ConnectionParts {
  readonly profile: StoredProfile;
  /** The profile's sign-in, or why there is none (no secret stored yet). */
  readonly auth: AuthConfig | { readonly problem: string };
  readonly dataDir: string;
  readonly backend: PrinterBackend;
  readonly timers: Timers;
  readonly emit: (event: StationEvent) => void;
  readonly log: (line: string) => void;
  /** The desk's secrets: the warehouse link reads its password here. */
  readonly vault: Vault;
  /** Whether a new store of the sandbox profile starts with the demo orders (it does unless a test says otherwise). */
  readonly demoOrders?: boolean;
  /** Shorter waits for tests; production uses the engines' defaults. */
  readonly tuning?: {
    readonly offlineProbeMs?: number;
    readonly printPollMs?: number;
    readonly printerPollMs?: number;
    readonly trackingEveryMs?: number;
    readonly warehouseRetryMs?: number;
    /** The claim lease this desk asks the warehouse for (else the warehouse's own setting, else 90 s). */
    readonly claimLeaseMs?: number;
    readonly budgetWindowMs?: number;
  };
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
  readonly batches: Batches;
  /** Routes what the outbox does to printing, batches and the desk. */
  readonly coordinator: OutboxCoordinator;
  /** The link to the warehouse's shared database, when the desk has one set up. */
  readonly warehouse: WarehouseLink;
  /** In warehouse mode: the order on the Ship screen claimed for this desk, and the purchase guard. */
  readonly claims: OrderClaims;
  /** In warehouse mode: what the warehouse is to be told of this desk's shipping, kept until it has it. */
  readonly journal: WarehouseJournal;
  /** The limit the service client keeps to: the desk's own, or the credential's shared with the warehouse's desks (none without a sign-in). */
  readonly budget: RequestBudget | undefined;
  /** The warehouse's conflicts for a person: counted for the header, listed and settled. */
  readonly conflicts: WarehouseConflicts;
  /** The warehouse's orders kept in the store, and this desk's imports shared (while a warehouse is linked). */
  readonly sharedOrders: SharedOrders;
  /** The warehouse's box presets and requested-service rules, copied into the store (while a warehouse is linked). */
  readonly sharedSettings: SharedSettings;
  /** Why the service cannot be used with this profile yet, when it cannot. */
  readonly problem: string | undefined;
  /** Something an admin should know about how this profile opened (a damaged store moved aside). */
  readonly notice: string | undefined;
  private readonly client: ServiceClient | undefined;
  /** Tells the desk (the station's listeners) what happened. */
  readonly emit: (event: StationEvent) => void;
  private readonly timers: Timers;
  private closed = false;

  private constructor(parts: ConnectionParts, store: StationStore, notice: string | undefined) {
    this.profile = parts.profile;
    this.store = store;
    this.notice = notice;
    this.emit = parts.emit;
    this.timers = parts.timers;
    const warehouseNow = () => this.#warehouseNow();
    const deskId = () => store.read.deskSetting('deskId');
    this.claims = new OrderClaims({
      warehouse: warehouseNow,
      deskId,
      timers: parts.timers,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      log: parts.log,
      lookUpPurchase: (stationRef) => reconcileCreate(this.service(), stationRef),
      keepFound: (found) => {
        const kept = keepFoundShipment(store, found, parts.timers.now());
        if (kept.jobs.length > 0) this.coordinator.syncEvent({ type: 'labelsReady', stationRef: kept.stationRef, printJobIds: kept.jobs.map((job) => job.id) });
      },
      onLost: (claim) => parts.emit({ type: 'claimLost', claim }),
      ...(parts.tuning?.claimLeaseMs === undefined ? {} : { leaseMs: parts.tuning.claimLeaseMs }),
    });
    this.batches = new Batches({
      store,
      now: () => parts.timers.now(),
      service: () => this.service(),
      requestsPerMinute: parts.profile.requestsPerMinute,
      queued: () => this.sync.queued(),
      emit: parts.emit,
      claims: this.claims,
    });
    this.printing = new PrintService({
      store,
      backend: parts.backend,
      timers: parts.timers,
      onEvent: parts.emit,
      onPrinterBack: () => void this.coordinator.printAutomatically(),
      ...(parts.tuning?.printPollMs === undefined ? {} : { pollMs: parts.tuning.printPollMs }),
      ...(parts.tuning?.printerPollMs === undefined ? {} : { printerPollMs: parts.tuning.printerPollMs }),
    });
    this.journal = new WarehouseJournal({
      store,
      warehouse: warehouseNow,
      deskId,
      now: () => parts.timers.now(),
      log: parts.log,
      onChange: ({ waiting, refused }) => parts.emit({ type: 'warehouseJournal', waiting, refused }),
    });
    this.coordinator = new OutboxCoordinator({ store, printing: this.printing, batches: this.batches, journal: this.journal, emit: parts.emit });
    this.conflicts = new WarehouseConflicts({ link: () => this.warehouse.warehouse, emit: parts.emit, log: parts.log });
    this.sharedOrders = new SharedOrders({ store, now: () => parts.timers.now(), emit: parts.emit, log: parts.log });
    this.sharedSettings = new SharedSettings({ store, log: parts.log });
    this.warehouse = new WarehouseLink({
      profileId: parts.profile.id,
      vault: parts.vault,
      timers: parts.timers,
      emit: (event) => {
        parts.emit(event);
        if (event.type === 'warehouseState') this.#warehouseState(event.status.state);
      },
      log: parts.log,
      ...(parts.tuning?.warehouseRetryMs === undefined ? {} : { retryMs: parts.tuning.warehouseRetryMs }),
    });
    this.sync = new SyncEngine({
      store,
      timers: parts.timers,
      onEvent: this.coordinator.syncEvent,
      ...(parts.tuning?.offlineProbeMs === undefined ? {} : { offlineProbeMs: parts.tuning.offlineProbeMs }),
      ...(parts.tuning?.trackingEveryMs === undefined ? {} : { trackingEveryMs: parts.tuning.trackingEveryMs }),
    });
    if ('problem' in parts.auth) {
      this.problem = parts.auth.problem;
      this.budget = undefined;
      return;
    }
    const { profile, log } = parts;
    this.budget = new RequestBudget({
      baseUrl: profile.baseUrl,
      identity: parts.auth.method === 'apiKey' ? parts.auth.apiKey : parts.auth.clientId,
      limit: profile.requestsPerMinute,
      timers: parts.timers,
      warehouseSetUp: store.read.deskSetting('warehouse') !== null,
      onModeChange: (mode) => parts.emit({ type: 'requestBudget', mode }),
      log: (line) => log(line),
      ...(parts.tuning?.budgetWindowMs === undefined ? {} : { windowMs: parts.tuning.budgetWindowMs }),
    });
    this.client = new ServiceClient({
      limiter: this.budget,
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
    if (seed) seedDemoOrders(store, parts.timers.now());
    const connection = new Connection(parts, store, notice);
    await connection.start();
    return connection;
  }

  private async start(): Promise<void> {
    this.printing.watch();
    // A batch whose last shipment settled just before a crash or a switch prints now.
    this.batches.settle();
    // Labels handed to printing before a crash or a switch still print, once.
    void this.coordinator.printAutomatically();
    // The desk opens without waiting for the warehouse: it works alone until the link is up.
    void this.openWarehouse();
    if (this.client !== undefined) await this.sync.start(this.client);
  }

  /** Opens the warehouse link the store holds now (none: the desk works alone). */
  async openWarehouse(): Promise<void> {
    await this.warehouse.open(this.store.read.deskSetting('warehouse'), this.store.read.deskSetting('deskId'));
    // The budget has followed the link's first answer by the time the caller hears it.
    await this.budget?.follow(this.warehouse);
  }

  /** The warehouse as the desk's link has it now: none set up, connected, or not usable (unreachable, a schema it cannot use). */
  #warehouseNow(): WarehouseAccess {
    const { state } = this.warehouse.status;
    if (state === 'notConfigured') return { kind: 'none' };
    const open = this.warehouse.warehouse;
    return state === 'connected' && open !== undefined ? { kind: 'connected', db: open.db } : { kind: 'unusable' };
  }

  /** The shared orders and settings follow the link: read whole when it connects, let go when it closes. */
  #warehouseState(state: WarehouseStateName): void {
    const open = this.warehouse.warehouse;
    if (state === 'connected' && open !== undefined) {
      void this.sharedOrders.connected(open);
      this.sharedSettings.connected(open);
    } else if (state !== 'unreachable') {
      this.sharedOrders.disconnected();
      this.sharedSettings.disconnected();
    }
    // Connected (again): what the desk did meanwhile goes to the warehouse.
    if (state === 'connected' && !this.closed) void this.journal.flush();
    // The budget and the conflicts follow the link: shared while it is open, local without it.
    void this.budget?.follow(this.warehouse);
    this.conflicts.follow(open);
  }

  /** The station's clock. */
  now(): number {
    return this.timers.now();
  }

  /** Something was queued: the outbox worker sends it at once if the service can be reached. */
  queued(): void {
    this.sync.queued();
  }

  /** The client, or a clear reason why this profile cannot talk to the service yet. */
  service(): ServiceClient {
    if (this.client === undefined) throw new StationError('authentication', this.problem ?? 'this connection cannot sign in');
    return this.client;
  }

  get online(): boolean {
    return this.client !== undefined && this.sync.connectivity.online;
  }

  /** Why the station last decided it is online or offline. */
  get reason(): string {
    return this.coordinator.reason;
  }

  /** Set when the service refused the credentials: sending waits until an admin fixes them. */
  get refusedCredentials(): string | undefined {
    return this.coordinator.refusedCredentials;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.coordinator.close();
    this.claims.close();
    this.conflicts.close();
    this.sharedOrders.disconnected();
    this.sharedSettings.disconnected();
    await this.sync.stop();
    // After the outbox stopped (its requests may be waiting for a slot), before the warehouse closes.
    await this.budget?.close();
    await this.warehouse.close();
    await this.printing.stop();
    this.client?.close();
    this.store.close();
  }
}
