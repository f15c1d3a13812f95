/** What the sync layer tells the rest of the station (and, through the station API, the UI). */
import type { OutboxState } from '../store/outbox';

export type SyncEvent =
  | { readonly type: 'connectivity'; readonly online: boolean; readonly reason: string }
  | { readonly type: 'outboxItem'; readonly id: number; readonly stationRef: string; readonly kind: string; readonly state: OutboxState; readonly message?: string }
  | { readonly type: 'outboxIdle'; readonly counts: Readonly<Record<OutboxState, number>> }
  /** Labels of a created shipment are in the store and handed to printing (once). */
  | { readonly type: 'labelsReady'; readonly stationRef: string; readonly printJobIds: readonly number[] }
  /** The service created the shipment but its label could not be had again. */
  | { readonly type: 'labelUnavailable'; readonly stationRef: string; readonly message: string }
  /** Sending is paused until a person fixes the connection (credentials refused). */
  | { readonly type: 'blocked'; readonly message: string }
  | { readonly type: 'syncProgress'; readonly phase: 'locations' | 'shipments' | 'tracking'; readonly done: number; readonly total?: number }
  | { readonly type: 'syncFailed'; readonly phase: 'locations' | 'shipments' | 'tracking'; readonly message: string };

export type SyncListener = (event: SyncEvent) => void;
