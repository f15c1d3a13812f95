/** The orders the station keeps, as the Orders screen asks for them: by status, text, reach, weight and service, a page at a time. */
import { describe, expect, it, vi } from 'vitest';
import { FAKE_ORDERS, FakeStation, refusal, settled } from '../testing/fakeStation';
import { watchToasts } from '../testing/toasts';
import { clockTime } from '../lib/format';
import { ORDER_PAGE, OrderListState, holderWords } from './orderList.svelte';

const POUND = 453.59237;

function desk(total = 120) {
  const station = new FakeStation().answer('listOrders', () => ({ orders: [...FAKE_ORDERS], total }));
  return { station, list: new OrderListState(station, () => POUND) };
}

describe('the order list', () => {
  it('asks for open orders, newest first, a page at a time, and counts the pages', async () => {
    const { station, list } = desk();
    await list.load();
    expect(station.inputsOf('listOrders')).toEqual([{ limit: ORDER_PAGE, offset: 0, status: 'open' }]);
    expect(list.orders).toHaveLength(FAKE_ORDERS.length);
    expect(list.pages).toBe(3);
    list.goTo(7);
    await vi.waitFor(() => expect(station.inputsOf('listOrders').at(-1)?.offset).toBe(2 * ORDER_PAGE));
    expect(list.page).toBe(3);
  });

  it('narrows by what is typed: weights in the desk’s unit as grams (a comma for a point), nonsense weights left out, from the first page again', async () => {
    const { station, list } = desk();
    list.goTo(2);
    list.setFilters({ reach: 'international', minWeight: '2,5', maxWeight: 'heavy', service: ' Express ' });
    list.setQuery(' Dana ');
    list.setStatus('');
    await vi.waitFor(() =>
      expect(station.inputsOf('listOrders').at(-1)).toEqual({ international: true, minWeightGrams: Math.round(2.5 * POUND), requestedService: 'Express', limit: ORDER_PAGE, offset: 0, query: 'Dana' }),
    );
    expect(list.page).toBe(1);
  });

  it('is read again for another connection, when a shipment is made and when the warehouse changed orders, not for other events; a failed read is said', async () => {
    const { station, list } = desk();
    list.follow();
    station.emit({ type: 'outboxItem', id: 1, stationRef: 'PB-DESK1-0001', kind: 'archiveShipment', state: 'done' });
    await settled();
    expect(station.inputsOf('listOrders')).toHaveLength(0);
    station.emit({ type: 'outboxItem', id: 2, stationRef: 'PB-DESK1-0002', kind: 'createShipment', state: 'pending' });
    await vi.waitFor(() => expect(station.inputsOf('listOrders')).toHaveLength(1));

    station.emit({ type: 'ordersChanged', orderNumbers: ['W-1001', 'W-1002'] });
    await vi.waitFor(() => expect(station.inputsOf('listOrders')).toHaveLength(2));

    station.answer('listOrders', () => {
      throw refusal('internal', 'the orders table is locked');
    });
    const toasts = watchToasts();
    station.emit({ type: 'connectionChanged', profileId: 'hq' });
    await vi.waitFor(() => expect(toasts).toEqual(['The orders table is locked. The details are in the station log.']));
    expect(list.orders).toHaveLength(FAKE_ORDERS.length);
  });
});

describe('who is packing an order, in warehouse mode', () => {
  const [first] = FAKE_ORDERS;
  if (first === undefined) throw new Error('the fake station has no orders');
  const since = Date.UTC(2026, 10, 26, 10, 42);
  const held = { ...first, claim: { deskId: 'DESK3', deskName: 'Desk 3', since } };

  it('names the other desk and since when, says "Packing here" for this desk, and nothing when no desk holds it or it is over', () => {
    expect(holderWords(held, 'DESK1')).toBe(`Being packed at Desk 3 since ${clockTime(since)}`);
    expect(clockTime(since)).toMatch(/^\d\d:\d\d$/);
    expect(holderWords(held, 'DESK3')).toBe('Packing here');
    expect(holderWords(first, 'DESK1')).toBeUndefined();
    expect(holderWords({ ...held, status: 'shipped' }, 'DESK1')).toBeUndefined();
    expect(holderWords({ ...held, status: 'cancelled' }, 'DESK1')).toBeUndefined();
    // A desk that has not loaded its settings yet still names the holder.
    expect(holderWords(held, undefined)).toBe(`Being packed at Desk 3 since ${clockTime(since)}`);
  });
});
