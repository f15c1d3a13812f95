/**
 * A newcomer's first shift on a computer without a printer: the desk opens on the Sandbox with its
 * demo orders, CUPS is not running (nothing listens where the station looks for it), and no label
 * printer is chosen. Before anything is bought the desk says no label printer can be reached and
 * why, the header and the Printers screen agree on what the label printer is, and with one press
 * the PDF folder takes the labels: a demo order is scanned, shipped with the keyboard, and its
 * label comes out as a 4x6 PDF file carrying its tracking number, opened from the result. Through
 * the web host in Chromium, scanned with axe.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { pdfPageTexts } from '../support/labelOutput';
import type { StationHarness } from '../support/stationHarness';
import { expect, expectAccessible, openDesk, openScreen, startDesk, test, SLOW } from './desk';
import { ShipPage } from './shipPage';

const run = promisify(execFile);
/** Only a guard against a hang on a busy machine. */

let desk: StationHarness;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  desk = await startDesk({ printing: 'none', demoOrders: true });
});

test.afterAll(async () => {
  await desk.close();
});

test('no printer, no CUPS: the desk says why before buying, and a demo order ships into the PDF folder', async ({ page }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();

  // Before buying: the real cause, on the Ship screen, and the header says the same thing.
  const banner = page.getByTestId('label-printer-problem');
  await expect(banner).toContainText('No label printer can be reached: the print service (CUPS) is not running on this computer');
  await expect(page.getByTestId('label-printer-name')).toHaveText('System default (none)');
  await expect(page.getByTestId('label-printer-state')).toHaveText('print service not running');
  await expectAccessible(page, 'Ship, no label printer');

  // The Printers screen: the print service is not running (not "no printers"), and its words for
  // the label printer are the header's.
  await openScreen(page, 'Printers');
  await expect(page.getByTestId('print-service-down')).toContainText('The print service (CUPS) is not running on this computer');
  await expect(page.getByTestId('no-printers')).toHaveCount(0);
  const labelChoice = page.getByLabel('Label printer', { exact: true });
  await expect(labelChoice.locator('option:checked')).toHaveText('System default (none)');
  await expect(page.getByTestId('printer-row').and(page.locator('[data-printer="PDF folder"]'))).toContainText('ready');
  await expect(page.getByLabel('Folder', { exact: true })).toHaveValue(desk.pdfFolder);
  await expectAccessible(page, 'Printers, no print service');

  // One press: labels go to the PDF folder; the desk stops warning.
  await openScreen(page, 'Ship');
  await banner.getByRole('button', { name: 'Use the PDF folder' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('label-printer-name')).toHaveText('PDF folder');
  await expect(page.getByTestId('label-printer-state')).toHaveText('ready');

  // A demo order, scanned: the form fills itself; its item scanned in; the box, Enter for rates, Enter to ship.
  await page.getByLabel('Order', { exact: true }).focus();
  await ship.scan('DEMO-1001');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('San Francisco');
  // Its one item is scanned into the box, as a scanner types it.
  await expect(page.getByLabel('Scan item')).toBeFocused();
  await ship.scanner('MUG-BLUE');
  await expect(page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset')).toBeFocused();
  await page.keyboard.press('3');
  await expect(ship.weight()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ship.rates).toBeFocused();
  await page.keyboard.press('Enter');
  const tracking = await ship.trackingNumber();
  await expect(ship.result.getByTestId('print-state')).toHaveText('Label printed on PDF folder', { timeout: SLOW });

  // The file, from the result: its name, opened on asking, a 4x6 page with the tracking number.
  const saved = ship.result.getByTestId('saved-file');
  await expect(saved).toContainText('Saved in the PDF folder', { timeout: SLOW });
  await expect(saved.getByTestId('saved-file-name')).toHaveText(/^\d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d Packbench PB-.*\.pdf$/);
  await saved.getByRole('button', { name: /^Open the PDF file: Label of / }).click();
  await expect.poll(() => desk.opened.length).toBe(1);
  const file = desk.opened[0]?.file ?? '';
  expect(path.dirname(file)).toBe(desk.pdfFolder);
  await expect(saved.getByTestId('saved-file-name')).toHaveText(path.basename(file));
  const { stdout } = await run('pdfinfo', [file]);
  expect(stdout).toMatch(/Page size:\s+288 x 432 pts/);
  expect((await pdfPageTexts(file))[0]).toContain(tracking.replace(/\s+/g, ''));
  await saved.getByRole('button', { name: /^Show in its folder: / }).click();
  await expect.poll(() => desk.opened.at(-1)).toEqual({ file, reveal: true });
  await expectAccessible(page, 'Ship, label saved as a PDF file');

  // The job says so too: completed on the PDF folder, its id the file's address.
  const [job] = await desk.value('printHistory', { limit: 1 });
  expect(job).toMatchObject({ state: 'completed', targetPrinter: 'PDF folder' });
  expect(fileURLToPath(job?.cupsJobId ?? '')).toBe(file);
});
