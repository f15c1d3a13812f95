/**
 * Takes the README's screenshots of every screen at 1366x768 into docs/screenshots/:
 *   npm run screenshots
 *
 * The built renderer in headless Chromium, served by the web host of a station on its embedded
 * sandbox with the private CUPS of the browser suite, driven the way a packer drives it, so each
 * picture shows the screen as it is at a desk with some work done.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startStationDesks } from '../support/stationDesks';
import { startStationHarness } from '../support/stationHarness';
import { SAN_FRANCISCO, requestKey, shipment } from '../support/shipments';
import { ShipPage } from '../e2e/shipPage';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
const WAIT = { timeout: 60_000 };

/** Chromium as the browser suite runs it. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

async function open(page: Page, screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${screen}\\b`) }).click();
  await page.getByRole('heading', { name: screen, level: 2 }).waitFor(WAIT);
}

async function shot(page: Page, name: string): Promise<void> {
  // The toasts of the steps before are not part of the screen.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.screenshot({ path: `${OUT}${name}.png` });
  console.log(`docs/screenshots/${name}.png`);
}

/** A wave of orders from a shop's sheet: W-106 to a ZIP code that does not exist, so one is refused. */
function waveCsv(): string {
  const lines = ['Order No,Recipient,Street,City,State,Postcode,Country,SKU,Description,Qty,Unit price,Weight,Weight unit'];
  const places = [
    ['Robin Hale', '12 Pine St', 'Seattle', 'WA', '98101'],
    ['Alex Moreno', '77 Congress Ave', 'Austin', 'TX', '78701'],
    ['Kim Nakamura', '350 5th Ave', 'New York', 'NY', '10118'],
    ['Jo Bauer', '1600 Champa St', 'Denver', 'CO', '80202'],
    ['Lee Carter', '233 S Wacker Dr', 'Chicago', 'IL', '60606'],
    ['Pat Quinn', '500 Howard St', 'San Francisco', 'CA', '00000'],
  ] as const;
  places.forEach(([name, street, city, state, zip], i) => lines.push(`W-${String(101 + i)},${name},${street},${city},${state},${zip},US,MUG-${String(i)},Stoneware mug,${String(1 + (i % 3))},14.00,14,oz`));
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  await build({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
  await mkdir(OUT, { recursive: true });
  const desk = await startStationHarness({ rendererDir: RENDERER_DIR });
  const browser = await launchBrowser();
  try {
    await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue, documentPrinter: desk.cups.queues.ippEverywhere });
    // Some history: shipments that printed, one the service refused.
    for (const order of ['SO-1041', 'SO-1042']) await desk.value('ship', { shipment: shipment({ references: { orderNumber: order } }), requestKey: requestKey() });
    const refused = await desk.value('ship', { shipment: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' }, references: { orderNumber: 'SO-1043' } }), requestKey: requestKey() });
    await desk.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'failed', 0, 60_000);

    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(desk.webHost.openUrl);
    await page.getByTestId('connection-state').filter({ hasText: 'Online' }).waitFor(WAIT);
    const ship = new ShipPage(page);
    await ship.ready();
    await ship.toRates('SO-1044');
    await shot(page, 'ship-rates');
    await page.keyboard.press('Enter');
    await ship.result.getByTestId('print-state').filter({ hasText: 'Label printed' }).waitFor(WAIT);
    await page.locator('[data-testid="label-preview"][data-drawn="yes"]').waitFor(WAIT);
    await shot(page, 'ship-result');

    await open(page, 'Queue');
    await page.getByTestId('outbox-item').first().waitFor(WAIT);
    await shot(page, 'queue');
    // A day's orders from the shop, some chosen as a batch, then shipped.
    await desk.value('importOrders', { text: readFileSync(new URL('../fixtures/orders/shopify-orders-export.csv', import.meta.url), 'utf8') });
    await desk.value('importOrders', { text: waveCsv() });
    await open(page, 'Orders');
    await page.getByTestId('order-row').first().waitFor(WAIT);
    for (const order of ['W-101', 'W-102', 'W-103', 'W-104', 'W-105', 'W-106']) await page.getByRole('checkbox', { name: `Choose order ${order}` }).check();
    const panel = page.getByTestId('batch-panel');
    await panel.getByLabel('Box').selectOption('BOX-M');
    await panel.getByTestId('batch-service-note').filter({ hasText: 'Prices for order' }).waitFor(WAIT);
    await panel.getByLabel('Service').selectOption('UPS/UPS_GROUND');
    await panel.getByRole('button', { name: 'Estimate cost' }).click();
    await panel.getByTestId('batch-estimate').waitFor(WAIT);
    await shot(page, 'orders');
    await panel.getByRole('button', { name: 'Ship 6 orders' }).click();
    await page.getByTestId('batch-print').filter({ hasText: 'completed' }).waitFor(WAIT);
    await shot(page, 'orders-batch');

    // An imported order on the Ship screen: its items, note and gift message, one item scanned in.
    await open(page, 'Ship');
    await ship.nextOrder.click();
    await ship.scan('#1001');
    await page.getByLabel('Scan item').waitFor(WAIT);
    await ship.scanner('TS-BLU-M');
    await page.getByTestId('pack-count').filter({ hasText: '1 of 3' }).waitFor(WAIT);
    await page.getByTestId('address-status').waitFor(WAIT);
    await shot(page, 'ship-items');
    // An order whose address the check calls invalid: held, with the way to correct or override it.
    await desk.value('importOrders', { text: 'Order,Name,Address,City,State,Zip,Country,Item\nBAD-1,Pat Quinn,1 Nowhere Rd,Springfield,IL,00000,US,Mug\n' });
    await ship.order.focus();
    await ship.scan('BAD-1');
    await page.getByRole('region', { name: 'Address check' }).filter({ hasText: 'Invalid' }).waitFor(WAIT);
    await page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset').focus();
    await page.keyboard.press('3');
    await ship.shipButton.click();
    await page.getByTestId('ship-message').waitFor(WAIT);
    await shot(page, 'ship-invalid-address');

    await open(page, 'Shipments');
    await page.getByTestId('shipment-row').first().waitFor(WAIT);
    await shot(page, 'shipments');
    await page.getByRole('button', { name: 'Open shipment SO-1044' }).click();
    await page.getByTestId('tracking-event').first().waitFor(WAIT);
    await shot(page, 'shipment-detail');
    await page.getByTestId('shipment-detail').getByRole('group', { name: 'Actions on this shipment' }).getByRole('button', { name: 'Void' }).click();
    await page.getByTestId('void-list').waitFor(WAIT);
    await shot(page, 'shipments-void');
    await page.keyboard.press('Escape');
    await open(page, 'Today');
    await page.getByTestId('spend-chart').waitFor(WAIT);
    await shot(page, 'today');
    await open(page, 'Locations');
    await page.getByTestId('location-row').first().waitFor(WAIT);
    await page.getByTestId('location-row').first().getByRole('button').click();
    await page.getByRole('form').getByRole('group', { name: 'Address', exact: true }).waitFor(WAIT);
    await shot(page, 'locations');
    await open(page, 'Printers');
    await page.getByTestId('history-row').first().waitFor(WAIT);
    await shot(page, 'printers');
    await open(page, 'Settings');
    await page.getByLabel('Desk id', { exact: true }).waitFor(WAIT);
    await shot(page, 'settings');
    await desk.value('saveProfile', { name: 'Production', baseUrl: 'https://shipping.example.com', authUrl: 'https://auth.shipping.example.com', method: 'oauth', clientId: 'warehouse-east', tier: 'Premium' });
    await open(page, 'Connections');
    await page.getByRole('article', { name: 'Production' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Test connection Sandbox' }).click();
    await page.getByTestId('profile-test').first().filter({ hasText: /^Connected/ }).waitFor(WAIT);
    await shot(page, 'connections');

    // The same desk in the system's dark mode: a shipment's result.
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, 'Ship');
    // The Ship screen still holds the refused order: a scan into Order starts the next one.
    await ship.order.focus();
    await ship.toRates('SO-1045');
    await page.keyboard.press('Enter');
    await ship.result.getByTestId('print-state').filter({ hasText: 'Label printed' }).waitFor(WAIT);
    await page.locator('[data-testid="label-preview"][data-drawn="yes"]').waitFor(WAIT);
    await shot(page, 'ship-dark');
  } finally {
    await browser.close();
    await desk.close();
  }
  await newcomerShots();
  await warehouseShots();
}

/**
 * Warehouse mode: two desks, each a whole station, on one private PostgreSQL. Desk 1 is packing an
 * order; desk 2 scans it, and its Orders screen and Settings → Warehouse are shown.
 */
async function warehouseShots(): Promise<void> {
  const order = 'WH-2041';
  const rig = await startStationDesks({ count: 2, rendererDir: RENDERER_DIR });
  const browser = await launchBrowser();
  try {
    await rig.importOrders(
      `Order No,Recipient,Street,City,State,Postcode,Country,SKU,Description,Qty,Unit price,Weight,Weight unit\n${order},Dana Whitfield,500 Howard St,San Francisco,CA,94105,US,MUG-1,Stoneware mug,2,14.00,28,oz\nWH-2042,Robin Hale,12 Pine St,Seattle,WA,98101,US,MUG-2,Travel mug,1,18.00,12,oz\n`,
    );
    const [desk1, desk2] = rig.desks;
    if (desk1 === undefined || desk2 === undefined) throw new Error('two desks were started');
    await desk1.value('scanOrder', { scanned: order });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(desk2.openUrl);
    await page.getByTestId('connection-state').filter({ hasText: 'Online' }).waitFor(WAIT);
    const ship = new ShipPage(page);
    await ship.ready();
    // The desks have no CUPS: labels go to the PDF folder, as a newcomer's desk does.
    await page.getByRole('button', { name: 'Use the PDF folder' }).click();
    await page.getByTestId('label-printer-problem').waitFor({ state: 'detached', timeout: 60_000 });
    await ship.order.focus();
    await ship.scan(order);
    await page.getByTestId('order-claim').filter({ hasText: 'being packed at Desk 1' }).waitFor(WAIT);
    await shot(page, 'warehouse-claimed');
    await open(page, 'Orders');
    await page.getByTestId('order-holder').filter({ hasText: 'Being packed at Desk 1' }).waitFor(WAIT);
    await shot(page, 'warehouse-orders');
    await open(page, 'Settings');
    const section = page.getByRole('region', { name: 'Warehouse', exact: true });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Test connection' }).click();
    await section.getByTestId('warehouse-test').waitFor(WAIT);
    await shot(page, 'settings-warehouse');
  } finally {
    await browser.close();
    await rig.stop();
  }
}

/** A new desk with no printer and no CUPS running: the desk says so, then a demo order saved into the PDF folder. */
async function newcomerShots(): Promise<void> {
  const desk = await startStationHarness({ rendererDir: RENDERER_DIR, printing: 'none', demoOrders: true });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(desk.webHost.openUrl);
    await page.getByTestId('connection-state').filter({ hasText: 'Online' }).waitFor(WAIT);
    const ship = new ShipPage(page);
    await ship.ready();
    await page.getByTestId('label-printer-problem').waitFor(WAIT);
    await ship.scan('DEMO-1001');
    await page.getByLabel('Scan item').waitFor(WAIT);
    await shot(page, 'ship-no-printer');
    await page.getByRole('button', { name: 'Use the PDF folder' }).click();
    await page.getByTestId('label-printer-problem').waitFor({ state: 'detached', timeout: 60_000 });
    // Its one item scanned into the box, the box chosen, Enter for rates, Enter to ship.
    await page.getByLabel('Scan item').focus();
    await ship.scanner('MUG-BLUE');
    await page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset').focus();
    await page.keyboard.press('3');
    await page.keyboard.press('Enter');
    await ship.rates.getByRole('option', { selected: true }).waitFor(WAIT);
    await ship.rates.focus();
    await page.keyboard.press('Enter');
    await ship.result.getByTestId('saved-file').waitFor(WAIT);
    await page.locator('[data-testid="label-preview"][data-drawn="yes"]').waitFor(WAIT);
    await shot(page, 'ship-pdf-folder');
  } finally {
    await browser.close();
    await desk.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
