/**
 * The Ship screen as a packer drives it, by the names the desk promises (Order, Validate address,
 * Rates, Ship, Shipment result, Next order, Weight): one place for the steps every browser test
 * of shipping takes. Each step waits on what the page shows, never on time.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface ShipTo {
  readonly name: string;
  readonly company?: string;
  readonly address1: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country?: string;
}

export const SAN_FRANCISCO_HOME: ShipTo = { name: 'Dana Whitfield', address1: '500 Howard St', city: 'San Francisco', state: 'CA', zip: '94105' };
export const TORONTO_SHOP: ShipTo = { name: 'Receiving', company: 'Maple Leaf Supply', address1: '100 King St W', city: 'Toronto', state: 'ON', zip: 'M5X 1A9', country: 'CA' };

export class ShipPage {
  constructor(readonly page: Page) {}

  get order(): Locator {
    return this.page.getByLabel('Order', { exact: true });
  }
  get rates(): Locator {
    return this.page.getByRole('listbox', { name: 'Rates' });
  }
  /** The Ship button of the screen (the rail's "Ship" opens the screen). */
  get shipButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Ship', exact: true });
  }
  get result(): Locator {
    return this.page.getByRole('region', { name: 'Shipment result' });
  }
  get nextOrder(): Locator {
    return this.page.getByRole('button', { name: 'Next order' });
  }
  weight(row = 1): Locator {
    return this.page.getByRole('row', { name: `Package ${row}` }).getByLabel('Weight', { exact: true });
  }

  /** Opens the Ship screen and waits until the ship-from location is filled in. */
  async ready(): Promise<void> {
    await expect(this.page.getByLabel('Ship from')).not.toHaveValue('');
    await expect(this.order).toBeFocused();
  }

  /** A scan: the order number typed fast and ended with Enter, into the focused Order field. */
  async scan(orderNumber: string): Promise<void> {
    await expect(this.order).toBeFocused();
    await this.page.keyboard.type(orderNumber, { delay: 0 });
    await this.page.keyboard.press('Enter');
  }

  /**
   * One Enter stamped with when it was pressed (seconds since the epoch; now by default), sent
   * through Chrome's input pipeline (CDP). A stamp in the past is a key the packer pressed then and
   * a busy page handles only now. Returns the stamp.
   */
  async enterPressedAt(at = Date.now() / 1000): Promise<number> {
    const cdp = await this.page.context().newCDPSession(this.page);
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r', timestamp: at });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: at + 0.01 });
    await cdp.detach();
    return at;
  }

  /**
   * A barcode scanner: `text` and Enter sent through Chrome's input pipeline (CDP) stamped 8 ms
   * apart, as a scanner types them, to whatever has the focus. The stamps, not the time the page
   * handles the keys, are what the desk reads, so a busy machine does not turn a scan into typing.
   */
  async scanner(text: string, at = Date.now() / 1000): Promise<void> {
    const cdp = await this.page.context().newCDPSession(this.page);
    let stamp = at;
    for (const key of text) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key, timestamp: stamp });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: stamp + 0.002 });
      stamp += 0.008;
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r', timestamp: stamp });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: stamp + 0.002 });
    await cdp.detach();
  }

  /** Types the address into the form, starting from the focused first field, Tab between fields. */
  async typeAddress(to: ShipTo): Promise<void> {
    await expect(this.page.getByLabel('Name', { exact: true })).toBeFocused();
    const fields: [string, string | undefined][] = [
      ['Name', to.name],
      ['Company', to.company],
      ['Address line 1', to.address1],
      ['Address line 2', undefined],
      ['City', to.city],
      ['State or province', to.state],
      ['ZIP or postal code', to.zip],
      ['Country', to.country],
    ];
    for (const [label, value] of fields) {
      await expect(this.page.getByLabel(label, { exact: true })).toBeFocused();
      if (value !== undefined) {
        await this.page.keyboard.press('ControlOrMeta+a');
        await this.page.keyboard.type(value);
      }
      if (label !== 'Country') await this.page.keyboard.press('Tab');
    }
  }

  /** Fills a package row by mouse-free means from scratch (preset by number key, then weight). */
  async packageByPreset(presetKey: string, weight: string): Promise<void> {
    await expect(this.page.getByRole('row', { name: 'Package 1' }).getByLabel('Box preset')).toBeFocused();
    await this.page.keyboard.press(presetKey);
    await expect(this.weight()).toBeFocused();
    await this.page.keyboard.type(weight);
  }

  /** Scans an order, types the address, accepts the checked one, picks the medium box and types `weight`: the focus is in Weight. */
  async toWeight(orderNumber: string, weight: string, to: ShipTo = SAN_FRANCISCO_HOME): Promise<void> {
    await this.scan(orderNumber);
    await this.typeAddress(to);
    await this.page.keyboard.press('Enter');
    await expect(this.page.getByRole('region', { name: 'Address check' })).toBeVisible();
    await this.page.keyboard.press('Enter');
    await this.packageByPreset('3', weight);
  }

  /** As toWeight with 4.5, then Enter: the rates are on screen, one chosen. */
  async toRates(orderNumber: string, to: ShipTo = SAN_FRANCISCO_HOME): Promise<void> {
    await this.toWeight(orderNumber, '4.5', to);
    await this.page.keyboard.press('Enter');
    await expect(this.rates).toBeFocused();
    await expect(this.rates.getByRole('option', { selected: true })).toHaveCount(1);
  }

  /** Waits until the shipment has a tracking number on screen, and returns it. */
  async trackingNumber(): Promise<string> {
    const tracking = this.result.getByTestId('tracking-number');
    await expect(tracking).toHaveText(/\S{8,}/, { timeout: 30_000 });
    return (await tracking.textContent())?.trim() ?? '';
  }
}
