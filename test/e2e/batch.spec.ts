/**
 * A batch in Chromium, through the web host, on a station of its own (its own sandbox and CUPS, so
 * the label queue's output is this batch's job alone): 50 imported orders chosen on the Orders
 * screen, a box and a service, the estimated total, Ship pressed twice; the service refuses one
 * order (a ZIP code that does not exist); the 49 labels come out of the label printer as one job
 * of 49 pages in the batch's order, the refused order is listed with the service's words, fixed on
 * the Ship screen and sent again; the results exported as CSV. Scanned with axe.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { pdfPageCount, pdfPageTexts } from '../support/labelOutput';
import { ordersCsv } from '../support/orderFiles';
import { expect, expectAccessible, openDesk, openScreen, startDesk, test } from './desk';

const run = promisify(execFile);
/** A batch of 50 drains at the sandbox's Standard pace (100 a minute): a guard against a hang. */
const DRAIN = 4 * 60_000;
const ORDERS = 50;
const REFUSED = 'BT-25';

test('a batch of 50 orders: one print job with a page per shipped label, the refused order listed, fixed and sent again', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const desk = await startDesk();
  try {
    await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
    const imported = await desk.value('importOrders', { text: ordersCsv({ count: ORDERS, prefix: 'BT-', digits: 2, refused: [REFUSED], lineEnd: '\r\n' }) });
    expect(imported.created).toBe(ORDERS);

    await openDesk(page, desk);
    await openScreen(page, 'Orders');
    await expect(page.getByTestId('order-row')).toHaveCount(ORDERS);
    // Chosen as the list shows them (the newest import first): the batch keeps that order.
    const firstShown = await page.getByTestId('order-row').first().getAttribute('data-order');
    await page.getByRole('button', { name: 'Choose all open shown' }).click();
    const panel = page.getByTestId('batch-panel');
    await expect(panel.getByRole('heading', { name: `Ship ${ORDERS} orders as a batch` })).toBeVisible();

    // A box for all of them; the services offered to the first order; the estimate.
    await panel.getByLabel('Box').selectOption('BOX-M');
    await expect(panel.getByTestId('batch-service-note')).toHaveText(`Prices for order ${firstShown ?? '?'}.`, { timeout: DRAIN });
    await panel.getByLabel('Service').selectOption('UPS/UPS_GROUND');
    await panel.getByRole('button', { name: 'Estimate cost' }).click();
    const estimate = panel.getByTestId('batch-estimate');
    await expect(estimate).toContainText(/Estimated total: \$[\d,]+\.\d\d/, { timeout: DRAIN });
    await expectAccessible(page, 'Orders, a batch chosen');

    // Ship pressed twice: one batch.
    await panel.getByRole('button', { name: `Ship ${ORDERS} orders` }).dblclick();
    const results = page.getByTestId('batch-results');
    await expect(results.getByTestId('batch-counts')).toHaveText(`${ORDERS} of ${ORDERS} settled · ${ORDERS - 1} shipped · 1 refused`, { timeout: DRAIN });
    expect(await desk.value('listBatches', { limit: 5 })).toHaveLength(1);
    const printLine = results.getByTestId('batch-print');
    await expect(printLine).toHaveText(`Labels: one job of ${ORDERS - 1} pages on ${desk.labelQueue}, completed.`, { timeout: DRAIN });

    // The refused order, with the service's words and a way to fix it.
    const refused = results.locator(`[data-testid="batch-order"][data-order="${REFUSED}"]`);
    await expect(refused).toHaveAttribute('data-state', 'refused');
    await expect(refused).toContainText('00000');
    await expectAccessible(page, 'Orders, a batch shipped');

    // One job in CUPS, one page per shipped label, each with its tracking number, in the batch's order.
    const [batch] = await desk.value('listBatches', { limit: 1 });
    const view = await desk.value('getBatch', { batchId: batch?.id ?? 0 });
    const shipped = view.orders.filter((order) => order.state === 'shipped');
    expect(shipped).toHaveLength(ORDERS - 1);
    const completed = await run('lpstat', ['-W', 'completed', '-o', desk.labelQueue], { env: desk.cups.env });
    expect(completed.stdout.trim().split('\n')).toHaveLength(1);
    const output = desk.cups.outputFileOf(desk.labelQueue);
    expect(await pdfPageCount(output)).toBe(ORDERS - 1);
    const pages = await pdfPageTexts(output);
    expect(shipped.filter((order, i) => !(pages[i] ?? '').includes(order.trackingNumber ?? '?')).map((order) => order.orderNumber)).toEqual([]);

    // The results as the shop imports them back: tracking number, carrier, service, cost, ship date.
    const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Export results CSV' }).click()]);
    const text = readFileSync(await download.path(), 'utf8');
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(ORDERS);
    expect(rows.filter((row) => (row['Tracking number'] ?? '') !== '')).toHaveLength(ORDERS - 1);
    expect(rows.find((row) => row['Order number'] === REFUSED)?.Status).toBe('Refused');

    // Fixed on the Ship screen and sent again: the batch follows it to shipped.
    await refused.getByRole('button', { name: `Fix and resend ${REFUSED}` }).click();
    const zip = page.getByLabel('ZIP or postal code', { exact: true });
    await expect(zip).toHaveValue('00000');
    await zip.fill('94105');
    await page.getByRole('button', { name: 'Send corrected shipment' }).click();
    await openScreen(page, 'Orders');
    await expect(results.getByTestId('batch-counts')).toHaveText(`${ORDERS} of ${ORDERS} settled · ${ORDERS} shipped · 0 refused`, { timeout: DRAIN });
    await expect(refused).toHaveAttribute('data-state', 'shipped');
  } finally {
    await desk.close();
  }
});
