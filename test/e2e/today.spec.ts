/**
 * The Today screen in Chromium, through the web host: after a few shipments, the chart's totals
 * (today and this week, in its currency) equal a SQL sum over the same store, taken here from the
 * shipments' own cost column (not by the station's query, which reads the stored answers); the
 * tiles, the queue and the printers are on the screen. Scanned with axe.
 */
import Database from 'better-sqlite3';
import { profileStorePath } from '../../electron/station/connection';
import { SANDBOX_PROFILE_ID } from '../../electron/api';
import { requestKey, shipment } from '../support/shipments';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';

const SLOW = 60_000;

test('the Today chart\'s totals equal a SQL sum over the same store', async ({ page, desk }) => {
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
  for (const order of ['SO-E2E-TODAY-1', 'SO-E2E-TODAY-2', 'SO-E2E-TODAY-3']) {
    const from = desk.events.length;
    const made = await desk.value('ship', { shipment: shipment({ references: { orderNumber: order } }), requestKey: requestKey() });
    await desk.waitForEvent('labelsReady', (e) => e.stationRef === made.stationRef, from, SLOW);
  }

  await openDesk(page, desk);
  await openScreen(page, 'Today');
  const chart = page.getByTestId('spend-chart');
  await expect(chart).toBeVisible({ timeout: SLOW });
  await expectAccessible(page, 'Today');

  const { week, today } = await desk.value('getToday', {});
  const store = new Database(profileStorePath(desk.dataDir, SANDBOX_PROFILE_ID), { readonly: true, fileMustExist: true });
  try {
    const spent = (from: number, to: number, currency: string): number =>
      (
        store
          .prepare("SELECT round(coalesce(sum(cost), 0), 2) AS total FROM shipments WHERE created_at >= ? AND created_at < ? AND status <> 'Cancelled' AND currency = ?")
          .get(from, to, currency) as { total: number }
      ).total;
    // Other tests' shipments may land meanwhile: the page follows, and both sides are read again.
    await expect
      .poll(async () => {
        const currency = (await chart.getAttribute('data-currency')) ?? '';
        return [Number(await chart.getAttribute('data-today-total')), Number(await chart.getAttribute('data-week-total'))].join(' ') + ` = ${String(spent(today.from, today.to, currency))} ${String(spent(week.from, week.to, currency))}`;
      }, { timeout: SLOW })
      .toMatch(/^(\S+) (\S+) = \1 \2$/);
    const currency = (await chart.getAttribute('data-currency')) ?? '';
    expect(spent(today.from, today.to, currency)).toBeGreaterThan(0);
  } finally {
    store.close();
  }

  await expect(page.getByTestId('today-shipments')).not.toHaveText('0');
  await expect(page.getByTestId('spend-table')).toContainText('This week');
  await expect(page.getByRole('heading', { name: 'Printers', level: 3 })).toBeVisible();
  await expect(page.getByTestId('no-exceptions').or(page.getByTestId('delivery-exception').first())).toBeVisible();
});
