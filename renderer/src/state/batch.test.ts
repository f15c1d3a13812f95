/**
 * A batch on the Orders screen: open orders chosen, a box and a service for all, the estimate,
 * Ship once per intent (a repeat answers the same batch), the batch followed as it drains with
 * its pace, and a refused order's shipment found for correcting.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchView, BoxPreset, OfferedRate, StoredOrder } from '../../../electron/api';
import { FAKE_ORDERS, FakeStation, refusal, settled } from '../testing/fakeStation';
import { outboxItem, shipmentDetail } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { BatchState, serviceId } from './batch.svelte';

const BOX: BoxPreset = { code: 'BOX-M', name: 'Medium box', length: 12, width: 10, height: 8, unitOfLength: 'IN' };
const order = (at: number): StoredOrder => FAKE_ORDERS[at] as StoredOrder;
const offer = (carrier: string, serviceLevel: string, price: number): OfferedRate => ({ carrier, serviceLevel, serviceDisplayName: serviceLevel, shipMethod: 'Ground', price, currency: 'USD' });

function view(id: number, counts: { total: number; settled: number }): BatchView {
  return {
    id,
    createdAt: 1,
    box: { length: 12, width: 10, height: 8, unitOfLength: 'IN' },
    service: { kind: 'rule' },
    shipFromLocationId: null,
    orderCount: counts.total,
    refusedUpFront: 0,
    needsReview: 0,
    settledAt: null,
    printed: false,
    total: counts.total,
    settled: counts.settled,
    shipped: counts.settled,
    refused: 0,
    print: null,
    orders: [],
  };
}

function desk() {
  let settledSoFar = 0;
  const station = new FakeStation()
    .answer('batchServices', () => ({ orderNumber: '#1001', services: [offer('UPS', 'UPS_GROUND', 9), offer('USPS', 'USPS_PRIORITY_MAIL', 11)], message: null }))
    .answer('estimateBatch', ({ orderNumbers }) => ({ currency: 'USD', total: 9 * orderNumbers.length, perOrder: orderNumbers.map((orderNumber) => ({ orderNumber, price: 9 })), rateRequests: 1, ruleRequests: 0 }))
    .answer('shipBatch', ({ orderNumbers }) => view(7, { total: orderNumbers.length, settled: 0 }))
    .answer('getBatch', ({ batchId }) => view(batchId, { total: 2, settled: settledSoFar }));
  return { station, batch: new BatchState(station), settle: (count: number) => (settledSoFar = count) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a batch', () => {
  it('takes only open orders, and any change of the choice drops the estimate', async () => {
    const { batch } = desk();
    batch.selectAll([order(0), { ...order(1), status: 'shipped' }, order(2)]);
    batch.toggle({ ...order(3), status: 'cancelled' }, true);
    expect(batch.selected.map((o) => o.orderNumber)).toEqual(['#1001', 'A-77']);
    await batch.estimateCost(BOX);
    expect(batch.estimate?.total).toBe(18);
    batch.toggle(order(2));
    expect(batch.estimate).toBeUndefined();
    expect(batch.isSelected('A-77')).toBe(false);
  });

  it('offers the services rated for its first order; a service chosen stays while it is offered, else the rules choose', async () => {
    const { station, batch } = desk();
    batch.selectAll([order(0), order(1)]);
    await batch.loadServices(BOX);
    expect(station.inputsOf('batchServices')).toEqual([{ orderNumbers: ['#1001', '#1002'], box: { length: 12, width: 10, height: 8, unitOfLength: 'IN' } }]);
    batch.service = serviceId(offer('USPS', 'USPS_PRIORITY_MAIL', 11));
    await batch.estimateCost(BOX);
    expect(station.inputsOf('estimateBatch').at(-1)?.service).toEqual({ kind: 'service', carrier: 'USPS', serviceLevel: 'USPS_PRIORITY_MAIL', shipMethod: 'Ground' });
    await batch.loadServices(BOX);
    expect(batch.service).toBe('USPS/USPS_PRIORITY_MAIL');
    station.answer('batchServices', () => ({ orderNumber: null, services: [], message: 'no order of the batch can ship' }));
    await batch.loadServices(BOX);
    expect(batch.service).toBe('rule');
  });

  it('Ship buys once per intent: a second press while it is sent does nothing, a retry after a failure sends the same key, the next batch a new one', async () => {
    const { station, batch } = desk();
    batch.selectAll([order(0), order(1)]);
    station.answer('shipBatch', () => {
      throw refusal('offline', 'the station cannot be reached');
    });
    const toasts = watchToasts();
    expect(await batch.ship(BOX)).toBe(false);
    expect(toasts).toHaveLength(1);
    station.answer('shipBatch', ({ orderNumbers }) => view(7, { total: orderNumbers.length, settled: 0 }));
    const held = station.holdAnswers();
    const shipping = batch.ship(BOX);
    expect(await batch.ship(BOX)).toBe(false);
    held.releaseAll();
    expect(await shipping).toBe(true);
    const [failed, shipped] = station.inputsOf('shipBatch');
    expect(shipped?.batchKey).toBe(failed?.batchKey);
    expect(station.inputsOf('shipBatch')).toHaveLength(2);
    expect(batch.count).toBe(0);
    expect(batch.batch?.id).toBe(7);

    batch.closeBatch();
    batch.selectAll([order(2)]);
    await batch.ship(BOX);
    expect(station.inputsOf('shipBatch')[2]?.batchKey).not.toBe(failed?.batchKey);
  });

  it('follows its own progress, with the pace and the time left at it', async () => {
    // Only the clock (waiting on a condition would move it): the reads follow at once.
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const { station, batch, settle } = desk();
    batch.selectAll([order(0), order(1)]);
    await batch.ship(BOX);
    expect(batch.pace).toBeUndefined();
    vi.setSystemTime(1_000_000 + 30_000);
    settle(1);
    station.emit({ type: 'batchProgress', batchId: 99, total: 5, settled: 5, shipped: 5, refused: 0 });
    station.emit({ type: 'batchProgress', batchId: 7, total: 2, settled: 1, shipped: 1, refused: 0 });
    await settled();
    expect(batch.batch?.settled).toBe(1);
    expect(station.inputsOf('getBatch')).toEqual([{ batchId: 7 }]);
    expect(batch.pace).toEqual({ perMinute: 2, secondsLeft: 30 });
    batch.stop();
    station.emit({ type: 'batchProgress', batchId: 7, total: 2, settled: 2, shipped: 2, refused: 0 });
    expect(station.inputsOf('getBatch')).toHaveLength(1);
  });

  it('a refused order’s shipment is found as the queue keeps it, to correct; a lookup that fails is said', async () => {
    const { station, batch } = desk();
    const create = outboxItem({ id: 4, kind: 'createShipment', state: 'failed', stationRef: 'PB-DESK1-0004' });
    station.answer('getShipment', ({ stationRef }) => shipmentDetail({ stationRef }, { outbox: [outboxItem({ id: 5, kind: 'blockShipment' }), create] }));
    expect(await batch.refusedItem('PB-DESK1-0004')).toEqual(create);
    station.answer('getShipment', ({ stationRef }) => {
      throw refusal('notFound', `no shipment ${stationRef}`);
    });
    const toasts = watchToasts();
    expect(await batch.refusedItem('PB-DESK1-0009')).toBeUndefined();
    expect(toasts).toEqual(['No shipment PB-DESK1-0009.']);
  });
});
