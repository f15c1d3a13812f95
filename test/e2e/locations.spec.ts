/**
 * The Locations screen in Chromium, through the web host: a location created, then edited in
 * every section (the location itself, address, billing address, settings, dangerous goods,
 * regional settings, tags) and read back from the service; a required field and a field the
 * service refuses said at the field; found, sorted, deleted after a question; and read from the
 * station's copy while the service is down. Each view is scanned with axe.
 */
import type { Locator, Page } from '@playwright/test';
import { SANDBOX_PROFILE_ID } from '../../electron/api';
import { expect, expectAccessible, openDesk, openScreen, test, SLOW } from './desk';


function section(page: Page, title: string): Locator {
  return page.getByRole('form').getByRole('group', { name: title, exact: true });
}

async function fill(page: Page, title: string, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await section(page, title).getByLabel(label, { exact: true }).fill(value);
}

test('a location created, edited in every section and read back from the service, then deleted', async ({ page, desk }) => {
  test.setTimeout(5 * 60_000);
  await openDesk(page, desk);
  await openScreen(page, 'Locations');
  await expect(page.getByTestId('location-row').first()).toBeVisible();
  await expectAccessible(page, 'Locations');

  // Create: the required fields first, checked here.
  await page.getByRole('button', { name: 'New location' }).click();
  const form = page.getByRole('form', { name: 'New location' });
  await expect(form.getByLabel('Location name (required)')).toBeFocused();
  await form.getByRole('button', { name: 'Create location' }).click();
  await expect(form.getByLabel('Location name (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Location name (required)')).toBeFocused();
  await expect(form).toContainText('Location name is needed');
  await fill(page, 'Location', { 'Location name (required)': 'East Annex', 'Reference id (required)': 'E2E-ANNEX' });
  await fill(page, 'Address', { 'Address line 1 (required)': '401 N Morgan St', 'City (required)': 'Chicago', 'State or province (required)': 'IL', 'ZIP or postal code (required)': '60642', 'Country (required)': 'USA' });
  await form.getByRole('button', { name: 'Create location' }).click();
  // The station's contract refuses a three-letter country, at the field.
  const country = section(page, 'Address').getByLabel('Country (required)');
  await expect(country).toHaveAttribute('aria-invalid', 'true');
  await expect(country).toBeFocused();
  await expectAccessible(page, 'Locations, a refused field');
  await country.fill('US');
  await form.getByRole('button', { name: 'Create location' }).click();
  const editor = page.getByRole('form', { name: 'Location East Annex' });
  await expect(editor).toBeVisible({ timeout: SLOW });
  await expect(page.getByText('Location East Annex created.').first()).toBeVisible();

  // Edit every section.
  await fill(page, 'Location', { Group: 'MIDWEST', Tags: 'returns\novernight' });
  await section(page, 'Location').getByLabel('Active (offered as a ship-from location)').uncheck();
  await fill(page, 'Address', { 'Contact name': 'Rosa Diaz', 'E-mail': 'annex@example.com', Phone: '312-555-0100', 'Second phone': '312-555-0101', 'Address line 2': 'Dock 4', 'Area or district': 'West Loop', 'VAT or tax id type': 'EIN' });
  // The box gives way to the billing address's own section.
  await editor.getByLabel('A separate billing address').click();
  await fill(page, 'Billing address', { 'Contact name': 'Accounts Payable', 'Address line 1 (required)': '1 E Wacker Dr', 'City (required)': 'Chicago', 'State or province (required)': 'IL', 'ZIP or postal code (required)': '60601', 'Country (required)': 'US' });
  await fill(page, 'Settings', {
    Currency: 'USD',
    'Unit of weight': 'LB',
    'Unit of length': 'IN',
    'Time zone': 'America/Chicago',
    'Default product descriptions': 'Machine parts\nSpare filters',
    'Default customs declaration': 'We declare the goods are as described.',
    'Default ship-to contact': 'Receiving',
    'Default ship-to e-mail': 'receiving@example.com',
  });
  await section(page, 'Settings').getByLabel('Manual shipping available').check();
  await fill(page, 'Dangerous goods', { 'Emergency phone': '800-555-0199', 'Offeror or contract holder': 'Annex Logistics', 'Contract number': 'DG-2291' });
  await section(page, 'Regional settings').getByLabel('Use item data').check();
  await section(page, 'Regional settings').getByLabel('Work out the freight class').check();
  await section(page, 'Regional settings').getByLabel('Zero freight for outbound third-party billing').check();
  await section(page, 'Regional settings').getByLabel('Zero freight for outbound collect or recipient billing').check();
  await fill(page, 'Regional settings', { 'Default freight class': '85', 'Default NMFC code': '161030' });
  await expectAccessible(page, 'Locations, editing every section');
  await editor.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByText('Location East Annex saved.').first()).toBeVisible({ timeout: SLOW });

  // Read back from the service (the station asks it while online).
  const [row] = (await desk.value('listLocations', { query: 'E2E-ANNEX', page: 1, pageSize: 5 })).records;
  expect(row).toBeDefined();
  const stored = await desk.value('getLocation', { id: row?.id ?? '' });
  expect(stored).toMatchObject({
    locationName: 'East Annex',
    referenceId: 'E2E-ANNEX',
    groupId: 'MIDWEST',
    active: false,
    tags: ['returns', 'overnight'],
    address: { contactName: 'Rosa Diaz', emailAddress: 'annex@example.com', phoneNumber1: '312-555-0100', phoneNumber2: '312-555-0101', address1: '401 N Morgan St', address2: 'Dock 4', area: 'West Loop', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60642', country: 'US', vatorTaxType: 'EIN' },
    billingAddress: { contactName: 'Accounts Payable', address1: '1 E Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60601', country: 'US' },
    settings: {
      currencyCode: 'USD',
      unitOfWeight: 'LB',
      unitOfLength: 'IN',
      defaultTimezone: 'America/Chicago',
      manualShippingAvailable: true,
      defaultDescription: ['Machine parts', 'Spare filters'],
      defaultDeclaration: 'We declare the goods are as described.',
      defaultShiptoContactName: 'Receiving',
      defaultShiptoEmailAddress: 'receiving@example.com',
    },
    dgDetail: { emergPhone: '800-555-0199', offererContractHolder: 'Annex Logistics', contractNo: 'DG-2291' },
    regionalSetting: { useItemData: true, defaultFreightClass: '85', defaultNmfcCode: '161030', autoCalcFreightClass: true, zeroFreightforOutboundThirdParty: true, zeroFreightforOutboundCollectOrRecipient: true },
  });

  // An optional field emptied is cleared on the service, not kept by its merge.
  await section(page, 'Address').getByLabel('Address line 2', { exact: true }).fill('');
  await editor.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByTestId('locations-notice')).toHaveText('Location East Annex saved.');
  await expect.poll(async () => (await desk.value('getLocation', { id: row?.id ?? '' })).address.address2 ?? '').toBe('');

  // Found by typing, sorted; the reopened editor shows what the service keeps.
  await page.getByRole('button', { name: 'Close editor' }).click();
  await page.getByLabel('Find').fill('annex');
  await expect(page.getByTestId('location-row')).toHaveCount(1);
  await page.getByLabel('Find').fill('');
  await page.getByLabel('Sort by').selectOption('city');
  await page.getByLabel('Order').selectOption('desc');
  await expect(page.getByTestId('location-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open location East Annex' }).click();
  await expect(section(page, 'Dangerous goods').getByLabel('Contract number')).toHaveValue('DG-2291');
  await expect(section(page, 'Settings').getByLabel('Default product descriptions')).toHaveValue('Machine parts\nSpare filters');

  // Deleted after a question that starts on the safe answer.
  await page.getByRole('button', { name: 'Delete location' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the location East Annex?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('locations-notice')).toHaveText('Location East Annex deleted.');
  // The service still lists it, marked deleted, with nothing left to open.
  await expect(page.getByRole('button', { name: 'Open location East Annex' })).toHaveCount(0);
  const gone = page.getByTestId('location-row').filter({ hasText: 'East Annex' });
  await expect(gone.getByTestId('location-state')).toHaveText('Deleted');
});

test('locations are read from the station\'s copy while the service is down, and cannot be changed then', async ({ page, desk }) => {
  test.setTimeout(5 * 60_000);
  const service = await desk.startServiceSandbox({ demoLocation: true, requestsPerMinute: 10_000 });
  const profile = await desk.value('saveProfile', { name: 'Locations service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 10_000 });
  await desk.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
  await desk.value('switchProfile', { profileId: profile.id });
  try {
    await openDesk(page, desk);
    await openScreen(page, 'Locations');
    const row = page.getByTestId('location-row').first();
    await expect(row).toBeVisible();
    const name = (await row.getByRole('button').textContent())?.trim() ?? '';
    await expect(page.getByTestId('locations-from-cache')).toHaveCount(0);

    // The service goes down; the next read finds it gone and answers from the station's copy.
    service.faults.set({ outage: true });
    await page.getByLabel('Find').fill(name.slice(0, 4));
    await expect(page.getByTestId('locations-from-cache')).toBeVisible({ timeout: SLOW });
    await expect(page.getByTestId('connection-state')).toHaveText('Offline', { timeout: SLOW });
    await expect(page.getByRole('button', { name: `Open location ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New location' })).toBeDisabled();
    await page.getByRole('button', { name: `Open location ${name}` }).click();
    await expect(page.getByRole('button', { name: 'Save location' })).toBeDisabled();
    await expectAccessible(page, 'Locations, offline');
  } finally {
    service.faults.set({ outage: false });
    await desk.value('switchProfile', { profileId: SANDBOX_PROFILE_ID });
  }
});
