/** What the sync layer tells the rest of the station: the station API's sync events. */
import type { SyncEvent } from '../api/stationEvents';

export type { SyncEvent } from '../api/stationEvents';
export type SyncListener = (event: SyncEvent) => void;
