/**
 * The Shipments list over 100,000 shipments in the station's store, scrolled end to end in
 * Chromium through the web host: every row is reached, and only the pages near the view are kept
 * (the first page, dropped on the way down, is read again on the way back up). How long the page's
 * tasks are while it scrolls is measured by `npm run bench:scroll`, not here: a timed assertion
 * would say more about the machine's load than about the list.
 */
import type { Page } from '@playwright/test';
import { profileStorePath } from '../../electron/station/connection';
import { fillStore } from '../support/bigStore';
import { FLICK_PX, scrollListToEnd } from '../support/scrollList';
import { SLOW, expect, openDesk, openScreen, startDesk, test } from './desk';
/** Five flicks a step: the same pages of the list are asked for and dropped, a fifth as many of them. */
const STRIDE_PX = 5 * FLICK_PX;

// A trace of its 670 scroll steps would only slow it down.
test.use({ trace: 'off' });

function rows(page: Page) {
  return page.getByTestId('shipment-row');
}

test('100,000 cached shipments scrolled end to end, the pages far from the view dropped and read again', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  const count = Number(process.env.PACKBENCH_LIST_ROWS ?? 100_000);
  const desk = await startDesk({ prepare: (dataDir) => fillStore(profileStorePath(dataDir, 'sandbox'), count) });
  try {
    await openDesk(page, desk);
    await openScreen(page, 'Shipments');
    await expect(rows(page).first()).toBeVisible({ timeout: SLOW });

    const run = await scrollListToEnd(page, count, STRIDE_PX);
    console.info(`scrolled ${count.toLocaleString()} rows in ${String(run.steps)} steps`);
    await expect(rows(page).last()).toHaveAttribute('data-row-index', String(count - 1));

    const firstPageAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/searchLocalShipments') && (JSON.parse(request.postData() ?? '{}') as { offset?: number }).offset === 0) firstPageAsked.push(request.url());
    });
    await page.getByTestId('shipment-viewport').evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(rows(page).first()).toHaveAttribute('data-row-index', '0', { timeout: SLOW });
    expect(firstPageAsked.length, 'the first page read again after it was dropped').toBeGreaterThanOrEqual(1);
  } finally {
    await desk.close();
  }
});
