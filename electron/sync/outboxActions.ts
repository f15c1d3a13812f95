/**
 * The outbox as a person sees it: what is waiting, what the service refused and why, and the
 * three things they can do about a stuck item: send it again, correct and resubmit it, or give
 * it up. Items still pending or unsure are retried by the worker on its own.
 */
import type { OutboxItem, ParsedInput, StationResults } from '../api';
import { StationError } from '../api';
import type { ShipmentCreate } from '../service/contract';
import type { Store, StoreWrites } from '../store';
import { RECONCILED_KINDS } from './outboxPolicy';

/** What the actions need of the connection: its store and clock, the worker's ear, and a batch's. */
export interface OutboxParts {
  readonly store: Store;
  now(): number;
  /** Something was queued: the outbox worker sends it at once if the service can be reached. */
  queued(): void;
  /** A shipment's create was sent again or given up: its batch, if it has one, counts it. */
  itemChanged(stationRef: string): void;
}

function itemOf(parts: OutboxParts, id: number): OutboxItem {
  const found = parts.store.read.outboxItem(id);
  if (found === undefined) throw new StationError('notFound', `there is no outbox item ${String(id)}`, [{ field: 'id', message: 'id names no outbox item' }]);
  return found;
}

/** Queues the item again (`write` in one transaction), wakes the worker; its batch counts it as waiting again. */
function sendAgain(parts: OutboxParts, id: number, write: (write: StoreWrites, now: number) => void): OutboxItem {
  const now = parts.now();
  parts.store.atomically((w) => write(w, now));
  parts.queued();
  const again = itemOf(parts, id);
  parts.itemChanged(again.stationRef);
  return again;
}

export function listOutbox(parts: OutboxParts, { states, limit }: ParsedInput<'listOutbox'>): StationResults['listOutbox'] {
  return parts.store.read.listOutbox({ ...(states === undefined ? {} : { states }), limit });
}

export function retryOutboxItem(parts: OutboxParts, { id }: ParsedInput<'retryOutboxItem'>): OutboxItem {
  const found = itemOf(parts, id);
  if (found.state !== 'failed' && found.state !== 'needs_review') {
    throw new StationError('conflict', `outbox item ${String(id)} is ${found.state}: only a refused item or one that needs review is sent again by hand`);
  }
  // Unsure whether the service has it: it is looked up again before anything is sent.
  if (found.state === 'needs_review' && RECONCILED_KINDS.includes(found.kind)) return sendAgain(parts, id, (write, now) => write.recheckOutboxItem(id, now));
  return sendAgain(parts, id, (write, now) => write.resubmitOutboxItem(id, found.payload, now));
}

export function resubmitOutboxItem(parts: OutboxParts, { id, shipment }: ParsedInput<'resubmitOutboxItem'>): OutboxItem {
  const found = itemOf(parts, id);
  if (found.kind !== 'createShipment') {
    throw new StationError('conflict', `outbox item ${String(id)} is a ${found.kind}, not a shipment to correct`, [{ field: 'id', message: 'id is not a shipment create' }]);
  }
  // The reference is the station's, whatever the edited copy says: it is how a lost answer is found again.
  const corrected: ShipmentCreate = { ...shipment, references: { ...shipment.references, stationRef: found.stationRef } };
  return sendAgain(parts, id, (write, now) => {
    write.resubmitOutboxItem(id, corrected, now);
    // A corrected shipment may name another order (or none): the orders follow it.
    write.followShipment(found.stationRef, corrected.references?.orderNumber, now);
  });
}

export function discardOutboxItem(parts: OutboxParts, { id }: ParsedInput<'discardOutboxItem'>): OutboxItem {
  const found = itemOf(parts, id);
  const now = parts.now();
  parts.store.atomically((write) => {
    write.discardOutboxItem(id, now);
    // No label was bought by a discarded create: the order it was shipping is open again.
    if (found.kind === 'createShipment') write.reopenOrderShippedBy(found.stationRef, now);
  });
  // A discarded create is settled for its batch, which may now print.
  if (found.kind === 'createShipment') parts.itemChanged(found.stationRef);
  return itemOf(parts, id);
}
