/**
 * Actions on one shipment or many: each shipment asked on its own with a result of its own, a
 * queued change followed to the service's answer (even one that comes before the call's own),
 * and the selection the actions run on.
 */
import { describe, expect, it } from 'vitest';
import type { StationEvent } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { printJob, shipmentDetail, shipmentSummary, storedDocument } from '../testing/records';
import { ShipmentActionsState } from './shipmentActions.svelte';

const row = (n: number) => shipmentSummary({ stationRef: `PB-DESK1-000${String(n)}`, orderNumber: n === 3 ? null : `SO-${String(n)}`, trackingNumber: `1Z${String(n)}` });
const settledItem = (id: number, state: 'done' | 'failed', message?: string): StationEvent => ({ type: 'outboxItem', id, stationRef: 'x', kind: 'blockShipment', state, ...(message === undefined ? {} : { message }) });

function desk() {
  let outboxId = 100;
  const station = new FakeStation()
    .answer('blockShipment', ({ stationRef }) => ({ stationRef, outboxId: ++outboxId, status: 'queued' }))
    .answer('cancelShipments', ({ stationRefs }) => stationRefs.map((stationRef) => ({ stationRef, outboxId: ++outboxId, status: 'queued' })));
  return { station, actions: new ShipmentActionsState(station) };
}

describe('actions on shipments', () => {
  it('a hold is asked for each shipment with the reason trimmed; one refused does not stop the others, and each says its own result', async () => {
    const { station, actions } = desk();
    station.answer('blockShipment', ({ stationRef }) => {
      if (stationRef === 'PB-DESK1-0002') throw refusal('conflict', 'the shipment is archived: it cannot be held');
      return { stationRef, outboxId: 7, status: 'queued' };
    });
    await actions.run({ kind: 'block', reason: '  wrong address  ' }, [row(1), row(2), row(3)]);
    expect(station.inputsOf('blockShipment')).toEqual([1, 2, 3].map((n) => ({ stationRef: `PB-DESK1-000${String(n)}`, reason: 'wrong address' })));
    expect(actions.results.map((r) => [r.name, r.state, r.message])).toEqual([
      ['SO-1', 'queued', 'Queued: waiting for the service'],
      ['SO-2', 'failed', 'The shipment is archived: it cannot be held.'],
      ['1Z3', 'queued', 'Queued: waiting for the service'],
    ]);
    expect(actions.counts).toEqual({ working: 0, queued: 2, done: 0, failed: 1 });
  });

  it('a queued change is followed to the service’s answer, even when it settles before the call that queued it answers', async () => {
    const { station, actions } = desk();
    actions.follow();
    const held = station.holdAnswers();
    const running = actions.run({ kind: 'cancel' }, [row(1), row(2)]);
    expect(actions.running).toBe(true);
    station.emit(settledItem(101, 'failed', 'the carrier has picked it up'));
    held.releaseAll();
    await running;
    station.emit(settledItem(102, 'done'));
    expect(actions.results.map((r) => [r.state, r.message])).toEqual([
      ['failed', 'the carrier has picked it up'],
      ['done', 'Done on the service'],
    ]);
  });

  it('reprint sends each kept label again, and says when none is kept', async () => {
    const { station, actions } = desk();
    station
      .answer('getShipment', ({ stationRef }) =>
        shipmentDetail({ stationRef }, { documents: stationRef.endsWith('1') ? [storedDocument({ documentId: 5 }), storedDocument({ documentId: 6, packageIndex: 1 }), storedDocument({ documentId: 7, type: 'CommercialInvoice' })] : [] }),
      )
      .answer('reprintDocument', ({ documentId }) => printJob({ id: documentId, purpose: 'reprint', state: 'queued' }));
    await actions.run({ kind: 'reprint' }, [row(1), row(2)]);
    expect(station.inputsOf('reprintDocument')).toEqual([{ documentId: 5 }, { documentId: 6 }]);
    expect(actions.results.map((r) => r.message)).toEqual(['2 labels sent to the printer', 'No label is kept for this shipment (not created yet, or past the retention period)']);
  });

  it('track says the latest event; a second action while one runs does nothing', async () => {
    const { station, actions } = desk();
    station.answer('trackShipments', () => [{ events: [{ eventOn: '2025-03-01T10:00:00Z', code: 'PU' }, { eventOn: '2025-03-02T10:00:00Z', description: 'Arrived at facility' }] }]);
    const held = station.holdAnswers();
    const first = actions.run({ kind: 'track' }, [row(1)]);
    await actions.run({ kind: 'archive' }, [row(2)]);
    held.releaseAll();
    await first;
    expect(actions.kind).toBe('track');
    expect(actions.results.map((r) => [r.state, r.message])).toEqual([['done', 'Tracked: Arrived at facility']]);
    expect(station.inputsOf('archiveShipment')).toEqual([]);
  });

  it('the selection keeps shipments in the order chosen, each once', () => {
    const { actions } = desk();
    actions.toggle(row(2));
    actions.selectAll([row(1), row(2)]);
    actions.toggle(row(2));
    expect(actions.selectedRows.map((r) => r.stationRef)).toEqual(['PB-DESK1-0001']);
    expect(actions.isSelected('PB-DESK1-0002')).toBe(false);
    actions.clearSelection();
    expect(actions.selectedCount).toBe(0);
  });
});
