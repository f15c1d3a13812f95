import { expect, test } from '@playwright/test';
import { startRendererHost, type RendererHost } from './servers';

let host: RendererHost;

test.beforeAll(async () => {
  host = await startRendererHost();
});

test.afterAll(async () => {
  await host.close();
});

test('the built renderer loads in Chromium without errors and says clearly when no station is connected', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(host.url);
  await expect(page).toHaveTitle('Packbench');
  await expect(page.getByRole('heading', { name: 'Packbench' })).toBeVisible();
  // Served as plain files, with neither the preload nor the web host's bridge to provide window.station.
  await expect(page.getByTestId('station-missing')).toContainText('not connected');
  await expect(page.getByTestId('connection-state')).toHaveCount(0);
  expect(problems).toEqual([]);
});
