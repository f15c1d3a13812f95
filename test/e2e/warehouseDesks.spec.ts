/**
 * Two desks in two pages, each a whole station in a process of its own (stationDesks.ts) serving
 * the built renderer, on one sandbox and one warehouse database (a private PostgreSQL): desk 1
 * scans an order and desk 2, scanning it, is told it is being packed at Desk 1 and cannot ship it;
 * its Orders screen names Desk 1 beside the order; desk 1 ships it from its screen, and desk 2
 * scanning it again is told where and when it shipped.
 */
import { expect, test, type Page } from '@playwright/test';
import { startStationDesks, type StationDesk, type StationDesks } from '../support/stationDesks';
import { RENDERER_DIR, SLOW, expectAccessible, openScreen } from './desk';
import { ShipPage } from './shipPage';

const ORDER = 'WD-1001';
const CSV = `Order No,Recipient,Street,City,State,Postcode,Country,SKU,Description,Qty,Unit price,Weight,Weight unit\n${ORDER},Dana Whitfield,500 Howard St,San Francisco,CA,94105,US,MUG-1,Mug,1,12.50,12,oz\n`;

let rig: StationDesks;

test.beforeAll(async () => {
  test.setTimeout(4 * SLOW);
  rig = await startStationDesks({ count: 2, rendererDir: RENDERER_DIR });
  await rig.importOrders(CSV);
  for (const desk of rig.desks) await desk.value('updateSettings', { packVerification: false });
});

test.afterAll(async () => {
  await rig?.stop();
});

/** Opens a desk's Ship screen in `page`, online and ready for a scan. */
async function openShip(page: Page, desk: StationDesk): Promise<ShipPage> {
  await page.goto(desk.openUrl);
  await expect(page.getByTestId('connection-state')).toHaveText('Online', { timeout: SLOW });
  const ship = new ShipPage(page);
  await ship.ready();
  return ship;
}

test('desk 2 sees desk 1 packing an order and cannot ship it; once desk 1 ships it, desk 2 is told where and when', async ({ browser }) => {
  test.setTimeout(6 * SLOW);
  const [desk1, desk2] = rig.desks as [StationDesk, StationDesk];
  // Two desks are two browsers: a context each.
  const [context1, context2] = [await browser.newContext(), await browser.newContext()];
  const [page1, page2] = [await context1.newPage(), await context2.newPage()];
  try {
    const ship1 = await openShip(page1, desk1);
    const ship2 = await openShip(page2, desk2);

    await ship1.scan(ORDER);
    await expect(page1.getByTestId('order-claim')).toHaveText(`Order ${ORDER} is claimed for Desk 1: other desks see it being packed here`);

    await ship2.scan(ORDER);
    const held = page2.getByTestId('order-claim');
    await expect(held).toHaveText(new RegExp(`^Order ${ORDER} is being packed at Desk 1 since \\d\\d:\\d\\d: this desk cannot buy a label for it\\s*$`));
    await expect(held).toHaveAttribute('role', 'alert');
    await expect(ship2.shipButton).toBeDisabled();
    await expectAccessible(page2, 'Ship, an order another desk is packing');

    // Desk 2's Orders screen (another tab at that desk) says who is packing it.
    const orders2 = await context2.newPage();
    await orders2.goto(desk2.openUrl);
    await openScreen(orders2, 'Orders');
    const row = orders2.getByTestId('order-row').filter({ hasText: ORDER });
    await expect(row.getByTestId('order-holder')).toHaveText(/^Being packed at Desk 1 since \d\d:\d\d$/, { timeout: SLOW });
    await expectAccessible(orders2, 'Orders, an order another desk is packing');
    await orders2.close();

    // Desk 1 boxes it (the weight as the order gives it), asks for rates and ships with the chosen one.
    await expect(page1.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset')).toBeFocused();
    await page1.keyboard.press('3');
    await expect(ship1.weight()).toBeFocused();
    await page1.keyboard.press('Enter');
    await expect(ship1.rates).toBeFocused({ timeout: SLOW });
    await page1.keyboard.press('Enter');
    await ship1.trackingNumber();
    await expect.poll(() => rig.serviceShipments(ORDER), { timeout: SLOW }).toBe(1);
    // The warehouse hears of it from desk 1 (its history row ships the shared order).
    const owner = await rig.server.pool('owner', { id: 'ADMIN', name: 'Admin desk' });
    try {
      await expect.poll(async () => (await owner.query<{ status: string }>('SELECT status FROM packbench.orders WHERE order_number = $1', [ORDER])).rows[0]?.status, { timeout: SLOW }).toBe('shipped');
    } finally {
      await owner.end();
    }

    // Desk 2 scans it again: shipped at Desk 1, and still nothing to buy.
    // The focus stayed in Order with the number selected: the next scan replaces it.
    await ship2.scan(ORDER);
    await expect(page2.getByTestId('order-claim')).toHaveText(new RegExp(`^Order ${ORDER} was shipped at Desk 1 at \\d\\d:\\d\\d \\(PB-DESK1-[0-9A-Z]+\\): it is not to be bought again\\s*$`), { timeout: SLOW });
    await expect(ship2.shipButton).toBeDisabled();
    expect(rig.serviceShipments(ORDER)).toBe(1);
  } finally {
    await context1.close();
    await context2.close();
  }
});
