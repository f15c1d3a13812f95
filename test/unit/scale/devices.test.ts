/**
 * Reading a scale through the browser's device APIs, with stand-ins for a WebHID device and a Web
 * Serial port (Node has EventTarget and web streams; it has neither API): readings come out of
 * reports and chunks, a SICS scale is asked to report continuously, a read error does not end the
 * reading, an unplugged port does.
 */
import { describe, expect, it } from 'vitest';
import { openHidScale, openSerialScale, requestHidScale, grantedHidScales, type Hid, type HidDevice, type SerialPortLike } from '../../../renderer/src/lib/scale/devices';
import type { ScaleReading } from '../../../renderer/src/lib/scale/reading';

class FakeHidDevice extends EventTarget implements HidDevice {
  opened = false;
  constructor(
    readonly productName: string,
    readonly collections: { usagePage: number }[],
  ) {
    super();
  }
  open(): Promise<void> {
    this.opened = true;
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.opened = false;
    return Promise.resolve();
  }
  report(reportId: number, bytes: number[]): void {
    this.dispatchEvent(Object.assign(new Event('inputreport'), { device: this, reportId, data: new DataView(Uint8Array.from(bytes).buffer) }));
  }
}

describe('HID scales', () => {
  it('offer and reconnect only scales', async () => {
    const keyboard = new FakeHidDevice('Keyboard', [{ usagePage: 0x01 }]);
    const scale = new FakeHidDevice('USB Scale', [{ usagePage: 0x8d }]);
    const asked: unknown[] = [];
    const hid = Object.assign(new EventTarget(), {
      requestDevice: (options: unknown) => {
        asked.push(options);
        return Promise.resolve([keyboard, scale]);
      },
      getDevices: () => Promise.resolve([keyboard, scale]),
    }) satisfies Hid;
    expect(await requestHidScale(hid)).toBe(scale);
    expect(asked).toEqual([{ filters: [{ usagePage: 0x8d }] }]);
    expect(await grantedHidScales(hid)).toEqual([scale]);
  });

  it('read data reports until closed', async () => {
    const device = new FakeHidDevice('USB Scale', [{ usagePage: 0x8d }]);
    const readings: ScaleReading[] = [];
    const open = await openHidScale(device, (reading) => readings.push(reading));
    expect(device.opened).toBe(true);
    expect(open.name).toBe('USB Scale');
    expect(open.is(device)).toBe(true);
    device.report(3, [0x04, 0x0b, 0xff, 0x45, 0x01]);
    device.report(4, [0x04, 0x0b, 0xff, 0x45, 0x01]);
    await open.close();
    device.report(3, [0x03, 0x0b, 0xff, 0x45, 0x01]);
    expect(readings).toEqual([{ status: 'stable', weight: 32.5, unit: 'oz', increment: 0.1 }]);
    expect(device.opened).toBe(false);
  });
});

/** A serial port whose stream is fed by the test; `fail` errors the current stream (a parity error) and `unplug` ends it for good. */
class FakePort extends EventTarget implements SerialPortLike {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  openedWith: unknown;
  written: string[] = [];
  #controller: ReadableStreamDefaultController<Uint8Array> | undefined;

  open(options: unknown): Promise<void> {
    this.openedWith = options;
    this.#fresh();
    this.writable = new WritableStream({ write: (chunk) => void this.written.push(new TextDecoder().decode(chunk)) });
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.readable = null;
    return Promise.resolve();
  }
  feed(text: string): void {
    this.#controller?.enqueue(new TextEncoder().encode(text));
  }
  fail(): void {
    const old = this.#controller;
    this.#fresh();
    old?.error(new Error('parity error'));
  }
  unplug(): void {
    const old = this.#controller;
    this.readable = null;
    old?.error(new Error('The device has been lost.'));
  }
  #fresh(): void {
    this.readable = new ReadableStream<Uint8Array>({ start: (c) => void (this.#controller = c) });
  }
}

/** Readings arrive through stream promises: waited for, with room for a busy machine (no time is asserted). */
const WAIT = { timeout: 20_000 };

const serialOptions = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

describe('serial scales', () => {
  it('open the port with its settings, ask a SICS scale to report continuously, and read its lines', async () => {
    const port = new FakePort();
    const readings: ScaleReading[] = [];
    const open = await openSerialScale(port, { ...serialOptions, protocol: 'sics' }, (r) => readings.push(r), () => undefined);
    expect(port.openedWith).toEqual(serialOptions);
    expect(port.written).toEqual(['SIR\r\n']);
    port.feed('S D      0.4');
    port.feed('8 kg\r\nS S      0.50 kg\r\n');
    await expect.poll(() => readings.length, WAIT).toBe(2);
    expect(readings.map((r) => [r.status, r.weight])).toEqual([
      ['motion', 0.48],
      ['stable', 0.5],
    ]);
    await open.close();
  });

  it('send nothing to a CAS scale, go on after a read error, and say when the port is unplugged', async () => {
    const port = new FakePort();
    const readings: ScaleReading[] = [];
    const ended: unknown[] = [];
    await openSerialScale(port, { ...serialOptions, protocol: 'cas' }, (r) => readings.push(r), (error) => ended.push(error));
    expect(port.written).toEqual([]);
    port.feed('ST,GS,+  1.000kg\r\n');
    await expect.poll(() => readings.length, WAIT).toBe(1);
    port.fail();
    port.feed('ST,GS,+  2.000kg\r\n');
    await expect.poll(() => readings.length, WAIT).toBe(2);
    expect(ended).toEqual([]);
    port.unplug();
    await expect.poll(() => ended.length, WAIT).toBe(1);
    expect(String(ended[0])).toMatch(/lost/);
  });
});
