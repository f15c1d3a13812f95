/**
 * Conflicts shown to a person, in Chromium through the web host, with a private PostgreSQL (started
 * for this file, stopped by PID): the desk is linked to the warehouse and its header says the
 * request limit is shared; two other desks report shipping one order while offline; the header
 * counts the conflict, its button leads by keyboard to the list in Settings → Warehouse with both
 * shipments, and a resolution typed and sent with Enter settles it. Each state is scanned with axe.
 */
import { importOrders, uploadShipments } from '../../electron/warehouse';
import { sampleOrders, sampleShipment, stationRef } from '../integration/warehouse/samples';
import { expect, expectAccessible, openDesk } from './desk';
import { test } from './warehouseDesk';

test('warehouse conflicts: counted in the header, read and settled in Settings by keyboard', async ({ page, desk, warehouseServer }) => {
  try {
    await desk.value('saveWarehouse', { ...warehouseServer.settings('desk'), deskName: 'Desk 1', password: warehouseServer.roles.desk.password });
    await openDesk(page, desk);
    await expect(page.getByTestId('warehouse-state')).toHaveText('Connected');
    const budget = page.getByTestId('request-budget');
    await expect(budget).toHaveText('Shared limit');
    await expect(budget).toHaveAttribute('aria-label', /^Request limit: Sharing the credential's \d+ requests a minute with the warehouse's other desks\.$/);
    await expect(page.getByTestId('warehouse-conflict-count')).toHaveCount(0);

    // Two other desks shipped one order while they could not reach the warehouse.
    const [desk2, desk3] = await Promise.all([warehouseServer.openDesk({ id: 'D2', name: 'Desk 2' }), warehouseServer.openDesk({ id: 'D3', name: 'Desk 3' })]);
    const refs = { desk2: stationRef('D2'), desk3: stationRef('D3') };
    await importOrders(desk2.db, 'D2', await sampleOrders(1, 'E2E-TWICE-'));
    await uploadShipments(desk2.db, 'D2', [{ shipment: sampleShipment(refs.desk2, 'E2E-TWICE-0001'), audit: null }]);
    await uploadShipments(desk3.db, 'D3', [{ shipment: sampleShipment(refs.desk3, 'E2E-TWICE-0001'), audit: null }]);

    const count = page.getByTestId('warehouse-conflict-count');
    await expect(count).toHaveAccessibleName('1 conflict to settle: show them');
    await expectAccessible(page, 'Header with a conflict');
    await count.focus();
    await page.keyboard.press('Enter');
    const section = page.getByRole('region', { name: 'Conflicts to settle' });
    await expect(section.getByRole('heading', { name: 'Conflicts to settle' })).toBeFocused();
    const conflict = section.getByRole('listitem', { name: 'Order E2E-TWICE-0001 was shipped twice' });
    const shipments = conflict.getByRole('list', { name: 'The two shipments of order E2E-TWICE-0001' });
    await expect(shipments.getByRole('listitem')).toHaveCount(2);
    await expect(shipments).toContainText(`Desk 2 ${refs.desk2} tracking ${sampleShipment(refs.desk2, null).trackingNumbers.join(', ')}`);
    await expect(shipments).toContainText(`Desk 3 ${refs.desk3} tracking ${sampleShipment(refs.desk3, null).trackingNumbers.join(', ')}`);
    await expectAccessible(page, 'Settings, a conflict to settle');

    // By keyboard: Tab to the field; a resolution that says nothing is refused at the field.
    await page.keyboard.press('Tab');
    const field = conflict.getByLabel('What was done for order E2E-TWICE-0001');
    await expect(field).toBeFocused();
    await page.keyboard.type('ok');
    await page.keyboard.press('Enter');
    await expect(conflict.getByText('Say what was done, e.g. which label was voided (at least 3 characters).')).toBeVisible();
    await expect(field).toBeFocused();
    await expectAccessible(page, 'Settings, a resolution refused');

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Voided the label of Desk 3; Desk 2’s parcel went out.');
    await page.keyboard.press('Enter');
    await expect(section.getByText('The conflict of order E2E-TWICE-0001 is settled.')).toBeVisible();
    await expect(section.getByTestId('no-conflicts')).toHaveText('No conflicts: every order stands with one shipment.');
    // What this desk still owes the warehouse is said beside them: here, nothing.
    await expect(page.getByTestId('journal-waiting')).toHaveText('Nothing: the warehouse has heard everything this desk did.');
    await expect(section.getByRole('heading', { name: 'Conflicts to settle' })).toBeFocused();
    await expect(count).toHaveCount(0);
    expect(await desk.value('countWarehouseConflicts', {})).toBe(0);
    await expectAccessible(page, 'Settings, conflicts settled');
  } finally {
    // Put the shared desk back as it was: alone, with no password kept.
    await desk.value('turnOffWarehouse', {});
  }
});
