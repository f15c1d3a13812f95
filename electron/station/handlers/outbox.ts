/**
 * The outbox as a person sees it: what is waiting, what the service refused and why, and the
 * three things they can do about a stuck item: send it again, correct and resubmit it, or give
 * it up. Items still pending or unsure are retried by the worker on its own.
 */
import type { StationHandlers } from '../../api';
import type { ShipmentCreate } from '../../service/contract';
import { discard, get, list, resubmit, type OutboxItem } from '../../store/outbox';
import { StationError } from '../dispatch';
import type { StationContext } from '../station';

type OutboxMethods = 'listOutbox' | 'retryOutboxItem' | 'resubmitOutboxItem' | 'discardOutboxItem';

export function outboxHandlers(station: StationContext): Pick<StationHandlers, OutboxMethods> {
  const db = () => station.connection().store.db;

  function item(id: number): OutboxItem {
    const found = get(db(), id);
    if (found === undefined) throw new StationError('notFound', `there is no outbox item ${String(id)}`, [{ field: 'id', message: 'id names no outbox item' }]);
    return found;
  }

  function resend(id: number, payload: unknown): OutboxItem {
    resubmit(db(), id, payload, station.timers.now());
    station.connection().sync.queued();
    return item(id);
  }

  return {
    listOutbox: ({ states, limit }) => list(db(), { ...(states === undefined ? {} : { states }), limit }),
    retryOutboxItem: ({ id }) => {
      const found = item(id);
      if (found.state !== 'failed' && found.state !== 'needs_review') {
        throw new StationError('conflict', `outbox item ${String(id)} is ${found.state}: only a refused item or one that needs review is sent again by hand`);
      }
      return resend(id, found.payload);
    },
    resubmitOutboxItem: ({ id, shipment }) => {
      const found = item(id);
      if (found.kind !== 'createShipment') {
        throw new StationError('conflict', `outbox item ${String(id)} is a ${found.kind}, not a shipment to correct`, [{ field: 'id', message: 'id is not a shipment create' }]);
      }
      // The reference is the station's, whatever the edited copy says: it is how a lost answer is found again.
      const corrected: ShipmentCreate = { ...shipment, references: { ...shipment.references, stationRef: found.stationRef } };
      return resend(id, corrected);
    },
    discardOutboxItem: ({ id }) => {
      item(id);
      discard(db(), id, station.timers.now());
      return item(id);
    },
  };
}
