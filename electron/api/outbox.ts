/**
 * The outbox as the station API shows it: every write to the service waits here until the
 * service has it. The names of its states and kinds, what each kind carries, and an item as the
 * UI sees it. The store keeps the rows (electron/store/outbox.ts) and imports these from here.
 */
import * as z from 'zod';
import { BlockRequest, LocationCreate, LocationUpdate, ShipmentCreate, TEXT_LIMITS, UpdateShipmentItem, text } from '../service/contract';

/** docs/store.md has the table of moves between them. */
export const OUTBOX_STATES = ['pending', 'sending', 'done', 'failed', 'unknown', 'needs_review', 'discarded'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const ServiceId = text(100).trim().min(1, 'must not be empty');

/**
 * What each kind of item carries, checked when it is written and when it is loaded. Shipment
 * changes may leave `id` out while the create ahead of them is still queued: the sender then
 * uses the service id the create filled in for the item's station reference.
 */
export const OUTBOX_PAYLOADS = {
  createShipment: ShipmentCreate,
  cancelShipment: z.looseObject({ id: ServiceId.optional(), cancelReason: text(TEXT_LIMITS.text).optional() }),
  updateShipment: UpdateShipmentItem.extend({ id: ServiceId.optional() }),
  blockShipment: BlockRequest.extend({ id: ServiceId.optional() }),
  unblockShipment: BlockRequest.extend({ id: ServiceId.optional() }),
  archiveShipment: z.looseObject({ id: ServiceId.optional() }),
  createLocation: LocationCreate,
  updateLocation: z.looseObject({ id: ServiceId, changes: LocationUpdate }),
  deleteLocation: z.looseObject({ id: ServiceId }),
} as const;

export type OutboxKind = keyof typeof OUTBOX_PAYLOADS;
export const OUTBOX_KINDS = Object.keys(OUTBOX_PAYLOADS) as OutboxKind[];
export type OutboxPayload<K extends OutboxKind> = z.output<(typeof OUTBOX_PAYLOADS)[K]>;

/** Writes that change a shipment the station already has. */
export const SHIPMENT_CHANGE_KINDS = ['cancelShipment', 'updateShipment', 'blockShipment', 'unblockShipment', 'archiveShipment'] as const satisfies readonly OutboxKind[];
export type ShipmentChangeKind = (typeof SHIPMENT_CHANGE_KINDS)[number];

/** Why an item is where it is: the client's error kind, the service's message and its items. */
export interface OutboxError {
  readonly kind: string;
  readonly message: string;
  readonly items?: readonly { readonly code: string; readonly message: string; readonly field?: string }[];
}

interface OutboxItemFields {
  readonly id: number;
  readonly stationRef: string;
  readonly state: OutboxState;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly lastError: OutboxError | null;
  readonly result: unknown;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A kind with the payload that kind carries: switching on `kind` types `payload`. */
export type OutboxEntry = { [K in OutboxKind]: { readonly kind: K; readonly payload: OutboxPayload<K> } }[OutboxKind];

/** An item whose payload reads as its kind's: what the worker sends. */
export type OutboxWork = OutboxItemFields & OutboxEntry;

/**
 * An item as a person sees it. `payload` is what is stored; `damage` says why it can no longer
 * be sent when a stored payload does not read (the item is then held for a person).
 */
export type OutboxItem = OutboxItemFields & { readonly kind: OutboxKind; readonly payload: unknown; readonly damage?: string };
