import { expect, test } from '@playwright/test';
import { startRendererHost, type RendererHost } from './servers';

let host: RendererHost;

test.beforeAll(async () => {
  host = await startRendererHost();
});

test.afterAll(async () => {
  await host.close();
});

test('the built renderer shell loads in Chromium without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(host.url);
  await expect(page).toHaveTitle('Packbench');
  await expect(page.getByRole('heading', { name: 'Packbench' })).toBeVisible();
  await expect(page.getByTestId('shell-status')).toHaveText('Shipping station shell');
  expect(problems).toEqual([]);
});
