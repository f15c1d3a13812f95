/**
 * Scrolls the Shipments list from its first row to its last, `stepPx` at a time (6,000 px: about
 * a page of rows, a fast flick of the wheel), as fast as the list reads its pages, and notes the
 * page's long tasks (over 50 ms, as the browser counts them) on the way. Used by
 * `npm run bench:scroll` (how long the page's tasks are while it scrolls, in flicks) and by the
 * browser test (that the end is reached and the list keeps only the pages near the view), which
 * takes longer strides: it asks for the same pages of the list, fewer of them.
 */
import type { Page } from '@playwright/test';

const SLOW = 60_000;

export interface ScrollRun {
  readonly steps: number;
  /** The row index shown last. */
  readonly lastIndex: number;
  /** The page's long tasks while it scrolled, in ms. */
  readonly longTasks: readonly number[];
}

/** A fast flick of the wheel: about a page of rows. */
export const FLICK_PX = 6_000;

export async function scrollListToEnd(page: Page, count: number, stepPx = FLICK_PX): Promise<ScrollRun> {
  await page.evaluate(() => {
    const state = window as unknown as { longTasks?: number[] };
    if (state.longTasks === undefined) {
      const long: number[] = [];
      state.longTasks = long;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) long.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: false });
    }
    const element = document.querySelector<HTMLElement>('[data-testid="shipment-viewport"]');
    if (element !== null) element.scrollTop = 0;
    state.longTasks.length = 0;
  });
  let steps = 0;
  let lastIndex: number;
  for (;;) {
    const step = await page.evaluate((stride) => {
      const element = document.querySelector<HTMLElement>('[data-testid="shipment-viewport"]');
      if (element === null) return { atEnd: true, lastIndex: -1 };
      element.scrollTop += stride;
      const shown = [...element.querySelectorAll<HTMLElement>('[data-row-index]')].map((row) => Number(row.dataset.rowIndex));
      return { atEnd: element.scrollTop + element.clientHeight >= element.scrollHeight - 1, lastIndex: Math.max(...shown) };
    }, stepPx);
    steps += 1;
    lastIndex = step.lastIndex;
    // Rows in view are read before the next step (what a packer would see while scrolling), waited
    // for by a check in the page at each frame: a locator's polling walks the whole page in its
    // main thread.
    await page.waitForFunction(() => document.querySelector('[data-testid="shipment-viewport"] .pending') === null, undefined, { timeout: SLOW });
    if (step.atEnd && lastIndex >= count - 1) break;
    if (step.atEnd) {
      // At the end of the room the list has made: it grows (more rows past it) or, when the view
      // jumped past the list's real end, shrinks back onto its last row.
      await page
        .waitForFunction(
          (last) => {
            const element = document.querySelector<HTMLElement>('[data-testid="shipment-viewport"]');
            if (element === null) return true;
            const shown = [...element.querySelectorAll<HTMLElement>('[data-row-index]')].map((row) => Number(row.dataset.rowIndex));
            return element.scrollTop + element.clientHeight < element.scrollHeight - 1 || Math.max(...shown) >= last;
          },
          count - 1,
          { timeout: SLOW },
        )
        .catch(() => undefined);
    }
    // A guard against a list that never ends.
    if (steps >= 10_000) throw new Error(`the list did not end after ${String(steps)} steps (last row ${String(lastIndex)})`);
  }
  const longTasks = await page.evaluate(() => [...((window as unknown as { longTasks?: number[] }).longTasks ?? [])]);
  return { steps, lastIndex, longTasks };
}
