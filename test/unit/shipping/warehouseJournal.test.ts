/**
 * The desk's journal for the warehouse, on a real SQLite store with the warehouse's calls faked at
 * their seam: an entry the warehouse refuses (a row it cannot take, not an outage) stays, with its
 * reason, and is shown to a person in words; one that goes through is forgotten; an outage leaves
 * entries waiting without calling them refused. Each change is told with the counts.
 */
import { describe, expect, it } from 'vitest';
import { WarehouseJournal, type JournalCalls } from '../../../electron/shipping/warehouseJournal';
import type { WarehouseAccess } from '../../../electron/shipping/orderClaims';
import { WarehouseInputError, WarehouseUnavailableError, type Warehouse } from '../../../electron/warehouse';
import { openTempStore } from '../store/support/tempStore';

const REF = 'PB-DESK1-01JZ0000000000000000000001';
const connected: WarehouseAccess = { kind: 'connected', db: {} as Warehouse['db'] };

function journal(calls: Partial<JournalCalls>, access: () => WarehouseAccess = () => connected) {
  const store = openTempStore();
  const told: { waiting: number; refused: number }[] = [];
  const fail = (): never => {
    throw new Error('not expected in this test');
  };
  const all: JournalCalls = { uploadShipments: fail, uploadAudit: fail, abandonPurchase: fail, recordVoid: fail, ...calls };
  const j = new WarehouseJournal({ store, warehouse: access, deskId: () => 'DESK1', now: () => 1_750_000_000_000, log: () => undefined, onChange: (counts) => told.push(counts), calls: all });
  return { j, told, store };
}

describe('the warehouse journal, for a person', () => {
  it('keeps an entry the warehouse refuses, with its reason in words, and forgets one it takes', async () => {
    let refuse = true;
    const { j, told } = journal({
      uploadAudit: () => (refuse ? Promise.reject(new WarehouseInputError('audit entry', ['detail.reason must be at most 500 characters'])) : Promise.resolve(1)),
    });
    j.audit('reprint', '1001', REF, { reason: 'torn' });
    await j.flush();
    const view = j.view();
    expect(view.waiting).toBe(1);
    expect(view.refused).toEqual([{ id: expect.any(Number) as unknown, what: `Audit entry (reprint) ${REF} of order 1001`, attempts: expect.any(Number) as unknown, reason: expect.stringContaining('at most 500 characters') as unknown, since: 1_750_000_000_000 }]);
    // Writing it started a pass, and the flush asked for another: each refusal is counted.
    expect(view.refused[0]?.attempts).toBeGreaterThanOrEqual(1);
    expect(told.at(-1)).toEqual({ waiting: 1, refused: 1 });

    // Tried again at the next pass; taken this time, and forgotten.
    refuse = false;
    await j.flush();
    expect(j.view()).toEqual({ waiting: 0, refused: [] });
    expect(told.at(-1)).toEqual({ waiting: 0, refused: 0 });
  });

  it('leaves entries waiting, not refused, while the warehouse cannot be reached', async () => {
    const { j, told } = journal({ recordVoid: () => Promise.reject(new WarehouseUnavailableError('the warehouse database cannot be reached')) });
    j.outboxSettled({ stationRef: REF, kind: 'cancelShipment', state: 'done' });
    await j.flush();
    expect(j.view()).toEqual({ waiting: 1, refused: [] });
    expect(told.at(-1)).toEqual({ waiting: 1, refused: 0 });
  });
});
