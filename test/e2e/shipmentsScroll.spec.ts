/**
 * The Shipments list over 100,000 shipments in the station's store, scrolled end to end in
 * Chromium through the web host, with no long task (over 50 ms) while it scrolls: counted by a
 * PerformanceObserver in the page.
 */
import type { Page } from '@playwright/test';
import { profileStorePath } from '../../electron/station/connection';
import { fillStore } from '../support/bigStore';
import { expect, openDesk, openScreen, startDesk, test } from './desk';

const SLOW = 60_000;

// Playwright's trace takes a snapshot of the whole page at every step, in the page's own main
// thread: the long tasks it makes would be the harness's, not the list's, so this file keeps none.
test.use({ trace: 'off' });

function rows(page: Page) {
  return page.getByTestId('shipment-row');
}

test('100,000 cached shipments scrolled end to end with no long task', async ({ page }) => {
  test.setTimeout(15 * 60_000);
  const count = Number(process.env.PACKBENCH_LIST_ROWS ?? 100_000);
  const desk = await startDesk({ prepare: (dataDir) => fillStore(profileStorePath(dataDir, 'sandbox'), count) });
  try {
    await openDesk(page, desk);
    await openScreen(page, 'Shipments');
    const viewport = page.getByTestId('shipment-viewport');
    await expect(rows(page).first()).toBeVisible({ timeout: SLOW });

    await page.evaluate(() => {
      const long: number[] = [];
      Object.assign(window, { longTasks: long });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) long.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: false });
    });
    /** Scrolls from the top to the last row, about a page of rows at a time (a fast flick of the wheel), as fast as the list reads its pages; returns the long tasks seen. */
    const scrollThrough = async (): Promise<{ steps: number; longTasks: number[] }> => {
      await viewport.evaluate((element) => {
        element.scrollTop = 0;
        (window as unknown as { longTasks: number[] }).longTasks.length = 0;
      });
      let steps = 0;
      for (;;) {
        const { atEnd, lastIndex } = await viewport.evaluate((element) => {
          element.scrollTop += 6_000;
          const shown = [...element.querySelectorAll<HTMLElement>('[data-row-index]')].map((row) => Number(row.dataset.rowIndex));
          return { atEnd: element.scrollTop + element.clientHeight >= element.scrollHeight - 1, lastIndex: Math.max(...shown) };
        });
        steps += 1;
        // Rows in view are read before the next step (what a packer would see while scrolling),
        // waited for with a check in the page at each frame: a locator's polling walks the whole
        // page in its main thread.
        await page.waitForFunction(() => document.querySelector('[data-testid="shipment-viewport"] .pending') === null, undefined, { timeout: SLOW });
        if (atEnd && lastIndex >= count - 1) break;
        if (atEnd) await page.waitForFunction(() => {
          const element = document.querySelector<HTMLElement>('[data-testid="shipment-viewport"]');
          return element !== null && element.scrollTop + element.clientHeight < element.scrollHeight - 1;
        }, undefined, { timeout: SLOW }).catch(() => undefined);
        expect(steps, 'scroll steps (a guard against a list that never ends)').toBeLessThan(10_000);
      }
      await expect(rows(page).last()).toHaveAttribute('data-row-index', String(count - 1));
      return { steps, longTasks: await page.evaluate(() => [...(window as unknown as { longTasks: number[] }).longTasks]) };
    };
    // The list must not stall while it scrolls: no task of the page's over 50 ms (a long task, as
    // the browser counts them), from the first row to the last.
    const { steps, longTasks } = await scrollThrough();
    console.info(`scrolled ${count.toLocaleString()} rows in ${String(steps)} steps; long tasks: ${JSON.stringify(longTasks)}`);
    expect(longTasks, `long tasks (over 50 ms, in ms) in ${String(steps)} steps`).toEqual([]);

    // Only the pages around the rows in view are kept: the first page, dropped on the way down,
    // is asked for again on the way back up, and its rows come back.
    const firstPageAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/searchLocalShipments') && (JSON.parse(request.postData() ?? '{}') as { offset?: number }).offset === 0) firstPageAsked.push(request.url());
    });
    await viewport.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(rows(page).first()).toHaveAttribute('data-row-index', '0', { timeout: SLOW });
    expect(firstPageAsked.length, 'the first page read again after it was dropped').toBeGreaterThanOrEqual(1);
  } finally {
    await desk.close();
  }
});
