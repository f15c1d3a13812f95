/**
 * The suite's accessibility scan itself (`expectAccessible`), on pages of its own: a finding that
 * stays fails the test, and one on a toast that is fading out while axe reads the page does not
 * (it is read again once the toast has gone).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './desk';

const html = (body: string) => `<!doctype html><html lang="en"><head><title>scan</title></head><body><main><h1>Scan</h1>${body}</main></body></html>`;

/**
 * Makes the toast start leaving the moment axe first reads the page, as a desk's toast does when
 * its own timer runs out mid-scan: faint for a second, then removed. Counts axe's readings.
 */
async function toastLeavingAtFirstScan(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { axeRuns: number };
    state.axeRuns = 0;
    type Axe = { run: (...args: unknown[]) => unknown };
    let axe: Axe | undefined;
    let wrapped = false;
    // axe sets `window.axe` first and its methods after: `run` is wrapped when it is first read.
    Object.defineProperty(window, 'axe', {
      configurable: true,
      // Each scan may put axe in the page again.
      set: (value: Axe) => {
        axe = value;
        wrapped = false;
      },
      get: () => {
        if (axe !== undefined && !wrapped && typeof axe.run === 'function') {
          wrapped = true;
          const run = axe.run.bind(axe);
          axe.run = (...args: unknown[]) => {
            state.axeRuns += 1;
            const toast = document.getElementById('toast');
            if (state.axeRuns === 1 && toast !== null) {
              toast.animate([{ opacity: 0.3 }, { opacity: 0.3 }], { duration: 1_000 }).finished.then(() => toast.remove(), () => undefined);
            }
            return run(...args);
          };
        }
        return axe;
      },
    });
  });
}

const axeRuns = (page: Page) => page.evaluate(() => (window as unknown as { axeRuns: number }).axeRuns);

test('a low contrast that stays is a finding, named with its element', async ({ page }) => {
  await page.setContent(html('<p id="faint" style="color:#bbb;background:#fff">Faint words</p>'));
  await expect(expectAccessible(page, 'a faint page')).rejects.toThrow(/color-contrast \(serious\)[^\n]*#faint/);
});

test('a toast fading out while axe reads the page is read again once it has gone, and is not a finding', async ({ page }) => {
  await page.setContent(html('<div id="toast" role="status" style="color:#555;background:#fff">Location saved.</div>'));
  await toastLeavingAtFirstScan(page);
  await expectAccessible(page, 'a toast leaving');
  expect(await axeRuns(page), 'the first reading caught the toast faint, the second found it gone').toBe(2);
  await expect(page.locator('#toast')).toHaveCount(0);
});

test('a finding that stays still fails beside a toast that is leaving', async ({ page }) => {
  await page.setContent(html('<button id="nameless"></button><div id="toast" role="status" style="color:#555;background:#fff">Location saved.</div>'));
  await toastLeavingAtFirstScan(page);
  await expect(expectAccessible(page, 'a nameless button')).rejects.toThrow(/button-name \(critical\)[^\n]*#nameless/);
  expect(await axeRuns(page), 'not read again: the button is still there, and still').toBe(1);
});
