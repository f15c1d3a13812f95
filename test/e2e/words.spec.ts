/**
 * What a packer reads names things as the screen does: a weight no parcel service takes is said at
 * the Weight of the package it is in, with the field's label ("Weight of package 1"), not the
 * service's path; the header's Online status is named in words, not by the request that decided
 * it; a shipment's references are "Order number" and "Customer PO", not the service's keys.
 */
import { requestKey, shipment } from '../support/shipments';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';
import { ShipPage } from './shipPage';

const SLOW = 60_000;

test("a weight no carrier takes is said at the package's Weight, in the screen's words", async ({ page, desk }) => {
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.toWeight('SO-E2E-WORDS-1', '9999');
  await page.keyboard.press('Enter');
  const weight = ship.weight();
  await expect(weight).toHaveAttribute('aria-invalid', 'true', { timeout: SLOW });
  const message = page.locator(`#${(await weight.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error')) ?? 'missing'}`);
  await expect(message).toHaveText("Weight of package 1: 9999 LB exceeds every parcel service's limit; ship it as a pallet with a freight class");
  await expect(page.getByRole('main')).not.toContainText('packages[0]');
  await expectAccessible(page, 'Ship, a refused weight');
});

test('the header says Online in words, and a shipment’s references by their names', async ({ page, desk }) => {
  const from = desk.events.length;
  const made = await desk.value('ship', { shipment: shipment({ references: { orderNumber: 'SO-E2E-WORDS-2', customerPO: 'PO-9' } }), requestKey: requestKey() });
  await desk.waitForEvent('labelsReady', (e) => e.stationRef === made.stationRef, from, SLOW);
  await openDesk(page, desk);
  await expect(page.getByRole('status', { name: 'Online: the service answers' })).toBeVisible();

  await openScreen(page, 'Shipments');
  await page.getByLabel('Find shipments').fill('SO-E2E-WORDS-2');
  await page.getByRole('button', { name: 'Open shipment SO-E2E-WORDS-2' }).click();
  const references = page.getByTestId('shipment-detail').getByRole('region', { name: 'References' });
  await expect(references.locator('dt')).toContainText(['Order number', 'Customer PO']);
  await expect(references).not.toContainText('orderNumber');
  await expect(references).not.toContainText('customerPO');
});
