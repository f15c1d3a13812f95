/**
 * One profile's link to the warehouse database: opened when the desk has one set up, kept open,
 * and its state told to the desk (`warehouseState`) as it changes. A warehouse that cannot be
 * reached never stops the desk: it keeps working on its store and the link tries again by itself.
 *
 * The role's password is the profile's own vault entry (`warehousePasswordName`), handed to the
 * warehouse layer as the only secret its vault seam can read, so a password entered for one
 * profile's warehouse is never sent to another's.
 */
import type { StationEvent, WarehouseDesk, WarehouseLink as LinkSettings, WarehouseStatus } from '../api';
import { messageOf } from '../base/errors';
import type { Timers } from '../platform/clock';
import type { Vault } from '../platform/vault';
import {
  WAREHOUSE_PASSWORD_SECRET,
  WarehouseSchemaBehindError,
  WarehouseTooNewError,
  describeConnectionFailure,
  openWarehouse,
  type Warehouse,
  type WarehouseConnectionSettings,
} from '../warehouse';
import type { ListenerOptions } from '../warehouse/listener';
import { secretName } from './profiles';

/** The vault entry of a profile's warehouse password. */
export function warehousePasswordName(profileId: string): string {
  return `${secretName(profileId)}:warehouse`;
}

/** What the warehouse layer may read of the vault: the warehouse password, from wherever this desk keeps it. */
export function warehouseVault(password: () => Promise<string | undefined>): Pick<Vault, 'get'> {
  return { get: (name) => (name === WAREHOUSE_PASSWORD_SECRET ? password() : Promise.resolve(undefined)) };
}

/** The connection part of the desk's link (the desk's name goes with the desk). */
export function connectionOf(link: LinkSettings): WarehouseConnectionSettings {
  const { deskName: _deskName, ...settings } = link;
  return settings;
}

export const NOT_CONFIGURED: WarehouseStatus = { state: 'notConfigured', words: 'Warehouse mode is off: this desk works alone.' };

/** Why the warehouse could not be opened, as the desk's state. */
export function failedStatus(error: unknown, settings: WarehouseConnectionSettings): WarehouseStatus {
  if (error instanceof WarehouseTooNewError) return { state: 'schemaTooNew', words: error.message };
  if (error instanceof WarehouseSchemaBehindError) return { state: 'schemaTooOld', words: error.message };
  return { state: 'unreachable', words: `${unreachableWords(settings)}: ${describeConnectionFailure(error, settings)}` };
}

function unreachableWords(settings: WarehouseConnectionSettings): string {
  return `The warehouse database at ${settings.host}:${String(settings.port)} is unreachable; this desk keeps working on its own and connects again by itself`;
}

export interface WarehouseLinkParts {
  readonly profileId: string;
  readonly vault: Vault;
  readonly timers: Timers;
  readonly emit: (event: StationEvent) => void;
  readonly log: (line: string) => void;
  /** How long to wait before trying an unreachable warehouse again (10 s unless a test says otherwise). */
  readonly retryMs?: number;
  /** The LISTEN session's waits (tests shorten them). */
  readonly listener?: ListenerOptions;
}

export class WarehouseLink {
  #status: WarehouseStatus = NOT_CONFIGURED;
  #warehouse: Warehouse | undefined;
  /** Stops the attempt (and its retries) of the link now being opened. */
  #attempt = new AbortController();
  /** The open link's own ending: closing it, or opening another. */
  #opening: Promise<void> = Promise.resolve();

  constructor(private readonly parts: WarehouseLinkParts) {}

  get status(): WarehouseStatus {
    return this.#status;
  }

  /** The open warehouse while it is connected (its LISTEN session may be reconnecting). */
  get warehouse(): Warehouse | undefined {
    return this.#warehouse;
  }

  get passwordName(): string {
    return warehousePasswordName(this.parts.profileId);
  }

  /** The vault seam the warehouse layer reads this desk's password through. */
  vault(): Pick<Vault, 'get'> {
    return warehouseVault(() => this.parts.vault.get(this.passwordName));
  }

  /** Closes what is open and opens `link` (none: the desk works alone). Resolves once the first attempt has an answer. */
  open(link: LinkSettings | null, deskId: string): Promise<void> {
    this.#attempt.abort();
    const attempt = new AbortController();
    this.#attempt = attempt;
    const next = this.#opening.then(async () => {
      await this.#closeOpen();
      if (attempt.signal.aborted) return;
      if (link === null) {
        this.#set(NOT_CONFIGURED);
        return;
      }
      await this.#connect(connectionOf(link), { id: deskId, name: link.deskName }, attempt.signal);
    });
    this.#opening = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.#attempt.abort();
    await this.#opening;
    await this.#closeOpen();
  }

  async #connect(settings: WarehouseConnectionSettings, desk: WarehouseDesk, signal: AbortSignal): Promise<void> {
    this.#set({ state: 'connecting', words: `Connecting to the warehouse database at ${settings.host}:${String(settings.port)}…` });
    const connected = { state: 'connected', words: `Connected to the warehouse database at ${settings.host}:${String(settings.port)} as ${desk.name} (${desk.id}).` } as const;
    const opened = await openWarehouse({ settings, desk, vault: this.vault(), ...(this.parts.listener === undefined ? {} : { listener: this.parts.listener }) }).catch((error: unknown) => {
      const status = failedStatus(error, settings);
      this.parts.log(`warehouse: ${status.words}`);
      this.#set(status);
      return undefined;
    });
    if (signal.aborted) {
      await opened?.close();
      return;
    }
    if (opened === undefined) {
      // A schema this Packbench cannot use waits for an update; anything else is tried again.
      if (this.#status.state === 'unreachable') void this.#retryLater(settings, desk, signal);
      return;
    }
    this.#warehouse = opened;
    this.#set(connected);
    // The LISTEN session is the link's pulse: it breaks when the server or the network does.
    opened.listener.on('state', (state, reason) => {
      if (signal.aborted) return;
      if (state === 'listening') this.#set(connected);
      else if (state === 'reconnecting') this.#set({ state: 'unreachable', words: `${unreachableWords(settings)} (${reason ?? 'the connection broke'}).` });
    });
  }

  async #retryLater(settings: WarehouseConnectionSettings, desk: WarehouseDesk, signal: AbortSignal): Promise<void> {
    try {
      await this.parts.timers.sleep(this.parts.retryMs ?? 10_000, signal);
    } catch {
      return; // another link was opened, or the station closes
    }
    if (signal.aborted) return;
    const next = this.#opening.then(() => (signal.aborted ? undefined : this.#connect(settings, desk, signal)));
    this.#opening = next.catch(() => undefined);
    await next.catch((error: unknown) => this.parts.log(`warehouse: ${messageOf(error)}`));
  }

  async #closeOpen(): Promise<void> {
    const open = this.#warehouse;
    this.#warehouse = undefined;
    await open?.close().catch((error: unknown) => this.parts.log(`warehouse: closing the link failed: ${messageOf(error)}`));
  }

  #set(status: WarehouseStatus): void {
    if (status.state === this.#status.state && status.words === this.#status.words) return;
    this.#status = status;
    this.parts.emit({ type: 'warehouseState', status });
  }
}
