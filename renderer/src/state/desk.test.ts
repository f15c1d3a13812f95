/** The desk made once: every shared state read at start and kept current, and another connection giving the Ship screen a clean order. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeStation, settled } from '../testing/fakeStation';
import { connectionInfo, printSystem, printerSetup, profile } from '../testing/records';
import { createDesk, startDesk } from './desk';

afterEach(() => {
  vi.unstubAllGlobals();
});

function station() {
  return new FakeStation()
    .answer('getConnection', () => connectionInfo())
    .answer('listPrinters', () => [])
    .answer('getPrinterSetup', () => printerSetup())
    .answer('getPrintSystem', () => printSystem())
    .answer('listPrintProblems', () => []);
}

/** A desk started on a browser without a scale API (the scale stays unconnected), its first reads answered. */
async function started() {
  vi.stubGlobal('navigator', {});
  const fake = station();
  const desk = createDesk(fake, { play: () => undefined });
  const stop = startDesk(desk);
  await settled();
  return { fake, desk, stop };
}

describe('the desk', () => {
  it('reads the connection, printers, print problems, settings and the warehouse link at start, and stops following when closed', async () => {
    const { fake, desk, stop } = await started();
    expect(new Set(fake.calls)).toEqual(new Set(['getConnection', 'listPrinters', 'getPrinterSetup', 'getPrintSystem', 'listPrintProblems', 'getSettings', 'getWarehouse', 'getRequestBudget', 'countWarehouseConflicts']));
    expect(desk.connection.info?.profile.id).toBe('sandbox');
    expect(desk.settings.current?.deskId).toBe('DESK1');
    expect(desk.warehouse.status?.state).toBe('notConfigured');
    expect(desk.budget.mode?.kind).toBe('own');
    expect(desk.conflicts.open).toBe(0);
    stop();
    expect(fake.listening).toBe(0);
  });

  it('another connection starts the Ship screen’s order afresh; the same one keeps it', async () => {
    const { fake, desk, stop } = await started();
    await desk.ship.scan('#1001');
    fake.emit({ type: 'connectionChanged', profileId: 'sandbox' });
    expect(desk.ship.form.orderNumber).toBe('#1001');
    fake.answer('getConnection', () => connectionInfo({ profile: profile({ id: 'prod', kind: 'production' }) }));
    fake.emit({ type: 'connectionChanged', profileId: 'prod' });
    expect(desk.ship.form.orderNumber).toBe('');
    stop();
  });
});
