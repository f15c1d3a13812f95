/**
 * What the station tells the UI without being asked: online state, outbox progress, print job
 * state, sync progress, and that the active connection changed.
 */
import type { PrintEvent } from '../printing/printService';
import type { SyncEvent } from '../sync/events';

export type StationEvent =
  | SyncEvent
  | PrintEvent
  /** Another profile became active, or the active one changed: reload what depends on it. */
  | { readonly type: 'connectionChanged'; readonly profileId: string };

export type StationEventType = StationEvent['type'];
