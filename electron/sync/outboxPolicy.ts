/**
 * What happens to an outbox item after a try failed: the decision as one pure function, like the
 * client's own `retryDecision` (electron/service/client/retryPolicy.ts), whose backoff it uses.
 * The worker turns the decision into a move of the item; the rules live here, where they can be
 * read in one place and tested with properties.
 *
 * The rules, in order:
 *  1. A refusal whose error code says the effect is already in place (a repeated cancel, block,
 *     unblock or archive; a location already deleted) means the item is done.
 *  2. Credentials refused: the item waits for an admin, looking again now and then.
 *  3. Refused for its content or the record's state: failed, for a person to fix or discard.
 *  4. Never reached the service (no connection, or the station is stopping): try again later;
 *     such a try does not count, so a long outage never uses up an item's attempts.
 *  5. Anything else reached the service. A write that may have taken effect becomes unsure
 *     (reconcile): a create is looked up before anything is sent again, a change is repeated
 *     (a repeat has the same effect, and rule 1 recognises it). Other failures are tried again
 *     after a backoff, never sooner than the service's Retry-After. After `maxAttempts` such
 *     tries the item is held for a person.
 */
import type { OutboxKind } from '../api/outbox';
import type { ServiceErrorKind } from '../service/client/errors';
import { backoffDelay } from '../service/client/retryPolicy';

/** What the worker knows of a failed try, taken from the client's typed error. */
export interface FailureFacts {
  readonly kind: ServiceErrorKind;
  /** The service's error codes (envelope or batch item), in order. */
  readonly codes: readonly string[];
  /** For network failures and timeouts: whether the request left the station. */
  readonly sent?: boolean;
  /** For a 429: how long the service asked to wait. */
  readonly retryAfterMs?: number;
}

export interface OutboxRetryPolicy {
  /** Tries that reached the service, after which the item waits for a person. */
  readonly maxAttempts: number;
  /** Backoff between tries: from `baseDelayMs`, doubling, up to `maxDelayMs`, full jitter. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** While credentials are refused, look again this often (a person has to fix them). */
  readonly adminWaitMs: number;
}

export const OUTBOX_RETRY_POLICY: OutboxRetryPolicy = Object.freeze({ maxAttempts: 8, baseDelayMs: 2_000, maxDelayMs: 300_000, adminWaitMs: 60_000 });

export interface FailureInput {
  readonly kind: OutboxKind;
  readonly error: FailureFacts;
  /** Tries of this item that reached the service before this one. */
  readonly attempts: number;
  readonly now: number;
  /** A number in [0, 1), as from Math.random (the backoff's jitter). */
  readonly random: () => number;
  readonly policy?: OutboxRetryPolicy;
}

export type AfterFailure =
  /** The service already has the effect: the item is done. */
  | { readonly next: 'done' }
  /** Pending again at `at`; `counted` says whether this try counts towards `maxAttempts`. */
  | { readonly next: 'retry'; readonly at: number; readonly counted: boolean }
  /** The write may have taken effect: unsure until `at`, then looked up (a create) or repeated (a change). */
  | { readonly next: 'reconcile'; readonly at: number }
  /** Credentials refused: pending again at `at`, and the desk is told an admin must act. */
  | { readonly next: 'waitForAdmin'; readonly at: number }
  /** Refused for good: a person fixes and resubmits it, or discards it. */
  | { readonly next: 'failed' }
  /** Tries have run out: held for a person, never sent again on its own. */
  | { readonly next: 'review'; readonly reason: string };

/** Writes that a lost answer leaves unsure and a lookup can settle (the service would make a second one). */
export const RECONCILED_KINDS: readonly OutboxKind[] = ['createShipment', 'createLocation'];

/**
 * Error codes that say the effect a change asked for is already in place. The spec names no
 * such code; the sandbox answers `ShipmentAlreadyInState` (docs/service-decisions.md). A
 * service that answers otherwise leaves the item failed with its message, for a person.
 */
const ALREADY_IN_PLACE: Readonly<Partial<Record<OutboxKind, readonly string[]>>> = {
  cancelShipment: ['ShipmentAlreadyInState'],
  blockShipment: ['ShipmentAlreadyInState'],
  unblockShipment: ['ShipmentAlreadyInState'],
  archiveShipment: ['ShipmentAlreadyInState'],
  deleteLocation: ['LocationNotFound'],
};

export function alreadyApplied(kind: OutboxKind, error: FailureFacts): boolean {
  // A location delete that finds nothing has the effect asked for, whatever code says so.
  if (kind === 'deleteLocation' && error.kind === 'notFound') return true;
  const codes = ALREADY_IN_PLACE[kind] ?? [];
  return error.codes.some((code) => codes.includes(code));
}

function mayHaveTakenEffect(error: FailureFacts): boolean {
  if (error.kind === 'unknownOutcome' || error.kind === 'contract') return true;
  return (error.kind === 'network' || error.kind === 'timeout') && error.sent === true;
}

export function afterFailure(input: FailureInput): AfterFailure {
  const { kind, error, now } = input;
  const policy = input.policy ?? OUTBOX_RETRY_POLICY;
  if (alreadyApplied(kind, error)) return { next: 'done' };
  switch (error.kind) {
    case 'authentication':
    case 'permission':
      return { next: 'waitForAdmin', at: now + policy.adminWaitMs };
    case 'validation':
    case 'notFound':
    case 'conflict':
      return { next: 'failed' };
    case 'cancelled':
      return { next: 'retry', at: now, counted: false };
    default:
      break;
  }
  const backoff = (tries: number): number => backoffDelay({ ...policy, maxAttempts: Number.MAX_SAFE_INTEGER, maxRetryAfterMs: Number.MAX_SAFE_INTEGER }, tries, input.random);
  if ((error.kind === 'network' || error.kind === 'timeout') && error.sent !== true) {
    return { next: 'retry', at: now + backoff(Math.max(1, input.attempts)), counted: false };
  }
  const tries = input.attempts + 1;
  if (tries >= policy.maxAttempts) {
    const unsure = mayHaveTakenEffect(error) ? ': it may have reached the service, so look for it there before sending it again' : '';
    return { next: 'review', reason: `gave up after ${tries} tries that reached the service${unsure}` };
  }
  const at = now + Math.max(backoff(tries), error.retryAfterMs ?? 0);
  if (mayHaveTakenEffect(error)) return { next: 'reconcile', at };
  return { next: 'retry', at, counted: true };
}
