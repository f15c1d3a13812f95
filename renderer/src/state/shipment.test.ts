/**
 * One shipment from the press of Ship: its stage and its label's print followed from the
 * station's events for it alone, read again when they say it moved, a read never undoing a newer
 * event, a refusal's words put at fields, other documents' prints, and a backstop read while it
 * is unsettled in case an event was lost.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem, PrintJob, ShipmentDetail, StationEvent, StoredDocumentInfo } from '../../../electron/api';
import { FakeStation, settled } from '../testing/fakeStation';
import { outboxItem, printJob, shipmentDetail, storedDocument } from '../testing/records';
import { ShipmentProgress } from './shipment.svelte';

const REF = 'PB-DESK1-0001';
const OUTBOX_ID = 11;

const following: ShipmentProgress[] = [];

/** The shipment as the store has it; a test changes it as the station would. */
function desk(autoPrint = true) {
  const store: { create: OutboxItem; documents: StoredDocumentInfo[]; jobs: PrintJob[] } = { create: outboxItem({ id: OUTBOX_ID, stationRef: REF, state: 'pending' }), documents: [], jobs: [] };
  const station = new FakeStation().answer('getShipment', (): ShipmentDetail => shipmentDetail({ stationRef: REF, trackingNumber: '1Z999' }, { outbox: [store.create], documents: store.documents, printJobs: store.jobs }));
  const progress = new ShipmentProgress(station, () => autoPrint);
  following.push(progress);
  return { station, store, progress };
}

const moved = (state: OutboxItem['state']): StationEvent => ({ type: 'outboxItem', id: OUTBOX_ID, stationRef: REF, kind: 'createShipment', state });
const label = storedDocument({ documentId: 21, stationRef: REF });

afterEach(() => {
  // Stops the backstop reads.
  for (const progress of following.splice(0)) progress.forget();
  vi.useRealTimers();
});

describe('a shipment’s progress', () => {
  it('goes from queued to sending to created as its item moves, and its label from waiting to printed on its printer', async () => {
    const { station, store, progress } = desk();
    progress.follow(REF, OUTBOX_ID);
    await settled();
    expect([progress.stage, progress.print]).toEqual(['queued', 'waiting']);
    station.emit(moved('sending'));
    expect(progress.stage).toBe('sending');
    store.create = { ...store.create, state: 'done' };
    store.documents = [label];
    station.emit(moved('done'));
    await settled();
    expect(progress.stage).toBe('created');
    expect(progress.trackingNumber).toBe('1Z999');
    expect(progress.labelDocumentId).toBe(21);
    station.emit({ type: 'labelsReady', stationRef: REF, printJobIds: [31] });
    station.emit({ type: 'printJob', ids: [31], state: 'completed', printer: 'Zebra' });
    expect([progress.print, progress.printer]).toEqual(['printed', 'Zebra']);
  });

  it('a refusal is kept in the screen’s words, with the messages for each field', async () => {
    const { station, store, progress } = desk();
    progress.follow(REF, OUTBOX_ID);
    store.create = { ...store.create, state: 'failed', lastError: { kind: 'rejected', message: 'shipTo.zipPostalCode is not a delivery area', items: [{ code: 'E1', field: 'shipTo.zipPostalCode', message: 'shipTo.zipPostalCode is not a delivery area' }] } };
    station.emit(moved('failed'));
    await settled();
    expect(progress.stage).toBe('refused');
    expect(progress.refusal?.message).toBe('ZIP or postal code is not a delivery area');
    expect(progress.refusedFields).toEqual({ 'shipTo.zipPostalCode': 'ZIP or postal code is not a delivery area' });
    progress.resubmitted();
    expect([progress.stage, progress.refusal]).toEqual(['queued', null]);
  });

  it('a read asked before an event does not undo what the event said', async () => {
    const { station, progress } = desk();
    const held = station.holdAnswers();
    progress.follow(REF, OUTBOX_ID);
    station.emit(moved('sending'));
    held.releaseAll();
    await settled();
    expect(progress.stage).toBe('sending');
  });

  it('a label kept back from a paused printer is held and says why; without automatic printing it is held too', async () => {
    const paused = desk();
    paused.store.documents = [label];
    paused.store.jobs = [printJob({ id: 31, stationRef: REF, documentId: 21, state: 'queued', heldBecause: 'Zebra is paused' })];
    paused.progress.follow(REF, OUTBOX_ID);
    await settled();
    expect([paused.progress.print, paused.progress.printMessage]).toEqual(['held', 'Zebra is paused']);

    const manual = desk(false);
    manual.store.documents = [label];
    manual.store.jobs = [printJob({ id: 31, stationRef: REF, documentId: 21, state: 'queued' })];
    manual.progress.follow(REF, OUTBOX_ID);
    await settled();
    expect(manual.progress.print).toBe('held');
  });

  it('lists the other documents’ prints, each by its newest job', async () => {
    const { store, progress } = desk();
    store.documents = [label, storedDocument({ documentId: 22, stationRef: REF, type: 'CommercialInvoice', packageIndex: null })];
    store.jobs = [printJob({ id: 41, stationRef: REF, documentId: 22, state: 'failed', error: 'the printer is out of paper', targetPrinter: 'Office Laser' }), printJob({ id: 40, stationRef: REF, documentId: 22, state: 'completed' })];
    progress.follow(REF, OUTBOX_ID);
    await settled();
    expect(progress.otherPrints).toEqual([{ documentId: 22, type: 'CommercialInvoice', state: 'failed', message: 'the printer is out of paper', printer: 'Office Laser' }]);
  });

  it('ignores other shipments, reads again now and then until settled, and forgets everything on the next order', async () => {
    vi.useFakeTimers();
    const { station, store, progress } = desk();
    progress.follow(REF, OUTBOX_ID);
    station.emit({ type: 'outboxItem', id: 12, stationRef: 'PB-DESK1-0002', kind: 'createShipment', state: 'done' });
    expect(progress.stage).toBe('queued');
    await vi.advanceTimersByTimeAsync(10_000);
    const reads = station.inputsOf('getShipment').length;
    expect(reads).toBe(3);
    store.create = { ...store.create, state: 'done' };
    store.documents = [label];
    store.jobs = [printJob({ id: 31, stationRef: REF, documentId: 21, state: 'completed' })];
    await vi.advanceTimersByTimeAsync(5_000);
    expect([progress.stage, progress.print]).toEqual(['created', 'printed']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(station.inputsOf('getShipment')).toHaveLength(reads + 1);
    progress.forget();
    expect(progress.stationRef).toBeUndefined();
    expect(station.listening).toBe(0);
  });
});
