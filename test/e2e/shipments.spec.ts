/**
 * The Shipments screen in Chromium, through the web host: search as you type finds a shipment by
 * the last digits of its tracking number; an opened shipment's label preview is drawn; a batch
 * cancel with one shipment the service never created lists a result per shipment; the filtered
 * list exported as CSV; the tracking timeline follows the sandbox's tracking as it advances. Each
 * view is scanned with axe. End past what the station counted reaches the last shipment with the
 * focus on it, and never takes the focus from where the packer went meanwhile. The long list
 * scrolled end to end is shipmentsScroll.spec.ts.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { SAN_FRANCISCO, requestKey, shipment } from '../support/shipments';
import type { StationHarness } from '../support/stationHarness';
import { profileStorePath } from '../../electron/station/connection';
import { fillStore } from '../support/bigStore';
import { expect, expectAccessible, openDesk, openScreen, startDesk, test, SLOW } from './desk';


/** Ships through the station API and waits until the service created it; returns its tracking number. */
async function shipCreated(desk: StationHarness, orderNumber: string): Promise<{ stationRef: string; trackingNumber: string }> {
  const from = desk.events.length;
  const made = await desk.value('ship', { shipment: shipment({ references: { orderNumber } }), requestKey: requestKey() });
  await desk.waitForEvent('labelsReady', (e) => e.stationRef === made.stationRef, from, SLOW);
  const detail = await desk.value('getShipment', { stationRef: made.stationRef });
  return { stationRef: made.stationRef, trackingNumber: detail.shipment.trackingNumber ?? '' };
}

function rows(page: Page) {
  return page.getByTestId('shipment-row');
}

test('search as you type, a drawn label preview, a batch cancel with a result per shipment, and the list as CSV', async ({ page, desk }) => {
  test.setTimeout(5 * 60_000);
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
  const first = await shipCreated(desk, 'SO-E2E-LIST-1');
  await shipCreated(desk, 'SO-E2E-LIST-2');
  const batch = [await shipCreated(desk, 'SO-E2E-BATCH-1'), await shipCreated(desk, 'SO-E2E-BATCH-2')];
  const from = desk.events.length;
  const refused = await desk.value('ship', { shipment: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' }, references: { orderNumber: 'SO-E2E-BATCH-3' } }), requestKey: requestKey() });
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'failed', from, SLOW);

  await openDesk(page, desk);
  await openScreen(page, 'Shipments');
  const find = page.getByLabel('Find shipments');
  await expect(find).toBeFocused();
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page, 'Shipments');

  // Typed a key at a time, as a packer reads them off a parcel: the last digits find it.
  const tail = first.trackingNumber.slice(-6);
  await page.keyboard.type(tail, { delay: 60 });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('row-tracking')).toHaveText(first.trackingNumber);
  await expect(page.getByTestId('shipment-total')).toHaveText('1 shipment');

  // Opened: the label preview is drawn, and is not blank.
  await rows(page).first().getByRole('button', { name: 'Open shipment SO-E2E-LIST-1' }).click();
  const detail = page.getByTestId('shipment-detail');
  await expect(detail.getByTestId('detail-tracking')).toHaveText(first.trackingNumber);
  await detail.getByRole('button', { name: 'Preview label' }).click();
  const canvas = detail.locator('[data-testid="label-preview"][data-drawn="yes"]');
  await expect(canvas).toBeVisible({ timeout: SLOW });
  const ink = await canvas.evaluate((element) => {
    const drawn = element as HTMLCanvasElement;
    const pixels = drawn.getContext('2d')?.getImageData(0, 0, drawn.width, drawn.height).data ?? new Uint8ClampedArray();
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) + (pixels[i + 1] ?? 255) + (pixels[i + 2] ?? 255) < 384) dark += 1;
    return dark / Math.max(1, pixels.length / 4);
  });
  expect(ink, 'share of dark pixels on the drawn label').toBeGreaterThan(0.02);
  // Said in words: the sandbox's 4x6 PDF label prints as it is on the 4x6 label printer.
  await expect(detail.getByTestId('label-preview-layout')).toContainText(`As it prints on ${desk.labelQueue}`);
  await expect(detail.getByTestId('label-preview-label')).toContainText('PDF label of 4.0 x 6.0 in, printed at 100%, its true size on 4x6 stock');
  await expect(detail.getByTestId('detail-print')).toHaveCount(1);
  await expectAccessible(page, 'Shipments, a shipment opened');
  await detail.getByRole('button', { name: 'Close shipment' }).click();

  // A batch: two shipments the service has, and one it refused to create.
  await find.fill('SO-E2E-BATCH');
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Select all', exact: true }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
  await page.getByRole('group', { name: 'Actions on the selected shipments' }).getByRole('button', { name: 'Void', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Void: 3 shipments' });
  await dialog.getByLabel('Reason').fill('Customer changed the order');
  await expectAccessible(page, 'Shipments, cancel dialog');
  await dialog.getByRole('button', { name: 'Void 3 shipments' }).click();
  const results = page.getByTestId('action-results');
  await expect(results.getByTestId('action-counts')).toHaveText('2 done · 0 queued · 1 failed', { timeout: SLOW });
  for (const done of batch) await expect(results.locator(`[data-ref="${done.stationRef}"]`)).toHaveAttribute('data-state', 'done');
  const failed = results.locator(`[data-ref="${refused.stationRef}"]`);
  await expect(failed).toHaveAttribute('data-state', 'failed');
  await expect(failed).toContainText('SO-E2E-BATCH-3');
  await expect(failed).toContainText(/was never created: there is nothing to change on the service/);
  for (const done of batch) expect((await desk.value('getShipment', { stationRef: done.stationRef })).shipment.status).toBe('Cancelled');
  await expectAccessible(page, 'Shipments, batch results');

  // The filtered list as CSV: every row of the list, with the shop's columns.
  await page.getByLabel('Status').selectOption('Cancelled');
  await expect(rows(page)).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.map((row) => row['Order number']).sort()).toEqual(['SO-E2E-BATCH-1', 'SO-E2E-BATCH-2']);
  expect(parsed.data.map((row) => row['Tracking number']).sort()).toEqual(batch.map((b) => b.trackingNumber).sort());
  expect(parsed.data.every((row) => row.Status === 'Cancelled')).toBe(true);
});

test('End past what the station counted lands on the last shipment with the focus on it; a packer gone to the search box keeps it', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  const count = 3_000;
  const desk = await startDesk({ prepare: (dataDir) => fillStore(profileStorePath(dataDir, 'sandbox'), count) });
  try {
    await openDesk(page, desk);
    await openScreen(page, 'Shipments');
    await expect(page.getByRole('status').filter({ hasText: 'more than 1,000 shipments' })).toBeVisible({ timeout: SLOW });
    const firstRow = rows(page).first().getByRole('button', { name: /^Open shipment/ });

    // End while the pages are held back lands on rows still "Reading…"; the packer goes to the
    // search box before they arrive, and the focus stays there once they are drawn.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/searchLocalShipments', async (route) => {
      await held;
      await route.continue();
    });
    await firstRow.focus();
    await page.keyboard.press('End');
    await expect(page.locator('[data-row-index].pending').first()).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Find shipments' });
    await search.focus();
    release();
    await expect(page.locator('[data-row-index] .open').first()).toBeVisible({ timeout: SLOW });
    // The list focuses a row over the frames after it is drawn: wait those out before looking.
    await page.evaluate(() => new Promise<void>((resolve) => {
      let frames = 15;
      const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
      requestAnimationFrame(next);
    }));
    await expect(search).toBeFocused();
    await page.unrouteAll({ behavior: 'wait' });

    // Each End goes to the last row the list has room for, read or not; the focus waits for it.
    await firstRow.focus();
    const focusedIndex = () => page.evaluate(() => document.activeElement?.closest('[data-row-index]')?.getAttribute('data-row-index') ?? null);
    for (let press = 0; press < 10 && (await focusedIndex()) !== String(count - 1); press += 1) {
      await page.keyboard.press('End');
      await expect(page.locator('[data-row-index]:has(.open:focus)')).toHaveCount(1);
    }
    await expect(page.locator(`[data-row-index="${String(count - 1)}"] .open`)).toBeFocused();
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await desk.close();
  }
});

test('the tracking timeline of an open shipment follows the sandbox as its tracking advances', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  let now = Date.now();
  const desk = await startDesk({ tuning: { trackingEveryMs: 500 } });
  try {
    const service = await desk.startServiceSandbox({ clock: () => new Date(now), demoLocation: true, requestsPerMinute: 10_000 });
    const profile = await desk.value('saveProfile', { name: 'Tracking service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 10_000 });
    await desk.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
    await desk.value('switchProfile', { profileId: profile.id });
    await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
    const made = await shipCreated(desk, 'SO-E2E-TRACK-1');

    await openDesk(page, desk);
    await openScreen(page, 'Shipments');
    await page.getByLabel('Find shipments').fill('SO-E2E-TRACK-1');
    await rows(page).first().getByRole('button', { name: 'Open shipment SO-E2E-TRACK-1' }).click();
    const timeline = page.getByTestId('shipment-detail').getByTestId('tracking-event');
    await expect(timeline.first()).toBeVisible({ timeout: SLOW });
    const before = await timeline.count();

    // Two days pass at the sandbox: the parcel moves on; the station's refresh brings it to the page.
    const from = desk.events.length;
    now += 2 * 24 * 3600_000;
    await desk.waitForEvent('trackingChanged', (e) => e.stationRef === made.stationRef, from, SLOW);
    await expect.poll(() => timeline.count(), { timeout: SLOW }).toBeGreaterThan(before);
    await expectAccessible(page, 'Shipments, tracking timeline');
  } finally {
    await desk.close();
  }
});
