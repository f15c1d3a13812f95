import { describe, expect, it } from 'vitest';
import { StoreNotFoundError, StoreTransitionError, documents, printJobs, shipments } from '../../../electron/store';
import { shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const REF = 'PB-D1-PRINT';
const bytes = new TextEncoder().encode('%PDF-1.7');

function storeWithLabels(labels: number) {
  const store = openTempStore();
  shipments.insertQueuedShipment(store.db, { stationRef: REF, input: shipmentInput(), now: T0 });
  const docs = [
    ...Array.from({ length: labels }, (_, i) => ({ type: 'Label', mime: 'application/pdf', packageIndex: i, bytes })),
    { type: 'CommercialInvoice', mime: 'application/pdf', bytes },
  ];
  const ids = documents.saveDocuments(store.db, REF, docs, T0);
  return { db: store.db, ids };
}

describe('handOffForPrinting', () => {
  it('creates one queued auto job per label, none for other documents', () => {
    const { db, ids } = storeWithLabels(2);
    const jobs = printJobs.handOffForPrinting(db, REF, T0 + 1, { printer: 'Zebra_ZP450', copies: 1 });
    expect(jobs.map((j) => [j.documentId, j.purpose, j.state, j.printer])).toEqual([
      [ids[0], 'auto', 'queued', 'Zebra_ZP450'],
      [ids[1], 'auto', 'queued', 'Zebra_ZP450'],
    ]);
  });

  it('is idempotent: a second call creates nothing and returns no jobs', () => {
    const { db } = storeWithLabels(2);
    expect(printJobs.handOffForPrinting(db, REF, T0)).toHaveLength(2);
    expect(printJobs.handOffForPrinting(db, REF, T0 + 1)).toEqual([]);
    expect(printJobs.listPrintJobs(db, { stationRef: REF })).toHaveLength(2);
  });

  it('a label saved later is handed off on the next call, the earlier ones are not again', () => {
    const { db } = storeWithLabels(1);
    printJobs.handOffForPrinting(db, REF, T0);
    documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'application/pdf', packageIndex: 5, bytes }], T0 + 1);
    expect(printJobs.handOffForPrinting(db, REF, T0 + 2).map((j) => j.purpose)).toEqual(['auto']);
    expect(printJobs.listPrintJobs(db)).toHaveLength(2);
  });
});

describe('reprints and history', () => {
  it('a reprint is always a new job, and history lists newest first', () => {
    const { db, ids } = storeWithLabels(1);
    printJobs.handOffForPrinting(db, REF, T0);
    const first = printJobs.recordReprint(db, ids[0] ?? -1, T0 + 1, { copies: 2 });
    const second = printJobs.recordReprint(db, ids[0] ?? -1, T0 + 2);
    expect(first).toMatchObject({ purpose: 'reprint', copies: 2, printer: null, state: 'queued' });
    expect(printJobs.listPrintJobs(db, { stationRef: REF }).map((j) => j.id)).toEqual([second.id, first.id, first.id - 1]);
    expect(() => printJobs.recordReprint(db, 9999, T0)).toThrow(StoreNotFoundError);
    expect(() => printJobs.recordReprint(db, ids[0] ?? -1, T0, { copies: 0 })).toThrow(/print options: copies/);
  });
});

describe('print job states', () => {
  it('queued → sent → completed, with the CUPS job id and the printer it went to', () => {
    const { db } = storeWithLabels(1);
    const [job] = printJobs.handOffForPrinting(db, REF, T0);
    const id = job?.id ?? -1;
    expect(job).toMatchObject({ printer: null, targetPrinter: null });
    printJobs.markPrintSent(db, id, 'Zebra-42', 'Zebra', T0 + 1);
    expect(printJobs.listOpenPrintJobs(db).map((j) => j.state)).toEqual(['sent']);
    printJobs.markPrintCompleted(db, id, T0 + 2);
    // The job named no printer (it follows the label printer setting); where it went is kept apart.
    expect(printJobs.getPrintJob(db, id)).toMatchObject({ state: 'completed', cupsJobId: 'Zebra-42', printer: null, targetPrinter: 'Zebra', updatedAt: T0 + 2 });
    expect(printJobs.listOpenPrintJobs(db)).toEqual([]);
  });

  it('a queued job held from a paused printer says why until it is sent; a job already sent is not held', () => {
    const { db } = storeWithLabels(2);
    const [a, b] = printJobs.handOffForPrinting(db, REF, T0);
    printJobs.markPrintSent(db, b?.id ?? -1, 'Zebra-1', 'Zebra', T0 + 1);
    printJobs.markPrintHeld(db, [a?.id ?? -1, b?.id ?? -1], 'Zebra', 'Printer Zebra is paused: it prints when the printer is resumed', T0 + 2);
    expect(printJobs.getPrintJob(db, a?.id ?? -1)).toMatchObject({ state: 'queued', heldBecause: 'Printer Zebra is paused: it prints when the printer is resumed', targetPrinter: 'Zebra', updatedAt: T0 + 2 });
    expect(printJobs.getPrintJob(db, b?.id ?? -1)).toMatchObject({ state: 'sent', heldBecause: null, updatedAt: T0 + 1 });
    printJobs.markPrintSent(db, a?.id ?? -1, 'Zebra-2', 'Zebra', T0 + 3);
    expect(printJobs.getPrintJob(db, a?.id ?? -1)).toMatchObject({ state: 'sent', heldBecause: null });
    expect(() => printJobs.markPrintHeld(db, [a?.id ?? -1], 'Zebra', ' ', T0)).toThrow(/note/);
  });

  it('queued or sent → failed with the message; refused moves name both states', () => {
    const { db } = storeWithLabels(2);
    const [a, b] = printJobs.handOffForPrinting(db, REF, T0);
    printJobs.markPrintFailed(db, a?.id ?? -1, 'printer is out of labels', T0 + 1, 'Zebra');
    expect(printJobs.getPrintJob(db, a?.id ?? -1)).toMatchObject({ state: 'failed', error: 'printer is out of labels', targetPrinter: 'Zebra' });
    expect(() => printJobs.markPrintCompleted(db, b?.id ?? -1, T0)).toThrow(new StoreTransitionError(`print job ${b?.id} is queued: it cannot become completed (only from sent)`));
    expect(() => printJobs.markPrintSent(db, a?.id ?? -1, '1', 'Zebra', T0)).toThrow(StoreTransitionError);
    expect(() => printJobs.markPrintSent(db, 12345, '1', 'Zebra', T0)).toThrow(StoreNotFoundError);
    expect(() => printJobs.markPrintSent(db, b?.id ?? -1, '1', ' ', T0)).toThrow(/printer/);
  });
});

describe('a voided shipment', () => {
  it('gives up the prints not sent yet and settles its failed ones; a print with the printer stays as it is', () => {
    const { db } = openTempStore();
    const ref = 'PB-DESK1-01JD00000000000000000000V1';
    shipments.insertQueuedShipment(db, { stationRef: ref, input: shipmentInput(), now: T0 });
    const ids = documents.saveDocuments(db, ref, [0, 1, 2].map((packageIndex) => ({ type: 'Label', name: `label-${packageIndex}.pdf`, mime: 'application/pdf', packageIndex, bytes: new Uint8Array([37, 80, 68, 70]) })), T0);
    const [queued, failed, sent] = printJobs.handOffForPrinting(db, ref, T0);
    if (queued === undefined || failed === undefined || sent === undefined) throw new Error('three jobs expected');
    printJobs.markPrintFailed(db, failed.id, 'paper out', T0);
    printJobs.markPrintSent(db, sent.id, 'label4x6-9', 'label4x6', T0);
    expect(ids).toHaveLength(3);

    expect(printJobs.settlePrintsOfVoided(db, ref, T0 + 1).sort()).toEqual([queued.id, failed.id].sort());
    expect(printJobs.getPrintJob(db, queued.id)).toMatchObject({ state: 'failed', error: printJobs.VOIDED_LABEL_NOTE, resolvedAt: T0 + 1 });
    expect(printJobs.getPrintJob(db, failed.id)).toMatchObject({ state: 'failed', error: 'paper out', resolvedAt: T0 + 1 });
    expect(printJobs.getPrintJob(db, sent.id)).toMatchObject({ state: 'sent' });
    expect(printJobs.listUnresolvedFailures(db)).toEqual([]);
    // Again: nothing is left to settle.
    expect(printJobs.settlePrintsOfVoided(db, ref, T0 + 2)).toEqual([]);
  });
});
