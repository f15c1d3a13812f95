/**
 * The active connection as the header shows it: the profile, whether the service can be reached
 * and why, and how much work waits in the outbox. Read at start and again whenever the station
 * says the connection changed; kept current from its events in between.
 */
import type { ConnectionInfo } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import type { StationClient } from '../lib/station';

export class ConnectionState {
  #info = $state<ConnectionInfo | undefined>();
  #problem = $state<string | undefined>();
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get info(): ConnectionInfo | undefined {
    return this.#info;
  }

  /** Why the station's connection could not even be read (the station is gone, the token is wrong). */
  get problem(): string | undefined {
    return this.#problem;
  }

  get online(): boolean {
    return this.#info?.online === true;
  }

  /** Work still to reach the service: waiting, being sent, or being checked after a lost answer. */
  get waiting(): number {
    const counts = this.#info?.outbox;
    return counts === undefined ? 0 : counts.pending + counts.sending + counts.unknown;
  }

  /** Work a person must look at: refused, or held after checks could not decide. */
  get needsAttention(): number {
    const counts = this.#info?.outbox;
    return counts === undefined ? 0 : counts.failed + counts.needs_review;
  }

  async load(): Promise<void> {
    const result = await this.station.call('getConnection', {});
    if (result.ok) {
      this.#info = result.value;
      this.#problem = undefined;
    } else {
      this.#problem = result.error.message;
    }
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    const stops = [
      this.station.on('connectivity', (event) => {
        if (this.#info !== undefined) this.#info = { ...this.#info, online: event.online, reason: event.reason };
      }),
      this.station.on('outboxIdle', (event) => {
        if (this.#info !== undefined) this.#info = { ...this.#info, outbox: event.counts };
      }),
      // Each item's move changes the counts; the connection is read again rather than guessed at.
      this.station.on('outboxItem', () => void this.#reload()),
      this.station.on('connectionChanged', () => void this.#reload()),
    ];
    return () => stops.forEach((stop) => stop());
  }
}
