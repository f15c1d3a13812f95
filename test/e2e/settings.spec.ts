/**
 * The Settings screen in Chromium, through the web host: the station's refusal stands at the field
 * it names and takes the focus; the desk id, units, automatic printing and a new box preset are
 * saved together (Ctrl+S) and the Ship screen follows them; changes not saved yet survive a visit
 * to another screen and are discarded on request. The screen is scanned with axe.
 */
import type { MethodInput } from '../../electron/api';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';

test('settings: a refused desk id at its field, then units, printing and a new box preset saved together and used on the Ship screen', async ({ page, desk }) => {
  const before = await desk.value('getSettings', {});
  try {
    await openDesk(page, desk);
    await openScreen(page, 'Settings');
    const deskId = page.getByLabel('Desk id', { exact: true });
    await expect(deskId).toHaveValue(before.deskId);
    await expectAccessible(page, 'Settings');

    // The station's words at the field, and the focus there.
    await deskId.fill('desk 1!');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(deskId).toHaveAttribute('aria-invalid', 'true');
    await expect(deskId).toBeFocused();
    await expect(page.locator('#desk-id-error')).not.toBeEmpty();
    expect((await desk.value('getSettings', {})).deskId).toBe(before.deskId);
    await expectAccessible(page, 'Settings, a refused field');

    // Corrected, with the rest of the changes, saved with Ctrl+S.
    await deskId.fill('DESK7');
    await expect(deskId).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('radio', { name: 'Kilograms and centimetres (KG, CM)' }).check();
    await page.getByRole('switch', { name: 'Print other documents automatically' }).click();
    const presets = page.getByTestId('preset-row');
    const count = await presets.count();
    await page.getByRole('button', { name: 'Add preset' }).click();
    const added = presets.nth(count);
    await expect(added.getByLabel('Code', { exact: true })).toBeFocused();
    await page.keyboard.type('BX-TALL');
    await page.keyboard.press('Enter'); // a scanned code ends with Enter: on to the name
    await expect(added.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.type('Tall box');
    await added.getByLabel('Length', { exact: true }).fill('10');
    await added.getByLabel('Width', { exact: true }).fill('10');
    await added.getByLabel('Height', { exact: true }).fill('30');
    await expect(page.getByTestId('settings-state')).toHaveText('Changes not saved yet');

    // Another screen and back: the changes are still there, not saved.
    await openScreen(page, 'Queue');
    await openScreen(page, 'Settings');
    await expect(page.getByLabel('Desk id', { exact: true })).toHaveValue('DESK7');
    expect((await desk.value('getSettings', {})).deskId).toBe(before.deskId);

    await page.getByLabel('Desk id', { exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(page.getByTestId('settings-state')).toHaveText('');
    const saved = await desk.value('getSettings', {});
    expect(saved).toMatchObject({ deskId: 'DESK7', unitSystem: 'metric', autoPrintDocuments: !before.autoPrintDocuments });
    expect(saved.boxPresets.at(-1)).toMatchObject({ code: 'BX-TALL', name: 'Tall box', length: 10, width: 10, height: 30, unitOfLength: 'CM' });

    // The Ship screen weighs in kilograms and offers the new preset.
    await openScreen(page, 'Ship');
    await expect(page.getByRole('columnheader', { name: 'Weight (kg)' })).toBeVisible();
    await expect(page.locator('#presets-hint')).toContainText('Tall box');
    // Its code, scanned into the Box preset field, gives its sides (added while the desk measured
    // in centimetres, it is in centimetres); a preset in inches is turned into centimetres.
    const row = page.getByRole('row', { name: 'Package 1' });
    const preset = row.getByLabel('Box preset');
    await preset.fill('BX-TALL');
    await preset.press('Enter');
    await expect(row.getByLabel('Weight', { exact: true })).toBeFocused();
    await expect(row.getByLabel('Height', { exact: true })).toHaveValue('30');
    const medium = saved.boxPresets.find((each) => each.code === 'BOX-M');
    await preset.fill('BOX-M');
    await preset.press('Enter');
    await expect(row.getByLabel('Height', { exact: true })).toHaveValue(String(Math.round((medium?.height ?? 0) * 25.4) / 10));

    // A change discarded goes back to what the station keeps.
    await openScreen(page, 'Settings');
    await page.getByLabel('Desk id', { exact: true }).fill('DESK8');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByLabel('Desk id', { exact: true })).toHaveValue('DESK7');
    expect((await desk.value('getSettings', {})).deskId).toBe('DESK7');
  } finally {
    const { deskId, unitSystem, autoPrintLabels, autoPrintDocuments, boxPresets } = before;
    const restore: MethodInput<'updateSettings'> = { deskId, unitSystem, autoPrintLabels, autoPrintDocuments, boxPresets };
    await desk.value('updateSettings', restore);
  }
});
