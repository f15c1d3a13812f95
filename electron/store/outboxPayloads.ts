/**
 * What each kind of outbox item carries, checked when it is written and again when it is
 * loaded to be sent. Shipment actions may leave `id` out while the create ahead of them is
 * still in the outbox: the sender then uses the service id the create filled in for the
 * item's station reference.
 */
import * as z from 'zod';
import { BlockRequest, LocationCreate, LocationUpdate, ShipmentCreate, UpdateShipmentItem } from '../service/contract';

const ServiceId = z.string().trim().min(1, 'must not be empty');

export const OUTBOX_PAYLOADS = {
  createShipment: ShipmentCreate,
  cancelShipment: z.looseObject({ id: ServiceId.optional(), cancelReason: z.string().optional() }),
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

function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field === '' ? issue.message : `${field}: ${issue.message}`;
  });
}

/** Problems with a payload for `kind` about `stationRef` (empty when it can be sent). */
export function payloadProblems(kind: OutboxKind, stationRef: string, payload: unknown): string[] {
  const parsed = OUTBOX_PAYLOADS[kind].safeParse(payload);
  if (!parsed.success) return issueLines(parsed.error);
  if (kind === 'createShipment') {
    // The duplicate check after a lost answer searches by this reference: it must be there.
    const sent = (parsed.data as ShipmentCreate).references?.stationRef;
    if (sent !== stationRef) return [`references.stationRef must be ${stationRef}, not ${sent === undefined ? 'missing' : sent}`];
  }
  return [];
}
