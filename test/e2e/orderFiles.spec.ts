/**
 * Order files on the Orders screen in Chromium, through the web host: the same file chosen again
 * after "Close file" is previewed again; a sheet whose weights are in kilograms, by its header or
 * by the unit chosen for its columns, previews their weights as such; a big file shows its progress
 * while it is sent and read, can be cancelled and read again, and a file is imported with its progress;
 * a Windows-1252 file says it was read as such and offers the encodings. Scanned with axe.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';
import { ordersCsv } from '../support/orderFiles';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';

const fixture = (name: string): string => new URL(`../fixtures/orders/${name}`, import.meta.url).pathname;

/** Chooses a file as a person does: the file dialog opened from the button. */
async function chooseWithDialog(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Choose an order file').click();
  await (await chooser).setFiles(file);
}

const csv = (name: string, lines: readonly string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });

/**
 * A big file written to the test's folder and chosen by its path, as a packer's file is: Chromium
 * reads it from disk. Handed over as a buffer, its 27 MB crossed the DevTools protocol as base64
 * and were rebuilt in the page, 14 s of the test on a quiet machine.
 */
function fileOnDisk(name: string, text: string): string {
  const file = test.info().outputPath(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

test('the same file chosen again after "Close file" is previewed again', async ({ page, desk }) => {
  await openDesk(page, desk);
  await openScreen(page, 'Orders');
  const preview = page.getByTestId('import-preview');
  await chooseWithDialog(page, fixture('shopify-orders-export.csv'));
  await expect(preview.getByTestId('import-order')).toHaveCount(4);
  await page.getByRole('button', { name: 'Close file' }).click();
  await expect(preview).toHaveCount(0);
  await chooseWithDialog(page, fixture('shopify-orders-export.csv'));
  await expect(preview.getByTestId('import-order')).toHaveCount(4);
});

test('weights in kilograms, named in the header or chosen with the columns, read as kilograms', async ({ page, desk }) => {
  await openDesk(page, desk);
  await openScreen(page, 'Orders');
  const preview = page.getByTestId('import-preview');
  await chooseWithDialog(page, csv('kilos.csv', ['Order ID,Ship To Name,Address Line 1,Town/City,State/Province,ZIP/Postal Code,Country Code,Items,Quantity Ordered,Weight (kg)', 'KG-1,Ann Lee,1 Beacon St,Boston,MA,02108,US,Enamel mug,2,0.35']));
  await expect(preview.getByTestId('import-order')).toHaveCount(1);
  await expect(preview.getByTestId('import-order').getByRole('cell').nth(3)).toHaveText('0.70 kg');
  await page.getByRole('button', { name: 'Close file' }).click();

  await chooseWithDialog(page, csv('by-hand.csv', ['Ref,Who,Where,Town,Region,Code,Land,Thing,Mass', 'KG-2,Bo Li,2 Beacon St,Boston,MA,02108,US,Kettle,2']));
  await expect(page.getByTestId('import-file-problem')).toContainText('choose the columns by hand');
  const columns: Record<string, string> = { 'Order number': 'Ref', 'Recipient name': 'Who', 'Address line 1': 'Where', City: 'Town', 'State or province': 'Region', 'ZIP or postal code': 'Code', Country: 'Land', 'Item description': 'Thing', 'Item weight': 'Mass' };
  for (const [label, header] of Object.entries(columns)) await page.getByLabel(label, { exact: true }).selectOption(header);
  await page.getByLabel('Weights are in').selectOption('KG');
  await page.getByRole('button', { name: 'Preview with these columns' }).click();
  await expect(preview.getByTestId('import-order')).toHaveCount(1);
  await expect(preview.getByTestId('import-order').getByRole('cell').nth(3)).toHaveText('2.00 kg');
});

/**
 * How long a step with a big file may take: reading 150,000 orders takes seconds on a quiet 2-core
 * machine, and over two minutes beside three busy loops (it stopped at 149,393 of 150,000 once).
 * A guard against a hang, not a speed check: `npm run bench:import` times the reading.
 */
const BIG_FILE_STEP_MS = 8 * 60_000;

test('a big file shows its progress, can be cancelled while read, and is imported with its progress', async ({ page, desk }) => {
  test.setTimeout(4 * BIG_FILE_STEP_MS);
  await openDesk(page, desk);
  await openScreen(page, 'Orders');
  const progress = page.getByTestId('import-progress');
  await chooseWithDialog(page, fileOnDisk('big.csv', ordersCsv({ count: 150_000, prefix: 'E2E-', digits: 6 })));
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(progress).toContainText(/Reading big\.csv|Checking orders/, { timeout: BIG_FILE_STEP_MS });
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('import-notice')).toHaveText('Reading stopped.');
  await expect(progress).toHaveCount(0);

  await page.getByRole('button', { name: 'Read the file again' }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-summary')).toContainText('150,000 orders ready', { timeout: BIG_FILE_STEP_MS });
  await expect(preview).toContainText('The first 200 of 150,000 orders are shown.');
  await expectAccessible(page, 'Orders, a big file previewed');

  // Storing is the long part (a transaction per hundred orders); a file of 25,000 shows its
  // progress as well, in a fraction of the time.
  await page.getByRole('button', { name: 'Close file' }).click();
  await chooseWithDialog(page, fileOnDisk('smaller.csv', ordersCsv({ count: 25_000, prefix: 'E2F-', digits: 6 })));
  await expect(preview.getByTestId('import-summary')).toContainText('25,000 orders ready', { timeout: BIG_FILE_STEP_MS });
  await page.getByRole('button', { name: 'Import 25,000 orders' }).click();
  await expect(progress).toContainText(/Storing orders: [\d,]+ of 25,000/, { timeout: BIG_FILE_STEP_MS });
  await expect(page.getByTestId('import-outcome')).toContainText('Imported: 25000 new', { timeout: BIG_FILE_STEP_MS });
  await expect(progress).toHaveCount(0);
});

test('a Windows-1252 file says it was read as such, and offers the encodings', async ({ page, desk }) => {
  await openDesk(page, desk);
  await openScreen(page, 'Orders');
  await chooseWithDialog(page, { name: 'excel.csv', mimeType: 'text/csv', buffer: Buffer.from('Order,Name,Address,City,State,Zip,Country,Item\nWIN-1,Jürgen Müller,1 Beacon St,Boston,MA,02108,US,Mug\n', 'latin1') });
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-encoding')).toContainText('This file is not UTF-8, so it was read as Windows-1252 (Western European)');
  await expect(preview.getByTestId('import-order').getByRole('cell').first()).toHaveText('Jürgen Müller, Boston');
  await page.getByLabel('Encoding of the file').selectOption('windows-1250');
  await expect(preview.getByTestId('import-encoding')).not.toContainText('This file is not UTF-8');
  await expect(page.getByLabel('Encoding of the file')).toHaveValue('windows-1250');
  await expectAccessible(page, 'Orders, a file in another encoding');
});
