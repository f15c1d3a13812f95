/** Keeps every change a desk receives, and waits for one that matches (no sleeps). */
import type { ReceivedChange, Warehouse } from '../../../electron/warehouse';

export class ChangeRecorder {
  readonly changes: (ReceivedChange & { receivedAt: number })[] = [];
  private waiters: { match: (c: ReceivedChange) => boolean; resolve: (c: ReceivedChange) => void }[] = [];
  private readonly off: () => void;

  constructor(warehouse: Warehouse) {
    this.off = warehouse.onChange((change) => {
      this.changes.push({ ...change, receivedAt: Date.now() });
      for (const waiter of [...this.waiters]) {
        if (waiter.match(change)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(change);
        }
      }
    });
  }

  /** The first change (already received or still to come) that matches. */
  waitFor<T extends ReceivedChange>(match: (c: ReceivedChange) => c is T, what: string, timeoutMs?: number): Promise<T>;
  waitFor(match: (c: ReceivedChange) => boolean, what: string, timeoutMs?: number): Promise<ReceivedChange>;
  waitFor(match: (c: ReceivedChange) => boolean, what: string, timeoutMs = 30_000): Promise<ReceivedChange> {
    const seen = this.changes.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms; received: ${JSON.stringify(this.changes.map((c) => c.kind))}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (c) => {
          clearTimeout(timer);
          resolve(c);
        },
      });
    });
  }

  clear(): void {
    this.changes.length = 0;
  }

  stop(): void {
    this.off();
  }
}
