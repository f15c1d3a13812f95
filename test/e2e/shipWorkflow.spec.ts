/**
 * The right label on the right parcel, in Chromium through the web host: a packer's sequences on
 * the Ship screen with a shop's imported orders (each order number belongs to one test). Every
 * finding the desk was tried with has its test here: a scan that kept the previous customer, a
 * generic service name that bought overnight, stale rates bought, scanner keys lost while an
 * order loaded, an unknown order said nowhere, an invalid address shipped on Enter, a void left
 * half done, no way to ship offline, items never shown, a scan lost on the result, and the scan
 * after a reprint that reprinted. Then pack verification with a scanner typing item barcodes, and
 * a packing slip reaching the document printer. Sounds are heard by wrapping the page's Web Audio.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openDesk, openScreen, startDesk, test, SLOW } from './desk';
import { ShipPage } from './shipPage';
import type { StationHarness } from '../support/stationHarness';

const run = promisify(execFile);

const HEADER = 'Order,Name,Address,City,State,Zip,Country,Item,SKU,UPC,Qty,Price,Weight,Weight unit,Shipping method,Notes,Gift message';

/** One imported order line: number, recipient and where, its item, and what the shop said. */
interface Line {
  readonly order: string;
  readonly name?: string;
  readonly address?: string;
  readonly city?: string;
  readonly state?: string;
  readonly zip?: string;
  readonly country?: string;
  readonly item?: string;
  readonly sku?: string;
  readonly upc?: string;
  readonly qty?: number;
  readonly weight?: number;
  readonly method?: string;
  readonly note?: string;
  readonly gift?: string;
}

const csvCell = (value: string): string => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

async function importOrders(desk: StationHarness, lines: readonly Line[]): Promise<void> {
  // An order's later lines are its further items: they repeat its first line's address.
  const first = new Map<string, Line>();
  const rows = lines.map((line) => {
    const l = { ...first.get(line.order), ...line };
    if (!first.has(line.order)) first.set(line.order, line);
    return l;
  }).map((l) =>
    [
      l.order,
      l.name ?? 'Dana Whitfield',
      l.address ?? '500 Howard St',
      l.city ?? 'San Francisco',
      l.state ?? 'CA',
      l.zip ?? '94105',
      l.country ?? 'US',
      l.item ?? 'T-shirt',
      l.sku ?? '',
      l.upc ?? '',
      String(l.qty ?? 1),
      '24.00',
      String(l.weight ?? 1.5),
      'lb',
      l.method ?? 'Standard Shipping',
      l.note ?? '',
      l.gift ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  const answer = await desk.value('importOrders', { text: `${HEADER}\n${rows.join('\n')}\n` });
  expect(answer.problems).toEqual([]);
}

/** Runs in the page before its scripts: every tone the desk plays is noted, by its frequency. */
function recordTones(): void {
  const heard: number[] = [];
  Object.assign(window, { heardTones: heard });
  const create = Reflect.get<AudioContext, 'createOscillator'>(AudioContext.prototype, 'createOscillator');
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    const oscillator = create.call(this);
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when?: number) => {
      heard.push(oscillator.frequency.value);
      start(when);
    };
    return oscillator;
  };
}

/** The desk's sounds heard since the last call, by name (lib/sounds.ts: ok 1320 Hz, error 196 Hz twice, shipped 660 then 990 Hz). */
async function soundsHeard(page: Page): Promise<string[]> {
  const tones = await page.evaluate(() => {
    const heard = (window as unknown as { heardTones: number[] }).heardTones;
    return heard.splice(0);
  });
  const names: string[] = [];
  for (let i = 0; i < tones.length; i += 1) {
    if (tones[i] === 1320) names.push('ok');
    else if (tones[i] === 196) {
      names.push('error');
      i += 1;
    } else if (tones[i] === 660) {
      names.push('shipped');
      i += 1;
    }
  }
  return names;
}

async function openShip(page: Page, desk: StationHarness): Promise<ShipPage> {
  await page.addInitScript(recordTones);
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  return ship;
}

/** Scans every item barcode as a scanner does (fast keys and Enter) into the focused Scan item field. */
async function scanItems(page: Page, ...codes: string[]): Promise<void> {
  for (const code of codes) {
    await expect(page.getByLabel('Scan item')).toBeFocused();
    await page.keyboard.type(code, { delay: 0 });
    await page.keyboard.press('Enter');
  }
}

/** The label in the 4x6 queue's output, as text (the sandbox prints the order number and the address). */
async function printedLabel(desk: StationHarness): Promise<string> {
  return (await run('pdftotext', [desk.cups.outputFileOf(desk.labelQueue), '-'])).stdout.replace(/\s+/g, ' ');
}

/** Box preset 3, the weight as it is, rates, ship: waits for the label to print. */
async function boxRateShip(page: Page, ship: ShipPage, desk: StationHarness): Promise<string> {
  await expect(page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset')).toBeFocused();
  await page.keyboard.press('3');
  await expect(ship.weight()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ship.rates).toBeFocused();
  const from = desk.events.length;
  await page.keyboard.press('Enter');
  const tracking = await ship.trackingNumber();
  await desk.waitForEvent('printJob', (e) => e.state === 'completed', from, SLOW);
  return tracking;
}

test.beforeAll(async ({ desk }) => {
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue, documentPrinter: desk.cups.queues.ippEverywhere });
  // Items without codes unless a test gives them: verification applies only when every item has one.
  await importOrders(desk, [
    { order: '#F1-1004', name: 'Ada Stone', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', weight: 7 },
    { order: '#F1-1001', name: 'Dana Whitfield', weight: 1.25 },
    { order: '#F1-1002', name: 'Sam Ortiz', address: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', weight: 2 },
    { order: 'F2-STD', method: 'Standard Shipping' },
    { order: 'F3-EXPRESS', method: 'Express', weight: 2 },
    { order: 'F6-BAD', name: 'Bad Zip', address: '1 Nowhere Rd', city: 'Springfield', state: 'ZZ', zip: '00000' },
    { order: 'F7-VOID', name: 'Vic Void' },
    { order: 'F9-ITEMS', name: 'Gina Gift', item: 'Candle', sku: 'CANDLE-1', qty: 2, note: 'Leave at the back door.', gift: 'Happy birthday, Sam!' },
    { order: 'F9-ITEMS', item: 'Card', sku: 'CARD-1', upc: '036000291452', qty: 1 },
    { order: 'F10-A', name: 'Ann First' },
    { order: 'F10-B', name: 'Ben Second' },
    { order: 'F11-A', name: 'Reprint Ray' },
    { order: 'F11-B', name: 'Next Nora' },
    { order: 'PV-1', name: 'Pat Verify', item: 'Mug', sku: 'MUG-1', upc: '4006381333931', qty: 2 },
    { order: 'PV-1', item: 'Tea', sku: 'TEA-1', qty: 1 },
    { order: 'SLIP-1', name: 'Sly Slip', item: 'Book', sku: 'BOOK-1', qty: 1, note: 'Fragile' },
  ]);
});

test('1. a scan starts clean: a half-done order, "Ship it again" and an order number typed without its # keep nothing of the previous customer', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  // #F1-1004 half done: box, weight, rates.
  await ship.scan('#F1-1004');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Stone');
  await page.keyboard.press('2');
  await ship.weight().fill('7');
  await ship.weight().press('Enter');
  await expect(ship.rates.getByRole('option', { selected: true })).toHaveCount(1);

  // Then #F1-1001, typed as "f1-1001" (no #, lower case): its own customer, weight, no rates.
  await ship.order.focus();
  await ship.scan('f1-1001');
  await expect(ship.order).toHaveValue('#F1-1001');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dana Whitfield');
  await expect(page.getByLabel('ZIP or postal code', { exact: true })).toHaveValue('94105');
  await expect(ship.weight()).toHaveValue('1.25');
  await expect(ship.rates.getByRole('option')).toHaveCount(0);
  await boxRateShip(page, ship, desk);
  const label = await printedLabel(desk);
  expect(label).toContain('ORDER #: #F1-1001');
  expect(label.toUpperCase()).toContain('DANA WHITFIELD');
  expect(label.toUpperCase()).not.toContain('ADA STONE');

  // Scanned again and shipped again on purpose: still its own customer, not the last screen's.
  await ship.nextOrder.click();
  await ship.scan('F1-1002');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sam Ortiz');
  await ship.order.focus();
  await ship.scan('#F1-1001');
  await expect(page.getByTestId('already-shipped')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Ship it again (a new label)' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dana Whitfield');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('San Francisco');
  await expectAccessible(page, 'Ship, an order shipped again');
});

test('2. "Standard Shipping" takes the cheapest rate, never overnight, and the choice says why', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await ship.scan('F2-STD');
  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  await expect(ship.rates).toBeFocused();
  const prices = (await ship.rates.getByRole('option').locator('.price').allTextContents()).map((text) => Number(text.replace(/[^0-9.]/g, '')));
  const chosen = ship.rates.getByRole('option', { selected: true });
  expect(Number((await chosen.locator('.price').textContent())?.replace(/[^0-9.]/g, ''))).toBe(Math.min(...prices));
  await expect(chosen).not.toContainText(/overnight/i);
  await expect(page.getByTestId('rate-reason')).toHaveText('Cheapest service: what “Standard Shipping” asks for');
});

test('3. rates go out of date when the shipment changes, and Ship asks again instead of buying the old price', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await ship.scan('F3-EXPRESS');
  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  await expect(ship.rates).toBeFocused();
  await expect(ship.rates.getByRole('option', { selected: true })).not.toContainText(/ground/i);
  await ship.weight().fill('9');
  await expect(page.getByTestId('rates-stale')).toBeVisible();
  await expectAccessible(page, 'Ship, rates out of date');
  await ship.shipButton.click();
  // New rates for the 9 lb box, nothing bought yet.
  await expect(page.getByTestId('ship-message')).toContainText('The shipment changed since those rates');
  await expect(page.getByTestId('rates-stale')).toHaveCount(0);
  expect(await desk.value('findShipmentsByOrder', { orderNumber: 'F3-EXPRESS' })).toEqual([]);
  await expect(ship.rates).toBeFocused();
  await page.keyboard.press('Enter');
  await ship.trackingNumber();
  const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'F3-EXPRESS' });
  const detail = await desk.value('getShipment', { stationRef: made?.stationRef ?? '' });
  expect(detail.shipment.input?.packages[0]?.weight).toBe(9);
  expect(detail.shipment.input?.shipmentInfo.shipMethod).toBe('Express');
});

test('4. keys typed while an order loads are kept in order and land where they belong', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  // The station answers the scan only once the keys after it were typed.
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/scanOrder', async (route) => {
    await answered;
    await route.continue();
  });
  await ship.scan('TA-1');
  // A person types the name while the order loads.
  await page.keyboard.type('Zed Q', { delay: 90 });
  release();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Zed Q');
  await expect(ship.order).toHaveValue('TA-1');
  await page.unroute('**/api/scanOrder');

  // A second scan while the first order loads: both are taken in turn, and the screen shows the second.
  let releaseAgain!: () => void;
  const answeredAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
  await page.route('**/api/scanOrder', async (route) => {
    await answeredAgain;
    await route.continue();
  });
  await ship.order.focus();
  await ship.scan('F10-A');
  await ship.scanner('F10-B');
  releaseAgain();
  await expect(ship.order).toHaveValue('F10-B');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ben Second');
  await page.unroute('**/api/scanOrder');
});

test('5. an order number no imported order has is said in words, with a sound', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await soundsHeard(page);
  await ship.scan('NO-SUCH-9');
  await expect(page.getByTestId('ship-message')).toHaveText('No imported order is numbered NO-SUCH-9: check the number on the packing slip, or type the address to ship it by hand');
  expect(await soundsHeard(page)).toEqual(['error']);
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
});

test('6. an invalid address never ships on Enter: Enter corrects it, shipping to it takes Alt+O and a confirmation, recorded', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  // A service of its own: its addresses that fail the check also fail rating, so the override is
  // shown going out while the service is down (no rates to compare), as a desk would.
  const desk = await startDesk();
  try {
    const service = await desk.startServiceSandbox({ requestsPerMinute: 10_000, demoLocation: true });
    const profile = await desk.value('saveProfile', { name: 'Check service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 10_000 });
    await desk.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
    await desk.value('switchProfile', { profileId: profile.id });
    await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
    await importOrders(desk, [{ order: 'F6-BAD', name: 'Bad Zip', address: '1 Nowhere Rd', city: 'Springfield', state: 'IL', zip: '00000' }]);
    const ship = await openShip(page, desk);

    await ship.scan('F6-BAD');
    const check = page.getByRole('region', { name: 'Address check' });
    await expect(check).toContainText('Invalid');
    await expectAccessible(page, 'Ship, an invalid address');
    // Ship is held, and the check is where the focus goes: its Enter is "Correct the address".
    await page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset').focus();
    await page.keyboard.press('3');
    await ship.shipButton.click();
    await expect(page.getByTestId('ship-message')).toContainText('The address check says this address is invalid');
    await expect(check.getByRole('button', { name: 'Correct the address (Enter)' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('ZIP or postal code', { exact: true })).toBeFocused();
    await expect(page.getByLabel('ZIP or postal code', { exact: true })).toHaveValue('00000');
    expect(await desk.value('findShipmentsByOrder', { orderNumber: 'F6-BAD' })).toEqual([]);

    // Shipped as it is, on purpose: Alt+O, a confirmation, and it is kept with the shipment.
    await page.keyboard.press('Alt+O');
    const confirm = page.getByRole('alertdialog', { name: 'Ship to an address the check called invalid?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Keep it held' })).toBeFocused();
    await expectAccessible(page, 'Ship, confirming an invalid address');
    await confirm.getByRole('button', { name: 'Ship to it anyway' }).click();
    await expect(page.getByTestId('address-override')).toHaveText('Shipping to it as it is');
    service.faults.set({ outage: true });
    await ship.shipButton.click();
    await expect(ship.result).toBeVisible({ timeout: SLOW });
    const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'F6-BAD' });
    const detail = await desk.value('getShipment', { stationRef: made?.stationRef ?? '' });
    expect(detail.overrides.map((o) => o.kind).sort()).toEqual(['invalidAddress', 'serviceWithoutRates']);
    expect(detail.overrides.find((o) => o.kind === 'invalidAddress')?.note).toContain('The address check said Invalid');
  } finally {
    await desk.close();
  }
});

test('7. a void finishes the story: the dialog names the shipment, the order is open again, the label prints from nowhere, a re-scan is a new shipment', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await ship.scan('F7-VOID');
  const tracking = await boxRateShip(page, ship, desk);
  const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'F7-VOID' });

  await openScreen(page, 'Shipments');
  await page.getByLabel('Find shipments').fill('F7-VOID');
  await page.getByRole('button', { name: 'Open shipment F7-VOID' }).click();
  const detail = page.getByTestId('shipment-detail');
  await detail.getByRole('group', { name: 'Actions on this shipment' }).getByRole('button', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog', { name: 'Void: 1 shipment' });
  const listed = dialog.getByTestId('void-list');
  await expect(listed).toContainText('F7-VOID');
  await expect(listed).toContainText(tracking);
  await expect(listed).toContainText(/\$\d+\.\d\d/);
  await expectAccessible(page, 'Shipments, void dialog');
  const from = desk.events.length;
  await dialog.getByRole('button', { name: 'Void 1 shipment' }).click();
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === made?.stationRef && e.kind === 'cancelShipment' && e.state === 'done', from, SLOW);
  expect(await desk.value('getOrder', { orderNumber: 'F7-VOID' })).toMatchObject({ status: 'open', stationRef: null });
  await expect(detail.getByTestId('voided-note')).toContainText('Voided');
  await expect(detail.getByRole('button', { name: 'Reprint labels' })).toHaveCount(0);

  await openScreen(page, 'Ship');
  await ship.nextOrder.click();
  await ship.scan('F7-VOID');
  await expect(page.getByTestId('already-shipped')).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Vic Void');
  await expect(page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset')).toBeFocused();
});

test('8. offline, a new order ships with the service without rates, queued; its price shows when the service answers', async ({ page }) => {
  test.setTimeout(5 * 60_000);
  const desk = await startDesk();
  try {
    const service = await desk.startServiceSandbox({ requestsPerMinute: 10_000, demoLocation: true });
    const profile = await desk.value('saveProfile', { name: 'Outage service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 10_000 });
    await desk.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
    await desk.value('switchProfile', { profileId: profile.id });
    await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
    await importOrders(desk, [{ order: 'F8-OFF', name: 'Olive Offline', method: 'Standard Shipping' }]);
    const ship = await openShip(page, desk);

    service.faults.set({ outage: true });
    // The order's address check finds the service gone, and the desk says it is offline.
    await ship.scan('F8-OFF');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Olive Offline');
    await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: SLOW });
    await expect(page.getByTestId('offline-service')).toHaveText('Offline: ships with UPS Ground, its price shown when the service answers');
    await page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset').focus();
    await page.keyboard.press('3');
    await ship.shipButton.click();
    await expect(ship.result).toBeVisible({ timeout: SLOW });
    await expect(ship.result).toContainText(/queued|checking/i, { timeout: SLOW });
    await expectAccessible(page, 'Ship, queued offline without rates');

    service.faults.set({});
    await expect(ship.result.getByTestId('charges')).toHaveText(/\$\d+\.\d\d/, { timeout: SLOW });
    const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'F8-OFF' });
    const detail = await desk.value('getShipment', { stationRef: made?.stationRef ?? '' });
    expect(detail.shipment.input?.shipmentInfo).toMatchObject({ carrier: 'UPS', serviceLevel: 'UPS_GROUND' });
    expect(detail.overrides.map((o) => o.kind)).toEqual(['serviceWithoutRates']);
  } finally {
    await desk.close();
  }
});

test('9. the Ship screen shows what goes in the box: items, SKUs and codes, quantities, the note and the gift message', async ({ page, desk }) => {
  await desk.value('updateSettings', { packVerification: false });
  try {
    const ship = await openShip(page, desk);
    await ship.scan('F9-ITEMS');
    const items = page.getByTestId('order-items');
    await expect(items.getByRole('row')).toHaveCount(3);
    await expect(items.getByRole('row').nth(1)).toContainText('Candle');
    await expect(items.getByRole('row').nth(1)).toContainText('CANDLE-1');
    await expect(items.getByRole('row').nth(1)).toContainText('2');
    await expect(items.getByRole('row').nth(2)).toContainText('036000291452');
    await expect(items.getByTestId('order-note')).toHaveText('Leave at the back door.');
    await expect(items.getByTestId('gift-message')).toHaveText('Happy birthday, Sam!');
    await expectAccessible(page, 'Ship, the items of an order');
  } finally {
    await desk.value('updateSettings', { packVerification: true });
  }
});

test('10. a scan while the result is shown starts the next order', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await ship.scan('F10-A');
  await boxRateShip(page, ship, desk);
  await expect(ship.nextOrder).toBeFocused();
  // The scanner types on the result: the next order starts, nothing pressed Next order by hand.
  await ship.scanner('F10-B');
  await expect(ship.order).toHaveValue('F10-B');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ben Second');
  await expect(ship.result).toHaveCount(0);
});

test('11. after a reprint the focus is back on Order: the next scan starts its order and prints nothing again', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await ship.scan('F11-A');
  await boxRateShip(page, ship, desk);
  const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'F11-A' });
  await ship.nextOrder.click();
  await ship.scan('F11-A');
  const reprint = page.getByRole('button', { name: 'Reprint label' });
  await expect(reprint).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ship-message')).toContainText('Printing the label of');
  await expect(ship.order).toBeFocused();
  await ship.scan('F11-B');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Next Nora');
  const jobs = await desk.value('printHistory', { stationRef: made?.stationRef ?? '' });
  expect(jobs.filter((job) => job.purpose === 'reprint')).toHaveLength(1);
});

test('pack verification: a scanner types item barcodes; a wrong item and one too many are refused in words and with a sound; Ship waits for every item', async ({ page, desk }) => {
  const ship = await openShip(page, desk);
  await soundsHeard(page);
  await ship.scan('PV-1');
  await expect(page.getByLabel('Scan item')).toBeFocused();
  expect(await soundsHeard(page)).toEqual(['ok']);
  await expect(page.getByTestId('pack-count')).toHaveText('0 of 3 items scanned');
  await expectAccessible(page, 'Ship, scanning items into the box');

  await scanItems(page, '4006381333931', 'WRONG-99');
  await expect(page.getByTestId('ship-message')).toHaveText('WRONG-99 is not an item of order PV-1: take it out of the box');
  await scanItems(page, 'mug-1', 'MUG-1');
  await expect(page.getByTestId('ship-message')).toHaveText('One Mug too many: order PV-1 has 2, take one out');
  expect(await soundsHeard(page)).toEqual(['ok', 'error', 'ok', 'error']);
  await expect(page.getByTestId('pack-count')).toHaveText('2 of 3 items scanned');

  // Ship before the last item: held, and the focus goes back to Scan item.
  await ship.shipButton.click();
  await expect(page.getByTestId('ship-message')).toContainText('Scan every item into the box first: 2 of 3 scanned');
  await expect(page.getByLabel('Scan item')).toBeFocused();
  expect(await desk.value('findShipmentsByOrder', { orderNumber: 'PV-1' })).toEqual([]);

  await scanItems(page, 'TEA-1');
  await expect(page.getByTestId('pack-count')).toHaveText('Every item is in the box');
  await boxRateShip(page, ship, desk);
  // The held press buzzed; the last item and the shipment each have their tone.
  expect(await soundsHeard(page)).toEqual(['error', 'ok', 'shipped']);
  const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'PV-1' });
  expect((await desk.value('getShipment', { stationRef: made?.stationRef ?? '' })).overrides).toEqual([]);
});

test("a packing slip reaches the document printer's queue after the label", async ({ page, desk }) => {
  await desk.value('updateSettings', { packingSlips: true });
  try {
    const ship = await openShip(page, desk);
    await ship.scan('SLIP-1');
    await scanItems(page, 'BOOK-1');
    const from = desk.events.length;
    await boxRateShip(page, ship, desk);
    await expect(ship.result.getByTestId('document-print')).toHaveText(/Packing slip printed on label_ipp/, { timeout: SLOW });
    const [made] = await desk.value('findShipmentsByOrder', { orderNumber: 'SLIP-1' });
    const detail = await desk.value('getShipment', { stationRef: made?.stationRef ?? '' });
    const slip = detail.documents.find((doc) => doc.type === 'PackingSlip');
    const job = detail.printJobs.find((each) => each.documentId === slip?.documentId);
    expect(job).toMatchObject({ state: 'completed', targetPrinter: desk.cups.queues.ippEverywhere });
    const completed = await desk.waitForEvent('printJob', (e) => e.state === 'completed' && job !== undefined && e.ids.includes(job.id), from, SLOW);
    expect(completed.printer).toBe(desk.cups.queues.ippEverywhere);
  } finally {
    await desk.value('updateSettings', { packingSlips: false });
  }
});

test('the requested-service rules are read and changed in Settings, and the Ship screen follows them', async ({ page, desk }) => {
  await importOrders(desk, [{ order: 'RULE-1', name: 'Rule Reader', method: 'Standard Shipping' }]);
  const before = await desk.value('getSettings', {});
  try {
    await openDesk(page, desk);
    await openScreen(page, 'Settings');
    const rule = page.getByRole('row', { name: 'Rule 1' });
    await expect(rule.getByLabel('Names')).toHaveValue('Standard, Free, Economy, Ground, Regular, Basic');
    await expectAccessible(page, 'Settings, requested services');
    // "Standard" now means UPS Ground outright.
    await rule.getByLabel('Choose').selectOption('service');
    await rule.getByLabel('Service').selectOption({ label: 'UPS Ground' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect((await desk.value('getSettings', {})).serviceRules[0]?.choice).toEqual({ kind: 'service', service: { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' } });

    await openScreen(page, 'Ship');
    const ship = new ShipPage(page);
    await ship.ready();
    await ship.scan('RULE-1');
    await page.keyboard.press('3');
    await page.keyboard.press('Enter');
    await expect(ship.rates.getByRole('option', { selected: true })).toContainText('UPS Ground');
    await expect(page.getByTestId('rate-reason')).toHaveText('UPS Ground: the service “Standard Shipping” means');
  } finally {
    await desk.value('updateSettings', { serviceRules: before.serviceRules });
  }
});
