/** What the desk still owes the warehouse: read, read again on the station's events while followed, a failed read in words. */
import { describe, expect, it } from 'vitest';
import type { WarehouseJournalView } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { WarehouseJournalState } from './warehouseJournal.svelte';

const refusedOnce: WarehouseJournalView = {
  waiting: 2,
  refused: [{ id: 7, what: 'Audit entry (reprint) PB-DESK1-01 of order 1001', attempts: 1, reason: 'audit entry: detail.reason must be at most 500 characters', since: Date.UTC(2026, 10, 26, 10, 42) }],
};

describe('the warehouse journal at Settings', () => {
  it('is read, then read again when the station says it changed, and no more once not followed', async () => {
    let view: WarehouseJournalView = { waiting: 0, refused: [] };
    const station = new FakeStation().answer('getWarehouseJournal', () => view);
    const journal = new WarehouseJournalState(station);
    await journal.load();
    expect(journal.view).toEqual({ waiting: 0, refused: [] });

    const stop = journal.follow();
    view = refusedOnce;
    station.emit({ type: 'warehouseJournal', waiting: 2, refused: 1 });
    await expect.poll(() => journal.view).toEqual(refusedOnce);
    stop();
    view = { waiting: 0, refused: [] };
    station.emit({ type: 'warehouseJournal', waiting: 0, refused: 0 });
    expect(station.inputsOf('getWarehouseJournal')).toHaveLength(2);
    expect(journal.view).toEqual(refusedOnce);
  });

  it('says why it could not be read', async () => {
    const station = new FakeStation().answer('getWarehouseJournal', () => {
      throw refusal('internal', 'the store could not be read');
    });
    const journal = new WarehouseJournalState(station);
    await journal.load();
    expect(journal.view).toBeUndefined();
    expect(journal.problem).toMatch(/^The store could not be read\./);
  });
});
