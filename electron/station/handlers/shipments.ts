/**
 * Shipments after shipping: find them (in the station's own store, or on the service), look at
 * one with its labels and print history, and change them. Changes (cancel, update, block,
 * unblock, archive) go through the outbox like the create, in order behind it, so they work
 * offline and survive a restart; tracking asks the service directly.
 */
import type { QueuedChange, StationHandlers } from '../../api';
import { listDocuments } from '../../store/documents';
import type { ShipmentChangeKind } from '../../api';
import { listForShipment, queueShipmentChange } from '../../store/outbox';
import { listPrintJobs } from '../../store/printJobs';
import { searchShipments } from '../../store/search';
import { findByOrderNumber, getByStationRef, upsertFromSearch } from '../../store/shipments';
import { recordTrackingAnswer } from '../../store/tracking';
import type { CachedShipment } from '../../api';
import { StationError } from '../dispatch';
import { overridesOf } from '../../store/overrides';
import type { StationContext } from '../context';

type ShipmentMethods =
  | 'findShipmentsByOrder'
  | 'searchLocalShipments'
  | 'searchRemoteShipments'
  | 'getShipment'
  | 'cancelShipments'
  | 'updateShipment'
  | 'blockShipment'
  | 'unblockShipment'
  | 'archiveShipment'
  | 'trackShipments';

export function shipmentHandlers(station: StationContext): Pick<StationHandlers, ShipmentMethods> {
  const db = () => station.connection().store.db;

  function shipment(stationRef: string, field = 'stationRef'): CachedShipment {
    const found = getByStationRef(db(), stationRef);
    if (found === undefined) throw new StationError('notFound', `there is no shipment ${stationRef} at this station`, [{ field, message: `${field} names no shipment` }]);
    return found;
  }

  /** Queues one change; `id` is left out while the create is still queued, and filled in when it is sent. */
  function queue(stationRef: string, kind: ShipmentChangeKind, fields: Record<string, unknown>, field?: string): QueuedChange {
    const found = shipment(stationRef, field);
    const payload = found.serviceId === null ? fields : { ...fields, id: found.serviceId };
    return station.connection().queue((db) => {
      const item = queueShipmentChange(db, { stationRef, kind, payload, now: station.timers.now() });
      return { stationRef, outboxId: item.id, status: getByStationRef(db, stationRef)?.status ?? found.status };
    });
  }

  return {
    findShipmentsByOrder: ({ orderNumber }) => findByOrderNumber(db(), orderNumber),
    searchLocalShipments: ({ text, limit, offset, filters, sort }) => searchShipments(db(), text, { limit, offset, sort, ...(filters === undefined ? {} : { filters }) }),
    searchRemoteShipments: async ({ request }) => {
      const answer = await station.connection().service().searchShipments(request);
      const now = station.timers.now();
      // What the service found is cached, so it can be opened, reprinted and changed here.
      for (const record of answer.shipments) upsertFromSearch(db(), record, now);
      return answer;
    },
    getShipment: ({ stationRef }) => ({
      shipment: shipment(stationRef),
      documents: listDocuments(db(), stationRef),
      printJobs: listPrintJobs(db(), { stationRef }),
      outbox: listForShipment(db(), stationRef),
      overrides: overridesOf(db(), stationRef),
    }),
    cancelShipments: ({ stationRefs, reason }) => {
      // All are checked before any is queued: one unknown reference must not leave half a batch queued.
      stationRefs.forEach((ref, index) => shipment(ref, `stationRefs[${index}]`));
      const fields = reason === undefined ? {} : { cancelReason: reason };
      return stationRefs.map((ref, index) => queue(ref, 'cancelShipment', fields, `stationRefs[${index}]`));
    },
    updateShipment: ({ stationRef, changes }) => queue(stationRef, 'updateShipment', changes),
    blockShipment: ({ stationRef, reason }) => queue(stationRef, 'blockShipment', reason === undefined ? {} : { reason }),
    unblockShipment: ({ stationRef, reason }) => queue(stationRef, 'unblockShipment', reason === undefined ? {} : { reason }),
    archiveShipment: ({ stationRef }) => queue(stationRef, 'archiveShipment', {}),
    trackShipments: async ({ stationRefs }) => {
      const ids = stationRefs.map((ref, index) => {
        const found = shipment(ref, `stationRefs[${index}]`);
        if (found.serviceId === null) {
          throw new StationError('conflict', `shipment ${ref} is not on the service yet (it is ${found.status}): there is nothing to track`, [
            { field: `stationRefs[${index}]`, message: `stationRefs[${index}] is not created yet` },
          ]);
        }
        return found.serviceId;
      });
      const answer = await station.connection().service().trackShipments({ shipments: ids.map((id) => ({ id })) });
      const { changes } = recordTrackingAnswer(db(), ids, answer.shipments, station.timers.now());
      for (const change of changes) station.emit({ type: 'trackingChanged', ...change });
      // Label contents come only when asked for; never pass them to the UI here.
      return answer.shipments.map(({ documents: _documents, ...record }) => record);
    },
  };
}
