/**
 * The active connection as the header shows it: the profile, whether the service can be reached
 * and why, and how much work waits in the outbox. Read at start and again whenever the station
 * says the connection changed; kept current from its events in between. Also whether this page
 * lost the station itself (the web host restarted or stopped), which ends what the page can do.
 */
import type { ConnectionInfo, StationLostEvent } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import type { StationClient } from '../lib/station';

export class ConnectionState {
  #info = $state<ConnectionInfo | undefined>();
  #problem = $state<string | undefined>();
  #lost = $state<StationLostEvent['reason'] | undefined>();
  /** `connectivity` events seen: a read asked before one must not undo what it said. */
  #connectivityEvents = 0;
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

  /** Set when this page can no longer reach the station it was opened from, and why. */
  get lost(): StationLostEvent['reason'] | undefined {
    return this.#lost;
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
    // A plain count, not state: read before the call, it ties no effect to the connection.
    const seen = this.#connectivityEvents;
    const result = await this.station.call('getConnection', {});
    if (result.ok) {
      // The station decided online or offline while this read was on its way (a profile switch
      // probes at once): that decision is newer than the read, so it stands.
      const current = this.#info;
      const decided = this.#connectivityEvents !== seen && current !== undefined;
      this.#info = decided ? { ...result.value, online: current.online, reason: current.reason } : result.value;
      this.#problem = undefined;
    } else {
      this.#problem = result.error.message;
    }
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    const stops = [
      this.station.on('connectivity', (event) => {
        this.#connectivityEvents += 1;
        if (this.#info !== undefined) this.#info = { ...this.#info, online: event.online, reason: event.reason };
      }),
      this.station.on('stationLost', (event) => {
        // Stopped, then answering with a new token: restarted is the last word.
        if (this.#lost !== 'restarted') this.#lost = event.reason;
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
