/**
 * The scale types the weight. No scale exists on this machine, so the WebHID device is faked in
 * the page: before the app loads, `navigator.hid` is replaced by an object with requestDevice and
 * getDevices whose one device (a point-of-sale scale, usage page 0x8D) fires `inputreport` events
 * carrying the bytes a real scale sends (report 3: status, unit, exponent, weight). Likewise
 * `navigator.serial` for a serial scale, whose port's readable stream carries the bytes of a
 * CAS-style scale in uneven chunks. Everything after the bytes is the app's real code: the
 * parsers, the stable-weight rule, the unit conversion, the settings, the Ship form and its focus.
 * Each step waits on what the page shows.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, openDesk, openScreen, test } from './desk';
import { ShipPage } from './shipPage';

/** Runs in the page before its own scripts: a fake WebHID with one USB scale, driven through `window.fakeScale`. */
function installFakeHid(): void {
  class FakeScale extends EventTarget {
    opened = false;
    readonly productName = 'Fake USB Scale';
    readonly vendorId = 0x0922;
    readonly productId = 0x8003;
    readonly collections = [{ usagePage: 0x8d, usage: 0x20, type: 1, children: [], inputReports: [], outputReports: [], featureReports: [] }];
    open(): Promise<void> {
      this.opened = true;
      return Promise.resolve();
    }
    close(): Promise<void> {
      this.opened = false;
      return Promise.resolve();
    }
  }
  const device = new FakeScale();
  let granted = false;
  const hid = new EventTarget() as EventTarget & { requestDevice: () => Promise<FakeScale[]>; getDevices: () => Promise<FakeScale[]> };
  hid.requestDevice = () => {
    granted = true;
    return Promise.resolve([device]);
  };
  hid.getDevices = () => Promise.resolve(granted ? [device] : []);
  Object.defineProperty(navigator, 'hid', { value: hid, configurable: true });
  const connection = (type: string): Event => Object.assign(new Event(type), { device });
  Object.assign(window, {
    fakeScale: {
      /** One input report of id 3 with these data bytes. */
      send(bytes: number[]): void {
        const event = Object.assign(new Event('inputreport'), { device, reportId: 3, data: new DataView(Uint8Array.from(bytes).buffer) });
        device.dispatchEvent(event);
      },
      unplug(): void {
        device.opened = false;
        hid.dispatchEvent(connection('disconnect'));
      },
      plugIn(): void {
        hid.dispatchEvent(connection('connect'));
      },
    },
  });
}

/** Sends reports to the fake scale, in order. */
async function send(page: Page, ...reports: number[][]): Promise<void> {
  await page.evaluate((list) => {
    const scale = (window as unknown as { fakeScale: { send(bytes: number[]): void } }).fakeScale;
    for (const bytes of list) scale.send(bytes);
  }, reports);
}

// Status 3 in motion / 4 stable / 6 over weight; unit 11 ounce; exponent 0xFF (tenths); weight little-endian.
const MOVING_31_0_OZ = [0x03, 0x0b, 0xff, 0x36, 0x01];
const MOVING_33_1_OZ = [0x03, 0x0b, 0xff, 0x4b, 0x01];
const STABLE_32_5_OZ = [0x04, 0x0b, 0xff, 0x45, 0x01];
const OVER_WEIGHT = [0x06, 0x0b, 0xff, 0xff, 0xff];
// Status 2: stable at zero (the parcel lifted off); 160 tenths of an ounce is 1.00 lb.
const EMPTY = [0x02, 0x0b, 0xff, 0x00, 0x00];
const STABLE_16_0_OZ = [0x04, 0x0b, 0xff, 0xa0, 0x00];

test('a USB scale fills the Weight once it settles, in the desk\'s unit, without taking the focus', async ({ page, desk }) => {
  // The desk weighs in pounds (the default): 32.5 oz is 2.03 lb.
  const settings = await desk.value('getSettings', {});
  expect(settings.unitSystem).toBe('imperial');
  expect(settings.scale.connection).toBe('usb');

  await page.addInitScript(installFakeHid);
  await openDesk(page, desk);
  const ship = new ShipPage(page);
  await ship.ready();
  const state = page.getByTestId('scale-state');
  await expect(state).toHaveText('Scale: Not connected');

  // The first connection needs a click (the browser asks which device); the focus comes back to Order.
  await page.getByRole('button', { name: 'Connect scale' }).click();
  await expect(state).toHaveText('Scale: Connected: waiting for a weight');
  await expect(page.getByRole('button', { name: 'Connect scale' })).toHaveCount(0);
  await expect(ship.order).toBeFocused();

  // Moving: the state says so and the Weight stays empty.
  await send(page, MOVING_31_0_OZ, MOVING_33_1_OZ, MOVING_31_0_OZ);
  await expect(state).toHaveText('Scale: The scale is moving: hold the parcel still');
  await expect(ship.weight()).toHaveValue('');

  // Stable and held (three readings): the Weight fills, in pounds, and the focus stays in Order.
  await send(page, STABLE_32_5_OZ, STABLE_32_5_OZ, STABLE_32_5_OZ);
  await expect(ship.weight()).toHaveValue('2.03');
  await expect(state).toHaveText('Scale: Stable at 2.03 lb');
  await expect(ship.order).toBeFocused();
  await expect(ship.weight()).toHaveAccessibleDescription(/Scale: Stable at 2\.03 lb/);
  await expectAccessible(page, 'Ship, a weight from the scale');

  // A second package: the weight goes to the row the packer is on, the first row keeps its own.
  await page.getByRole('button', { name: 'Add package' }).click();
  const secondPreset = page.getByRole('row', { name: 'Package 2' }).getByLabel('Box preset');
  await expect(secondPreset).toBeFocused();
  await send(page, EMPTY, STABLE_16_0_OZ, STABLE_16_0_OZ, STABLE_16_0_OZ);
  await expect(ship.weight(2)).toHaveValue('1.00');
  await expect(ship.weight(1)).toHaveValue('2.03');
  await expect(secondPreset).toBeFocused();

  // Over capacity is said; the weights taken stay.
  await send(page, OVER_WEIGHT);
  await expect(state).toHaveText("Scale: Over the scale's capacity: weigh it on a bigger scale");
  await expect(ship.weight(2)).toHaveValue('1.00');

  // Unplugged and plugged back in: it reconnects by itself, without a click.
  await page.evaluate(() => (window as unknown as { fakeScale: { unplug(): void } }).fakeScale.unplug());
  await expect(state).toHaveText('Scale: Unplugged: plug it back in, it reconnects by itself');
  await page.evaluate(() => (window as unknown as { fakeScale: { plugIn(): void } }).fakeScale.plugIn());
  await expect(state).toHaveText('Scale: Connected: waiting for a weight');
  await expect(secondPreset).toBeFocused();
});

/** Runs in the page before its own scripts: a fake Web Serial with one port, driven through `window.fakeSerial`. */
function installFakeSerial(): void {
  const fake = { openedWith: null as unknown, written: [] as string[], feed: (_text: string): void => undefined };
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const port = Object.assign(new EventTarget(), {
    readable: null as ReadableStream<Uint8Array> | null,
    writable: null as WritableStream<Uint8Array> | null,
    open(options: unknown): Promise<void> {
      fake.openedWith = options;
      port.readable = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      port.writable = new WritableStream<Uint8Array>({ write: (chunk) => void fake.written.push(new TextDecoder().decode(chunk)) });
      return Promise.resolve();
    },
    close(): Promise<void> {
      return Promise.resolve();
    },
  });
  let granted = false;
  const serial = Object.assign(new EventTarget(), {
    requestPort: () => {
      granted = true;
      return Promise.resolve(port);
    },
    getPorts: () => Promise.resolve(granted ? [port] : []),
  });
  Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });
  fake.feed = (text) => controller?.enqueue(new TextEncoder().encode(text));
  Object.assign(window, { fakeSerial: fake });
}

/** Bytes from the fake serial scale, one read per string. */
async function feed(page: Page, ...reads: string[]): Promise<void> {
  await page.evaluate((list) => {
    const serial = (window as unknown as { fakeSerial: { feed(text: string): void } }).fakeSerial;
    for (const text of list) serial.feed(text);
  }, reads);
}

test('a serial scale set up in Settings fills the Weight in kilograms from lines split across reads', async ({ page, desk }) => {
  const before = await desk.value('getSettings', {});
  try {
    await page.addInitScript(installFakeSerial);
    await openDesk(page, desk);
    await openScreen(page, 'Settings');
    await page.getByLabel('Scale connection', { exact: true }).selectOption('serial');
    await page.getByLabel('Scale protocol', { exact: true }).selectOption('cas');
    await page.getByLabel('Baud rate', { exact: true }).selectOption('4800');
    await page.getByLabel('Data bits', { exact: true }).selectOption('7');
    await page.getByLabel('Parity', { exact: true }).selectOption('even');
    await page.getByLabel('Serial port', { exact: true }).fill('ttyUSB0');
    await page.getByRole('radio', { name: 'Kilograms and centimetres (KG, CM)' }).check();
    await expectAccessible(page, 'Settings, a serial scale');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect(await desk.value('getSettings', {})).toMatchObject({
      unitSystem: 'metric',
      scale: { connection: 'serial', protocol: 'cas', baudRate: 4800, dataBits: 7, parity: 'even', stopBits: 1, serialPort: 'ttyUSB0' },
    });

    await openScreen(page, 'Ship');
    const ship = new ShipPage(page);
    await expect(ship.order).toBeFocused();
    const state = page.getByTestId('scale-state');
    await page.getByRole('button', { name: 'Connect scale' }).click();
    await expect(state).toHaveText('Scale: Connected: waiting for a weight');
    await expect(ship.order).toBeFocused();
    // The port is opened with the settings' line parameters.
    expect(await page.evaluate(() => (window as unknown as { fakeSerial: { openedWith: unknown } }).fakeSerial.openedWith)).toEqual({ baudRate: 4800, dataBits: 7, parity: 'even', stopBits: 1 });

    // Unstable lines, one split across two reads: the Weight stays empty.
    await feed(page, 'US,GS,+  1.2', '40kg\r\nUS,GS,+  1.262kg\r\n');
    await expect(state).toHaveText('Scale: The scale is moving: hold the parcel still');
    await expect(ship.weight()).toHaveValue('');

    // Stable lines, CRLF split between reads: the Weight fills in kilograms.
    await feed(page, 'ST,GS,+  1.250kg\r\nST,GS,+  1.250kg\r', '\nST,GS,+  1.25', '0kg\r\n');
    await expect(ship.weight()).toHaveValue('1.25');
    await expect(state).toHaveText('Scale: Stable at 1.25 kg');
    await expect(ship.order).toBeFocused();

    await feed(page, 'OL,GS\r\n');
    await expect(state).toHaveText("Scale: Over the scale's capacity: weigh it on a bigger scale");
    await expectAccessible(page, 'Ship, a serial scale over capacity');
  } finally {
    await desk.value('updateSettings', { scale: before.scale, unitSystem: before.unitSystem });
  }
});
