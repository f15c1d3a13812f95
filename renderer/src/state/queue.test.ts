/**
 * The Queue screen's state: the outbox as the filter asks for it, newest first or in send order,
 * each item named by its order or location, the actions on one item and what they did, the
 * drain's progress, all kept current by the station's events.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../../electron/api';
import { FakeStation, refusal, settled } from '../testing/fakeStation';
import { counts, outboxItem, shipmentDetail } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { QUEUE_LIMIT, QueueState, canCorrect, canDiscard, canRetry } from './queue.svelte';

const shipped = (id: number, order: string, fields: Partial<OutboxItem> = {}) => outboxItem({ id, payload: { references: { orderNumber: order } }, ...fields });

function desk(items: OutboxItem[]) {
  const station = new FakeStation()
    .answer('listOutbox', ({ states }) => items.filter((item) => states === undefined || states.includes(item.state)))
    .answer('getShipment', ({ stationRef }) => shipmentDetail({ stationRef, orderNumber: `SO-${stationRef.slice(-2)}` }));
  return { station, queue: new QueueState(station) };
}

describe('the queue', () => {
  it('lists open work newest first, or in the order it is sent, up to the station’s limit', async () => {
    const { station, queue } = desk([shipped(1, 'A'), shipped(3, 'C', { state: 'failed' }), shipped(2, 'B', { state: 'done' })]);
    await queue.load();
    expect(station.inputsOf('listOutbox')).toEqual([{ states: ['pending', 'sending', 'unknown', 'failed', 'needs_review'], limit: QUEUE_LIMIT }]);
    expect(queue.items.map((item) => item.id)).toEqual([3, 1]);
    queue.setOrder('sendOrder');
    expect(queue.items.map((item) => item.id)).toEqual([1, 3]);
    expect(queue.truncated).toBe(false);
  });

  it('another filter reads again, and an answer for the filter before it is dropped', async () => {
    const { station, queue } = desk([shipped(1, 'A'), shipped(2, 'B', { state: 'done' })]);
    const held = station.holdAnswers();
    const first = queue.load();
    queue.setFilter('all');
    expect(queue.loaded).toBe(false);
    held.release(1);
    await vi.waitFor(() => expect(queue.items.map((item) => item.id)).toEqual([2, 1]));
    held.release(0);
    await first;
    expect(queue.items.map((item) => item.id)).toEqual([2, 1]);
    expect(queue.filter).toBe('all');
  });

  it('names each item by its order: a shipment’s own, or the order of the shipment a change is for (asked once); a location by its reference', async () => {
    const change = outboxItem({ id: 5, kind: 'cancelShipment', stationRef: 'PB-DESK1-0042' });
    const location = outboxItem({ id: 6, kind: 'createLocation', stationRef: 'LOC-1', payload: { referenceId: 'WH-EAST', locationName: 'East' } });
    const { station, queue } = desk([shipped(4, 'SO-1001'), change, location]);
    await queue.load();
    await settled();
    await queue.load();
    await settled();
    expect(queue.subject(queue.items[2] as OutboxItem)).toBe('shipment for order SO-1001');
    expect(queue.subject(change)).toBe('cancel of the shipment for order SO-42');
    expect(queue.subject(location)).toBe('new location WH-EAST');
    expect(station.inputsOf('getShipment')).toEqual([{ stationRef: 'PB-DESK1-0042' }]);
  });

  it('says what an action did, waits while it runs, and reads the list again; a refusal is said in a toast', async () => {
    const item = shipped(7, 'SO-7', { state: 'failed' });
    const { station, queue } = desk([item]);
    station.answer('retryOutboxItem', () => ({ ...item, state: 'pending' })).answer('discardOutboxItem', () => ({ ...item, state: 'discarded' }));
    await queue.load();
    const reads = station.inputsOf('listOutbox').length;
    const retrying = queue.retry(item);
    expect(queue.isBusy(7)).toBe(true);
    await retrying;
    expect(queue.notice).toBe('Sending again: shipment for order SO-7');
    expect(station.inputsOf('listOutbox').length).toBe(reads + 1);
    await queue.discard(item);
    expect(queue.notice).toBe('Discarded: shipment for order SO-7. No label was bought for it.');

    station.answer('discardOutboxItem', () => {
      throw refusal('conflict', 'the item is being sent: it can no longer be discarded');
    });
    const toasts = watchToasts();
    await queue.discard(item);
    expect(toasts).toEqual(['The item is being sent: it can no longer be discarded.']);
    expect(queue.isBusy(7)).toBe(false);
  });

  it('says when the queue could not be read', async () => {
    const { station, queue } = desk([]);
    station.answer('listOutbox', () => {
      throw refusal('internal', 'the outbox table is locked');
    });
    await queue.load();
    expect(queue.notice).toBe('The queue could not be read: the outbox table is locked');
    expect(queue.loaded).toBe(false);
  });

  it('follows the drain’s progress until the worker is idle or the service is gone, and reads again when nothing waits', async () => {
    const { station, queue } = desk([shipped(1, 'A')]);
    queue.follow();
    station.emit({ type: 'outboxProgress', done: 3, total: 10, perMinute: 30, etaMs: 14_000 });
    expect(queue.drain).toEqual({ done: 3, total: 10, perMinute: 30, etaMs: 14_000 });
    station.emit({ type: 'connectivity', online: false, reason: 'timed out' });
    expect(queue.drain).toBeUndefined();
    station.emit({ type: 'outboxProgress', done: 4, total: 10, perMinute: 30 });
    station.emit({ type: 'outboxIdle', counts: counts({ pending: 2 }) });
    expect(queue.drain).toBeUndefined();
    await settled();
    expect(station.inputsOf('listOutbox')).toHaveLength(0);
    station.emit({ type: 'outboxIdle', counts: counts({ done: 12 }) });
    await vi.waitFor(() => expect(queue.loaded).toBe(true));
  });

  it('what may be done with an item follows its state', () => {
    const failed = outboxItem({ id: 1, state: 'failed' });
    expect([canRetry(failed), canCorrect(failed), canDiscard(failed)]).toEqual([true, true, true]);
    expect(canCorrect({ ...failed, damage: 'the stored payload does not read' })).toBe(false);
    expect(canCorrect({ ...failed, kind: 'cancelShipment' })).toBe(false);
    const sending = outboxItem({ id: 2, state: 'sending' });
    expect([canRetry(sending), canDiscard(sending)]).toEqual([false, false]);
  });
});
