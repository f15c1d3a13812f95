/** Batches of imported orders (batches/batches.ts): each connection has its own. */
import type { StationHandlers } from '../../api';
import type { StationContext } from '../context';

type BatchMethods = 'estimateBatch' | 'batchServices' | 'shipBatch' | 'getBatch' | 'listBatches';

export function batchHandlers(station: StationContext): Pick<StationHandlers, BatchMethods> {
  return {
    estimateBatch: (input) => station.connection().batches.estimate(input),
    batchServices: (input) => station.connection().batches.services(input),
    shipBatch: (input) => station.connection().batches.ship(input),
    getBatch: ({ batchId }) => station.connection().batches.view(batchId),
    listBatches: ({ limit }) => station.connection().batches.list(limit),
  };
}
