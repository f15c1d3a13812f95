/**
 * The Shipments list over 20,000 shipments in the station's store, scrolled end to end in
 * Chromium through the web host: every row is reached, and only the pages near the view are kept
 * (the first page, dropped on the way down, is read again on the way back up). 20,000 rows are
 * five times what the list keeps (KEPT_ROWS) and twenty times what the station
 * counts, so every part of the paging is crossed many times over; `npm run bench:scroll` scrolls
 * 100,000, where the size tells (how long the page's tasks are, measured, not asserted: a timed
 * assertion would say more about the machine's load than about the list). Filling a store with
 * 100,000 shipments through its own write path took 27 s of CPU alone, most of this test.
 */
import type { Page } from '@playwright/test';
import { profileStorePath } from '../../electron/station/connection';
import { fillStore } from '../support/bigStore';
import { FLICK_PX, scrollListToEnd } from '../support/scrollList';
import { SLOW, expect, openDesk, openScreen, startDesk, test } from './desk';
/**
 * The rows the list keeps around the view: KEPT_PAGES pages of LIST_PAGE rows in
 * renderer/src/state/shipmentList.svelte.ts (a runes module, which this Node process cannot load).
 */
const KEPT_ROWS = 20 * 200;
/** Five flicks a step: the same pages of the list are asked for and dropped, a fifth as many of them. */
const STRIDE_PX = 5 * FLICK_PX;

// A trace of its 670 scroll steps would only slow it down.
test.use({ trace: 'off' });

function rows(page: Page) {
  return page.getByTestId('shipment-row');
}

test('20,000 cached shipments scrolled end to end, the pages far from the view dropped and read again', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  const count = Number(process.env.PACKBENCH_LIST_ROWS ?? 20_000);
  expect(count, 'rows enough that pages are dropped on the way').toBeGreaterThan(2 * KEPT_ROWS);
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
