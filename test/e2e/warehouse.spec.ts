/**
 * Settings → Warehouse in Chromium, through the web host, against a private PostgreSQL set up with
 * the warehouse's setup script (started for this file, stopped by PID): an admin fills in the
 * link by keyboard, tests it and reads "connected" in words, saves it with Enter, and the header
 * says the warehouse is connected; PostgreSQL stops and the header says it is unreachable, with
 * the cause. Each state is scanned with axe.
 */
import { WAREHOUSE_SCHEMA_VERSION } from '../../electron/warehouse';
import { expect, expectAccessible, openDesk, openScreen } from './desk';
import { test } from './warehouseDesk';

test('warehouse: the link typed, tested and saved; the header says connected, then unreachable when PostgreSQL stops', async ({ page, desk, warehouseServer }) => {
  const { postgres, roles } = warehouseServer;
  try {
    await openDesk(page, desk);
    // A desk that works alone shows no warehouse in its header.
    await expect(page.getByTestId('warehouse-state')).toHaveCount(0);
    await openScreen(page, 'Settings');
    const section = page.getByRole('region', { name: 'Warehouse' });
    await expect(section.getByRole('status').first()).toContainText('Warehouse mode is off: this desk works alone.');

    // By keyboard, field after field, as an admin would.
    await section.getByLabel('Database server', { exact: true }).fill(postgres.host);
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('Port', { exact: true })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(String(postgres.port));
    await expect(section.getByLabel('Database', { exact: true })).toHaveValue('packbench');
    await expect(section.getByLabel('Role', { exact: true })).toHaveValue('packbench_desk');
    await section.getByLabel('Password', { exact: true }).fill(roles.desk.password);
    await section.getByLabel('Encryption (TLS)', { exact: true }).selectOption('disable');
    await section.getByLabel('Desk name at the warehouse', { exact: true }).fill('Desk 1');

    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect(section.getByTestId('warehouse-test')).toContainText(`Connected to PostgreSQL`);
    await expect(section.getByTestId('warehouse-test')).toContainText(`at ${postgres.host}:${String(postgres.port)} as packbench_desk, not encrypted; warehouse schema ${String(WAREHOUSE_SCHEMA_VERSION)}, up to date.`);
    await expectAccessible(page, 'Settings, warehouse tested');

    // Enter in a field saves the link; the header follows the station's state.
    await section.getByLabel('Desk name at the warehouse', { exact: true }).press('Enter');
    await expect(page.getByText('Warehouse settings saved.')).toBeVisible();
    const header = page.getByTestId('warehouse-state');
    await expect(header).toHaveText('Connected');
    await expect(section.getByTestId('warehouse-status')).toContainText(`Connected to the warehouse database at ${postgres.host}:${String(postgres.port)} as Desk 1`);
    // The password went to the station once and is not shown again.
    await expect(section.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByText('A password is stored in this computer’s vault; leave empty to keep it.')).toBeVisible();
    expect(await page.content()).not.toContain(roles.desk.password);

    await postgres.stopServer('fast');
    await expect(header).toHaveText('Unreachable');
    await expect(header).toHaveAttribute('aria-label', new RegExp(`^Warehouse unreachable: The warehouse database at 127\\.0\\.0\\.1:${String(postgres.port)} is unreachable; this desk keeps working on its own`));
    await expect(section.getByTestId('warehouse-status')).toContainText('is unreachable');
    // The desk itself goes on: the service connection is still online.
    await expect(page.getByTestId('connection-state')).toHaveText('Online');
    await expectAccessible(page, 'Settings, warehouse unreachable');
  } finally {
    // Put the shared desk back as it was: alone, with no password kept.
    if (postgres.pid === undefined) await postgres.startServer();
    await desk.value('turnOffWarehouse', {});
  }
});
