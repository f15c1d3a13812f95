/** The outbox as a person sees it (sync/outboxActions.ts): list, send again, correct, give up. */
import type { StationHandlers } from '../../api';
import * as outbox from '../../sync/outboxActions';
import type { StationContext } from '../context';

type OutboxMethods = 'listOutbox' | 'retryOutboxItem' | 'resubmitOutboxItem' | 'discardOutboxItem';

export function outboxHandlers(station: StationContext): Pick<StationHandlers, OutboxMethods> {
  /** The active connection, with its coordinator as the batches' ear. */
  const parts = (): outbox.OutboxParts => {
    const connection = station.connection();
    return { store: connection.store, now: () => connection.now(), queued: () => connection.queued(), itemChanged: (stationRef) => connection.coordinator.batchItemChanged(stationRef) };
  };
  return {
    listOutbox: (input) => outbox.listOutbox(parts(), input),
    retryOutboxItem: (input) => outbox.retryOutboxItem(parts(), input),
    resubmitOutboxItem: (input) => outbox.resubmitOutboxItem(parts(), input),
    discardOutboxItem: (input) => outbox.discardOutboxItem(parts(), input),
  };
}
