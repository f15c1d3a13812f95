/**
 * The one way a new shipment enters the outbox, for the Ship key and for a batch alike: a station
 * reference made for this desk, the shipment in the history with its create in the outbox, and
 * the open order of its number (if any) shipped by it, in the caller's transaction. The outbox
 * worker sends it; nothing here talks to the service, so it works offline.
 */
import type { OutboxItem } from '../api';
import type { ShipmentCreate } from '../service/contract';
import { newStationRef, type StoreWrites } from '../store';

export interface NewShipment {
  /** The desk's name, part of the station reference (settings: deskId); read once by a caller that queues many. */
  readonly deskId: string;
  readonly shipment: ShipmentCreate;
  readonly now: number;
  /** The reference the warehouse's purchase guard recorded for it; a new one when there was no guard. */
  readonly stationRef?: string;
}

export function queueNewShipment(write: StoreWrites, { deskId, shipment, now, stationRef = newStationRef(deskId, now) }: NewShipment): { readonly stationRef: string; readonly item: OutboxItem } {
  const item = write.queueShipment({ stationRef, input: shipment, now });
  // An imported open order of this number is shipped by it, in the same transaction.
  write.followShipment(stationRef, shipment.references?.orderNumber, now);
  return { stationRef, item };
}
