/**
 * The decision after a failed outbox try (electron/sync/outboxPolicy.ts), as properties over any
 * kind of item, any failure, any number of earlier tries and any jitter, plus the table of
 * error codes that mean "already done".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTBOX_KINDS, type OutboxKind } from '../../../electron/api';
import type { ServiceErrorKind } from '../../../electron/service/client/errors';
import { OUTBOX_RETRY_POLICY, RECONCILED_KINDS, afterFailure, alreadyApplied, type FailureFacts } from '../../../electron/sync/outboxPolicy';

const ERROR_KINDS: readonly ServiceErrorKind[] = ['authentication', 'permission', 'validation', 'notFound', 'conflict', 'rateLimited', 'network', 'timeout', 'server', 'unknownOutcome', 'contract', 'cancelled'];
const NOW = Date.UTC(2026, 10, 24, 9, 0, 0);

const kind = fc.constantFrom(...OUTBOX_KINDS);
const facts: fc.Arbitrary<FailureFacts> = fc.record(
  {
    kind: fc.constantFrom(...ERROR_KINDS),
    codes: fc.array(fc.constantFrom('InvalidShipment', 'InvalidTransition', 'ShipmentAlreadyInState', 'LocationNotFound', 'ShipmentNotFound', 'RateLimitExceeded', 'InternalError'), { maxLength: 3 }),
    sent: fc.boolean(),
    retryAfterMs: fc.integer({ min: 0, max: 3_600_000 }),
  },
  { requiredKeys: ['kind', 'codes'] },
);
const random = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }).map((value) => () => value);
const attempts = fc.integer({ min: 0, max: 40 });

/** A failure that may have taken effect on the service (its answer was lost, or could not be read). */
function mayHaveTakenEffect(error: FailureFacts): boolean {
  return error.kind === 'unknownOutcome' || error.kind === 'contract' || ((error.kind === 'network' || error.kind === 'timeout') && error.sent === true);
}

describe('after a failed outbox try', () => {
  it('never sends again a write whose outcome is unknown: it is looked up (or held for a person) first', () => {
    fc.assert(
      fc.property(kind, facts, attempts, random, (k, error, tries, rnd) => {
        fc.pre(mayHaveTakenEffect(error) && !alreadyApplied(k, error));
        const decision = afterFailure({ kind: k, error, attempts: tries, now: NOW, random: rnd });
        expect(['reconcile', 'review']).toContain(decision.next);
      }),
      { numRuns: 2_000 },
    );
  });

  it('waits at least as long as the service asked (Retry-After is a floor)', () => {
    fc.assert(
      fc.property(kind, fc.integer({ min: 0, max: 3_600_000 }), attempts, random, (k, retryAfterMs, tries, rnd) => {
        const decision = afterFailure({ kind: k, error: { kind: 'rateLimited', codes: ['RateLimitExceeded'], retryAfterMs }, attempts: tries, now: NOW, random: rnd });
        if (decision.next === 'retry' || decision.next === 'reconcile') expect(decision.at - NOW).toBeGreaterThanOrEqual(retryAfterMs);
        else expect(decision.next).toBe('review');
      }),
      { numRuns: 2_000 },
    );
  });

  it('ends: an item that keeps failing at the service is held for a person after at most maxAttempts counted tries', () => {
    fc.assert(
      fc.property(kind, fc.array(facts, { minLength: 1, maxLength: 200 }), random, (k, failures, rnd) => {
        // Play the failures one after another, as the worker would, counting the tries that reached the service.
        let counted = 0;
        let heldForAPerson = false;
        for (const error of failures) {
          const decision = afterFailure({ kind: k, error, attempts: counted, now: NOW, random: rnd });
          if (decision.next === 'waitForAdmin' || (decision.next === 'retry' && !decision.counted)) continue;
          if (decision.next === 'retry' || decision.next === 'reconcile') {
            counted += 1;
            continue;
          }
          heldForAPerson = decision.next === 'review';
          break; // done, failed or review: the item leaves the queue
        }
        const tries = counted + (heldForAPerson ? 1 : 0);
        expect(tries).toBeLessThanOrEqual(OUTBOX_RETRY_POLICY.maxAttempts);
      }),
      { numRuns: 2_000 },
    );
  });

  it('holds an item for a person on the try that reaches maxAttempts, saying when it may already be on the service', () => {
    fc.assert(
      fc.property(kind, facts, random, (k, error, rnd) => {
        const last = afterFailure({ kind: k, error, attempts: OUTBOX_RETRY_POLICY.maxAttempts - 1, now: NOW, random: rnd });
        const counts = !['authentication', 'permission', 'validation', 'notFound', 'conflict', 'cancelled'].includes(error.kind) && !((error.kind === 'network' || error.kind === 'timeout') && error.sent !== true);
        if (alreadyApplied(k, error) || !counts) return;
        expect(last.next).toBe('review');
        if (last.next === 'review') expect(last.reason.includes('may have reached the service')).toBe(mayHaveTakenEffect(error));
      }),
      { numRuns: 2_000 },
    );
  });

  it('lets an outage last as long as it lasts: a try that never left the station neither counts nor ends the item', () => {
    fc.assert(
      fc.property(kind, fc.constantFrom<ServiceErrorKind>('network', 'timeout'), fc.integer({ min: 0, max: 10_000 }), random, (k, errorKind, tries, rnd) => {
        const decision = afterFailure({ kind: k, error: { kind: errorKind, codes: [], sent: false }, attempts: tries, now: NOW, random: rnd });
        expect(decision).toMatchObject({ next: 'retry', counted: false });
        if (decision.next === 'retry') expect(decision.at - NOW).toBeLessThanOrEqual(OUTBOX_RETRY_POLICY.maxDelayMs);
      }),
    );
  });

  it('fails a refusal for good, waits for an admin on refused credentials, and never schedules into the past', () => {
    fc.assert(
      fc.property(kind, facts, attempts, random, (k, error, tries, rnd) => {
        const decision = afterFailure({ kind: k, error, attempts: tries, now: NOW, random: rnd });
        if (alreadyApplied(k, error)) expect(decision.next).toBe('done');
        else if (error.kind === 'validation' || error.kind === 'notFound' || error.kind === 'conflict') expect(decision.next).toBe('failed');
        else if (error.kind === 'authentication' || error.kind === 'permission') expect(decision).toEqual({ next: 'waitForAdmin', at: NOW + OUTBOX_RETRY_POLICY.adminWaitMs });
        if ('at' in decision) expect(decision.at).toBeGreaterThanOrEqual(NOW);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('already done, by the service\'s error code', () => {
  const change: readonly OutboxKind[] = ['cancelShipment', 'blockShipment', 'unblockShipment', 'archiveShipment'];

  it.each(change)('a repeated %s refused with ShipmentAlreadyInState is done', (k) => {
    expect(afterFailure({ kind: k, error: { kind: 'conflict', codes: ['ShipmentAlreadyInState'] }, attempts: 1, now: NOW, random: () => 0 })).toEqual({ next: 'done' });
  });

  it.each(change)('a %s refused for another reason fails, whatever its message says', (k) => {
    expect(afterFailure({ kind: k, error: { kind: 'conflict', codes: ['InvalidTransition'] }, attempts: 1, now: NOW, random: () => 0 })).toEqual({ next: 'failed' });
  });

  it('a create or an update refused with ShipmentAlreadyInState is not done: the code means something only for a change of state', () => {
    for (const k of ['createShipment', 'updateShipment', 'createLocation'] as const) {
      expect(afterFailure({ kind: k, error: { kind: 'conflict', codes: ['ShipmentAlreadyInState'] }, attempts: 1, now: NOW, random: () => 0 })).toEqual({ next: 'failed' });
    }
  });

  it('a location delete that finds no location has the effect asked for', () => {
    expect(afterFailure({ kind: 'deleteLocation', error: { kind: 'notFound', codes: ['LocationNotFound'] }, attempts: 1, now: NOW, random: () => 0 })).toEqual({ next: 'done' });
    expect(afterFailure({ kind: 'deleteLocation', error: { kind: 'notFound', codes: ['HTTP404'] }, attempts: 1, now: NOW, random: () => 0 })).toEqual({ next: 'done' });
  });

  it('looks up exactly the creates after a lost answer (a second create would make a second record)', () => {
    expect([...RECONCILED_KINDS].sort()).toEqual(['createLocation', 'createShipment']);
  });
});
