/**
 * Order files on the Orders screen in Chromium, through the web host: the same file chosen again
 * after "Close file" is previewed again; a sheet whose weights are in kilograms, by its header or
 * by the unit chosen for its columns, previews their weights as such.
 */
import type { Page } from '@playwright/test';
import { expect, openDesk, openScreen, test } from './desk';

const fixture = (name: string): string => new URL(`../fixtures/orders/${name}`, import.meta.url).pathname;

/** Chooses a file as a person does: the file dialog opened from the button. */
async function chooseWithDialog(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('Choose an order file').click();
  await (await chooser).setFiles(file);
}

const csv = (name: string, lines: readonly string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });

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
