/** Conflicts for a person: the count followed, the list read, a resolution checked, sent once and the list read again; refusals in words. */
import { describe, expect, it } from 'vitest';
import type { WarehouseConflict } from '../../../electron/api';
import { FakeStation, refusal, settled } from '../testing/fakeStation';
import { WarehouseConflictsState } from './warehouseConflicts.svelte';

function conflict(id: number, orderNumber: string): WarehouseConflict {
  return {
    id,
    kind: 'shipped_twice',
    orderNumber,
    shipments: [
      { stationRef: `PB-DESK1-${String(id)}`, deskId: 'DESK1', deskName: 'Desk 1', trackingNumbers: ['1Z001'] },
      { stationRef: `PB-DESK2-${String(id)}`, deskId: 'DESK2', deskName: 'Desk 2', trackingNumbers: ['1Z002'] },
    ],
    detectedBy: 'DESK2',
    detectedAt: Date.UTC(2026, 10, 26, 10, 42),
    resolvedBy: null,
    resolvedAt: null,
    resolution: null,
  };
}

/** A station holding `open` conflicts; settling one removes it (once). */
function stationWith(open: WarehouseConflict[]) {
  const station = new FakeStation()
    .answer('countWarehouseConflicts', () => open.length)
    .answer('listWarehouseConflicts', () => [...open])
    .answer('resolveWarehouseConflict', ({ conflictId }) => {
      const at = open.findIndex((c) => c.id === conflictId);
      if (at === -1) return false;
      open.splice(at, 1);
      return true;
    });
  return station;
}

describe('the warehouse’s conflicts', () => {
  it('counts the open conflicts and follows the count the station says', async () => {
    const station = stationWith([conflict(1, '#1001'), conflict(2, '#1002')]);
    const conflicts = new WarehouseConflictsState(station);
    await conflicts.loadCount();
    expect(conflicts.open).toBe(2);
    const stop = conflicts.follow();
    station.emit({ type: 'warehouseConflicts', open: 3 });
    expect(conflicts.open).toBe(3);
    // The list is not read while nobody looks at it.
    expect(station.calls).not.toContain('listWarehouseConflicts');
    stop();
    expect(station.listening).toBe(0);
  });

  it('reads the list with both shipments, and reads it again when the count moves while it is shown', async () => {
    const open = [conflict(1, '#1001')];
    const station = stationWith(open);
    const conflicts = new WarehouseConflictsState(station);
    const stop = conflicts.follow();
    await conflicts.loadList();
    expect(conflicts.list).toEqual([conflict(1, '#1001')]);
    open.push(conflict(2, '#1002'));
    station.emit({ type: 'warehouseConflicts', open: 2 });
    await settled();
    expect(conflicts.list?.map((c) => c.orderNumber)).toEqual(['#1001', '#1002']);
    stop();
  });

  it('refuses a resolution that says nothing, at its conflict, without asking the station', async () => {
    const station = stationWith([conflict(1, '#1001')]);
    const conflicts = new WarehouseConflictsState(station);
    await conflicts.loadList();
    conflicts.setDraft(1, ' ok ');
    expect(await conflicts.resolve(1)).toBe(false);
    expect(conflicts.error(1)).toBe('Say what was done, e.g. which label was voided (at least 3 characters).');
    expect(station.calls).not.toContain('resolveWarehouseConflict');
    conflicts.setDraft(1, 'Voided');
    expect(conflicts.error(1)).toBeUndefined();
  });

  it('settles a conflict with the words typed (trimmed), says so, and reads the list again', async () => {
    const station = stationWith([conflict(1, '#1001'), conflict(2, '#1002')]);
    const conflicts = new WarehouseConflictsState(station);
    await conflicts.loadList();
    conflicts.setDraft(2, '  Voided the label of Desk 2 (1Z002).  ');
    expect(await conflicts.resolve(2)).toBe(true);
    expect(station.inputsOf('resolveWarehouseConflict')).toEqual([{ conflictId: 2, resolution: 'Voided the label of Desk 2 (1Z002).' }]);
    expect(conflicts.notice).toBe('The conflict of order #1002 is settled.');
    expect(conflicts.list?.map((c) => c.id)).toEqual([1]);
    expect(conflicts.open).toBe(1);
    expect(conflicts.draft(2)).toBe('');
  });

  it('a double press settles once', async () => {
    const station = stationWith([conflict(1, '#1001')]);
    const conflicts = new WarehouseConflictsState(station);
    await conflicts.loadList();
    conflicts.setDraft(1, 'Voided the second label.');
    const [first, second] = await Promise.all([conflicts.resolve(1), conflicts.resolve(1)]);
    expect([first, second]).toEqual([true, false]);
    expect(station.inputsOf('resolveWarehouseConflict')).toHaveLength(1);
  });

  it('says when another desk settled it first', async () => {
    const open = [conflict(1, '#1001')];
    const station = stationWith(open);
    const conflicts = new WarehouseConflictsState(station);
    await conflicts.loadList();
    open.splice(0, 1);
    conflicts.setDraft(1, 'Voided the second label.');
    expect(await conflicts.resolve(1)).toBe(false);
    expect(conflicts.notice).toBe('The conflict of order #1001 was already settled at another desk.');
    expect(conflicts.list).toEqual([]);
  });

  it('says in words why the list cannot be read, and puts a refused resolution at its conflict', async () => {
    const station = new FakeStation()
      .answer('listWarehouseConflicts', () => {
        throw refusal('offline', 'The warehouse database is not connected: its conflicts can be read and settled once it is (see the Warehouse badge).');
      })
      .answer('resolveWarehouseConflict', () => {
        throw refusal('invalidInput', 'the input is not valid', [{ field: 'resolution', message: 'resolution must say what was done, in 3 to 500 characters' }]);
      });
    const conflicts = new WarehouseConflictsState(station);
    await conflicts.loadList();
    expect(conflicts.problem).toContain('The warehouse database is not connected');
    conflicts.setDraft(7, 'Voided one.');
    expect(await conflicts.resolve(7)).toBe(false);
    expect(conflicts.error(7)).toContain('must say what was done');
  });
});
