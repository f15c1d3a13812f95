/**
 * A printer set to ZPL from the Printers screen, in Chromium through the web host, against the
 * private CUPS's raw queue: language, resolution, darkness and offset chosen by their accessible
 * names and kept by the station; the test page then reaches the printer's port as ZPL at that
 * resolution with that darkness and offset. The screen is scanned with axe with the ZPL fields open.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { decodeZplJob } from '../support/zplDecoder';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';

/** Only a guard against a hang on a busy machine; each wait ends when the page shows what it waits for. */
const SLOW = 60_000;

function printerRow(page: Page, name: string) {
  return page.getByTestId('printer-row').and(page.locator(`[data-printer="${name}"]`));
}

test('a printer set to ZPL from the Printers screen prints its test page as ZPL at its resolution', async ({ page, desk }) => {
  const zebra = desk.cups.queues.zplRaw;
  await openDesk(page, desk);
  await openScreen(page, 'Printers');
  const row = printerRow(page, zebra);
  try {
    await row.getByLabel(`Language of ${zebra}`).selectOption('ZPL');
    await expect.poll(async () => (await desk.value('getPrinterSetup', {})).printerLanguage[zebra]?.language, { timeout: SLOW }).toBe('ZPL');
    await row.getByLabel(`Resolution of ${zebra}`).selectOption('300');
    await expect.poll(async () => (await desk.value('getPrinterSetup', {})).printerLanguage[zebra]?.dpi, { timeout: SLOW }).toBe(300);
    for (const [name, value] of [
      [`Darkness of ${zebra}, 0 to 30`, '20'],
      [`Offset of ${zebra} to the right, in dots`, '8'],
      [`Offset of ${zebra} downwards, in dots`, '4'],
    ] as const) {
      const field = row.getByLabel(name);
      await field.fill(value);
      await field.press('Tab');
      await expect(field).toBeEnabled({ timeout: SLOW });
    }
    await expect
      .poll(async () => (await desk.value('getPrinterSetup', {})).printerLanguage[zebra], { timeout: SLOW })
      .toEqual({ language: 'ZPL', dpi: 300, darkness: 20, offset: { x: 8, y: 4 } });
    await expect(page.getByTestId('printers-notice')).toHaveText(`${zebra} prints ZPL at 300 dpi, darkness 20, moved 8 dots right and 4 down`);
    await expectAccessible(page, 'Printers, a printer set to ZPL');

    await row.getByRole('button', { name: `Print a test page on ${zebra}` }).click();
    await expect(row.getByTestId('test-page-outcome')).toHaveText(`Test page printed on ${zebra}`, { timeout: SLOW });
    const labels = decodeZplJob(await readFile(desk.cups.outputFileOf(zebra)));
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ printWidth: 1200, labelLength: 1800, darkness: 20, home: { x: 8, y: 4 }, encoding: 'Z64' });

    // Back to PDF from the screen: the ZPL fields go away.
    await row.getByLabel(`Language of ${zebra}`).selectOption('PDF');
    await expect(row.getByLabel(`Resolution of ${zebra}`)).toHaveCount(0);
    await expect.poll(async () => (await desk.value('getPrinterSetup', {})).printerLanguage[zebra]?.language, { timeout: SLOW }).toBe('PDF');
  } finally {
    // Put back as found: a printer never set.
    await desk.value('setPrinterLanguage', { printer: zebra, language: 'PDF' });
  }
});
