/**
 * The outbox as a person sees it: what is waiting, what the service refused and why, and the
 * three things they can do about a stuck item: send it again, correct and resubmit it, or give
 * it up. Items still pending or unsure are retried by the worker on its own.
 */
import type { OutboxItem, StationHandlers } from '../../api';
import type { ShipmentCreate } from '../../service/contract';
import { followShipment, reopenOrderShippedBy } from '../../store/orders';
import { discard, get, list, recheck, resubmit } from '../../store/outbox';
import { atomically, type Db } from '../../store/statements';
import { RECONCILED_KINDS } from '../../sync/outboxPolicy';
import { StationError } from '../../api';
import type { StationContext } from '../context';

type OutboxMethods = 'listOutbox' | 'retryOutboxItem' | 'resubmitOutboxItem' | 'discardOutboxItem';

export function outboxHandlers(station: StationContext): Pick<StationHandlers, OutboxMethods> {
  const db = () => station.connection().store.db;

  function item(id: number): OutboxItem {
    const found = get(db(), id);
    if (found === undefined) throw new StationError('notFound', `there is no outbox item ${String(id)}`, [{ field: 'id', message: 'id names no outbox item' }]);
    return found;
  }

  /** Queues the item again with `payload`; `alongside` writes in the same transaction. */
  function resend(id: number, payload: unknown, alongside?: (store: Db, now: number) => void): OutboxItem {
    const now = station.timers.now();
    station.connection().queue((store) =>
      atomically(store, () => {
        resubmit(store, id, payload, now);
        alongside?.(store, now);
      }),
    );
    return sentAgain(id);
  }

  /** The item as it is now; its batch, if it has one, counts it as waiting again. */
  function sentAgain(id: number): OutboxItem {
    const again = item(id);
    station.connection().coordinator.batchItemChanged(again.stationRef);
    return again;
  }

  return {
    listOutbox: ({ states, limit }) => list(db(), { ...(states === undefined ? {} : { states }), limit }),
    retryOutboxItem: ({ id }) => {
      const found = item(id);
      if (found.state !== 'failed' && found.state !== 'needs_review') {
        throw new StationError('conflict', `outbox item ${String(id)} is ${found.state}: only a refused item or one that needs review is sent again by hand`);
      }
      if (found.state === 'needs_review' && RECONCILED_KINDS.includes(found.kind)) {
        // Unsure whether the service has it: it is looked up again before anything is sent.
        station.connection().queue((store) => recheck(store, id, station.timers.now()));
        return sentAgain(id);
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
      // A corrected shipment may name another order (or none): the orders follow it.
      return resend(id, corrected, (store, now) => followShipment(store, found.stationRef, corrected.references?.orderNumber, now));
    },
    discardOutboxItem: ({ id }) => {
      const found = item(id);
      const store = db();
      const now = station.timers.now();
      atomically(store, () => {
        discard(store, id, now);
        // No label was bought by a discarded create: the order it was shipping is open again.
        if (found.kind === 'createShipment') reopenOrderShippedBy(store, found.stationRef, now);
      });
      // A discarded create is settled for its batch, which may now print.
      if (found.kind === 'createShipment') station.connection().coordinator.batchItemChanged(found.stationRef);
      return item(id);
    },
  };
}
