/**
 * Whether a desk may send one more request on the shared credential now, and if not how long it
 * waits: a pure function of what the warehouse database holds (the requests inside the window,
 * the hold after a 429, which desks are waiting and how urgently). Every desk runs it under the
 * credential's row lock, so the answers of all desks add up to one limit.
 *
 * - **The limit**: the service's sliding window. A request fits when fewer than `limit` were
 *   granted inside the last `windowMs` (each moved to when its answer came back, as the desk's own
 *   limiter does); else it waits until the oldest that counts leaves the window.
 * - **Priorities**: free slots go first to the most urgent requests waiting at any desk; a desk
 *   waits while more urgent requests elsewhere would take every free slot.
 * - **Fairness**: among desks waiting at the same rank, free slots go to whoever had fewest
 *   requests inside the window (then over the last FAIRNESS_WINDOWS windows, then to the one whose
 *   last request is oldest), so desks that all have work share the limit equally, and a desk that
 *   had little has its turn at once.
 */

/**
 * How many windows the tie-break remembers. With two, the odd slots of a window (a limit that does
 * not divide by the number of desks) drifted among three or more desks: 18 against 22 requests
 * over 15 windows of 4. Over eight, a simulation of 2 to 8 desks at limits 1 to 40 keeps every
 * desk within 10% of an equal share of the others (or 3 requests when shares are small).
 */
export const FAIRNESS_WINDOWS = 8;

export interface DeskDemand {
  readonly deskId: string;
  /** Rank of its most urgent waiting request (0 the most urgent). */
  readonly rank: number;
  /** How many requests it has waiting. */
  readonly waiting: number;
  /** Requests granted to it inside the window. */
  readonly granted: number;
  /** Requests granted to it over the last FAIRNESS_WINDOWS windows: breaks ties, so the odd slots do not always go the same way. */
  readonly recent: number;
  /** When its last request was granted, inside the window or before (ms, the database's clock); -Infinity for none. */
  readonly lastGrantAt: number;
}

export interface BudgetSnapshot {
  /** The database's clock, ms since 1970. */
  readonly now: number;
  /** Requests allowed inside one window. */
  readonly limit: number;
  /** The window, margin included. */
  readonly windowMs: number;
  /** Nobody sends before this (a 429's Retry-After); -Infinity when there is no hold. */
  readonly heldUntil: number;
  /** Requests granted inside the window. */
  readonly used: number;
  /** When the `(used - limit + 1)`-th oldest of them leaves the window, when `used >= limit`. */
  readonly nextFreeAt: number | undefined;
  /** Desks with requests waiting (this one included), as the database last heard. */
  readonly demand: readonly DeskDemand[];
}

export type BudgetDecision =
  | { readonly kind: 'grant' }
  /** `ms` to wait at most; `ahead`: how many grants to other desks come before this desk's turn. */
  | { readonly kind: 'wait'; readonly reason: 'held' | 'window'; readonly ms: number }
  | { readonly kind: 'wait'; readonly reason: 'turn'; readonly ms: number; readonly ahead: number };

/** Who goes first among desks waiting: most urgent, then fewest granted (in the window, then in two), then oldest last grant. */
export function compareDemand(a: DeskDemand, b: DeskDemand): number {
  return a.rank - b.rank || a.granted - b.granted || a.recent - b.recent || a.lastGrantAt - b.lastGrantAt || (a.deskId < b.deskId ? -1 : a.deskId > b.deskId ? 1 : 0);
}

/**
 * How many free slots go to others before `me`: every request waiting at a more urgent rank, and
 * at the same rank what each other desk needs to catch up with `me` (one more when it goes first
 * among equals), as if free slots were handed out one at a time to whoever had fewest; never
 * more than a desk has waiting.
 */
export function slotsAhead(demand: readonly DeskDemand[], me: DeskDemand): number {
  let ahead = 0;
  for (const other of demand) {
    if (other.deskId === me.deskId) continue;
    if (other.rank < me.rank) ahead += other.waiting;
    else if (other.rank === me.rank) {
      const catchUp = me.granted - other.granted + (compareDemand({ ...other, granted: me.granted, recent: other.recent + me.granted - other.granted }, me) < 0 ? 1 : 0);
      ahead += Math.min(other.waiting, Math.max(0, catchUp));
    }
  }
  return ahead;
}

/**
 * The decision for desk `me` (its entry in `snapshot.demand`, or as given when the database
 * does not list it yet). `turnWaitMs` caps a wait for other desks' grants: a desk whose turn
 * comes is told by their notifications, and looks again after this at the latest.
 */
export function decide(snapshot: BudgetSnapshot, me: DeskDemand, turnWaitMs: number): BudgetDecision {
  const { now } = snapshot;
  if (snapshot.heldUntil > now) return { kind: 'wait', reason: 'held', ms: Math.ceil(snapshot.heldUntil - now) };
  const demand = snapshot.demand.some((d) => d.deskId === me.deskId) ? snapshot.demand : [...snapshot.demand, me];
  const mine = demand.find((d) => d.deskId === me.deskId) ?? me;
  const ahead = slotsAhead(demand, mine);
  const free = Math.max(0, snapshot.limit - snapshot.used);
  if (ahead < free) return { kind: 'grant' };
  if (free === 0 && ahead === 0) {
    const freeAt = snapshot.nextFreeAt ?? now;
    return { kind: 'wait', reason: 'window', ms: Math.max(1, Math.ceil(freeAt - now)) };
  }
  // Others go first: this desk is first in line after `ahead` more grants to them (each one is
  // notified), or looks again after turnWaitMs in case the line changed otherwise.
  return { kind: 'wait', reason: 'turn', ms: Math.max(1, Math.ceil(turnWaitMs)), ahead };
}
