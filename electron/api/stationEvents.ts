/**
 * What the station tells the UI without being asked: online state, outbox progress, print job
 * state, sync progress, tracking that changed, a batch's progress, and that the active connection changed. The sync and printing code
 * emit these types; transports carry them as they are.
 */
import type { BatchProgressEvent } from './batches';
import type { OrderFilePhase } from './orders';
import type { OutboxKind, OutboxState } from './outbox';
import type { PrintEvent, PrinterStateEvent } from './printing';
import type { TrackingStatus } from './tracking';
import type { OrderClaim, RequestBudgetMode, WarehouseStatus } from './warehouse';

export const SYNC_PHASES = ['locations', 'shipments', 'tracking'] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

export type SyncEvent =
  | { readonly type: 'connectivity'; readonly online: boolean; readonly reason: string }
  | { readonly type: 'outboxItem'; readonly id: number; readonly stationRef: string; readonly kind: OutboxKind; readonly state: OutboxState; readonly message?: string }
  | { readonly type: 'outboxIdle'; readonly counts: Readonly<Record<OutboxState, number>> }
  /**
   * While the worker drains: items settled since the drain began (`done`, whatever their end) of
   * `total` (those and the ones still waiting), the pace over the last minute, and the time left
   * at that pace (absent until there is a pace).
   */
  | { readonly type: 'outboxProgress'; readonly done: number; readonly total: number; readonly perMinute: number; readonly etaMs?: number }
  /** Labels of a created shipment are in the store and handed to printing (once). */
  | { readonly type: 'labelsReady'; readonly stationRef: string; readonly printJobIds: readonly number[] }
  /** The service created the shipment but its label could not be had again. */
  | { readonly type: 'labelUnavailable'; readonly stationRef: string; readonly message: string }
  /** Sending is paused until a person fixes the connection (credentials refused). */
  | { readonly type: 'blocked'; readonly message: string }
  | { readonly type: 'syncProgress'; readonly phase: SyncPhase; readonly done: number; readonly total?: number }
  | { readonly type: 'syncFailed'; readonly phase: SyncPhase; readonly message: string }
  /**
   * What the store holds of a shipment's tracking changed (a new event, or a new status), from a
   * refresh or a `trackShipments` call; never sent when a refresh brought nothing new.
   * `events` is how many tracking events are now known.
   */
  | { readonly type: 'trackingChanged'; readonly stationRef: string; readonly status: TrackingStatus; readonly delivered: boolean; readonly events: number };

/**
 * Said by the web host's bridge in the page, never by the station: this page's access to the
 * station ended. `restarted`: the station answers again but no longer knows the page's access
 * token (a restarted web host makes a new one). `stopped`: nothing answers where the station was.
 * Either way the page can do nothing more until it is opened again at the address the station printed.
 */
export interface StationLostEvent {
  readonly type: 'stationLost';
  readonly reason: 'restarted' | 'stopped';
}

export type StationEvent =
  | SyncEvent
  | StationLostEvent
  | PrintEvent
  | PrinterStateEvent
  /** A batch's shipments settled (or one was resubmitted or discarded): its counts now. */
  | BatchProgressEvent
  /**
   * How far a preview or an import of an order file has come: `reading` counts bytes, `checking`
   * and `storing` orders, `done` of `total`. Sent a few times a second at most.
   */
  | { readonly type: 'orderFileProgress'; readonly fileId: string; readonly phase: OrderFilePhase; readonly done: number; readonly total: number }
  /** Another profile became active, or the active one changed: reload what depends on it. */
  | { readonly type: 'connectionChanged'; readonly profileId: string }
  /** The desk's link to the warehouse database changed state (connected, unreachable and why…): the header shows it. */
  | { readonly type: 'warehouseState'; readonly status: WarehouseStatus }
  /** The service client's request budget changed mode (shared with the warehouse's desks, a local share…): the header says it. */
  | { readonly type: 'requestBudget'; readonly mode: RequestBudgetMode }
  /** The warehouse's open conflicts changed (one found, one settled, or the link came back): how many now. */
  | { readonly type: 'warehouseConflicts'; readonly open: number }

  /**
   * Orders in the desk's store changed because the warehouse said so (another desk imported,
   * cancelled, claimed, shipped or released them): lists of orders read again.
   */
  | { readonly type: 'ordersChanged'; readonly orderNumbers: readonly string[] }
  /**
   * The order this desk held (the one on its Ship screen) was taken over by another desk while
   * this desk could not renew its claim: the claim as it now stands, in words; Ship buys nothing for it.
   */
  | { readonly type: 'claimLost'; readonly claim: OrderClaim }
  /** The desk's journal for the warehouse changed: entries waiting to be sent, and how many of them the warehouse refused. */
  | { readonly type: 'warehouseJournal'; readonly waiting: number; readonly refused: number };

export type StationEventType = StationEvent['type'];
