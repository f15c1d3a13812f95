/**
 * Orders in Chromium, through the web host: a Shopify orders export chosen with the file picker
 * and a file with bad rows dropped on the page are previewed (each bad row's problem in words)
 * before anything is saved; an imported order scanned on the Ship screen fills the address and
 * the weight, its item is scanned into the box, and it is shipped with the keys besides the scans
 * counted (target: at most 4); its
 * order reads shipped; scanned again, it offers its label instead of a new one. Scanned with axe.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openDesk, openScreen, test, SLOW } from './desk';
import { ShipPage } from './shipPage';

const fixture = (name: string): string => new URL(`../fixtures/orders/${name}`, import.meta.url).pathname;

/** Drops a file on the order drop area, as a person drags it from their files. */
async function dropFile(page: Page, path: string, name: string): Promise<void> {
  const text = readFileSync(path, 'utf8');
  const transfer = await page.evaluateHandle(
    ({ text, name }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: 'text/csv' }));
      return data;
    },
    { text, name },
  );
  await page.getByTestId('order-drop').dispatchEvent('drop', { dataTransfer: transfer });
}

test('orders imported from files, then an imported order scanned and shipped in a few keys', async ({ page, desk }) => {
  test.setTimeout(5 * 60_000);
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
  await openDesk(page, desk);
  await openScreen(page, 'Orders');
  await expectAccessible(page, 'Orders');

  // A file with bad rows, dropped: the preview says what is wrong, and nothing is saved yet.
  await dropFile(page, fixture('orders-with-bad-rows.csv'), 'orders-with-bad-rows.csv');
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-summary')).toContainText('2 orders ready');
  await expect(preview.getByTestId('import-summary')).toContainText('7 rows with problems');
  await expect(preview.locator('[data-row="3"]')).toHaveText('Row 3 (order B-2): missing ZIP or postal code');
  await expect(preview.locator('[data-row="4"]')).toHaveText('Row 4 (order B-3): unknown country "Narnia"');
  await expect(preview.locator('[data-row="5"]')).toContainText('bad weight "heavy"');
  await expectAccessible(page, 'Orders, a preview with bad rows');
  expect((await desk.value('listOrders', { limit: 50, offset: 0 })).orders.map((o) => o.orderNumber)).not.toContain('B-1');

  // A Shopify export and a spreadsheet, chosen with the file picker, imported.
  const picker = page.getByLabel('Choose an order file');
  await picker.setInputFiles(fixture('shopify-orders-export.csv'));
  await expect(preview.getByTestId('import-summary')).toContainText('Shopify orders export');
  await expect(preview.getByTestId('import-order')).toHaveCount(4);
  await page.getByRole('button', { name: 'Import 4 orders' }).click();
  await expect(page.getByTestId('import-outcome')).toContainText('Imported:');
  await picker.setInputFiles(fixture('spreadsheet-semicolon-bom-crlf.csv'));
  await expect(preview.getByTestId('import-order')).toHaveCount(3);
  await page.getByRole('button', { name: 'Import 3 orders' }).click();
  await expect(page.getByTestId('import-outcome')).toContainText('Imported:');
  await expect(page.locator('[data-order="WEB-2003"]').getByTestId('order-status')).toHaveText('Open');
  await expect(page.locator('[data-order="#1004"]')).toBeVisible();

  // Imported again: updated or unchanged, never twice.
  await page.getByRole('button', { name: 'Import 3 orders' }).click();
  await expect(page.getByTestId('import-outcome')).toContainText('0 new');
  const all = await desk.value('listOrders', { limit: 200, offset: 0, query: 'WEB-2003' });
  expect(all.orders.filter((o) => o.orderNumber === 'WEB-2003')).toHaveLength(1);

  // Scan the order on the Ship screen: its address and weight are there; the keys besides the scan are counted.
  await openScreen(page, 'Ship');
  const ship = new ShipPage(page);
  await ship.ready();
  let keys = 0;
  const press = async (key: string): Promise<void> => {
    keys += 1;
    await page.keyboard.press(key);
  };
  await ship.scan('WEB-2003');
  await expect(page.getByLabel('ZIP or postal code', { exact: true })).toHaveValue('10118');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Chris Young');
  // Its one item is scanned into the box (a scan, not a key); the box comes next.
  await expect(page.getByLabel('Scan item')).toBeFocused();
  await ship.scanner('BOOK-07');
  await expect(page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset')).toBeFocused();
  await expect(ship.weight()).toHaveValue('2.5');
  await press('3'); // the medium box; the weight is the order's
  await expect(ship.weight()).toBeFocused();
  await press('Enter'); // rates, the order's requested service chosen
  await expect(ship.rates).toBeFocused();
  await expect(ship.rates.getByRole('option', { selected: true })).toContainText(/ground/i);
  await press('Enter'); // ship
  const tracking = await ship.trackingNumber();
  await expect(ship.result.getByTestId('print-state')).toHaveText(/Label printed/, { timeout: SLOW });
  console.log(`imported order shipped with ${String(keys)} keys besides the scans`);
  expect(keys).toBeLessThanOrEqual(4);

  // The order now reads shipped, with the shipment that shipped it.
  const order = await desk.value('getOrder', { orderNumber: 'WEB-2003' });
  expect(order.status).toBe('shipped');
  const detail = await desk.value('getShipment', { stationRef: order.stationRef ?? '' });
  expect(detail.shipment.trackingNumber).toBe(tracking);

  // Scanned again: its label is offered, nothing new is bought.
  await ship.nextOrder.click();
  await ship.scan('WEB-2003');
  await expect(page.getByRole('button', { name: /Reprint/ }).first()).toBeFocused();
  await expect(page.getByLabel('ZIP or postal code', { exact: true })).toHaveValue('');
});
