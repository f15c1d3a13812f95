/**
 * The profile's request budget: the limiter (`RequestGate`) its service client asks before every
 * request, whichever limit applies now.
 *
 * - No warehouse set up: the desk's own window of the whole tier (`own`).
 * - The warehouse connected: the credential's budget shared with the warehouse's other desks
 *   through its database (`SharedBudget`), which falls back to its own local share while the
 *   database does not answer, and comes back to the shared window by itself (`shared`/`local`).
 * - A warehouse set up but not open (connecting, unreachable since the profile opened, a schema
 *   this Packbench cannot use): a conservative local share of the tier (`local`), since the other
 *   desks may be using the credential meanwhile.
 *
 * The client keeps one limiter for its life, so this one hands each request to the gate in use
 * when it asks, and a request waiting at a gate that was replaced asks the new one.
 */
import type { RequestBudgetMode, WarehouseStatus } from '../api';
import { messageOf } from '../base/errors';
import type { Timers } from '../platform/clock';
import { DEFAULT_MARGIN_MS, RequestLimiter, type Permit, type RequestGate } from '../service/client/limiter';
import { SharedBudget, budgetCredentialKey, localShareMode, type BudgetMode, type Warehouse } from '../warehouse';

export interface RequestBudgetParts {
  /** The service's address and what identifies the credential there (API key or client id); only their hash reaches the warehouse. */
  readonly baseUrl: string;
  readonly identity: string;
  /** The profile's tier: requests a minute. */
  readonly limit: number;
  readonly timers: Timers;
  /** Whether the profile's store has a warehouse link set up when it opens (its budget then starts on a local share). */
  readonly warehouseSetUp: boolean;
  readonly onModeChange: (mode: RequestBudgetMode) => void;
  readonly log: (line: string) => void;
  /** The shared window (60 s; shorter only in tests that scale the sandbox's time). */
  readonly windowMs?: number;
}

/** What the budget follows of the warehouse link: its state, and the open warehouse while connected. */
export interface LinkView {
  readonly status: WarehouseStatus;
  readonly warehouse: Warehouse | undefined;
}

export class RequestBudget implements RequestGate {
  readonly #parts: RequestBudgetParts;
  #gate: RequestGate;
  #mode: RequestBudgetMode;
  #shared: { readonly budget: SharedBudget; readonly warehouse: Warehouse } | undefined;
  /** The shared budget this desk used last, closed or not: what it saw counts at the service until it ages out. */
  #lastShared: SharedBudget | undefined;
  /** A 429's hold, carried to the next gate too. */
  #heldUntil = Number.NEGATIVE_INFINITY;
  /** One change of gate at a time, in the order the link's states arrived. */
  #following: Promise<void> = Promise.resolve();
  #closed = false;
  /** Slots this desk took from its own gates in the last window: the shared window counts them when it opens. */
  #used: { at: number }[] = [];

  constructor(parts: RequestBudgetParts) {
    this.#parts = parts;
    if (parts.warehouseSetUp) {
      const share = this.#localShare(WHY_NOT_SHARED.connecting);
      this.#gate = share.gate;
      this.#mode = share.mode;
    } else {
      this.#gate = new RequestLimiter(parts.limit, parts.timers);
      this.#mode = this.#ownMode();
    }
  }

  get mode(): RequestBudgetMode {
    return this.#mode;
  }

  async acquire(signal?: AbortSignal, operation?: string): Promise<Permit> {
    for (;;) {
      const gate = this.#gate;
      try {
        const permit = await gate.acquire(signal, operation);
        return this.#shared?.budget === gate ? permit : this.#counted(permit);
      } catch (error) {
        // The gate was replaced (and closed) while the request waited: ask the one in use now.
        if (gate === this.#gate || signal?.aborted === true || this.#closed) throw error;
      }
    }
  }

  /** A slot of a gate of this desk's own: remembered (when its answer came), for the shared window it may join. */
  #counted(permit: Permit): Permit {
    const now = this.#parts.timers.now();
    const slot = { at: now };
    // Those older than a window count for nothing any more; a window never holds more than the limit.
    this.#used = [...this.#used.filter((s) => s.at > now - USED_KEPT_MS), slot].slice(-this.#parts.limit);
    return {
      settle: (at) => {
        slot.at = Math.max(slot.at, at);
        permit.settle(at);
      },
    };
  }

  holdUntil(at: number): void {
    this.#heldUntil = Math.max(this.#heldUntil, at);
    this.#gate.holdUntil(at);
  }

  /** Follows the warehouse link's state (called on each `warehouseState`); resolves once the gate it calls for is in use. */
  follow(link: LinkView): Promise<void> {
    const { status, warehouse } = link;
    const next = this.#following.then(() => this.#follow(status, warehouse));
    this.#following = next.catch((error: unknown) => this.#parts.log(`request budget: ${messageOf(error)}`));
    return this.#following;
  }

  /** Stops the shared budget (its waiting requests are refused); the client is closed with it. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#following;
    await this.#dropShared();
  }

  async #follow(status: WarehouseStatus, warehouse: Warehouse | undefined): Promise<void> {
    if (this.#closed) return;
    const previous = this.#shared;
    if (warehouse !== undefined) {
      // The same warehouse: the shared budget already follows it. Its LISTEN session broke: the
      // budget keeps to its local share from now (its probe finds the database when it is back).
      if (previous?.warehouse === warehouse) {
        if (status.state === 'unreachable') previous.budget.databaseUnreachable(WHY_NOT_SHARED.unreachable);
        return;
      }
      const budget = await this.#openShared(warehouse);
      this.#use(budget, modeOf(budget.mode));
    } else {
      this.#shared = undefined;
      if (status.state === 'notConfigured') {
        // The own window already in use keeps what it counts; a new one starts from what still
        // counts at the service: the whole shared window at this desk's last look (the other
        // desks' requests are on the same credential), even if a local share came between, and
        // what it sent on a local share since.
        if (this.#mode.kind !== 'own') this.#use(this.#ownLimit(this.#lastShared?.stillCounted(this.#parts.limit) ?? []), this.#ownMode());
      } else {
        // What the shared window held at this desk's last look still counts at the service.
        const share = this.#localShare(WHY_NOT_SHARED[status.state], (perWindow) => previous?.budget.stillCounted(perWindow) ?? []);
        // A share already in use keeps its window (what it sent still counts); only its words change.
        if (this.#mode.kind === 'local' && previous === undefined) this.#setMode(share.mode);
        else this.#use(share.gate, share.mode);
      }
    }
    // Closed once no request can reach it: those waiting there ask the gate now in use.
    if (previous !== undefined && previous !== this.#shared) await previous.budget.close();
  }

  async #openShared(warehouse: Warehouse): Promise<SharedBudget> {
    const { baseUrl, identity, limit, windowMs } = this.#parts;
    const budget = new SharedBudget({
      db: warehouse.db,
      deskId: warehouse.desk.id,
      credential: budgetCredentialKey(baseUrl, identity),
      limit,
      notifications: warehouse.listener,
      timers: this.#parts.timers,
      usedBefore: this.#used.splice(0).map((slot) => slot.at),
      ...(windowMs === undefined ? {} : { windowMs }),
      onModeChange: (mode) => {
        if (this.#shared?.budget === budget) this.#setMode(modeOf(mode));
      },
    });
    this.#shared = { budget, warehouse };
    this.#lastShared = budget;
    return budget.open();
  }

  async #dropShared(): Promise<void> {
    const shared = this.#shared;
    if (shared === undefined) return;
    this.#shared = undefined;
    await shared.budget.close();
  }

  /** The desk's own window of the whole tier, starting with the requests sent (`counted`) and those of its local shares. */
  #ownLimit(counted: readonly number[]): RequestLimiter {
    const now = this.#parts.timers.now();
    const ownSlots = this.#used.filter((slot) => slot.at > now - USED_KEPT_MS).map((slot) => slot.at);
    return new RequestLimiter(this.#parts.limit, this.#parts.timers, { counted: [...counted, ...ownSlots] });
  }

  /** A conservative share of the tier while the warehouse cannot be used (its own 60-second window). */
  #localShare(reason: string, counted: (perWindow: number) => number[] = () => []): { gate: RequestLimiter; mode: RequestBudgetMode } {
    const mode = localShareMode({ limit: this.#parts.limit, knownDesks: 2, reason });
    return { gate: new RequestLimiter(mode.perWindow, this.#parts.timers, { counted: counted(mode.perWindow) }), mode: modeOf(mode) };
  }

  #use(gate: RequestGate, mode: RequestBudgetMode): void {
    if (this.#heldUntil > this.#parts.timers.now()) gate.holdUntil(this.#heldUntil);
    this.#gate = gate;
    this.#setMode(mode);
  }

  #setMode(mode: RequestBudgetMode): void {
    if (mode.kind === this.#mode.kind && mode.words === this.#mode.words) return;
    this.#mode = mode;
    this.#parts.onModeChange(mode);
  }

  #ownMode(): RequestBudgetMode {
    return { kind: 'own', words: `This desk alone keeps to the credential's ${String(this.#parts.limit)} requests a minute.` };
  }
}

/** How long a slot of the desk's own gates is remembered: the service's window, and its margin. */
const USED_KEPT_MS = 60_000 + DEFAULT_MARGIN_MS;

/** Why the desk keeps to a local share, by the link's state (the header's warehouse badge says the cause). */
const WHY_NOT_SHARED: Readonly<Record<WarehouseStatus['state'], string>> = {
  notConfigured: 'no warehouse is set up',
  connecting: 'not connected yet',
  connected: 'connected',
  unreachable: 'the link is down',
  schemaTooOld: 'its schema is older than this Packbench needs',
  schemaTooNew: 'its schema is newer than this Packbench knows',
};

function modeOf(mode: BudgetMode): RequestBudgetMode {
  return { kind: mode.kind, words: mode.words };
}
