/**
 * The desk's frame at 1366x768 in Chromium, through the web host: the header and the rail stay in
 * view however far the screen scrolls; the desk follows the system's dark mode, every screen
 * scanned with axe in it (contrast included); and F1, or "?" outside a field, shows the keys, which
 * Esc closes with the focus back where it was.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';
import { ShipPage } from './shipPage';

const SCREENS = ['Queue', 'Orders', 'Shipments', 'Today', 'Locations', 'Printers', 'Settings', 'Connections', 'Ship'] as const;

test.use({ viewport: { width: 1366, height: 768 } });

/** Where the top of an element is on the screen, in CSS pixels. */
async function topOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().top);
}

test('the header and the rail stay in view while the screen scrolls under them', async ({ page, desk }) => {
  // A short window (a laptop at 150%): the Ship screen with its rates is taller than it.
  await page.setViewportSize({ width: 1366, height: 500 });
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.toRates('SO-E2E-LAYOUT-1');
  const main = page.getByRole('main');
  await main.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  expect(await main.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  // The page itself never scrolls: only the screen does.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await topOf(page, 'header.desk-header')).toBe(0);
  expect(await topOf(page, 'nav.rail')).toBe(0);
  await expect(page.getByTestId('connection-state')).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Ship\b/ })).toBeInViewport();
});

test('in the system’s dark mode the desk is dark, and every screen reads clearly (axe, contrast included)', async ({ page, desk }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openDesk(page, desk);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 24, 31)');
  for (const screen of SCREENS) {
    await openScreen(page, screen);
    await expectAccessible(page, `${screen}, dark`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
});

test('F1, or "?" outside a field, shows the keys; Esc closes them and the focus goes back', async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  const sheet = page.getByRole('dialog', { name: 'Keys' });

  // In the Order field "?" is a character someone typed.
  await page.keyboard.type('?');
  await expect(ship.order).toHaveValue('?');
  await expect(sheet).toHaveCount(0);
  await ship.order.fill('');

  await page.keyboard.press('F1');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('row', { name: /Alt\+1 … Alt\+9/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /F1, or \? outside a field/ })).toBeVisible();
  await expectAccessible(page, 'Keys');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(ship.order).toBeFocused();

  const validate = page.getByRole('button', { name: 'Validate address' });
  await validate.focus();
  await page.keyboard.press('?');
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(validate).toBeFocused();
});

test('the Ship screen fits 1366x768 at 150%: nothing scrolls sideways or is cut off', async ({ page, desk }) => {
  // 1366x768 at 150% zoom is a 911 x 512 CSS-pixel window.
  await page.setViewportSize({ width: 911, height: 512 });
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.toRates('SO-E2E-ZOOM-1');
  const main = page.getByRole('main');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(await main.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  // Every field and button of the screen lies within the screen's width.
  const outside = await main.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return [...element.querySelectorAll<HTMLElement>('input, select, button, [role="listbox"]')]
      .filter((control) => control.offsetParent !== null && control.getBoundingClientRect().right > right + 0.5)
      .map((control) => control.getAttribute('aria-label') ?? control.id ?? control.textContent);
  });
  expect(outside).toEqual([]);
  await expect(ship.shipButton).toBeVisible();
  await expectAccessible(page, 'Ship at 150%');
});
