/**
 * The warehouse's side of the Ship screen, in warehouse mode: the order on screen is claimed for
 * this desk when it is scanned, its claim renewed while it stays open and given back when the
 * packer moves on; another desk's claim is said in words ("being packed at Desk 3 since 10:42"), and
 * a claim whose desk stopped renewing it can be taken over with a reason. Before the Ship key
 * queues a create, the purchase guard records the desk's intent to buy: only on `clear` is the
 * label bought, so with the warehouse database up an order is never bought twice across desks.
 *
 * A desk alone (no warehouse set up) is untouched: every method lets it ship as before.
 *
 * **The warehouse unreachable.** The desk ships only the order it holds a claim on (claimed at
 * this desk and not given back, lost or shipped since); an order it never claimed is refused in
 * words until the warehouse is back, because another desk may be packing it and nothing could
 * stop a second purchase. What the desk then buys is recorded later (warehouseJournal.ts).
 */
import { StationError, type OrderClaim } from '../api';
import { messageOf } from '../base/errors';
import type { Timers } from '../platform/clock';
import type { ShipmentVerdict } from '../sync/reconcile';
import { settleOtherDeskPurchase, type FoundShipment, type OtherDeskPurchaseCalls } from './otherDeskPurchase';
import {
  DEFAULT_LEASE_MS,
  WarehouseUnavailableError,
  claimOrder,
  getSharedSetting,
  guardPurchase,
  holderWords,
  releaseClaim,
  renewClaim,
  takeOverClaim,
  type ClaimOutcome,
  type GuardOutcome,
  type Warehouse,
} from '../warehouse';

type Db = Warehouse['db'];

/**
 * The warehouse as the desk's link has it now: `none` (the desk works alone), `connected` with its
 * database, or `unusable` (unreachable, or a schema this Packbench cannot use).
 */
export type WarehouseAccess = { readonly kind: 'none' } | { readonly kind: 'connected'; readonly db: Db } | { readonly kind: 'unusable' };

/** How long the warehouse's claim lease setting is kept before it is read again: it changes seldom, and a scan should not wait on it. */
const LEASE_SETTING_KEPT_MS = 60_000;

/** The warehouse's functions the desk's claims use (tests of the logic above them give fakes). */
export interface ClaimCalls {
  readonly claimOrder: typeof claimOrder;
  readonly renewClaim: typeof renewClaim;
  readonly releaseClaim: typeof releaseClaim;
  readonly takeOverClaim: typeof takeOverClaim;
  readonly guardPurchase: typeof guardPurchase;
  /** The warehouse's claim lease, when it sets one (seconds). */
  readonly leaseSeconds: (db: Db) => Promise<number | undefined>;
}

export const WAREHOUSE_CLAIM_CALLS: ClaimCalls = {
  claimOrder,
  renewClaim,
  releaseClaim,
  takeOverClaim,
  guardPurchase,
  leaseSeconds: async (db) => (await getSharedSetting(db, 'claimLeaseSeconds'))?.value,
};

export interface OrderClaimsParts {
  readonly warehouse: () => WarehouseAccess;
  readonly deskId: () => string;
  readonly timers: Timers;
  /** The desk's time zone, for "since 10:42". */
  readonly timeZone: string;
  /** The lease asked for, when a test or the desk says (else the warehouse's `claimLeaseSeconds`, else 90 s). */
  readonly leaseMs?: number;
  readonly log: (line: string) => void;
  /** The order held was taken over by another desk while this desk could not renew its claim: its claim now, for the screen. */
  readonly onLost?: (claim: OrderClaim) => void;
  readonly calls?: ClaimCalls;
  /**
   * Looks a station reference up on the service (`reconcileCreate`): how the desk settles a
   * purchase another desk left pending on an order it took over. Without it such an order stays
   * refused until that purchase is settled elsewhere.
   */
  readonly lookUpPurchase?: (stationRef: string) => Promise<ShipmentVerdict>;
  readonly purchaseCalls?: OtherDeskPurchaseCalls;
  /** Keeps a label another desk bought, found at Ship, and prints it here (otherDeskPurchase.ts). */
  readonly keepFound?: (found: FoundShipment) => void;
}

/** What the Ship key learned from the guard: buy under this reference, or buy unguarded (no warehouse, or not a shared order). */
export type ShipClearance = { readonly kind: 'guarded'; readonly stationRef: string } | { readonly kind: 'unguarded'; readonly offline: boolean };

const time = (ms: number, timeZone: string): string => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(ms);

export class OrderClaims {
  /** The order this desk holds a claim on (the one on its screen), and the renewal that keeps it. */
  #held: { readonly orderNumber: string; readonly renewal: AbortController } | undefined;
  readonly #calls: ClaimCalls;
  /** The warehouse's lease setting as last read, from which database and when. */
  #leaseSetting: { readonly db: Db; readonly ms: number; readonly readAt: number } | undefined;
  #closed = false;

  constructor(private readonly parts: OrderClaimsParts) {
    this.#calls = parts.calls ?? WAREHOUSE_CLAIM_CALLS;
  }

  /** The order this desk holds a claim on now, if any. */
  get held(): string | undefined {
    return this.#held?.orderNumber;
  }

  /**
   * An order was scanned: the one held before is given back (when it is another), and this one
   * claimed. Undefined for a desk alone.
   */
  async scanned(orderNumber: string): Promise<OrderClaim | undefined> {
    const warehouse = this.parts.warehouse();
    if (warehouse.kind === 'none') return undefined;
    if (this.#held !== undefined && this.#held.orderNumber !== orderNumber) await this.release(this.#held.orderNumber);
    if (warehouse.kind === 'unusable') return this.#unreachable(orderNumber);
    try {
      const lease = await this.#leaseMs(warehouse.db);
      return this.#claimOutcome(orderNumber, await this.#calls.claimOrder(warehouse.db, this.parts.deskId(), orderNumber, lease), lease);
    } catch (error) {
      if (!(error instanceof WarehouseUnavailableError)) throw error;
      return this.#unreachable(orderNumber);
    }
  }

  /** Takes over an order whose holder stopped renewing its claim, with the packer's reason (audited). */
  async takeOver(orderNumber: string, reason: string): Promise<OrderClaim> {
    const warehouse = this.parts.warehouse();
    if (warehouse.kind === 'none') throw new StationError('conflict', 'Warehouse mode is off at this desk: there is no claim to take over');
    const unreachable = (): StationError => new StationError('conflict', `The warehouse database cannot be reached: order ${orderNumber} can be taken over once it is back`, [], true);
    if (warehouse.kind === 'unusable') throw unreachable();
    if (this.#held !== undefined && this.#held.orderNumber !== orderNumber) await this.release(this.#held.orderNumber);
    const lease = await this.#leaseMs(warehouse.db);
    const outcome = await this.#calls.takeOverClaim(warehouse.db, this.parts.deskId(), orderNumber, { reason, actor: null, leaseMs: lease }).catch((error: unknown) => {
      throw error instanceof WarehouseUnavailableError ? unreachable() : error;
    });
    return this.#claimOutcome(orderNumber, outcome, lease);
  }

  /** The packer moved on (Next order, another scan): the claim is given back so another desk may pack it. */
  async release(orderNumber: string): Promise<void> {
    if (this.#held?.orderNumber !== orderNumber) return;
    this.#forget();
    const warehouse = this.parts.warehouse();
    if (warehouse.kind !== 'connected') return; // its lease runs out by itself
    await this.#calls.releaseClaim(warehouse.db, this.parts.deskId(), orderNumber).catch((error: unknown) => this.parts.log(`warehouse: order ${orderNumber} could not be given back (${messageOf(error)}); its claim runs out by itself`));
  }

  /**
   * Before the Ship key queues a create for `orderNumber`: the guard's answer, or a typed error
   * in words when this desk may not buy its label.
   */
  async beforeShip(intent: { readonly orderNumber: string | undefined; readonly stationRef: string; readonly requestKey: string }): Promise<ShipClearance> {
    const warehouse = this.parts.warehouse();
    const { orderNumber } = intent;
    if (warehouse.kind === 'none' || orderNumber === undefined) return { kind: 'unguarded', offline: false };
    if (warehouse.kind === 'unusable') return this.#offlineClearance(orderNumber);
    const deskId = this.parts.deskId();
    const guard = async (): Promise<GuardOutcome> => this.#calls.guardPurchase(warehouse.db, deskId, { orderNumber, stationRef: intent.stationRef, requestKey: intent.requestKey }, await this.#leaseMs(warehouse.db));
    let outcome: GuardOutcome;
    try {
      outcome = await guard();
    } catch (error) {
      if (!(error instanceof WarehouseUnavailableError)) throw error;
      return this.#offlineClearance(orderNumber);
    }
    if (outcome.kind === 'purchasePending' && outcome.purchase.deskId !== deskId && this.parts.lookUpPurchase !== undefined) {
      // This desk holds the order (the guard checks that first), so it took it over from the
      // desk whose purchase is pending: that purchase is settled before anything is bought here.
      const pending = outcome.purchase;
      const settled = await settleOtherDeskPurchase({
        db: warehouse.db,
        deskId,
        orderNumber,
        purchase: pending,
        lookUp: this.parts.lookUpPurchase,
        now: () => this.parts.timers.now(),
        ...(this.parts.purchaseCalls === undefined ? {} : { calls: this.parts.purchaseCalls }),
        ...(this.parts.keepFound === undefined ? {} : { keepHere: this.parts.keepFound }),
      }).catch((error: unknown) => {
        if (!(error instanceof WarehouseUnavailableError)) throw error;
        return { kind: 'blocked', words: `The warehouse database could not be reached while the purchase ${pending.stationRef} of order ${orderNumber} left by ${pending.deskName} was being settled: try again once it is back`, retry: true } as const;
      });
      if (settled.kind !== 'free') throw new StationError('conflict', settled.words, [], settled.retry);
      try {
        outcome = await guard();
      } catch (error) {
        if (!(error instanceof WarehouseUnavailableError)) throw error;
        return this.#offlineClearance(orderNumber);
      }
    }
    const zone = this.parts.timeZone;
    switch (outcome.kind) {
      case 'clear':
        return { kind: 'guarded', stationRef: outcome.stationRef };
      case 'unknownOrder':
        return { kind: 'unguarded', offline: false };
      case 'notClaimed':
        if (this.#held?.orderNumber === orderNumber) this.#forget();
        throw new StationError(
          'conflict',
          outcome.holder === null
            ? `This desk no longer holds order ${orderNumber}: scan it again before shipping it`
            : `Order ${orderNumber} is ${holderWords(outcome.holder, zone)}: this desk cannot buy a label for it`,
        );
      case 'purchasePending':
        throw new StationError(
          'conflict',
          `A label for order ${orderNumber} is being bought at ${outcome.purchase.deskName} (since ${time(outcome.purchase.since, zone)}, ${outcome.purchase.stationRef}): this desk cannot buy another until that one is settled`,
          [],
          true,
        );
      case 'shipped':
        throw new StationError('conflict', this.#shippedWords(orderNumber, outcome));
      case 'cancelled':
        throw new StationError('conflict', `Order ${orderNumber} was cancelled in the warehouse: it is not to be shipped`);
    }
  }

  /**
   * One order of a batch, before it is queued: claimed for this desk and passed through the guard
   * (the desk's screen holds one order; a batch's orders are not held, their purchases stand for
   * them). `refused` in words when another desk holds or shipped it, or the warehouse cannot be
   * reached (a batch holds no claim to ship on then).
   */
  async forBatch(intent: { readonly orderNumber: string; readonly stationRef: string; readonly requestKey: string }): Promise<ShipClearance | { readonly kind: 'refused'; readonly words: string }> {
    const warehouse = this.parts.warehouse();
    const { orderNumber } = intent;
    if (warehouse.kind === 'none') return { kind: 'unguarded', offline: false };
    const offline = { kind: 'refused', words: `The warehouse database cannot be reached: order ${orderNumber} is shipped in a batch once it is back, or at the Ship screen of the desk that holds it` } as const;
    if (warehouse.kind === 'unusable') return offline;
    try {
      const lease = await this.#leaseMs(warehouse.db);
      const claimed = await this.#calls.claimOrder(warehouse.db, this.parts.deskId(), orderNumber, lease);
      if (claimed.kind === 'unknownOrder') return { kind: 'unguarded', offline: false };
      if (claimed.kind !== 'claimed') return { kind: 'refused', words: this.#claimOutcome(orderNumber, claimed, lease).words };
      try {
        return await this.beforeShip(intent);
      } catch (error) {
        if (!(error instanceof StationError)) throw error;
        // Not bought here: the claim taken for it goes back (unless the screen holds the order).
        if (this.#held?.orderNumber !== orderNumber) await this.#calls.releaseClaim(warehouse.db, this.parts.deskId(), orderNumber);
        return { kind: 'refused', words: error.message };
      }
    } catch (error) {
      if (error instanceof WarehouseUnavailableError) return offline;
      throw error;
    }
  }

  /** The station closes or the profile changes: the renewal stops (the claim runs out by itself). */
  close(): void {
    this.#closed = true;
    this.#forget();
  }

  #offlineClearance(orderNumber: string): ShipClearance {
    if (this.#held?.orderNumber === orderNumber) return { kind: 'unguarded', offline: true };
    throw new StationError('conflict', this.#unreachable(orderNumber).words, [], true);
  }

  #unreachable(orderNumber: string): OrderClaim {
    if (this.#held?.orderNumber === orderNumber) {
      return { orderNumber, state: 'claimed', words: `The warehouse database cannot be reached; this desk still holds order ${orderNumber} and may ship it`, mayShip: true, mayTakeOver: false };
    }
    return {
      orderNumber,
      state: 'unreachable',
      words: `The warehouse database cannot be reached and this desk has not claimed order ${orderNumber}: another desk may be packing it, so it can be shipped here once the warehouse is back`,
      mayShip: false,
      mayTakeOver: false,
    };
  }

  #shippedWords(orderNumber: string, shipped: { readonly deskName: string; readonly shippedAt: number; readonly stationRef: string }): string {
    return `Order ${orderNumber} was shipped at ${shipped.deskName} at ${time(shipped.shippedAt, this.parts.timeZone)} (${shipped.stationRef}): it is not to be bought again`;
  }

  #claimOutcome(orderNumber: string, outcome: ClaimOutcome, leaseMs: number): OrderClaim {
    const zone = this.parts.timeZone;
    const refused = (state: OrderClaim['state'], words: string, mayTakeOver = false): OrderClaim => ({ orderNumber, state, words, mayShip: false, mayTakeOver });
    switch (outcome.kind) {
      case 'claimed': {
        this.#hold(orderNumber, leaseMs);
        const from = outcome.takenOverFrom === undefined ? '' : ` (taken over from ${outcome.takenOverFrom.deskName})`;
        return { orderNumber, state: 'claimed', words: `Order ${orderNumber} is claimed for ${outcome.claim.deskName}${from}: other desks see it being packed here`, mayShip: true, mayTakeOver: false };
      }
      case 'heldElsewhere':
        return refused('heldElsewhere', `Order ${orderNumber} is ${holderWords(outcome.holder, zone)}: this desk cannot buy a label for it`);
      case 'leaseExpired':
        return refused('leaseExpired', `Order ${orderNumber} ${holderWords(outcome.holder, zone)}: take it over (with the reason) to pack it here`, true);
      case 'shipped':
        return refused('shipped', this.#shippedWords(orderNumber, outcome));
      case 'cancelled':
        return refused('cancelled', `Order ${orderNumber} was cancelled in the warehouse: it is not to be shipped`);
      case 'unknownOrder':
        return { orderNumber, state: 'notShared', words: `Order ${orderNumber} is not among the warehouse's orders: it ships from this desk without a claim`, mayShip: true, mayTakeOver: false };
    }
  }

  async #leaseMs(db: Db): Promise<number> {
    if (this.parts.leaseMs !== undefined) return this.parts.leaseMs;
    const now = this.parts.timers.now();
    const known = this.#leaseSetting;
    if (known !== undefined && known.db === db && now - known.readAt < LEASE_SETTING_KEPT_MS) return known.ms;
    const seconds = await this.#calls.leaseSeconds(db);
    const ms = seconds === undefined ? DEFAULT_LEASE_MS : seconds * 1000;
    this.#leaseSetting = { db, ms, readAt: now };
    return ms;
  }

  /** Holds the order and renews its claim every third of its lease while it stays on screen. */
  #hold(orderNumber: string, leaseMs: number): void {
    if (this.#held?.orderNumber === orderNumber) return;
    this.#forget();
    if (this.#closed) return;
    const renewal = new AbortController();
    this.#held = { orderNumber, renewal };
    void this.#renew(orderNumber, Math.max(500, Math.floor(leaseMs / 3)), renewal.signal);
  }

  async #renew(orderNumber: string, everyMs: number, signal: AbortSignal): Promise<void> {
    for (;;) {
      try {
        await this.parts.timers.sleep(everyMs, signal);
      } catch {
        return; // given back, or the desk closes
      }
      const warehouse = this.parts.warehouse();
      if (warehouse.kind !== 'connected') continue; // the claim is kept at the desk; renewed when the warehouse is back
      try {
        const renewed = await this.#calls.renewClaim(warehouse.db, this.parts.deskId(), orderNumber, await this.#leaseMs(warehouse.db));
        if (signal.aborted) return;
        if (renewed.kind === 'lost') {
          // Shipped (its claim ends with it), or taken over after this desk could not renew it.
          this.#forget();
          if (renewed.holder !== null) {
            this.parts.log(`warehouse: order ${orderNumber} was taken over by ${renewed.holder.deskName}`);
            this.parts.onLost?.({
              orderNumber,
              state: 'heldElsewhere',
              words: `Order ${orderNumber} was taken over while this desk could not renew its claim: it is ${holderWords(renewed.holder, this.parts.timeZone)}, so this desk cannot buy a label for it`,
              mayShip: false,
              mayTakeOver: false,
            });
          }
          return;
        }
      } catch (error) {
        this.parts.log(`warehouse: the claim of order ${orderNumber} could not be renewed (${messageOf(error)}); trying again`);
      }
    }
  }

  #forget(): void {
    this.#held?.renewal.abort();
    this.#held = undefined;
  }
}
