/** The station API: the one contract between the UI and the station, whatever carries it. */
export * from './methods';
export * from './result';
export * from './profiles';
export type { StationEvent, StationEventType } from './stationEvents';
