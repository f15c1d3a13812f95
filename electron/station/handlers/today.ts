/** The day at a glance: the active connection's figures, at the station's own time. */
import type { StationHandlers } from '../../api';
import type { StationContext } from '../context';

/** The computer's own time zone (UTC where the runtime cannot tell). */
function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function todayHandlers(station: StationContext): Pick<StationHandlers, 'getToday'> {
  return {
    // The time is the station's, never the caller's: the desk cannot be shown another day.
    getToday: ({ timeZone }) => station.connection().store.read.dayAtAGlance({ now: station.timers.now(), timeZone: timeZone ?? machineTimeZone() }),
  };
}
