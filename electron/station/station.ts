/**
 * The composition root: builds the station from its parts (profiles, vault, the embedded
 * sandbox, the active profile's store, service client, sync and printing) and offers it to a
 * transport as a StationHost. Plain Node: the Electron shell and the web host both open it.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { AuthMethodName, StationEvent, StationHandlers } from '../api';
import { PDF_FOLDER_PRINTER, SANDBOX_PROFILE_ID, StationError } from '../api';
import { systemFileOpener, type FileOpener } from '../platform/fileOpener';
import type { PrinterBackend } from '../platform/printers/backend';
import { chooseBackend } from '../platform/printers/choose';
import { DeskPrinters } from '../platform/printers/desk';
import { PdfFolderBackend, defaultPdfFolder } from '../platform/printers/pdfFolder';
import { ensureOwnPrivateDirSync, ensurePrivateDatabaseFileSync } from '../platform/privateFiles';
import { startSandbox, type RunningSandbox } from '../sandbox/sandbox';
import type { AuthConfig } from '../service/client/auth';
import { realTimers, type Timers } from '../platform/clock';
import { Connection, type ConnectionParts } from './connection';
import { createDispatch } from './dispatch';
import { batchHandlers } from './handlers/batches';
import { connectionHandlers } from './handlers/connection';
import { locationHandlers } from './handlers/locations';
import { orderHandlers } from './handlers/orders';
import { OrderFiles } from '../orders/orderFiles';
import { outboxHandlers } from './handlers/outbox';
import { printingHandlers } from './handlers/printing';
import { settingsHandlers } from './handlers/settings';
import { shipmentHandlers } from './handlers/shipments';
import { shippingHandlers } from './handlers/shipping';
import { todayHandlers } from './handlers/today';
import { warehouseHandlers } from './handlers/warehouse';
import type { StationContext } from './context';
import type { StationHost } from './host';
import { ProfileRegistry, secretName, type StoredProfile } from './profiles';
import type { Vault } from '../platform/vault/vault';
import { messageOf } from '../base/errors';

export interface StationOptions {
  /** The app's data folder: profiles, each profile's store, the embedded sandbox's data. */
  readonly dataDir: string;
  readonly vault: Vault;
  /** The desk's spooler; chosen by platform when absent. */
  readonly printerBackend?: PrinterBackend;
  /** Where the PDF folder printer writes until the desk chooses a folder; "Packbench labels" in Documents (or home) when absent. */
  readonly pdfFolder?: string;
  /** Opens a file the station wrote (a saved label); the platform's opener program when absent. */
  readonly fileOpener?: FileOpener;
  /** One line per request and per notable event; never secrets (the client logs no headers or bodies). */
  readonly log?: (line: string) => void;
  readonly timers?: Timers;
  /** Whether a new sandbox store starts with the demo orders; true unless a test starts from an empty one. */
  readonly demoOrders?: boolean;
  /** Shorter waits for tests. */
  readonly tuning?: ConnectionParts['tuning'];
}

export interface Station extends StationHost {
  close(): Promise<void>;
}

/** What an admin calls the secret each way of signing in needs. */
const SECRET_KIND: Readonly<Record<AuthMethodName, string>> = { apiKey: 'API key', oauth: 'client secret', bearer: 'password' };

class StationCore implements StationContext {
  private active: Connection | undefined;
  private sandbox: Promise<RunningSandbox> | undefined;
  private readonly listeners = new Set<(event: StationEvent) => void>();
  private switching: Promise<void> = Promise.resolve();
  readonly registry: ProfileRegistry;
  readonly vault: Vault;
  readonly timers: Timers;
  readonly backend: DeskPrinters;
  readonly fileOpener: FileOpener;
  private readonly defaultPdfFolder: string;

  constructor(private readonly options: StationOptions) {
    this.registry = ProfileRegistry.open(options.dataDir, { log: (line) => this.log(line) });
    this.vault = options.vault;
    this.timers = options.timers ?? realTimers;
    this.defaultPdfFolder = options.pdfFolder ?? defaultPdfFolder(homedir(), existsSync);
    const system = options.printerBackend ?? chooseBackend({ platform: process.platform, env: process.env });
    this.backend = new DeskPrinters(system, new PdfFolderBackend({ name: PDF_FOLDER_PRINTER, folder: () => this.pdfFolder().folder, now: this.timers.now }));
    this.fileOpener = options.fileOpener ?? systemFileOpener();
  }

  pdfFolder(): { readonly folder: string; readonly isDefault: boolean } {
    // Between two profiles (a switch under way) there is no choice to read: the default stands.
    const chosen = this.active === undefined ? null : this.active.store.read.deskSetting('pdfFolder');
    return chosen === null ? { folder: this.defaultPdfFolder, isDefault: true } : { folder: chosen, isDefault: false };
  }

  connection(): Connection {
    if (this.active === undefined) throw new Error('the station is not open');
    return this.active;
  }

  emit(event: StationEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log(`an event listener failed: ${messageOf(error)}`);
      }
    }
  }

  onEvent(listener: (event: StationEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  log(line: string): void {
    this.options.log?.(line);
  }

  /** The embedded sandbox starts with the first use of the sandbox profile and lives as long as the station. */
  private embeddedSandbox(): Promise<RunningSandbox> {
    this.sandbox ??= this.startEmbeddedSandbox();
    return this.sandbox;
  }

  private async startEmbeddedSandbox(): Promise<RunningSandbox> {
    const folder = path.join(this.options.dataDir, 'sandbox');
    const dbPath = path.join(folder, 'sandbox.sqlite');
    // The sandbox's records are the desk's trial shipments: private like the station's own store.
    ensureOwnPrivateDirSync(folder);
    ensurePrivateDatabaseFileSync(dbPath);
    const running = await startSandbox({ port: 0, dbPath, demoLocation: true });
    this.log(`embedded sandbox listening on ${running.baseUrl}`);
    return running;
  }

  async resolve(profile: StoredProfile): Promise<StoredProfile> {
    if (profile.kind !== 'sandbox') return profile;
    const sandbox = await this.embeddedSandbox();
    return { ...profile, baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, requestsPerMinute: sandbox.requestsPerMinute };
  }

  async authFor(profile: StoredProfile): Promise<AuthConfig | { problem: string }> {
    if (profile.kind === 'sandbox') return { method: 'apiKey', apiKey: (await this.embeddedSandbox()).credentials.apiKey };
    const secret = await this.vault.get(secretName(profile.id));
    if (secret === undefined) {
      return { problem: `no ${SECRET_KIND[profile.method]} is stored for "${profile.name}": an admin sets it in the connection settings` };
    }
    switch (profile.method) {
      case 'apiKey':
        return { method: 'apiKey', apiKey: secret };
      case 'oauth':
        return { method: 'oauth', clientId: profile.clientId ?? '', clientSecret: secret };
      case 'bearer':
        return { method: 'bearer', clientId: profile.clientId ?? '', clientSecret: secret };
    }
  }

  activate(profileId: string): Promise<void> {
    // One switch at a time: two quick switches must not leave two working sets open.
    const next = this.switching.then(async () => {
      const stored = this.registry.get(profileId);
      if (stored === undefined) throw new Error(`no profile "${profileId}"`);
      const profile = await this.resolve(stored);
      const auth = await this.authFor(profile);
      const open = () =>
        Connection.open({
          profile,
          auth,
          dataDir: this.options.dataDir,
          backend: this.backend,
          timers: this.timers,
          emit: (event) => this.emit(event),
          log: (line) => this.log(line),
          vault: this.vault,
          ...(this.options.demoOrders === undefined ? {} : { demoOrders: this.options.demoOrders }),
          ...(this.options.tuning === undefined ? {} : { tuning: this.options.tuning }),
        });
      const previous = this.active;
      if (previous?.profile.id === profileId) {
        // The same store must never have two outbox workers: close, then reopen.
        this.active = undefined;
        await previous.close();
        this.active = await open();
      } else {
        // Another profile opens first, so a profile that cannot open leaves the desk on the one it had.
        const next = await open().catch((error: unknown) => {
          this.log(`connection "${profile.name}" could not open: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          const staying = previous === undefined ? '' : `; the station stays on "${previous.profile.name}"`;
          throw new StationError('internal', `the connection "${profile.name}" could not open its data (${messageOf(error)})${staying}`);
        });
        this.active = next;
        await previous?.close();
      }
      this.registry.setActive(profileId);
      this.log(`connection "${profile.name}" (${profile.kind}) is active`);
      this.emit({ type: 'connectionChanged', profileId });
    });
    this.switching = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.switching;
    await this.active?.close();
    this.active = undefined;
    this.listeners.clear();
    const sandbox = this.sandbox;
    this.sandbox = undefined;
    await (await sandbox)?.close();
  }
}

export async function openStation(options: StationOptions): Promise<Station> {
  const core = new StationCore(options);
  try {
    await core.activate(core.registry.activeId);
  } catch (error) {
    // A production profile that cannot open (its store damaged…) must not lock the desk out: fall back to the sandbox.
    if (core.registry.activeId === SANDBOX_PROFILE_ID) {
      await core.close();
      throw error;
    }
    core.log(`the active connection could not open (${messageOf(error)}); using the sandbox`);
    await core.activate(SANDBOX_PROFILE_ID);
  }
  const orderFiles = await OrderFiles.open({
    dataDir: options.dataDir,
    onProgress: (fileId, phase, done, total) => core.emit({ type: 'orderFileProgress', fileId, phase, done, total }),
    log: (line) => core.log(line),
  });
  const handlers = {
    ...connectionHandlers(core),
    ...locationHandlers(core),
    ...shippingHandlers(core),
    ...shipmentHandlers(core),
    ...outboxHandlers(core),
    ...orderHandlers(core, orderFiles),
    ...batchHandlers(core),
    ...printingHandlers(core),
    ...settingsHandlers(core),
    ...todayHandlers(core),
    ...warehouseHandlers(core),
  } satisfies StationHandlers;
  return {
    call: createDispatch(handlers, { logError: (method, error) => core.log(`${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`) }),
    onEvent: (listener) => core.onEvent(listener),
    close: async () => {
      await orderFiles.closeAll();
      await core.close();
    },
  };
}
