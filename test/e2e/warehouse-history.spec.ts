/**
 * The Shipments screen at a desk linked to a warehouse (a private PostgreSQL started for this file,
 * stopped by PID): a search finds a shipment another desk made, marked with that desk's name, beside
 * the desk's own list; when PostgreSQL stops, the same search says in words that only this desk's
 * shipments can be shown; Settings says the box presets and service rules are the warehouse's, then
 * that the desk's copy is used. Each state is scanned with axe.
 */
import { recordShipment, registerDesk } from '../../electron/warehouse';
import { auditEntry, sampleShipment, stationRef } from '../integration/warehouse/samples';
import { expect, expectAccessible, openDesk, openScreen } from './desk';
import { test } from './warehouseDesk';

test("shipments and settings: another desk's shipment found by the search, marked with its desk; shared settings said; the warehouse unreachable said in words", async ({ page, desk, warehouseServer }) => {
  const { postgres, roles } = warehouseServer;
  try {
    const from = desk.events.length;
    await desk.value('saveWarehouse', { ...warehouseServer.settings('desk'), deskName: 'Desk 1', password: roles.desk.password });
    await desk.waitForEvent('warehouseState', (event) => event.status.state === 'connected', from);
    // Desk 3 shipped an order and reported it to the shared history, as its station does.
    const desk3 = await warehouseServer.pool('desk', { id: 'DESK3', name: 'Desk 3' });
    const ref = stationRef('DESK3');
    const shipment = sampleShipment(ref, 'E2E-WH-77', { recipient: { name: 'Noor Haddad', company: null, city: 'Denver', country: 'US' }, trackingNumbers: ['1Z999AA10987654321'] });
    try {
      await registerDesk(desk3, { id: 'DESK3', name: 'Desk 3' });
      await recordShipment(desk3, 'DESK3', { shipment, audit: auditEntry('ship', { orderNumber: 'E2E-WH-77', stationRef: ref }) });
    } finally {
      await desk3.end();
    }

    await openDesk(page, desk);
    await openScreen(page, 'Shipments');
    await page.getByLabel('Find shipments').fill('Haddad');
    const others = page.getByRole('region', { name: 'Other desks' });
    await expect(others.getByTestId('other-desk-row')).toHaveCount(1);
    const row = others.getByTestId('other-desk-row');
    await expect(row).toContainText('Desk 3');
    await expect(row).toContainText(ref);
    await expect(row).toContainText('E2E-WH-77');
    await expect(row).toContainText('Noor Haddad, Denver');
    await expect(row).toContainText('1Z999AA10987654321');
    await expectAccessible(page, 'Shipments, other desks');
    await openScreen(page, 'Settings');
    await expect(page.getByTestId('shared-settings')).toHaveText('The box presets and requested-service rules are the warehouse’s: a change here is a change at every desk.');
    await expectAccessible(page, 'Settings, shared with the warehouse');
    await openScreen(page, 'Shipments');

    await postgres.stopServer('fast');
    await expect(page.getByTestId('warehouse-state')).toHaveText('Unreachable');
    await page.getByLabel('Find shipments').fill('Haddad Denver');
    await expect(others.getByTestId('other-desks-note')).toContainText("Other desks' shipments cannot be searched now (The warehouse database at 127.0.0.1:");
    await expect(others.getByTestId('other-desks-note')).toContainText("only this desk's shipments are shown.");
    await expect(others.getByTestId('other-desk-row')).toHaveCount(0);
    await expectAccessible(page, 'Shipments, warehouse unreachable');
    await openScreen(page, 'Settings');
    await expect(page.getByTestId('shared-settings')).toContainText("it cannot be reached now (The warehouse database at 127.0.0.1:");
    await expect(page.getByTestId('shared-settings')).toContainText("so this desk's copy is used and they cannot be changed until it is back.");
  } finally {
    // Put the shared desk back as it was: alone, with no password kept.
    if (postgres.pid === undefined) await postgres.startServer();
    await desk.value('turnOffWarehouse', {});
  }
});
