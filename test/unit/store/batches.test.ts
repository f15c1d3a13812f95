/**
 * Batches in the store: a batch keeps its orders in its order, each with its shipment or why it was
 * refused up front; where each shipment stands is read from its create in the outbox and from the
 * shipment, so the view follows sends, refusals, resubmits and discards; the batch settles once no
 * create waits, and until then its shipments' labels are held; its labels read as one print job.
 */
import { describe, expect, it } from 'vitest';
import { StoreInputError, batches, documents, outbox, printJobs, settings, shipments, type Db } from '../../../electron/store';
import { createResult, shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const BOX = { length: 12, width: 10, height: 8, unitOfLength: 'IN' } as const;
const SERVICE = { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' } as const;
const pdf = new TextEncoder().encode('%PDF-1.7');

/** A batch of three queued shipments (A, B, C) and one order refused up front, between B and C. */
function batchOfThree(db: Db): { id: number; ids: Record<'A' | 'B' | 'C', number> } {
  const ids = { A: 0, B: 0, C: 0 };
  for (const name of ['A', 'B', 'C'] as const) {
    ids[name] = outbox.queueShipment(db, { stationRef: `PB-D1-${name}`, input: shipmentInput({ references: { orderNumber: `SO-${name}` } }), now: T0 }).id;
  }
  const id = batches.insertBatch(db, {
    batchKey: 'batch-key-0001',
    box: BOX,
    service: SERVICE,
    shipFromLocationId: 'loc_1',
    now: T0,
    orders: [
      { orderNumber: 'SO-A', stationRef: 'PB-D1-A' },
      { orderNumber: 'SO-B', stationRef: 'PB-D1-B' },
      { orderNumber: 'SO-X', refused: 'order SO-X has no weight' },
      { orderNumber: 'SO-C', stationRef: 'PB-D1-C' },
    ],
  });
  return { id, ids };
}

/** The service created the shipment (sent now, or found after a lost answer): its result, its label and the label's hand-off, as the worker stores them. */
function created(db: Db, name: string, outboxId: number, trackingNumber: string): void {
  const stationRef = `PB-D1-${name}`;
  if (outbox.get(db, outboxId)?.state === 'pending') outbox.markSending(db, outboxId, T0 + 1);
  shipments.recordCreated(db, stationRef, createResult({ id: `shp_${name}`, trackingNumber, carrierServiceLevel: 'UPS Ground', billingDetail: { totalFreight: 9.5, currencyCode: 'USD' } }), T0 + 2);
  documents.saveDocuments(db, stationRef, [{ type: 'Label', mime: 'application/pdf', packageIndex: 0, bytes: pdf }], T0 + 2);
  printJobs.handOffForPrinting(db, stationRef, T0 + 2);
  outbox.markDone(db, outboxId, { id: `shp_${name}`, trackingNumber }, T0 + 2);
}

const refused = { kind: 'validation', message: 'shipTo.zipPostalCode 00000 is not a US ZIP code' };

describe('a batch in the store', () => {
  it('keeps its orders in its order, each queued or refused up front, and is found by its key and by its shipments', () => {
    const { db } = openTempStore();
    const { id, ids } = batchOfThree(db);
    expect(batches.batchIdOfKey(db, 'batch-key-0001')).toBe(id);
    expect(batches.batchIdOfKey(db, 'batch-key-0002')).toBeUndefined();
    expect(batches.batchPlaceOf(db, 'PB-D1-C')).toEqual({ batchId: id, position: 3 });
    const view = batches.readBatch(db, id);
    expect(view).toMatchObject({ id, box: BOX, service: SERVICE, shipFromLocationId: 'loc_1', orderCount: 4, total: 3, settled: 0, shipped: 0, refused: 0, refusedUpFront: 1, print: null, printed: false });
    expect(view?.orders.map((o) => [o.orderNumber, o.state, o.stationRef, o.outboxId, o.message])).toEqual([
      ['SO-A', 'queued', 'PB-D1-A', ids.A, null],
      ['SO-B', 'queued', 'PB-D1-B', ids.B, null],
      ['SO-X', 'refusedUpFront', null, null, 'order SO-X has no weight'],
      ['SO-C', 'queued', 'PB-D1-C', ids.C, null],
    ]);
    expect(batches.readBatch(db, id + 1)).toBeUndefined();
  });

  it('refuses a batch key used before', () => {
    const { db } = openTempStore();
    batchOfThree(db);
    const again = () => batches.insertBatch(db, { batchKey: 'batch-key-0001', box: BOX, service: { kind: 'rule' }, shipFromLocationId: null, now: T0, orders: [{ orderNumber: 'SO-Y', refused: 'no' }] });
    expect(again).toThrow(StoreInputError);
    expect(again).toThrow('batch key batch-key-0001 was already used');
  });

  it('follows its shipments: sent, shipped with tracking and cost, refused with the service\'s words, resubmitted, discarded', () => {
    const { db } = openTempStore();
    const { id, ids } = batchOfThree(db);
    outbox.markSending(db, ids.B, T0 + 1);
    expect(batches.readBatch(db, id)?.orders[1]?.state).toBe('sending');
    outbox.markFailed(db, ids.B, refused, T0 + 2);
    created(db, 'A', ids.A, '1ZA0000000000000001');

    let view = batches.readBatch(db, id);
    expect(view?.orders[0]).toMatchObject({ state: 'shipped', trackingNumber: '1ZA0000000000000001', serviceLevel: 'UPS Ground', cost: 9.5, currency: 'USD', message: null });
    expect(view?.orders[1]).toMatchObject({ state: 'refused', trackingNumber: null, message: refused.message });
    expect(batches.batchCounts(db, id)).toEqual({ total: 3, settled: 2, shipped: 1, refused: 1 });

    outbox.resubmit(db, ids.B, shipmentInput({ references: { orderNumber: 'SO-B', stationRef: 'PB-D1-B' } }), T0 + 3);
    expect(batches.readBatch(db, id)?.orders[1]).toMatchObject({ state: 'queued', message: null });
    expect(batches.batchCounts(db, id)).toEqual({ total: 3, settled: 1, shipped: 1, refused: 0 });

    outbox.discard(db, ids.C, T0 + 4);
    view = batches.readBatch(db, id);
    expect(view?.orders[3]?.state).toBe('discarded');
    expect(batches.batchCounts(db, id)).toEqual({ total: 3, settled: 2, shipped: 1, refused: 0 });
  });

  it('settles once no create waits, once; until then its shipments are held, a needs-review item counting as settled', () => {
    const { db } = openTempStore();
    const { id, ids } = batchOfThree(db);
    expect(batches.shipmentsHeldForBatches(db)).toEqual(new Set(['PB-D1-A', 'PB-D1-B', 'PB-D1-C']));
    expect(batches.heldForBatch(db, 'PB-D1-A')).toBe(true);
    created(db, 'A', ids.A, '1ZA0000000000000001');
    outbox.markSending(db, ids.B, T0 + 1);
    outbox.markNeedsReview(db, ids.B, { kind: 'reconciliation', message: 'the search could not tell' }, T0 + 2);
    expect(batches.settleBatches(db, T0 + 3)).toEqual([]);
    outbox.markSending(db, ids.C, T0 + 3);
    outbox.markUnknown(db, ids.C, { kind: 'network', message: 'the answer was lost' }, T0 + 4, T0 + 5);
    expect(batches.settleBatches(db, T0 + 5)).toEqual([]);
    expect(batches.readBatch(db, id)?.orders[3]?.state).toBe('sending');
    created(db, 'C', ids.C, '1ZC0000000000000003');

    expect(batches.settleBatches(db, T0 + 6)).toEqual([id]);
    expect(batches.settleBatches(db, T0 + 7)).toEqual([]);
    expect(batches.readBatch(db, id)).toMatchObject({ settledAt: T0 + 6, total: 3, settled: 3, shipped: 2, needsReview: 1 });
    expect(batches.shipmentsHeldForBatches(db)).toEqual(new Set());
    expect(batches.heldForBatch(db, 'PB-D1-A')).toBe(false);
    expect(batches.heldForBatch(db, 'PB-D9-NONE')).toBe(false);
  });

  it('a batch whose every order was refused up front settles at once', () => {
    const { db } = openTempStore();
    const id = batches.insertBatch(db, { batchKey: 'batch-key-0009', box: BOX, service: { kind: 'rule' }, shipFromLocationId: null, now: T0, orders: [{ orderNumber: 'SO-Y', refused: 'no weight' }] });
    expect(batches.settleBatches(db, T0)).toEqual([id]);
    expect(batches.readBatch(db, id)).toMatchObject({ total: 0, orderCount: 1, refusedUpFront: 1, settledAt: T0, print: null });
  });

  it("reads its labels as one print job: waiting for the batch, held, sent, completed or failed", () => {
    const { db } = openTempStore();
    const { id, ids } = batchOfThree(db);
    created(db, 'A', ids.A, '1ZA0000000000000001');
    expect(batches.readBatch(db, id)?.print).toMatchObject({ state: 'waiting', pages: 1, printer: null });
    created(db, 'B', ids.B, '1ZB0000000000000002');
    created(db, 'C', ids.C, '1ZC0000000000000003');
    batches.settleBatches(db, T0 + 5);
    expect(batches.readBatch(db, id)?.print).toMatchObject({ state: 'waiting', pages: 3, message: 'going to the printer' });

    settings.setSetting(db, 'autoPrintLabels', false);
    expect(batches.readBatch(db, id)?.print).toMatchObject({ state: 'held', message: expect.stringMatching(/automatic printing of labels is off/) });
    settings.setSetting(db, 'autoPrintLabels', true);
    batches.noteBatchPrint(db, id, 'Printer label4x6 is paused (out of labels): it prints when the printer is resumed');
    expect(batches.readBatch(db, id)?.print).toMatchObject({ state: 'held', message: 'Printer label4x6 is paused (out of labels): it prints when the printer is resumed' });
    batches.noteBatchPrint(db, id, null);

    const rows = printJobs.listOpenPrintJobs(db);
    for (const row of rows) printJobs.markPrintSent(db, row.id, 'label4x6-17', 'label4x6', T0 + 6);
    expect(batches.readBatch(db, id)).toMatchObject({ printed: false, print: { state: 'sent', pages: 3, printer: 'label4x6' } });
    const [first, ...rest] = rows;
    if (first === undefined) throw new Error('no print rows');
    printJobs.markPrintFailed(db, first.id, 'Printer label4x6 cannot be reached', T0 + 7);
    for (const row of rest) printJobs.markPrintCompleted(db, row.id, T0 + 7);
    expect(batches.readBatch(db, id)).toMatchObject({ printed: false, print: { state: 'failed', message: 'Printer label4x6 cannot be reached' } });
    expect(batches.unresolvedPrintFailuresOfBatch(db, id)).toEqual([first.id]);

    // Printed again (a reprint row of the same label) and completed: the whole batch is printed.
    printJobs.resolveFailure(db, first.id, T0 + 8);
    const again = printJobs.recordReprint(db, first.documentId ?? -1, T0 + 8);
    printJobs.markPrintSent(db, again.id, 'label4x6-18', 'label4x6', T0 + 9);
    printJobs.markPrintCompleted(db, again.id, T0 + 9);
    expect(batches.readBatch(db, id)).toMatchObject({ printed: true, print: { state: 'completed', pages: 3 } });
    expect(batches.listBatches(db, 10).map((b) => [b.id, b.printed])).toEqual([[id, true]]);
  });

  it('lists batches newest first', () => {
    const { db } = openTempStore();
    const first = batches.insertBatch(db, { batchKey: 'batch-key-0001', box: BOX, service: { kind: 'rule' }, shipFromLocationId: null, now: T0, orders: [{ orderNumber: 'SO-1', refused: 'no' }] });
    const second = batches.insertBatch(db, { batchKey: 'batch-key-0002', box: BOX, service: SERVICE, shipFromLocationId: null, now: T0 + 1, orders: [{ orderNumber: 'SO-2', refused: 'no' }] });
    expect(batches.listBatches(db, 10).map((b) => b.id)).toEqual([second, first]);
    expect(batches.listBatches(db, 1).map((b) => b.id)).toEqual([second]);
  });
});
