/**
 * The shared budget's decision, on virtual time: the limit is never exceeded, no slot stays idle
 * while a desk waits, the most urgent requests go first, and desks with the same work share the
 * limit evenly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAIRNESS_WINDOWS, decide, slotsAhead, type BudgetSnapshot, type DeskDemand } from '../../../electron/warehouse/budget/decide';
import { BUDGET_PRIORITIES, priorityOf, rankOf } from '../../../electron/warehouse/budget/priorities';

const NOW = 1_700_000_000_000;

function demand(deskId: string, rank: number, granted = 0, waiting = 1, lastGrantAt = Number.NEGATIVE_INFINITY, recent = granted): DeskDemand {
  return { deskId, rank, waiting, granted, recent, lastGrantAt };
}

function snapshot(overrides: Partial<BudgetSnapshot>): BudgetSnapshot {
  return { now: NOW, limit: 10, windowMs: 60_050, heldUntil: Number.NEGATIVE_INFINITY, used: 0, nextFreeAt: undefined, demand: [], ...overrides };
}

describe('the budget decision', () => {
  it('waits out a 429\'s hold before anything else', () => {
    expect(decide(snapshot({ heldUntil: NOW + 1_500 }), demand('D1', 0), 500)).toEqual({ kind: 'wait', reason: 'held', ms: 1_500 });
  });

  it('grants while the window has room, and waits for the oldest slot to leave it when full', () => {
    expect(decide(snapshot({ used: 9 }), demand('D1', 4), 500)).toEqual({ kind: 'grant' });
    expect(decide(snapshot({ used: 10, nextFreeAt: NOW + 2_345 }), demand('D1', 4), 500)).toEqual({ kind: 'wait', reason: 'window', ms: 2_345 });
  });

  it('leaves free slots to more urgent requests at other desks', () => {
    const purchases = demand('D2', rankOf('purchase'), 0, 3);
    const mine = demand('D1', rankOf('quote'));
    expect(decide(snapshot({ used: 7, demand: [purchases, mine] }), mine, 500)).toEqual({ kind: 'wait', reason: 'turn', ms: 500, ahead: 3 });
    expect(decide(snapshot({ used: 6, demand: [purchases, mine] }), mine, 500)).toEqual({ kind: 'grant' });
  });

  it('gives the next slot to the desk that had fewest, then to the one that waited longest', () => {
    const busy = demand('D1', 1, 5);
    const quiet = demand('D2', 1, 2);
    expect(decide(snapshot({ used: 9, demand: [busy, quiet] }), busy, 500)).toMatchObject({ kind: 'wait', reason: 'turn', ahead: 1 });
    expect(decide(snapshot({ used: 9, demand: [busy, quiet] }), quiet, 500)).toEqual({ kind: 'grant' });
    const early = demand('D3', 1, 2, 1, NOW - 5_000);
    const late = demand('D4', 1, 2, 1, NOW - 1_000);
    expect(slotsAhead([early, late], late)).toBe(1);
    expect(slotsAhead([early, late], early)).toBe(0);
  });

  it('counts a desk the database does not list yet as waiting', () => {
    const other = demand('D2', 0, 0, 2);
    expect(decide(snapshot({ used: 9, demand: [other] }), demand('D1', 0, 3), 500)).toMatchObject({ kind: 'wait', reason: 'turn' });
    expect(decide(snapshot({ used: 7, demand: [other] }), demand('D1', 0, 3), 500)).toEqual({ kind: 'grant' });
  });
});

describe('priorities by operation', () => {
  it('put purchases before quotes before address checks before tracking before background pulls', () => {
    expect(['createShipment', 'rateShop', 'validateAddress', 'trackShipments', 'searchShipments'].map(priorityOf)).toEqual([...BUDGET_PRIORITIES]);
    expect(priorityOf('token')).toBe('purchase');
    expect(priorityOf('cancelShipments')).toBe('quote');
    expect(priorityOf(undefined)).toBe('background');
    expect(priorityOf('toString')).toBe('background');
  });
});

/**
 * Desks with endless work sharing one limit on a virtual clock: at every instant each desk asks
 * in a random order, as the row lock would serialize them, and the clock moves to the next
 * instant any desk was told to wait until. What each desk had in the window and in the fairness
 * windows is counted as grants come and leave (the clock only moves on), not recounted from every
 * grant at every question: the decision under test is the same, the simulation a fraction of the work.
 */
function simulate(ranks: readonly number[], limit: number, windowMs: number, steps: number, order: () => number) {
  const grants: { desk: number; at: number }[] = [];
  let now = NOW;
  // Per desk: grants in the window, in the fairness windows, and its last grant's time.
  const inWindow = ranks.map(() => 0);
  const recent = ranks.map(() => 0);
  const lastAt = ranks.map(() => Number.NEGATIVE_INFINITY);
  // The first grant still in the window, and in the fairness windows.
  let windowFrom = 0;
  let recentFrom = 0;
  const count = (counts: number[], desk: number | undefined, by: number): void => {
    if (desk !== undefined) counts[desk] = (counts[desk] ?? 0) + by;
  };
  const ask = (desk: number): ReturnType<typeof decide> => {
    for (; windowFrom < grants.length && (grants[windowFrom]?.at ?? 0) <= now - windowMs; windowFrom += 1) count(inWindow, grants[windowFrom]?.desk, -1);
    for (; recentFrom < grants.length && (grants[recentFrom]?.at ?? 0) <= now - FAIRNESS_WINDOWS * windowMs; recentFrom += 1) count(recent, grants[recentFrom]?.desk, -1);
    const demandNow = ranks.map((rank, d) => demand(`D${d}`, rank, inWindow[d] ?? 0, 1_000, lastAt[d] ?? Number.NEGATIVE_INFINITY, recent[d] ?? 0));
    const used = grants.length - windowFrom;
    const nextFreeAt = used >= limit ? (grants[grants.length - limit]?.at ?? now) + windowMs : undefined;
    const me = demandNow[desk] ?? demand(`D${desk}`, 0);
    return decide({ now, limit, windowMs, heldUntil: Number.NEGATIVE_INFINITY, used, nextFreeAt, demand: demandNow }, me, 250);
  };
  for (let step = 0; step < steps; step += 1) {
    let earliest = Number.POSITIVE_INFINITY;
    // Every desk asks again after each grant (its pump does), in an order the row lock picks.
    for (let granted = true; granted; ) {
      granted = false;
      const desks = ranks.map((_, desk) => ({ desk, key: order() })).sort((a, b) => a.key - b.key);
      for (const { desk } of desks) {
        const decision = ask(desk);
        if (decision.kind === 'grant') {
          grants.push({ desk, at: now });
          count(inWindow, desk, 1);
          count(recent, desk, 1);
          lastAt[desk] = now;
          granted = true;
          // A transaction takes a moment: grants never share an instant.
          now += 0.001;
        } else earliest = Math.min(earliest, now + decision.ms);
      }
    }
    now = Math.max(now + 1, earliest);
  }
  return { grants, end: now };
}

describe('the decision over time (virtual clock)', () => {
  it('never exceeds the limit in any window, and never leaves a slot idle while desks wait', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (ranks, limit, seed) => {
        let state = seed;
        const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
        const windowMs = 1_000;
        const { grants } = simulate(ranks, limit, windowMs, 60, random);
        let oldest = 0;
        for (const [i, g] of grants.entries()) {
          while ((grants[oldest]?.at ?? 0) <= g.at - windowMs) oldest += 1;
          expect(i - oldest + 1).toBeLessThanOrEqual(limit);
        }
        // Work-conserving: each grant past the first `limit` comes as soon as a slot frees (waits are whole milliseconds).
        for (let i = limit; i < grants.length; i += 1) {
          const late = (grants[i]?.at ?? 0) - ((grants[i - limit]?.at ?? 0) + windowMs);
          expect(late).toBeGreaterThanOrEqual(0);
          expect(late).toBeLessThanOrEqual(1.5);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('serves only the most urgent rank while it has work, evenly between its desks', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (ranks, limit, seed) => {
        let state = seed;
        const random = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
        const { grants } = simulate(ranks, limit, 1_000, 60, random);
        const best = Math.min(...ranks);
        const counts = ranks.map((_, d) => grants.filter((g) => g.desk === d).length);
        const bestCounts = counts.filter((_, d) => ranks[d] === best);
        expect(counts.filter((_, d) => ranks[d] !== best).every((n) => n === 0)).toBe(true);
        // The counts stay within 10% of an equal share of each other, the spread the shared budget
        // aims for, or 3 requests when shares are small (a window's odd slots take turns).
        const equalShare = bestCounts.reduce((sum, n) => sum + n, 0) / bestCounts.length;
        expect(Math.max(...bestCounts) - Math.min(...bestCounts)).toBeLessThanOrEqual(Math.max(3, 0.1 * equalShare));
      }),
      { numRuns: 100 },
    );
  });
});
