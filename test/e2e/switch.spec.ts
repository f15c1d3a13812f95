/**
 * Switching connections from the Connections screen, in Chromium through the web host: the header
 * shows the new connection's online state as soon as the station has decided it, even when the
 * station decides while the page is still reading the new connection (the read, older, must not
 * undo the decision), and the previous connection's order and Ship result are gone from the Ship
 * screen. The read is held by the test until the page has heard the station's verdict, so the
 * order of the two is certain.
 */
import type { RunningSandbox } from '../../electron/sandbox/sandbox';
import type { StationEvent } from '../../electron/api';
import type { StationHarness } from '../support/stationHarness';
import { expect, openDesk, openScreen, startDesk, test } from './desk';
import { ShipPage } from './shipPage';

const SLOW = 60_000;

/** The page's own record of the station's events, heard after the desk's listeners heard them. */
interface Heard {
  readonly heard: StationEvent[];
}

let desk: StationHarness;
let service: RunningSandbox;
let productionId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  desk = await startDesk();
  service = await desk.startServiceSandbox({ demoLocation: true });
  const saved = await desk.value('saveProfile', { name: 'Head office', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'Premium' });
  productionId = saved.id;
  await desk.value('setProfileSecret', { profileId: productionId, secret: service.credentials.apiKey });
});

test.afterAll(async () => {
  await desk.close();
});

test('a switch shows the new connection online at once and leaves nothing of the previous one on the Ship screen', async ({ page }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.toRates('SO-E2E-SWITCH-1');
  await page.keyboard.press('Enter');
  await ship.trackingNumber();

  await page.evaluate(() => {
    const record = window as unknown as Heard & { station: { onEvent(listener: (event: StationEvent) => void): () => void } };
    Object.assign(record, { heard: [] });
    record.station.onEvent((event) => record.heard.push(event));
  });
  // The service answers slowly, so the station decides it is online only after it said it switched.
  service.faults.set({ latencyMs: 400 });
  let held = 0;
  let switching = false;
  await page.route('**/api/getConnection', async (route) => {
    if (!switching) return route.continue();
    // What the station says now (still checking), handed to the page only once it has heard the verdict.
    const stale = await route.fetch();
    held += 1;
    await expect.poll(() => page.evaluate(() => (window as unknown as Heard).heard.some((e) => e.type === 'connectivity' && e.online)), { timeout: SLOW }).toBe(true);
    await route.fulfill({ response: stale });
  });

  await openScreen(page, 'Connections');
  const switchButton = page.getByRole('article', { name: 'Head office' }).getByRole('button', { name: 'Switch to Head office' });
  await expect(switchButton).toBeVisible();
  switching = true;
  await switchButton.click();
  await expect(page.getByTestId('connection-profile')).toHaveText('Head office', { timeout: SLOW });
  expect(held).toBeGreaterThan(0);
  // Read the moment the new connection is shown: the station's verdict, not the older read.
  expect(await page.getByTestId('connection-state').textContent()).toBe('Online');
  // The page may read again after the verdict, and that read is held too: a plain unroute would
  // let Playwright pass it on while its handler still holds it, and the handler's fulfil then
  // fails with "Route is already handled!". Hold no more, and wait for the reads in hand.
  switching = false;
  await page.unrouteAll({ behavior: 'wait' });
  service.faults.clear();

  // Nothing of the Sandbox's order is left to act on.
  await openScreen(page, 'Ship');
  await expect(ship.result).toHaveCount(0);
  await expect(ship.order).toHaveValue('');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('');
});
