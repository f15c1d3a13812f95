/**
 * One credential's request budget shared by every desk that uses it, through the warehouse
 * database. It fits the service client's limiter seam (`RequestGate`): the station hands it to
 * the client in place of the desk's own `RequestLimiter`, and each request then waits for a slot
 * of the warehouse-wide window instead of a desk-wide one.
 *
 * Each desk keeps its waiting requests in one local queue (most urgent first, then first come)
 * and asks the database for a slot for the head of it: a short transaction that locks the
 * credential's row, says how many requests the desk has waiting and how urgent the first is, and
 * grants a slot when `decide` says so. A grant, a hold and a desk leaving the line are notified
 * (LISTEN/NOTIFY), so a desk waiting for its turn looks again as soon as the line moves, not on a
 * timer. A 429's Retry-After (`holdUntil`) is written to the credential's row: every desk waits
 * it out together.
 *
 * When the database cannot be reached, the desk falls back to a conservative local share of the
 * limit (an equal share among the desks it last saw using the credential, at most half) and says
 * so through `onModeChange`; it looks for the database every few seconds and, once back, writes
 * the slots it used meanwhile into the shared window before asking for more.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { realTimers, type Timers } from '../../platform/clock';
import { DEFAULT_MARGIN_MS, abortReason, permitWaiter, type Permit, type PermitWaiter, type RequestGate } from '../../service/client/limiter';
import { SlidingWindow } from '../../service/slidingWindow';
import { BUDGET_CHANNEL } from '../changes';
import type { ListenerEvents } from '../listener';
import { WarehouseUnavailableError } from '../errors';
import { BigId, inTransaction, messageOf, row, rows, run, type Db, type Tx } from '../sql';
import { FAIRNESS_WINDOWS, decide, type BudgetDecision, type BudgetSnapshot, type DeskDemand } from './decide';
import { priorityOf, rankOf } from './priorities';

/** A desk that stops asking is forgotten after this: a crashed desk does not hold the line. */
const DEMAND_TTL_MS = 3_000;

/**
 * The name the warehouse knows a credential by: a hash of what identifies it (the service's
 * address and the API key or OAuth client id), so no secret reaches the database.
 */
export function budgetCredentialKey(baseUrl: string, identity: string): string {
  return createHash('sha256').update('packbench budget\0').update(baseUrl.replace(/\/+$/, '')).update('\0').update(identity).digest('hex');
}

export type BudgetMode =
  | { readonly kind: 'shared'; readonly words: string }
  /** The database is out of reach: this desk keeps to `perWindow` requests a window on its own. */
  | { readonly kind: 'local'; readonly perWindow: number; readonly reason: string; readonly words: string };

/**
 * The conservative share a desk keeps to without the database: the limit divided by the desks it
 * last saw using the credential, never more than half of it (the others may still be sending).
 */
export function localShareMode(args: { readonly limit: number; readonly knownDesks: number; readonly reason: string; readonly windowMs?: number }): Extract<BudgetMode, { kind: 'local' }> {
  const perWindow = Math.max(1, Math.floor(args.limit / Math.max(2, args.knownDesks)));
  return {
    kind: 'local',
    perWindow,
    reason: args.reason,
    words:
      `The warehouse database cannot be reached (${args.reason}): this desk keeps to ${perWindow} requests a ${windowWords(args.windowMs)} ` +
      `of the credential's ${args.limit} until it is back.`,
  };
}

/** The shared window as a desk last saw it: when (the desk's clock), and how many of the limit's slots were used then. */
interface SeenWindow {
  readonly at: number;
  readonly used: number;
  readonly limit: number;
}

/**
 * The slots a desk that leaves the shared window takes as already used by its local share: the
 * service still counts the window the desk last saw, so at first it sends no more than there was
 * room for then (and never more than its share). They are timed from when they were seen, later
 * than they were granted, so they age out on the safe side.
 */
function seenSlots(seen: SeenWindow | undefined, perWindow: number): number[] {
  if (seen === undefined) return [];
  const taken = Math.min(perWindow, Math.max(0, seen.used - (seen.limit - perWindow)));
  return Array.from({ length: taken }, () => seen.at);
}

/** Why the database is out of reach, without the sentence a connection failure wraps it in (the mode's words have their own). */
function reasonOf(error: unknown): string {
  return error instanceof WarehouseUnavailableError ? error.reason : messageOf(error);
}

function windowWords(windowMs = 60_000): string {
  return windowMs === 60_000 ? 'minute' : `${windowMs / 1000} s window`;
}

export interface SharedBudgetOptions {
  readonly db: Db;
  readonly deskId: string;
  /** `budgetCredentialKey(...)` of the credential. */
  readonly credential: string;
  /** Requests the service allows inside one window (the tier: 100 or 500 a minute). */
  readonly limit: number;
  /** The service's window (60 s; shorter only in tests that scale time down). */
  readonly windowMs?: number;
  /** Added to the window, as the desk's own limiter does (timer granularity, clock rounding). */
  readonly marginMs?: number;
  /** Where the budget's notifications arrive: the desk's warehouse listener. */
  readonly notifications?: { on<K extends 'notification' | 'resync'>(event: K, handler: ListenerEvents[K]): () => void };
  readonly timers?: Timers;
  /** Longest wait for its turn before looking at the line again (a notification usually wakes it sooner). */
  readonly refreshMs?: number;
  /** How often a desk on its local share looks for the database. */
  readonly probeMs?: number;
  readonly onModeChange?: (mode: BudgetMode) => void;
  /**
   * When this desk's requests went out before it shared the budget (its own clock: a desk that
   * kept its own limit until the warehouse connected): they still count at the service, so `open`
   * puts them in the shared window.
   */
  readonly usedBefore?: readonly number[];
}

interface Waiter extends PermitWaiter {
  readonly rank: number;
}

type Attempt = { readonly kind: 'grant'; readonly permit: Permit; readonly release: () => void } | Exclude<BudgetDecision, { kind: 'grant' }>;

const CredentialRow = z.object({ now: z.number(), per_minute: z.number().int(), window_ms: z.number().int(), held_until: z.number().nullable() });
const LineRow = z.object({ desk_id: z.string(), priority: z.number().int().nullable(), waiting: z.number().int().nullable(), granted: z.number().int(), recent: z.number().int(), last_grant: z.number().nullable() });

export class SharedBudget implements RequestGate {
  private readonly db: Db;
  private readonly timers: Timers;
  /** The window as this desk knows it, margin included (the database's own is used when it answers). */
  private readonly windowMs: number;
  private readonly marginMs: number;
  private readonly refreshMs: number;
  private readonly probeMs: number;
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private closed = false;
  /** Cuts the probe's sleep short when the budget closes. */
  private readonly closing = new AbortController();
  /** Cuts the pump's sleep short (a new head, a notification, the database back). */
  private wake: AbortController | undefined;
  /** Grants to other desks still to come before this desk's turn, while it waits for it. */
  private turnAfter: number | undefined;
  /** A 429's hold as this desk knows it (its own clock): kept also while the database is away. */
  private localHeldUntil = Number.NEGATIVE_INFINITY;
  private local: { window: SlidingWindow; perWindow: number; used: { at: number }[] } | undefined;
  private knownDesks = 1;
  /** The shared window at this desk's last look (its grant included): what a local share starts from. */
  private seen: SeenWindow | undefined;
  private currentMode: BudgetMode;
  private probing: Promise<void> | undefined;
  private readonly unsubscribe: (() => void)[] = [];
  /** Slots granted, by where they came from (for the desk's status and the bench). */
  readonly granted = { shared: 0, local: 0 };

  constructor(private readonly options: SharedBudgetOptions) {
    SlidingWindow.checkLimit(options.limit);
    this.db = options.db;
    this.timers = options.timers ?? realTimers;
    this.marginMs = options.marginMs ?? DEFAULT_MARGIN_MS;
    this.windowMs = (options.windowMs ?? 60_000) + this.marginMs;
    this.refreshMs = options.refreshMs ?? Math.min(1_000, Math.max(50, Math.floor(this.windowMs / 60)));
    this.probeMs = options.probeMs ?? 5_000;
    this.currentMode = { kind: 'shared', words: this.sharedWords() };
    const notifications = options.notifications;
    if (notifications !== undefined) {
      this.unsubscribe.push(notifications.on('notification', (channel, payload) => channel === BUDGET_CHANNEL && this.onNotification(payload)));
      this.unsubscribe.push(notifications.on('resync', () => this.interrupt()));
    }
  }

  /** Makes the credential known to the warehouse (its limit and window; the last desk to open it sets them). */
  async open(): Promise<this> {
    try {
      const localNow = this.timers.now();
      await inTransaction(this.db, async (tx) => {
        await this.registerCredential(tx);
        await this.countSlotsUsed(tx, this.options.usedBefore ?? [], localNow);
      });
    } catch (error) {
      this.goLocal(error);
    }
    return this;
  }

  get mode(): BudgetMode {
    return this.currentMode;
  }

  /**
   * Times (this desk's clock) of the requests a gate that takes over from this budget must count
   * as sent in its window of `perWindow`: those the shared window held at the last look, beyond the
   * room there was for such a share, and those this desk sent on its local share since.
   */
  stillCounted(perWindow: number): number[] {
    return [...seenSlots(this.seen, perWindow), ...(this.local?.used ?? []).map((u) => u.at)].sort((a, b) => a - b).slice(-perWindow);
  }

  /** Requests waiting for a slot at this desk. */
  get waiting(): number {
    return this.queue.length;
  }

  acquire(signal?: AbortSignal, operation?: string): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.closed) return Promise.reject(new Error('the shared request budget is closed'));
    return new Promise<Permit>((resolve, reject) => {
      const waiter: Waiter = Object.assign(
        permitWaiter(signal, resolve, reject, (w) => this.leave(w as Waiter)),
        { rank: rankOf(priorityOf(operation)) },
      );
      const at = this.queue.findIndex((w) => w.rank > waiter.rank);
      if (at === -1) this.queue.push(waiter);
      else this.queue.splice(at, 0, waiter);
      // A more urgent request than the one the desk is asking for: ask again with its rank.
      if (this.queue[0] === waiter) this.interrupt();
      if (!this.pumping) void this.pump();
    });
  }

  /** After a 429: nobody at any desk sends before `at` (this desk's clock). A later hold extends it. */
  holdUntil(at: number): void {
    if (Number.isNaN(at)) throw new RangeError('holdUntil needs a time in milliseconds since the epoch, not NaN');
    this.localHeldUntil = Math.max(this.localHeldUntil, at);
    const delayMs = Math.max(0, Math.ceil(at - this.timers.now()));
    if (this.currentMode.kind !== 'shared') return;
    // The desk's clock is not the database's: the hold travels as a duration from now.
    void run(
      this.db,
      `WITH held AS (UPDATE budget_credentials SET held_until = greatest(held_until, clock_timestamp() + $2 * interval '1 millisecond') WHERE credential = $1 RETURNING 1)
       SELECT pg_notify($3, $4) FROM held`,
      [this.options.credential, delayMs, BUDGET_CHANNEL, this.payload('hold')],
    ).catch(() => undefined);
  }

  /** Stops asking: waiting requests are refused, and the desk leaves the line at once. */
  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    for (const off of this.unsubscribe.splice(0)) off();
    for (const waiter of this.queue.splice(0)) {
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.reject(new Error('the shared request budget is closed'));
    }
    this.interrupt();
    await this.leaveLine();
    await this.probing;
  }

  // ---- The pump: one desk, one request for a slot at a time -----------------------------

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        const attempt = await this.attempt();
        if (attempt.kind === 'grant') {
          const waiter = this.queue.shift();
          if (waiter === undefined) {
            attempt.release();
            continue;
          }
          waiter.signal?.removeEventListener('abort', waiter.onAbort);
          waiter.resolve(attempt.permit);
          continue;
        }
        this.turnAfter = attempt.reason === 'turn' ? attempt.ahead : undefined;
        // A desk first in line sleeps until its slot frees, looking again in time to stay in
        // line; one waiting for its turn is woken by the grants before it, or looks again soon.
        await this.sleep(Math.min(attempt.ms, attempt.reason === 'turn' ? this.refreshMs : DEMAND_TTL_MS / 2));
        this.turnAfter = undefined;
      }
      if (!this.closed && this.currentMode.kind === 'shared') await this.leaveLine();
    } finally {
      this.pumping = false;
    }
    // A waiter that arrived while the pump was leaving the line.
    if (this.queue.length > 0 && !this.closed) void this.pump();
  }

  private async attempt(): Promise<Attempt> {
    const held = this.localHeldUntil - this.timers.now();
    if (held > 0) return { kind: 'wait', reason: 'held', ms: Math.ceil(held) };
    if (this.currentMode.kind === 'shared') {
      try {
        // A connection that broke mid-request is tried once more on a new one first (`inTransaction`):
        // a local share beside desks still sharing the whole window would overrun the credential.
        return await inTransaction(this.db, (tx) => this.attemptShared(tx));
      } catch (error) {
        this.goLocal(error);
      }
    }
    return this.attemptLocal();
  }

  private async attemptShared(tx: Tx): Promise<Attempt> {
    const { credential, deskId } = this.options;
    const cred = await row(
      tx,
      'budget_credentials',
      CredentialRow,
      `SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS now, per_minute, window_ms,
              CASE WHEN held_until > clock_timestamp() THEN extract(epoch FROM held_until)::float8 * 1000 END AS held_until
         FROM budget_credentials WHERE credential = $1 FOR UPDATE`,
      [credential],
    );
    if (cred === undefined) {
      await this.registerCredential(tx);
      return { kind: 'wait', reason: 'turn', ms: 1, ahead: 0 };
    }
    const head = this.queue[0];
    const mine: DeskDemand = { deskId, rank: head?.rank ?? 0, waiting: Math.max(1, this.queue.length), granted: 0, recent: 0, lastGrantAt: Number.NEGATIVE_INFINITY };
    const windowMs = cred.window_ms + this.marginMs;
    const windowStart = cred.now - windowMs;
    const limit = cred.per_minute;
    // One statement: this desk's place in line, and every desk's grants and place (the line as
    // it stands, this desk's new row included).
    const line = await rows(
      tx,
      'budget_demand',
      LineRow,
      `WITH mine AS (
         INSERT INTO budget_demand (credential, desk_id, priority, waiting, seen_at) VALUES ($1, $2, $3, $4, clock_timestamp())
         ON CONFLICT (credential, desk_id) DO UPDATE SET priority = excluded.priority, waiting = excluded.waiting, seen_at = excluded.seen_at
         RETURNING desk_id, priority, waiting
       ), waiting AS (
         SELECT desk_id, priority, waiting FROM budget_demand
          WHERE credential = $1 AND desk_id <> $2 AND seen_at > clock_timestamp() - $7 * interval '1 millisecond'
         UNION ALL SELECT desk_id, priority, waiting FROM mine
       ), granted AS (
         SELECT desk_id, count(*) FILTER (WHERE at > to_timestamp($5 / 1000.0)) AS n, count(*) FILTER (WHERE at > to_timestamp($6 / 1000.0)) AS recent,
                extract(epoch FROM max(at))::float8 * 1000 AS last_grant
           FROM budget_grants WHERE credential = $1 GROUP BY desk_id
       )
       SELECT desk_id, waiting.priority::int AS priority, waiting.waiting, coalesce(granted.n, 0)::int AS granted, coalesce(granted.recent, 0)::int AS recent, granted.last_grant
         FROM waiting FULL JOIN granted USING (desk_id)`,
      [credential, deskId, mine.rank, mine.waiting, windowStart, windowStart - (FAIRNESS_WINDOWS - 1) * windowMs, DEMAND_TTL_MS],
    );
    const used = line.reduce((sum, d) => sum + d.granted, 0);
    const demand: DeskDemand[] = line.flatMap((d) =>
      d.priority === null || d.waiting === null ? [] : [{ deskId: d.desk_id, rank: d.priority, waiting: d.waiting, granted: d.granted, recent: d.recent, lastGrantAt: d.last_grant ?? Number.NEGATIVE_INFINITY }],
    );
    this.knownDesks = line.filter((d) => d.recent > 0 || d.priority !== null).length;
    let nextFreeAt: number | undefined;
    if (used >= limit) {
      const oldest = await row(
        tx,
        'budget_grants',
        z.object({ at: z.number() }),
        'SELECT extract(epoch FROM at)::float8 * 1000 AS at FROM budget_grants WHERE credential = $1 AND at > to_timestamp($2 / 1000.0) ORDER BY at OFFSET $3 LIMIT 1',
        [credential, windowStart, used - limit],
      );
      nextFreeAt = oldest === undefined ? undefined : oldest.at + windowMs;
    }
    const snapshot: BudgetSnapshot = { now: cred.now, limit, windowMs, heldUntil: cred.held_until ?? Number.NEGATIVE_INFINITY, used, nextFreeAt, demand };
    const decision = decide(snapshot, mine, this.refreshMs);
    this.seen = { at: this.timers.now(), used: decision.kind === 'grant' ? used + 1 : used, limit };
    if (decision.kind !== 'grant') return decision;

    // One statement: the slot, this desk's place in line after it (or its leaving the line), the
    // slots far outside the window dropped (they count for nothing any more), and the notification.
    const left = this.queue.length - 1;
    const grant = await row(
      tx,
      'budget_grants',
      z.object({ id: BigId }),
      `WITH granted AS (
         INSERT INTO budget_grants (credential, desk_id, priority, at) VALUES ($1, $2, $3, clock_timestamp()) RETURNING id
       ), gone AS (
         DELETE FROM budget_demand WHERE credential = $1 AND desk_id = $2 AND $4 = 0 RETURNING 1
       ), still AS (
         UPDATE budget_demand SET priority = $5, waiting = $4 WHERE credential = $1 AND desk_id = $2 AND $4 > 0 RETURNING 1
       ), expired AS (
         DELETE FROM budget_grants WHERE credential = $1 AND at < to_timestamp($6 / 1000.0) RETURNING 1
       )
       SELECT id, pg_notify($7, $8) FROM granted`,
      [credential, deskId, mine.rank, left, this.queue[1]?.rank ?? mine.rank, windowStart - (FAIRNESS_WINDOWS - 1) * windowMs, BUDGET_CHANNEL, this.payload('grant')],
    );
    const id = grant?.id;
    this.granted.shared += 1;
    return {
      kind: 'grant',
      permit: {
        // The database's clock decides: the slot counts from when its answer came back.
        settle: () => void run(this.db, 'UPDATE budget_grants SET at = greatest(at, clock_timestamp()) WHERE id = $1', [id]).catch(() => undefined),
      },
      release: () => void run(this.db, 'DELETE FROM budget_grants WHERE id = $1', [id]).catch(() => undefined),
    };
  }

  private attemptLocal(): Attempt {
    const local = this.local;
    if (local === undefined) return { kind: 'wait', reason: 'turn', ms: 1, ahead: 0 };
    const now = this.timers.now();
    const wait = Math.max(local.window.waitMs(now), this.localHeldUntil - now);
    if (wait > 0) return { kind: 'wait', reason: 'window', ms: Math.ceil(wait) };
    const serial = local.window.record(now);
    const used = { at: now };
    local.used.push(used);
    if (local.used.length > local.perWindow) local.used.shift();
    this.granted.local += 1;
    return {
      kind: 'grant',
      permit: {
        settle: (at) => {
          local.window.settle(serial, at);
          used.at = Math.max(used.at, at);
        },
      },
      release: () => undefined,
    };
  }

  private async registerCredential(db: Tx | Db): Promise<void> {
    await run(
      db,
      `INSERT INTO budget_credentials (credential, per_minute, window_ms) VALUES ($1, $2, $3)
       ON CONFLICT (credential) DO UPDATE SET per_minute = excluded.per_minute, window_ms = excluded.window_ms`,
      [this.options.credential, this.options.limit, this.options.windowMs ?? 60_000],
    );
  }

  /** Leaves the line (no request waiting here), and tells desks waiting behind it. */
  private async leaveLine(): Promise<void> {
    await run(
      this.db,
      `WITH gone AS (DELETE FROM budget_demand WHERE credential = $1 AND desk_id = $2 RETURNING 1) SELECT pg_notify($3, $4) FROM gone`,
      [this.options.credential, this.options.deskId, BUDGET_CHANNEL, this.payload('gone')],
    ).catch(() => undefined);
  }

  // ---- Waiting ----------------------------------------------------------------------------

  private async sleep(ms: number): Promise<void> {
    const wake = new AbortController();
    this.wake = wake;
    try {
      await this.timers.sleep(ms, wake.signal);
    } catch {
      // Woken on purpose: look again.
    } finally {
      if (this.wake === wake) this.wake = undefined;
    }
  }

  private interrupt(): void {
    this.wake?.abort();
  }

  private payload(kind: 'grant' | 'gone' | 'hold'): string {
    return JSON.stringify({ c: this.options.credential, d: this.options.deskId, k: kind });
  }

  private onNotification(payload: string | undefined): void {
    let message: { c?: unknown; d?: unknown; k?: unknown };
    try {
      message = JSON.parse(payload ?? '{}') as typeof message;
    } catch {
      return;
    }
    if (message.c !== this.options.credential || message.d === this.options.deskId || this.turnAfter === undefined) return;
    // Each grant or departure moves this desk one place up the line.
    if (message.k === 'grant' || message.k === 'gone') {
      this.turnAfter -= 1;
      if (this.turnAfter <= 0) this.interrupt();
    }
  }

  private leave(waiter: Waiter): void {
    const at = this.queue.indexOf(waiter);
    if (at >= 0) this.queue.splice(at, 1);
    if (at === 0) this.interrupt();
  }

  // ---- Without the database ---------------------------------------------------------------

  /**
   * The desk learned the database is gone some other way (its LISTEN session broke): keep to the
   * local share now, so the header says so at once rather than at the next request. The probe
   * brings the budget back to the shared window once the database answers.
   */
  databaseUnreachable(reason: string): void {
    if (!this.closed) this.goLocal(reason);
  }

  private goLocal(error: unknown): void {
    if (this.currentMode.kind === 'local') return;
    const mode = localShareMode({ limit: this.options.limit, knownDesks: this.knownDesks, reason: reasonOf(error), ...(this.options.windowMs === undefined ? {} : { windowMs: this.options.windowMs }) });
    const window = new SlidingWindow(mode.perWindow, this.windowMs);
    for (const at of seenSlots(this.seen, mode.perWindow)) window.record(at);
    this.local = { window, perWindow: mode.perWindow, used: [] };
    this.setMode(mode);
    this.probing ??= this.probe().finally(() => (this.probing = undefined));
  }

  /** Looks for the database until it answers, then counts the local slots into the shared window and goes back to it. */
  private async probe(): Promise<void> {
    while (!this.closed && this.currentMode.kind === 'local') {
      await this.timers.sleep(this.probeMs, this.closing.signal).catch(() => undefined);
      if (this.closed) return;
      try {
        const localNow = this.timers.now();
        await inTransaction(this.db, async (tx) => {
          await this.registerCredential(tx);
          // The slots used meanwhile still count at the service.
          await this.countSlotsUsed(tx, (this.local?.used ?? []).map((u) => u.at), localNow);
        });
        this.local = undefined;
        this.setMode({ kind: 'shared', words: this.sharedWords() });
        this.interrupt();
        if (this.queue.length > 0 && !this.pumping) void this.pump();
      } catch {
        // Still away: keep the local share.
      }
    }
  }

  /** Puts slots this desk used on its own (its clock) in the shared window, moved onto the database's clock by the difference between the two. */
  private async countSlotsUsed(tx: Tx, used: readonly number[], localNow: number): Promise<void> {
    if (used.length === 0) return;
    const clock = await row(tx, 'clock', z.object({ now: z.number() }), 'SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS now');
    const offset = (clock?.now ?? localNow) - localNow;
    await run(tx, `INSERT INTO budget_grants (credential, desk_id, priority, at) SELECT $1, $2, 4, to_timestamp(t / 1000.0) FROM unnest($3::float8[]) AS t`, [
      this.options.credential,
      this.options.deskId,
      used.map((at) => at + offset),
    ]);
  }

  private setMode(mode: BudgetMode): void {
    this.currentMode = mode;
    this.options.onModeChange?.(mode);
  }

  private sharedWords(): string {
    return `Sharing the credential's ${this.options.limit} requests a ${windowWords(this.options.windowMs)} with the warehouse's other desks.`;
  }
}
