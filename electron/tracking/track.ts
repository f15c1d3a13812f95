/**
 * Where shipments are, asked of the service when a person asks: each answer is kept with its
 * shipment and a shipment whose tracking changed is told (`trackingChanged`), once, whichever
 * asks first: this, or the sync engine's periodic refresh of shipments not yet delivered
 * (sync/pull.ts), since the store compares and records in one transaction.
 */
import type { ParsedInput, StationEvent, StationResults } from '../api';
import { StationError } from '../api';
import type { ServiceClient } from '../service/client/client';
import type { Store } from '../store';

export interface TrackingParts {
  readonly store: Store;
  now(): number;
  service(): Pick<ServiceClient, 'trackShipments'>;
  emit(event: StationEvent): void;
}

export async function trackShipments(parts: TrackingParts, { stationRefs }: ParsedInput<'trackShipments'>): Promise<StationResults['trackShipments']> {
  const { read } = parts.store;
  const ids = stationRefs.map((ref, index) => {
    const field = `stationRefs[${index}]`;
    const found = read.shipment(ref);
    if (found === undefined) throw new StationError('notFound', `there is no shipment ${ref} at this station`, [{ field, message: `${field} names no shipment` }]);
    if (found.serviceId === null) {
      throw new StationError('conflict', `shipment ${ref} is not on the service yet (it is ${found.status}): there is nothing to track`, [{ field, message: `${field} is not created yet` }]);
    }
    return found.serviceId;
  });
  const answer = await parts.service().trackShipments({ shipments: ids.map((id) => ({ id })) });
  const { changes } = parts.store.atomically((write) => write.recordTrackingAnswer(ids, answer.shipments, parts.now()));
  for (const change of changes) parts.emit({ type: 'trackingChanged', ...change });
  // Label contents come only when asked for; never pass them to the UI here.
  return answer.shipments.map(({ documents: _documents, ...record }) => record);
}
