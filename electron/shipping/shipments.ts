/**
 * Shipments after shipping: find them (in the station's own store, or on the service), look at
 * one with its labels and print history, and change them. Changes (cancel, update, block,
 * unblock, archive) go through the outbox like the create, in order behind it, so they work
 * offline and survive a restart.
 */
import type { CachedShipment, ParsedInput, QueuedChange, SearchResult, ShipmentChangeKind, ShipmentDetail, ShipmentSummary, StationResults } from '../api';
import { StationError } from '../api';
import type { ServiceClient } from '../service/client/client';
import type { Store } from '../store';

/** What the shipments' use cases need of the working set. */
export interface ShipmentsParts {
  readonly store: Store;
  now(): number;
  queued(): void;
  /** The service client, or a StationError saying why this connection cannot reach the service. */
  service(): Pick<ServiceClient, 'searchShipments'>;
}

/** A shipment the station knows, or a StationError naming the input field that named it. */
export function knownShipment(parts: Pick<ShipmentsParts, 'store'>, stationRef: string, field = 'stationRef'): CachedShipment {
  const found = parts.store.read.shipment(stationRef);
  if (found === undefined) throw new StationError('notFound', `there is no shipment ${stationRef} at this station`, [{ field, message: `${field} names no shipment` }]);
  return found;
}

/** Queues one change; `id` is left out while the create is still queued, and filled in when it is sent. */
function queueChange(parts: ShipmentsParts, stationRef: string, kind: ShipmentChangeKind, fields: Record<string, unknown>, field?: string): QueuedChange {
  const found = knownShipment(parts, stationRef, field);
  const payload = found.serviceId === null ? fields : { ...fields, id: found.serviceId };
  const queued = parts.store.atomically((write) => {
    const item = write.queueShipmentChange({ stationRef, kind, payload, now: parts.now() });
    return { stationRef, outboxId: item.id, status: write.shipment(stationRef)?.status ?? found.status };
  });
  parts.queued();
  return queued;
}

export function shipmentsOfOrder(parts: ShipmentsParts, { orderNumber }: ParsedInput<'findShipmentsByOrder'>): ShipmentSummary[] {
  return parts.store.read.shipmentsOfOrder(orderNumber);
}

export function searchLocal(parts: ShipmentsParts, { text, limit, offset, filters, sort }: ParsedInput<'searchLocalShipments'>): SearchResult {
  return parts.store.read.searchShipments(text, { limit, offset, sort, ...(filters === undefined ? {} : { filters }) });
}

export async function searchRemote(parts: ShipmentsParts, { request }: ParsedInput<'searchRemoteShipments'>): Promise<StationResults['searchRemoteShipments']> {
  const answer = await parts.service().searchShipments(request);
  const now = parts.now();
  // What the service found is cached, so it can be opened, reprinted and changed here.
  parts.store.atomically((write) => {
    for (const record of answer.shipments) write.upsertFromSearch(record, now);
  });
  return answer;
}

export function shipmentDetail(parts: ShipmentsParts, { stationRef }: ParsedInput<'getShipment'>): ShipmentDetail {
  const { read } = parts.store;
  return {
    shipment: knownShipment(parts, stationRef),
    documents: read.listDocuments(stationRef),
    printJobs: read.listPrintJobs({ stationRef }),
    outbox: read.outboxOfShipment(stationRef),
    overrides: read.overridesOf(stationRef),
  };
}

export function cancelShipments(parts: ShipmentsParts, { stationRefs, reason }: ParsedInput<'cancelShipments'>): QueuedChange[] {
  // All are checked before any is queued: one unknown reference must not leave half a batch queued.
  stationRefs.forEach((ref, index) => knownShipment(parts, ref, `stationRefs[${index}]`));
  const fields = reason === undefined ? {} : { cancelReason: reason };
  return stationRefs.map((ref, index) => queueChange(parts, ref, 'cancelShipment', fields, `stationRefs[${index}]`));
}

export function updateShipment(parts: ShipmentsParts, { stationRef, changes }: ParsedInput<'updateShipment'>): QueuedChange {
  return queueChange(parts, stationRef, 'updateShipment', changes);
}

export function blockShipment(parts: ShipmentsParts, { stationRef, reason }: ParsedInput<'blockShipment'>): QueuedChange {
  return queueChange(parts, stationRef, 'blockShipment', reason === undefined ? {} : { reason });
}

export function unblockShipment(parts: ShipmentsParts, { stationRef, reason }: ParsedInput<'unblockShipment'>): QueuedChange {
  return queueChange(parts, stationRef, 'unblockShipment', reason === undefined ? {} : { reason });
}

export function archiveShipment(parts: ShipmentsParts, { stationRef }: ParsedInput<'archiveShipment'>): QueuedChange {
  return queueChange(parts, stationRef, 'archiveShipment', {});
}
