/**
 * A page whose station went away, in Chromium through the web host: when the web host restarts
 * (a new access token, as a restarted `npm start` makes) the old tab says the station restarted and
 * how to open the desk again, and nothing on it takes input any more; when the web host stops, the
 * tab says the station stopped. Its calls answer why, too. Scanned with axe.
 */
import type { ApiResult } from '../../electron/api';
import type { StationHarness } from '../support/stationHarness';
import { expect, expectAccessible, openDesk, startDesk, test } from './desk';
import { ShipPage } from './shipPage';

const SLOW = 60_000;

interface StationWindow {
  readonly station: { getSettings(input: object): Promise<ApiResult<unknown>> };
}

let desk: StationHarness;

test.beforeEach(async () => {
  test.setTimeout(120_000);
  desk = await startDesk();
});

test.afterEach(async () => {
  await desk.close();
});

test('a restarted station: the old tab says so and how to reopen the desk, and takes no more input', async ({ page }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  const oldUrl = desk.webHost.openUrl;
  const fresh = await desk.restartWebHost();
  expect(fresh.openUrl).not.toBe(oldUrl);

  const lost = page.getByRole('alertdialog', { name: 'The station was restarted' });
  await expect(lost).toBeVisible({ timeout: SLOW });
  await expect(lost).toContainText('Open the address the station printed when it started again');
  await expect(page.getByTestId('desk')).toHaveAttribute('inert', '');
  // The forms take nothing: the Order field cannot even be focused.
  await ship.order.focus();
  await expect(ship.order).not.toBeFocused();
  // A call from the page answers why.
  const answer = await page.evaluate(() => (window as unknown as StationWindow).station.getSettings({}));
  expect(answer).toMatchObject({ ok: false, error: { code: 'permission', message: expect.stringContaining('The station was restarted') as unknown } });
  await expectAccessible(page, 'A restarted station');

  // The new address opens the desk again.
  await page.goto(fresh.openUrl);
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  await expect(page.getByTestId('station-lost')).toHaveCount(0);
});

test('a stopped station: the tab says so and how to start it again', async ({ page }) => {
  await openDesk(page, desk);
  await desk.stopWebHost();
  const lost = page.getByRole('alertdialog', { name: 'The station stopped' });
  await expect(lost).toBeVisible({ timeout: SLOW });
  await expect(lost).toContainText('npm start');
  await expect(page.getByTestId('desk')).toHaveAttribute('inert', '');
});
