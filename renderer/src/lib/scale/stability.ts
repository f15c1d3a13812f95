/**
 * When a reading is the parcel's weight: the scale says stable, and the same weight (within one
 * increment) holds for a short settle, counted in readings or in the scale's own time (the
 * timestamps of its reports, given by the caller, so tests need no clock). Whichever comes first
 * settles it. A settled weight is given once; the next one needs the weight to change or the
 * scale to leave stable (the parcel lifted off), so a parcel left on the scale fills the field once.
 */
import type { ScaleReading } from './reading';
import { toGrams } from './units';

export interface SettleRule {
  /** Consecutive stable readings of the same weight that settle it. */
  readonly readings: number;
  /** Or: milliseconds of the scale's clock the same stable weight has held. */
  readonly ms: number;
}

export const DEFAULT_SETTLE: SettleRule = { readings: 3, ms: 300 };

/**
 * What one reading did: the weight settled (in grams, given once), it is stable but not settled
 * yet, it is still the weight already given (held), or there is no weight to settle (waiting).
 */
export type Settling = { readonly kind: 'settled'; readonly grams: number; readonly reading: ScaleReading } | { readonly kind: 'settling' } | { readonly kind: 'held' } | { readonly kind: 'waiting' };

export class StableWeight {
  readonly #rule: SettleRule;
  #run: { grams: number; increment: number; count: number; since: number; given: boolean } | undefined;

  constructor(rule: SettleRule = DEFAULT_SETTLE) {
    this.#rule = rule;
  }

  /** Takes one reading made at `at` (ms of the scale's clock). */
  push(reading: ScaleReading, at: number): Settling {
    if (reading.status !== 'stable' || reading.weight === null || reading.unit === null || reading.weight <= 0) {
      this.#run = undefined;
      return { kind: 'waiting' };
    }
    const grams = toGrams(reading.weight, reading.unit);
    const increment = toGrams(reading.increment, reading.unit);
    const run = this.#run;
    // Within one increment is the same weight ("0.52" after "0.51"); the factor absorbs float error.
    if (run === undefined || Math.abs(grams - run.grams) > Math.max(increment, run.increment) * 1.000001) {
      this.#run = { grams, increment, count: 1, since: at, given: false };
    } else {
      run.count += 1;
    }
    const now = this.#run;
    if (now === undefined || now.given) return { kind: 'held' };
    if (now.count >= this.#rule.readings || at - now.since >= this.#rule.ms) {
      now.given = true;
      return { kind: 'settled', grams, reading };
    }
    return { kind: 'settling' };
  }

  /** Forgets the current run (the scale was disconnected). */
  reset(): void {
    this.#run = undefined;
  }
}
