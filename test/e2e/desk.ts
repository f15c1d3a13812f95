/**
 * The desk in Chromium: one station per Playwright worker, shared by the files it runs (its own
 * data folder, the private CUPS whose 4x6 file queue is the label printer, the embedded sandbox as
 * its connection), serving the real built renderer through the web host. Tests that need a station
 * of their own start one (`startDesk`); the others use order numbers of their own and put back
 * what they change (settings, the active connection, a paused queue). Tests open the page at the address the station prints,
 * wait on what the page shows or the events the station emits, and scan each screen with axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startStationHarness, type StationHarness, type StationHarnessOptions } from '../support/stationHarness';

/** The renderer the suite's global setup builds. */
export const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));

/** The slowest a station is allowed to take to start on a busy machine; it is only a guard against a hang. */
const START_TIMEOUT_MS = 120_000;

export function startDesk(options: StationHarnessOptions = {}): Promise<StationHarness> {
  return startStationHarness({ ...options, rendererDir: RENDERER_DIR });
}

export const test = base.extend<object, { desk: StationHarness }>({
  desk: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const desk = await startDesk();
      await use(desk);
      await desk.close();
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS },
  ],
});

export { expect };

/**
 * For what waits on a spooler, a service, pdf.js's first drawing or a connection timing out: a
 * busy 2-core machine (three busy loops beside the suite) takes many times longer than a quiet one.
 */
export const SLOW = 60_000;

/** Opens a screen from the navigation rail and waits for its heading. */
export async function openScreen(page: Page, screen: 'Ship' | 'Queue' | 'Orders' | 'Shipments' | 'Today' | 'Locations' | 'Printers' | 'Settings' | 'Connections'): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${screen}\\b`) }).click();
  await expect(page.getByRole('heading', { name: screen, level: 2 })).toBeVisible();
}

/** This station's shipments of an order on the service it is connected to (the service's own count). */
export async function shipmentsOnService(desk: StationHarness, orderNumber: string): Promise<number> {
  const found = await desk.value('searchRemoteShipments', { request: { searchTerm: orderNumber, pageNumber: 1, pageSize: 20 } });
  return found.shipments.filter((s) => (s as { references?: Record<string, string> }).references?.orderNumber === orderNumber).length;
}

/** Opens the desk in `page` and waits until it shows the station's connection online. */
export async function openDesk(page: Page, desk: StationHarness): Promise<void> {
  await page.goto(desk.webHost.openUrl);
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
}

/** How many times a scan is made again when what it found was passing through (below). */
const TRANSIENT_RESCANS = 2;

/** Scans the page with axe: no serious or critical finding, each named with its nodes when there is one. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  let bad = await seriousFindings(page);
  // A toast can start to fade out while axe reads the page (its exit is a transition begun by its
  // own timer): its text is then caught half transparent, and gone a moment later. A finding whose
  // every element is gone or still moving is read again once the page is still; one that stays is
  // a finding.
  for (let rescan = 0; rescan < TRANSIENT_RESCANS && bad.length > 0 && (await allPassingThrough(page, bad)); rescan += 1) bad = await seriousFindings(page);
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`),
    `${screen}: axe found`,
  ).toEqual([]);
}

interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  /** Each element's CSS selector (axe's target; the desk has no frames). */
  readonly targets: readonly string[];
}

async function seriousFindings(page: Page): Promise<Finding[]> {
  // Axe reads colours as they are at that instant: a toast fading in or out has no contrast yet.
  // Let every animation and transition that ends (not a spinner) end first.
  await page.evaluate(async () => {
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  // Legacy mode runs axe in the page itself. The default opens a blank page beside it to put the
  // frames' results together, a new renderer for every scan: 0.85 s against 0.27 s a scan here
  // (ship and shipWorkflow specs, 18 scans: 81 against 69 CPU-seconds in all). The desk has no
  // cross-origin frame, the one thing legacy mode leaves out. Only violations are read, so only
  // they are collected.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Whether every element of every finding has left the page or is inside something still animating. */
function allPassingThrough(page: Page, findings: readonly Finding[]): Promise<boolean> {
  return page.evaluate((targets) => {
    const moving = (element: Element): boolean => {
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        if (at.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)) return true;
      }
      return false;
    };
    return targets.every((target) => {
      const element = document.querySelector(target);
      return element === null || moving(element);
    });
  }, findings.flatMap((f) => f.targets));
}
