/** The day at a glance: read from the station, and read once again after a burst of events that move its figures. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayAtAGlance } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { watchToasts } from '../testing/toasts';
import { TodayState } from './today.svelte';

const day = (shipments: number): DayAtAGlance => ({
  timeZone: 'America/Chicago',
  now: 1,
  today: { from: 0, to: 1, shipments, unsent: 0, spend: [] },
  week: { from: 0, to: 1, shipments, spend: [], costPerPackage: [] },
  outbox: { waiting: 0, needsPerson: 0 },
  deliveryExceptions: [],
  printProblems: 0,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('today', () => {
  it('is read from the station; a failed read is said, and the figures shown stay', async () => {
    const station = new FakeStation().answer('getToday', () => day(3));
    const today = new TodayState(station);
    await today.load();
    expect(today.day?.today.shipments).toBe(3);
    const toasts = watchToasts();
    station.answer('getToday', () => {
      throw refusal('internal', 'the store could not be read');
    });
    await today.load();
    expect(today.day?.today.shipments).toBe(3);
    expect(toasts).toEqual(['The store could not be read. The details are in the station log.']);
  });

  it('reads again once after a burst of events that move the figures, and not for those that do not', async () => {
    vi.useFakeTimers();
    let shipped = 0;
    const station = new FakeStation().answer('getToday', () => day(shipped));
    const today = new TodayState(station);
    const stop = today.follow();
    // Not figures: an item being sent, a print that went well.
    station.emit({ type: 'outboxItem', id: 1, stationRef: 'PB-DESK1-0001', kind: 'createShipment', state: 'sending' });
    station.emit({ type: 'printJob', ids: [1], state: 'completed' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(station.inputsOf('getToday')).toHaveLength(0);

    for (let id = 1; id <= 20; id += 1) {
      shipped = id;
      station.emit({ type: 'outboxItem', id, stationRef: `PB-DESK1-${String(id)}`, kind: 'createShipment', state: 'done' });
      await vi.advanceTimersByTimeAsync(50);
    }
    station.emit({ type: 'printJob', ids: [9], state: 'failed' });
    await vi.advanceTimersByTimeAsync(300);
    expect(station.inputsOf('getToday')).toHaveLength(1);
    expect(today.day?.today.shipments).toBe(20);

    station.emit({ type: 'connectionChanged', profileId: 'hq' });
    stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(station.inputsOf('getToday')).toHaveLength(1);
  });
});
