/**
 * Time as the client sees it. Production uses the real clock; tests pass a virtual clock so
 * that waits of a minute take no time and every delay the client asks for can be checked.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';

export interface Timers {
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  /** Resolves after `ms`; rejects with the signal's reason when it is aborted first. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) {
      signal?.throwIfAborted();
      return;
    }
    await sleepFor(ms, undefined, signal === undefined ? {} : { signal });
  },
};
