/**
 * The Ship screen in Chromium, through the web host, against the embedded sandbox and the private
 * CUPS: a shipment from the scan to the printed label, with the keyboard alone; one shipment
 * however the packer presses Ship; the service's refusal at the field it names; a shipment across
 * a border whose label and invoice go to their own printers. Each view is scanned with axe.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { requestKey, shipment } from '../support/shipments';
import { expect, expectAccessible, openDesk, shipmentsOnService, SLOW, test } from './desk';
import { SAN_FRANCISCO_HOME, ShipPage, TORONTO_SHOP } from './shipPage';
import { plainWords } from '../../renderer/src/lib/fieldWords';

const run = promisify(execFile);

test.beforeAll(async ({ desk }) => {
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue, documentPrinter: desk.cups.queues.ippEverywhere });
});

test('scan, validate, rate, ship: the label in the 4x6 queue carries the tracking number on screen', async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await expectAccessible(page, 'Ship, a new order');

  await ship.scan('SO-E2E-1001');
  await ship.typeAddress(SAN_FRANCISCO_HOME);
  await page.keyboard.press('Enter');
  const check = page.getByRole('region', { name: 'Address check' });
  await expect(check).toBeVisible();
  await expect(check.getByTestId('standardized-address')).toContainText('500 HOWARD ST');
  await expect(check.getByTestId('address-type')).toContainText('Residential');
  await expectAccessible(page, 'Ship, address check');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Address line 1', { exact: true })).toHaveValue('500 HOWARD ST');

  await ship.packageByPreset('3', '4.5');
  await page.keyboard.press('Enter');
  await expect(ship.rates).toBeFocused();
  await expect(ship.rates.getByText('Cheapest')).toBeVisible();
  await expectAccessible(page, 'Ship, rates');

  const from = desk.events.length;
  await page.keyboard.press('Enter');
  const tracking = await ship.trackingNumber();
  await expect(ship.result.getByTestId('print-state')).toHaveText(/Label printed on label4x6/, { timeout: 30_000 });
  // The first preview loads pdf.js and its worker.
  await expect(ship.result.getByTestId('label-preview')).toHaveAttribute('data-drawn', 'yes', { timeout: SLOW });
  await expect(ship.nextOrder).toBeFocused();
  await expectAccessible(page, 'Ship, shipment result');

  // What reached the 4x6 file queue is a 4x6 PDF holding the tracking number the page shows.
  const ready = await desk.waitForEvent('labelsReady', () => true, from);
  await desk.waitForEvent('printJob', (e) => e.state === 'completed' && ready.printJobIds.every((id) => e.ids.includes(id)), from);
  const output = desk.cups.outputFileOf(desk.labelQueue);
  expect((await run('pdfinfo', [output])).stdout).toMatch(/Page size:\s+288 x 432 pts/);
  expect((await run('pdftotext', [output, '-'])).stdout.replace(/\s+/g, '')).toContain(tracking);

  await page.keyboard.press('Enter');
  await expect(ship.order).toBeFocused();
  await expect(ship.order).toHaveValue('');
});

test('Enter pressed twice and Ship double-clicked: one shipment on the sandbox each time', async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();

  await ship.toRates('SO-E2E-TWICE-1');
  const shipPressed = await ship.enterPressedAt();
  await ship.enterPressedAt(shipPressed + 0.06);
  await ship.trackingNumber();
  // The second Enter, pressed 60 ms after the first, arrived while the first was on its way: the
  // result stays, the focus waits on Next order.
  await expect(ship.nextOrder).toBeFocused();
  // One pressed 80 ms after Ship that a busy page handles only once the answer moved the focus to
  // Next order is the same double press: it does not start the next order either.
  await ship.enterPressedAt(shipPressed + 0.08);
  await expect(ship.result).toBeVisible();
  await expect(ship.nextOrder).toBeFocused();
  expect(await shipmentsOnService(desk, 'SO-E2E-TWICE-1')).toBe(1);

  await ship.nextOrder.click();
  await ship.toRates('SO-E2E-TWICE-2');
  await ship.shipButton.dblclick();
  await ship.trackingNumber();
  expect(await shipmentsOnService(desk, 'SO-E2E-TWICE-2')).toBe(1);
  expect((await desk.value('findShipmentsByOrder', { orderNumber: 'SO-E2E-TWICE-2' })).length).toBe(1);
});

test('an order shipped before offers its label again before anything new can be bought', async ({ page, desk }) => {
  const before = desk.events.length;
  const earlier = await desk.value('ship', { shipment: shipment({ references: { orderNumber: 'SO-E2E-AGAIN' } }), requestKey: requestKey() });
  await desk.waitForEvent('labelsReady', (e) => e.stationRef === earlier.stationRef, before);
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.scan('SO-E2E-AGAIN');
  const already = page.getByTestId('already-shipped');
  await expect(already).toContainText('Order SO-E2E-AGAIN was already shipped here');
  await expect(page.getByRole('button', { name: 'Reprint label' })).toBeFocused();
  await expectAccessible(page, 'Ship, an order shipped before');
  const from = desk.events.length;
  await page.keyboard.press('Enter');
  await desk.waitForEvent('printJob', (e) => e.state === 'completed', from);
  await expect(page.getByTestId('ship-message')).toContainText('Printing the label of');
  expect(await shipmentsOnService(desk, 'SO-E2E-AGAIN')).toBe(1);
});

test('a field the service refuses is marked with the service\'s own words, the field named as the form labels it', async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.scan('SO-E2E-REFUSED');
  // A ZIP code the form accepts (any text) but that no postal authority issued.
  await ship.typeAddress({ ...SAN_FRANCISCO_HOME, zip: '00000' });
  await page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset').focus();
  await ship.packageByPreset('3', '2');
  await page.keyboard.press('Enter');

  const zip = page.getByLabel('ZIP or postal code', { exact: true });
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  const message = page.locator('#ship-to-zipPostalCode-error');
  await expect(message).toContainText('00000');
  await expect(zip).toBeFocused();
  // The words are the service's (the rate request's refusal for that field), with the field as the form labels it.
  const answer = await desk.call('rateShop', {
    request: { shipDate: new Date().toISOString(), shipFrom: { address1: '2100 W Fulton St', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60612', country: 'US' }, shipTo: { address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '00000', country: 'US' }, packages: [{ weight: 2, length: 12, width: 10, height: 8 }] },
  });
  expect(answer.ok).toBe(false);
  if (!answer.ok) expect(plainWords(answer.error.fields.find((f) => f.field.endsWith('shipTo.zipPostalCode'))?.message ?? '')).toBe(await message.textContent());
  await expect(message).toHaveText(/^ZIP or postal code: 00000 /);
  await expectAccessible(page, 'Ship, a refused field');
  expect(await shipmentsOnService(desk, 'SO-E2E-REFUSED')).toBe(0);
});

test('across a border: customs on the form, the label to the label printer, the invoice to the document printer', async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.scan('SO-E2E-CANADA');
  await ship.typeAddress(TORONTO_SHOP);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Address check' })).toBeVisible();
  await page.keyboard.press('Escape');
  await ship.packageByPreset('2', '3');
  await page.getByRole('row', { name: 'Package 1' }).getByLabel('Declared value').fill('80');

  const customs = page.getByRole('region', { name: /Customs/ });
  await expect(customs).toBeVisible();
  const commodity = customs.getByRole('row', { name: 'Commodity 1' });
  await commodity.getByLabel('Description').fill('Cotton hoodie');
  await commodity.getByLabel('Quantity').fill('2');
  await commodity.getByLabel('Unit value').fill('45');
  // 90 of goods against 80 declared on the box: refused before any rate is asked for.
  await ship.weight().focus();
  await page.keyboard.press('Enter');
  await expect(customs.getByRole('alert')).toContainText('The commodities come to 90.00 but the packages declare 80.00');
  await commodity.getByLabel('Unit value').fill('40');
  await expectAccessible(page, 'Ship, customs');
  await ship.weight().focus();
  await page.keyboard.press('Enter');
  await expect(ship.rates).toBeFocused();

  const from = desk.events.length;
  await page.keyboard.press('Enter');
  await ship.trackingNumber();
  const ready = await desk.waitForEvent('labelsReady', () => true, from);
  const done = await Promise.all(ready.printJobIds.map((id) => desk.waitForEvent('printJob', (e) => e.state === 'completed' && e.ids.includes(id), from)));
  const detail = await desk.value('getShipment', { stationRef: ready.stationRef });
  const printerOf = (type: string): string | undefined => {
    const doc = detail.documents.find((d) => d.type === type);
    const job = detail.printJobs.find((j) => j.documentId === doc?.documentId);
    return done.find((e) => job !== undefined && e.ids.includes(job.id))?.printer;
  };
  expect(printerOf('Label')).toBe(desk.labelQueue);
  expect(printerOf('CommercialInvoice')).toBe(desk.cups.queues.ippEverywhere);
});

test('keyboard only: a whole shipment from the scan to the printed label, keys besides the scan and the address counted', async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  let keys = 0;
  const press = async (key: string): Promise<void> => {
    keys += 1;
    await page.keyboard.press(key);
  };

  await ship.scan('SO-E2E-KEYS');
  await ship.typeAddress(SAN_FRANCISCO_HOME);
  await press('Enter'); // check the address
  await expect(page.getByRole('region', { name: 'Address check' })).toBeVisible();
  await press('Enter'); // take the standardized address
  await press('3'); // the medium box
  for (const key of '4.5') await press(key); // the weight, until a scale types it
  await press('Enter'); // rates
  await expect(ship.rates).toBeFocused();
  await press('Enter'); // ship with the cheapest
  await expect(ship.result.getByTestId('print-state')).toHaveText(/Label printed/, { timeout: 30_000 });
  await expect(ship.nextOrder).toBeFocused();

  console.log(`keyboard-only shipment: ${keys} keys besides the scan and the typed address (5 without typing the weight)`);
  test.info().annotations.push({ type: 'keys', description: String(keys) });
  expect(keys).toBe(8);
});
