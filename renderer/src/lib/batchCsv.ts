/** The columns of a batch's results CSV: what the shop needs back per order. */
import type { BatchOrderState, BatchOrderView, BatchView } from '../../../electron/api';
import type { CsvColumn } from './csv';

/** Where each order of a batch stands, in the words the batch panel shows. */
export const BATCH_STATE_WORDS: Readonly<Record<BatchOrderState, string>> = {
  refusedUpFront: 'Not shipped',
  queued: 'Waiting',
  sending: 'Sending',
  shipped: 'Shipped',
  refused: 'Refused',
  needsReview: 'Needs a person',
  discarded: 'Discarded',
};

export function batchCsvColumns(batch: Pick<BatchView, 'createdAt'>): readonly CsvColumn<BatchOrderView>[] {
  return [
    { header: 'Order number', value: (o) => o.orderNumber },
    { header: 'Tracking number', value: (o) => o.trackingNumber },
    { header: 'Carrier', value: (o) => o.carrier },
    { header: 'Service', value: (o) => o.serviceLevel },
    { header: 'Cost', value: (o) => o.cost },
    { header: 'Currency', value: (o) => o.currency },
    { header: 'Ship date', value: (o) => (o.state === 'shipped' ? new Date(batch.createdAt).toISOString().slice(0, 10) : '') },
    { header: 'Status', value: (o) => BATCH_STATE_WORDS[o.state] },
    { header: 'Message', value: (o) => o.message },
  ];
}
