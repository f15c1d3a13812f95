/**
 * Many prints that failed, in Chromium through the web host at 1366x768: one line says how many
 * and which, so the Ship screen below keeps its place; the list opens on asking (its height
 * bounded); "Print all again" prints every one once the printer takes jobs again, and "Dismiss
 * all" clears the rest. Against the private CUPS: its rejecting queue fails the labels.
 */
import { requestKey, shipment } from '../support/shipments';
import type { StationHarness } from '../support/stationHarness';
import { expect, expectAccessible, openDesk, startDesk, test, SLOW } from './desk';
import { ShipPage } from './shipPage';

const FAILING = 6;

let desk: StationHarness;

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  desk = await startDesk();
});

test.afterAll(async () => {
  await desk.close();
});

/** Ships `count` shipments whose labels go to a queue that refuses jobs; waits until each failed. */
async function failLabels(prefix: string, count: number): Promise<void> {
  await desk.value('setPrinterMap', { labelPrinter: desk.cups.queues.rejecting });
  const from = desk.events.length;
  for (let i = 1; i <= count; i += 1) await desk.value('ship', { shipment: shipment({ references: { orderNumber: `${prefix}-${String(i)}` } }), requestKey: requestKey() });
  await desk.waitFor(async () => ((await desk.value('listPrintProblems', {})).length >= count ? true : undefined), `${String(count)} failed prints`, SLOW);
  expect(desk.events.slice(from).filter((e) => e.type === 'printJob' && e.state === 'failed').length).toBeGreaterThanOrEqual(count);
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
}

test('six failed prints take one line: Ship stays in view; the list on asking; all printed again at once; all dismissed at once', async ({ page }) => {
  await failLabels('SO-E2E-MANY', FAILING);
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();

  const banner = page.getByTestId('print-problems');
  await expect(page.getByTestId('print-problems-count')).toHaveText(/^6 prints did not print: Label (for package 1 )?of order SO-E2E-MANY-\d and 5 more$/);
  const height = (await banner.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
  console.info(`six failed prints: a banner ${String(Math.round(height))} px tall`);
  expect(height).toBeLessThanOrEqual(60);
  await expect(ship.shipButton).toBeInViewport();
  await expect(ship.order).toBeInViewport();
  await expectAccessible(page, 'Ship, six failed prints');

  // The list, on asking: each one with its own actions, the list's height bounded.
  await banner.getByRole('button', { name: 'Show the list' }).click();
  const list = banner.getByRole('listitem');
  await expect(list).toHaveCount(FAILING);
  await expect(banner.getByRole('button', { name: /^Print again: Label .*of order SO-E2E-MANY-/ })).toHaveCount(FAILING);
  expect((await banner.boundingBox())?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(220);
  await expect(ship.order).toBeInViewport();
  await expectAccessible(page, 'Ship, six failed prints listed');

  // Print all again: each comes out on the label printer, which takes jobs.
  const from = desk.events.length;
  await banner.getByRole('button', { name: 'Print all again' }).click();
  await expect(banner).toHaveCount(0, { timeout: SLOW });
  await desk.waitFor(() => {
    const completed = desk.events.slice(from).filter((e) => e.type === 'printJob' && e.state === 'completed').flatMap((e) => (e.type === 'printJob' ? e.ids : []));
    return completed.length >= FAILING ? true : undefined;
  }, 'six reprints completed', SLOW);

  // Dismiss all: the failures are handled, nothing is printed.
  await failLabels('SO-E2E-GONE', 3);
  await expect(page.getByTestId('print-problems-count')).toHaveText(/^3 prints did not print/, { timeout: SLOW });
  await banner.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(banner).toHaveCount(0, { timeout: SLOW });
  expect(await desk.value('listPrintProblems', {})).toEqual([]);
});
