/**
 * The Queue screen in Chromium, through the web host: shipments made while the service is down
 * wait in the queue and each label prints once when it is back, with a progress bar while the
 * queue drains; a refused shipment shows the service's words, opens on the Ship screen to be
 * corrected, is sent again, and is discarded only after a confirmation. Each view is scanned
 * with axe.
 */
import type { Page } from '@playwright/test';
import { SAN_FRANCISCO, requestKey, shipment } from '../support/shipments';
import { expect, expectAccessible, openDesk, openScreen, shipmentsOnService, startDesk, test } from './desk';
import { ShipPage } from './shipPage';
import { plainWords } from '../../renderer/src/lib/fieldWords';

/** Only a guard against a hang: each wait ends as soon as the page shows what it waits for. */
const SLOW = 120_000;

/** The Queue screen by the names it promises. */
class QueueScreen {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await openScreen(this.page, 'Queue');
  }
  get list() {
    return this.page.getByRole('list', { name: 'Queue items' });
  }
  /** The item of a shipment, by its order number. */
  shipment(orderNumber: string) {
    return this.list.getByRole('listitem', { name: `Shipment for order ${orderNumber}`, exact: true });
  }
  get empty() {
    return this.page.getByTestId('queue-empty');
  }
  async show(filter: 'Open work' | 'Needs a person' | 'Waiting' | 'All'): Promise<void> {
    const button = this.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: filter, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
}

test('service down: three shipments wait in the queue, and each label prints once when the service is back', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const desk = await startDesk();
  const pages: Page[] = [page];
  try {
    const service = await desk.startServiceSandbox({ requestsPerMinute: 10_000, demoLocation: true });
    const profile = await desk.value('saveProfile', { name: 'Outage service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 10_000 });
    await desk.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
    await desk.value('switchProfile', { profileId: profile.id });
    await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });

    // Rates come from the service: three desks (pages) take them while it answers, each with its
    // own order on screen, and ship once it is down.
    const orders = ['SO-E2E-OUTAGE-1', 'SO-E2E-OUTAGE-2', 'SO-E2E-OUTAGE-3'];
    pages.push(await page.context().newPage(), await page.context().newPage());
    const ships = pages.map((each) => new ShipPage(each));
    for (const [index, ship] of ships.entries()) {
      await openDesk(ship.page, desk);
      await ship.ready();
      await ship.toRates(orders[index] ?? '');
    }

    service.faults.set({ outage: true });
    for (const ship of ships) {
      await ship.shipButton.click();
      await expect(ship.result).toBeVisible();
      await expect(ship.page.getByTestId('connection-state')).toHaveText('Offline', { timeout: SLOW });
      // Queued (or, when the service dropped the connection mid-request, being checked first): the
      // label prints once the service has the shipment.
      // The station may still be trying the send that found the service gone (the client's own
      // retries of a request that never reached it) before it says so.
      await expect(ship.result).toHaveAttribute('data-stage', /^(queued|unsure)$/, { timeout: SLOW });
      await expect(ship.result).toContainText(/the label prints when the (service is back|shipment is created)/i);
    }

    const queue = new QueueScreen(page);
    await queue.open();
    await expect(page.getByTestId('queue-waiting')).toHaveText('3 waiting', { timeout: SLOW });
    for (const order of orders) {
      await expect(queue.shipment(order).getByTestId('outbox-state')).toHaveText(/^(Waiting|Sending|Being checked after a lost answer)$/);
    }
    await queue.show('Waiting');
    await expect(queue.list.getByTestId('outbox-item')).toHaveCount(3);
    await expectAccessible(page, 'Queue, three shipments waiting for the service');

    // Everything the progress bar says while it is on the page, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { drainSeen: seen });
      const look = (): void => {
        const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Sending the queue"]');
        if (bar !== null) seen.push(`${bar.value}/${bar.max}: ${bar.closest('[data-testid="drain-progress"]')?.textContent?.trim() ?? ''}`);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });

    // The service is back (a little slow, as after an outage): the queue drains.
    const from = desk.events.length;
    service.faults.set({ latencyMs: 300 });
    await expect(queue.empty).toHaveText('Nothing waits to be sent.', { timeout: SLOW });
    await expect(page.getByTestId('queue-waiting')).toHaveText('0 waiting');
    const seen = await page.evaluate(() => (window as unknown as { drainSeen: string[] }).drainSeen);
    expect(seen.some((text) => /^\d\/3: \d of 3 sent/.test(text)), `the progress bar showed: ${JSON.stringify(seen)}`).toBe(true);

    await queue.show('All');
    for (const order of orders) await expect(queue.shipment(order).getByTestId('outbox-state')).toHaveText('Done');
    await expectAccessible(page, 'Queue, drained');

    for (const order of orders) {
      const [made] = await desk.value('findShipmentsByOrder', { orderNumber: order });
      expect(made).toBeDefined();
      const ref = made?.stationRef ?? '';
      const ready = await desk.waitForEvent('labelsReady', (e) => e.stationRef === ref, from, SLOW);
      for (const id of ready.printJobIds) await desk.waitForEvent('printJob', (e) => e.state === 'completed' && e.ids.includes(id), from, SLOW);
      const completed = desk.events.slice(from).filter((e) => e.type === 'printJob' && e.state === 'completed' && e.ids.some((id) => ready.printJobIds.includes(id)));
      expect(completed, `completed prints of ${order}'s label`).toHaveLength(ready.printJobIds.length);
      const jobs = await desk.value('printHistory', { stationRef: ref });
      expect(jobs.map((job) => job.state)).toEqual(ready.printJobIds.map(() => 'completed'));
      expect(await shipmentsOnService(desk, order)).toBe(1);
    }
    // Each desk's Ship screen says its label printed (the first desk comes back from the Queue to it).
    await openScreen(page, 'Ship');
    for (const ship of ships) await expect(ship.result.getByTestId('print-state')).toHaveText(/Label printed/, { timeout: SLOW });
  } finally {
    for (const extra of pages.slice(1)) await extra.close();
    await desk.close();
  }
});

test('a refused shipment: the service\'s words, corrected on the Ship screen, sent again, and discarded after a confirmation', async ({ page, desk }) => {
  const from = desk.events.length;
  const good = await desk.value('ship', { shipment: shipment({ references: { orderNumber: 'SO-E2E-Q-GOOD' } }), requestKey: requestKey() });
  const refused = await desk.value('ship', {
    shipment: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' }, references: { orderNumber: 'SO-E2E-Q-REFUSED' } }),
    requestKey: requestKey(),
  });
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === good.stationRef && e.state === 'done', from);
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'failed', from);
  const stored = (await desk.value('listOutbox', { states: ['failed'] })).find((item) => item.id === refused.outboxId);
  const said = stored?.lastError?.message ?? '';
  expect(said).toContain('00000');

  await openDesk(page, desk);
  const queue = new QueueScreen(page);
  await queue.open();
  const item = queue.shipment('SO-E2E-Q-REFUSED');
  await expect(item.getByTestId('outbox-state')).toHaveText('Refused');
  // The service's words, with its field named as the Ship form labels it.
  await expect(item.getByTestId('outbox-error')).toContainText(plainWords(said));
  await expect(item.getByTestId('outbox-error')).toContainText('ZIP or postal code: 00000');
  await expect(item.getByTestId('outbox-attempts')).toHaveText('1');
  // Open work leaves out what is done.
  await expect(queue.shipment('SO-E2E-Q-GOOD')).toHaveCount(0);
  await expectAccessible(page, 'Queue, a refused shipment');

  // Sent again, unchanged: the service refuses it again, in the same words.
  const again = desk.events.length;
  await item.getByRole('button', { name: 'Retry shipment for order SO-E2E-Q-REFUSED' }).click();
  await expect(page.getByTestId('queue-notice')).toHaveText('Sending again: shipment for order SO-E2E-Q-REFUSED');
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'sending', again);
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'failed', again);
  await expect(item.getByTestId('outbox-state')).toHaveText('Refused');
  // The service's words, with its field named as the Ship form labels it.
  await expect(item.getByTestId('outbox-error')).toContainText(plainWords(said));
  await expect(item.getByTestId('outbox-error')).toContainText('ZIP or postal code: 00000');

  // The list answers to the arrow keys.
  await queue.show('All');
  const rows = queue.list.getByTestId('outbox-item');
  // Other files' work shares this station: this test's two items are among the rows.
  await expect(queue.shipment('SO-E2E-Q-GOOD')).toHaveCount(1);
  await expect(queue.shipment('SO-E2E-Q-REFUSED')).toHaveCount(1);
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.first()).toBeFocused();
  await expect(queue.shipment('SO-E2E-Q-GOOD').getByTestId('outbox-state')).toHaveText('Done');
  await queue.show('Open work');

  // Edit and resubmit: the Ship screen opens with the shipment's input, the refused field marked.
  await item.getByRole('button', { name: 'Edit and resubmit shipment for order SO-E2E-Q-REFUSED' }).click();
  const zip = page.getByLabel('ZIP or postal code', { exact: true });
  await expect(zip).toHaveValue('00000');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Send corrected shipment' })).toBeVisible();

  // Discard asks first; Keep it (the focus starts there) changes nothing.
  await queue.open();
  const discard = item.getByRole('button', { name: 'Discard shipment for order SO-E2E-Q-REFUSED' });
  await discard.click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard this shipment for order SO-E2E-Q-REFUSED?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectAccessible(page, 'Queue, discard confirmation');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(item.getByTestId('outbox-state')).toHaveText('Refused');

  await discard.click();
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('queue-notice')).toHaveText('Discarded: shipment for order SO-E2E-Q-REFUSED. No label was bought for it.');
  await expect(item).toHaveCount(0);
  await expect(queue.empty).toHaveText('Nothing waits: everything reached the service, and nothing needs a person.');
  await expectAccessible(page, 'Queue, nothing open');
  await queue.show('All');
  await expect(item.getByTestId('outbox-state')).toHaveText('Discarded');
  expect((await desk.value('listOutbox', { states: ['discarded'] })).map((each) => each.id)).toContain(refused.outboxId);
});
