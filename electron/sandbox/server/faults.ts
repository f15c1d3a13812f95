/**
 * Faults for tests, off by default and switchable while the sandbox runs: added latency, a
 * share of server errors, a full outage (connections are reset, as when the service is down),
 * forced 429s, and "commit then drop": the write is committed and the connection is closed
 * before the answer, so the caller cannot know it succeeded.
 */
import * as z from 'zod';
import { OPERATION_IDS, type OperationId } from '../../service/contract';

export const FaultSettings = z.strictObject({
  /** Milliseconds added before every answer. */
  latencyMs: z.number().int().min(0).max(120_000).default(0),
  /** Share of requests (0..1) answered 500 InternalError. */
  errorRate: z.number().min(0).max(1).default(0),
  /** Every connection is reset at once. */
  outage: z.boolean().default(false),
  /** How many of the next requests are answered 429 regardless of the limit (-1: all). */
  force429: z.number().int().min(-1).default(0),
  /** The Retry-After of forced 429s, in seconds. */
  retryAfterSeconds: z.number().int().min(0).max(3600).default(1),
  /** Share (0..1) of the listed writes that commit and then drop the connection. */
  commitThenDrop: z.number().min(0).max(1).default(0),
  /** Which operations commit-then-drop applies to. */
  commitThenDropOperations: z.array(z.enum(OPERATION_IDS as [OperationId, ...OperationId[]])).default(['createShipment']),
});
export type FaultSettings = z.output<typeof FaultSettings>;
export type FaultSettingsInput = z.input<typeof FaultSettings>;

export const NO_FAULTS: FaultSettings = FaultSettings.parse({});

export class FaultControls {
  private current: FaultSettings = NO_FAULTS;

  constructor(private readonly random: () => number) {}

  get settings(): FaultSettings {
    return this.current;
  }

  /** Replaces the settings; fields left out go back to "off". */
  set(settings: FaultSettingsInput): FaultSettings {
    this.current = FaultSettings.parse(settings);
    return this.current;
  }

  clear(): void {
    this.current = NO_FAULTS;
  }

  /** Consumes one forced 429, if any is pending. */
  takeForced429(): boolean {
    const { force429 } = this.current;
    if (force429 === 0) return false;
    if (force429 > 0) this.current = { ...this.current, force429: force429 - 1 };
    return true;
  }

  injectError(): boolean {
    return this.current.errorRate > 0 && this.random() < this.current.errorRate;
  }

  dropAfterCommit(operation: OperationId): boolean {
    const { commitThenDrop, commitThenDropOperations } = this.current;
    return commitThenDrop > 0 && commitThenDropOperations.includes(operation) && this.random() < commitThenDrop;
  }
}
