/**
 * The Shipments list over the station's store: the query and filters as the station takes them,
 * rows a page at a time with only the pages near the view kept, the count or "more than", a
 * newer query winning over an older one, everything read for an export, and the list read again
 * once the store settles after changes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentSummary } from '../../../electron/api';
import { FakeStation, refusal, settled } from '../testing/fakeStation';
import { shipmentSummary } from '../testing/records';
import { KEPT_PAGES, LIST_PAGE, LOOKAHEAD_ROWS, SETTLE_MS, ShipmentListState, stationFilters } from './shipmentList.svelte';

/** A store of `count` shipments; it counts them all up to `counted`, past that it says "at least". */
function desk(count: number, counted = Number.POSITIVE_INFINITY) {
  const rows: ShipmentSummary[] = Array.from({ length: count }, (_, i) => shipmentSummary({ stationRef: `PB-DESK1-${String(i)}`, orderNumber: `SO-${String(i)}` }));
  const station = new FakeStation().answer('searchLocalShipments', ({ text = '', offset = 0, limit = 25 }) => {
    const found = rows.filter((row) => row.orderNumber?.includes(text) ?? false);
    return { results: found.slice(offset, offset + limit), ...(found.length <= counted ? { total: found.length } : { totalAtLeast: counted }) };
  });
  return { station, list: new ShipmentListState(station) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the shipment list', () => {
  it('asks for what is typed, sorted and filtered, dates as whole local days', async () => {
    const { station, list } = desk(3);
    list.setText('SO-1');
    list.setFilter('from', '2025-03-01');
    list.setFilter('to', '2025-03-31');
    list.setFilter('status', 'Created');
    list.setSort('oldest');
    await vi.waitFor(() =>
      expect(station.inputsOf('searchLocalShipments').at(-1)).toEqual({
        text: 'SO-1',
        sort: 'oldest',
        limit: LIST_PAGE,
        offset: 0,
        filters: { from: new Date(2025, 2, 1).getTime(), to: new Date(2025, 3, 1).getTime(), statuses: ['Created'] },
      }),
    );
    expect(stationFilters({ from: 'soon', to: '', status: '', carrier: 'UPS', locationId: 'loc1' })).toEqual({ carriers: ['UPS'], locationIds: ['loc1'] });
  });

  it('has room for every match the station counted, reads a page as it comes into view, and says the count', async () => {
    const { station, list } = desk(450);
    await list.reload();
    expect(list.count).toBe(450);
    expect(list.totalWords).toBe('450 shipments');
    expect(list.rowAt(0)?.stationRef).toBe('PB-DESK1-0');
    expect(list.rowAt(LIST_PAGE)).toBeUndefined();
    list.ensure(390, 420);
    await settled();
    expect(list.rowAt(449)?.stationRef).toBe('PB-DESK1-449');
    list.ensure(390, 420);
    await settled();
    expect(station.inputsOf('searchLocalShipments').map((input) => input.offset)).toEqual([0, LIST_PAGE, 2 * LIST_PAGE]);
  });

  it('past what the station counts, has room for five pages more while pages come back full, and ends at a short one', async () => {
    const { list } = desk(LIST_PAGE * 2 + 5, 300);
    await list.reload();
    expect(list.totalWords).toBe('more than 300 shipments');
    expect(list.count).toBe(LIST_PAGE + LOOKAHEAD_ROWS);
    expect(LOOKAHEAD_ROWS).toBe(5 * LIST_PAGE);
    list.ensure(LIST_PAGE, LIST_PAGE * 2 - 1);
    await settled();
    expect(list.count).toBe(LIST_PAGE * 2 + LOOKAHEAD_ROWS);
    list.ensure(LIST_PAGE * 2, LIST_PAGE * 3 - 1);
    await settled();
    expect(list.count).toBe(LIST_PAGE * 2 + 5);
  });

  it('a jump past the real end shrinks the list back to its last row, and a later empty page never grows it again', async () => {
    const { station, list } = desk(LIST_PAGE * 2 + 5, 300);
    await list.reload();
    const held = station.holdAnswers();
    // Two pages asked at once: the short one (the end) answers first, the empty one past it after.
    list.ensure(LIST_PAGE * 2, LIST_PAGE * 2 + 10);
    list.ensure(LIST_PAGE * 5, LIST_PAGE * 5 + 10);
    held.release(0);
    await settled();
    expect(list.count).toBe(LIST_PAGE * 2 + 5);
    held.releaseAll();
    await settled();
    expect(list.count).toBe(LIST_PAGE * 2 + 5);

    // Jumped to the far end of the room made: the empty page there shortens the list, and the
    // list reads on back to its last row by itself (the view may still be laid out for the old length).
    const again = desk(LIST_PAGE * 2 + 5, 300);
    await again.list.reload();
    again.list.ensure(again.list.count - 20, again.list.count - 1);
    await vi.waitFor(() => expect(again.list.rowAt(LIST_PAGE * 2 + 4)?.stationRef).toBe(`PB-DESK1-${String(LIST_PAGE * 2 + 4)}`));
    expect(again.list.count).toBe(LIST_PAGE * 2 + 5);
    expect(again.station.inputsOf('searchLocalShipments').map((input) => input.offset)).toEqual([0, 5 * LIST_PAGE, 4 * LIST_PAGE, 3 * LIST_PAGE, 2 * LIST_PAGE]);
  });

  it('past its end a full page never makes room again', async () => {
    const { list } = desk(LIST_PAGE * 3 + 5, 300);
    await list.reload();
    list.ensure(LIST_PAGE * 3, LIST_PAGE * 3 + 10);
    await settled();
    expect(list.count).toBe(LIST_PAGE * 3 + 5);
    // A page before the end read again (scrolled back up to it) keeps the end where it is.
    list.ensure(LIST_PAGE * 2, LIST_PAGE * 2 + 10);
    await settled();
    expect(list.rowAt(LIST_PAGE * 2)?.stationRef).toBe(`PB-DESK1-${String(LIST_PAGE * 2)}`);
    expect(list.count).toBe(LIST_PAGE * 3 + 5);
  });

  it('keeps only the pages near the view; a page dropped is read again when scrolled back to', async () => {
    const pages = KEPT_PAGES + 5;
    const { station, list } = desk(LIST_PAGE * pages);
    await list.reload();
    for (let page = 1; page < pages; page += 1) {
      list.ensure(page * LIST_PAGE, page * LIST_PAGE + 10);
      await settled();
    }
    expect(list.rowAt(0)).toBeUndefined();
    expect(list.rowAt((pages - 1) * LIST_PAGE)?.stationRef).toBe(`PB-DESK1-${String((pages - 1) * LIST_PAGE)}`);
    const reads = station.inputsOf('searchLocalShipments').length;
    list.ensure(0, 10);
    await settled();
    expect(station.inputsOf('searchLocalShipments')).toHaveLength(reads + 1);
    expect(list.rowAt(0)?.stationRef).toBe('PB-DESK1-0');
  });

  it('an answer for the text typed before is dropped; a failed read is said and cleared by the next', async () => {
    const { station, list } = desk(30);
    const held = station.holdAnswers();
    list.setText('SO-1');
    list.setText('SO-2');
    held.release(1);
    held.release(0);
    await settled();
    expect(list.rowAt(0)?.orderNumber).toBe('SO-2');
    expect(list.total).toBe(11);
    held.releaseAll();

    station.answer('searchLocalShipments', () => {
      throw refusal('invalidInput', 'text must be at most 200 characters');
    });
    await list.reload();
    expect(list.problem).toBe('Text must be at most 200 characters.');
  });

  it('reads every match for an export, 500 at a time, up to the cap', async () => {
    const { station, list } = desk(1_203);
    expect(await list.readAll()).toHaveLength(1_203);
    expect(station.inputsOf('searchLocalShipments').map((input) => [input.offset, input.limit])).toEqual([
      [0, 500],
      [500, 500],
      [1000, 500],
    ]);
    expect(await list.readAll(700)).toHaveLength(700);
  });

  it('is read again once, after the store settles from a burst of changes, and no more once it stops following', async () => {
    vi.useFakeTimers();
    const { station, list } = desk(3);
    const stop = list.follow();
    for (let id = 1; id <= 10; id += 1) {
      station.emit({ type: 'outboxItem', id, stationRef: 'x', kind: 'createShipment', state: 'done' });
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 2);
    }
    station.emit({ type: 'printJob', ids: [1], state: 'completed' });
    expect(station.inputsOf('searchLocalShipments')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(station.inputsOf('searchLocalShipments')).toHaveLength(1);
    station.emit({ type: 'trackingChanged', stationRef: 'x', status: 'InTransit', delivered: false, events: 2 });
    stop();
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(station.inputsOf('searchLocalShipments')).toHaveLength(1);
    expect(station.listening).toBe(0);
  });
});
