/** Other desks' shipments beside the desk's own: asked with the typed words, marked by desk, said in words when the warehouse cannot be asked. */
import { describe, expect, it, vi } from 'vitest';
import type { OtherDeskShipment, WarehouseHistoryAnswer } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { watchToasts } from '../testing/toasts';
import { HISTORY_PAGE, WarehouseHistoryState } from './warehouseHistory.svelte';

const DESK3_SHIPMENT: OtherDeskShipment = {
  stationRef: 'PB-DESK3-01JD0000000000000000000007',
  deskId: 'DESK3',
  deskName: 'Desk 3',
  orderNumber: '#1002',
  trackingNumbers: ['1Z999AA10123456784'],
  carrier: 'UPS',
  serviceLevel: 'Ground',
  recipientName: 'Sam Ortiz',
  recipientCompany: null,
  recipientCity: 'Chicago',
  recipientCountry: 'US',
  totalCharge: 11.05,
  currency: 'USD',
  status: 'Created',
  createdAt: Date.UTC(2026, 10, 26, 10, 42),
  voidedAt: null,
};

function desk(answer: (text: string) => WarehouseHistoryAnswer) {
  const station = new FakeStation().answer('searchWarehouseHistory', ({ text }) => answer(text ?? ''));
  return { station, history: new WarehouseHistoryState(station) };
}

describe("other desks' shipments", () => {
  it('asks with the words typed (trimmed), shows what other desks shipped, and asks nothing for an empty search', async () => {
    const { station, history } = desk(() => ({ kind: 'found', shipments: [DESK3_SHIPMENT], more: true }));
    await history.search('  23456784 ');
    expect(station.inputsOf('searchWarehouseHistory')).toEqual([{ text: '23456784', limit: HISTORY_PAGE }]);
    expect(history.shown).toBe(true);
    expect(history.shipments).toEqual([DESK3_SHIPMENT]);
    expect(history.more).toBe(true);
    expect(history.note).toBeUndefined();
    await history.search('   ');
    expect(station.inputsOf('searchWarehouseHistory')).toHaveLength(1);
    expect(history.shown).toBe(false);
    expect(history.shipments).toEqual([]);
  });

  it('shows nothing more at a desk without a warehouse, and says in words when the warehouse cannot be asked', async () => {
    let linked = false;
    const { history } = desk(() => (linked ? { kind: 'unreachable', words: "Other desks' shipments cannot be searched now (the warehouse is unreachable): only this desk's shipments are shown." } : { kind: 'notLinked' }));
    await history.search('Ortiz');
    expect(history.shown).toBe(false);
    expect(history.note).toBeUndefined();
    linked = true;
    await history.search('Ortiz');
    expect(history.shown).toBe(true);
    expect(history.shipments).toEqual([]);
    expect(history.note).toBe("Other desks' shipments cannot be searched now (the warehouse is unreachable): only this desk's shipments are shown.");
  });

  it('drops the answer of an older search that arrives after a newer one', async () => {
    const { station, history } = desk((text) => ({ kind: 'found', shipments: text === 'Ortiz' ? [DESK3_SHIPMENT] : [], more: false }));
    const held = station.holdAnswers();
    const older = history.search('Ortiz');
    const newer = history.search('Ortiz Chicago nobody');
    held.release(1);
    await newer;
    held.release(0);
    await older;
    expect(history.asked).toBe('Ortiz Chicago nobody');
    expect(history.shipments).toEqual([]);
    expect(history.busy).toBe(false);
  });

  it('asks the same words again when the warehouse link changes state; a refused search is said', async () => {
    let state: 'unreachable' | 'found' = 'unreachable';
    const { station, history } = desk(() => (state === 'found' ? { kind: 'found', shipments: [DESK3_SHIPMENT], more: false } : { kind: 'unreachable', words: 'the warehouse is unreachable' }));
    const stop = history.follow();
    await history.search('Ortiz');
    expect(history.note).toBe('the warehouse is unreachable');
    state = 'found';
    station.emit({ type: 'warehouseState', status: { state: 'connected', words: 'Connected to the warehouse database at db:5432 as Desk 1 (DESK1).' } });
    await vi.waitFor(() => expect(history.shipments).toEqual([DESK3_SHIPMENT]));
    expect(station.inputsOf('searchWarehouseHistory')).toHaveLength(2);

    station.answer('searchWarehouseHistory', () => {
      throw refusal('internal', 'the history could not be read');
    });
    const toasts = watchToasts();
    await history.search('Ortiz 2');
    expect(toasts).toEqual(['The history could not be read. The details are in the station log.']);
    stop();
    expect(station.listening).toBe(0);
  });
});
