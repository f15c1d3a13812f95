/**
 * The Today screen's state: the day at a glance as the station counts it (one `getToday`, every
 * figure from SQL), read again shortly after anything that changes it happens: a shipment sent
 * or refused, labels stored, tracking that changed, a print that failed, another connection.
 */
import type { DayAtAGlance, StationEvent } from '../../../electron/api';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';

/** Events after which the figures may have moved. */
function moves(event: StationEvent): boolean {
  return (
    (event.type === 'outboxItem' && (event.state === 'done' || event.state === 'failed' || event.state === 'needs_review' || event.state === 'discarded')) ||
    event.type === 'labelsReady' ||
    event.type === 'trackingChanged' ||
    (event.type === 'printJob' && event.state === 'failed') ||
    event.type === 'outboxIdle' ||
    event.type === 'connectionChanged'
  );
}

export class TodayState {
  #day = $state.raw<DayAtAGlance | undefined>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly station: StationClient) {}

  get day(): DayAtAGlance | undefined {
    return this.#day;
  }

  async load(): Promise<void> {
    try {
      this.#day = await this.station.value('getToday', {});
    } catch (error) {
      handleError(error);
    }
  }

  follow(): () => void {
    const stop = this.station.onAny((event) => {
      if (!moves(event)) return;
      // A drain moves many items: the figures are read once it calms down.
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => void this.load(), 300);
    });
    return () => {
      clearTimeout(this.#timer);
      stop();
    };
  }
}
