/**
 * The desk's scale through a stand-in WebHID (Node has neither WebHID nor a navigator with it):
 * connected on asking, a settled weight handed over once in the desk's unit, its state in words,
 * unplugged and reconnected by itself, and a scale that cannot be opened said so.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HidDevice } from '../lib/scale/devices';
import { watchToasts } from '../testing/toasts';
import { ScaleState } from './scale.svelte';

class StandInScale extends EventTarget implements HidDevice {
  opened = false;
  readonly productName = 'USB Scale';
  readonly collections = [{ usagePage: 0x8d }];
  failOpen: Error | undefined;
  open(): Promise<void> {
    if (this.failOpen !== undefined) return Promise.reject(this.failOpen);
    this.opened = true;
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.opened = false;
    return Promise.resolve();
  }
  /** A data report: status (4 stable, 3 moving), ounces in tenths. */
  send(status: number, tenthsOfOunce: number, at: number): void {
    const event = Object.assign(new Event('inputreport'), { device: this, reportId: 3, data: new DataView(Uint8Array.of(status, 11, 0xff, tenthsOfOunce & 0xff, tenthsOfOunce >> 8).buffer) });
    Object.defineProperty(event, 'timeStamp', { value: at });
    this.dispatchEvent(event);
  }
}

/** A page with WebHID and one scale on it, granted once chosen (`chooses: false`: the packer closes the chooser). */
function pageWithScale(options: { chooses?: boolean } = {}) {
  const device = new StandInScale();
  let granted = false;
  let asked = 0;
  const hid = Object.assign(new EventTarget(), {
    requestDevice: () => {
      asked += 1;
      if (options.chooses === false) return Promise.reject(new DOMException('No device selected.', 'NotFoundError'));
      granted = true;
      return Promise.resolve([device]);
    },
    getDevices: () => Promise.resolve(granted ? [device] : []),
  });
  vi.stubGlobal('navigator', { hid });
  const plug = (type: 'connect' | 'disconnect') => hid.dispatchEvent(Object.assign(new Event(type), { device }));
  return { device, plug, asked: () => asked };
}

const usbScale = (unit: 'LB' | 'KG' = 'LB') => new ScaleState(() => ({ connection: 'usb', protocol: 'sics', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, serialPort: null }), () => unit);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the scale', () => {
  it('on a browser without WebHID asks for the weight to be typed', async () => {
    vi.stubGlobal('navigator', {});
    const scale = usbScale();
    await scale.connect();
    expect(scale.link).toBe('unsupported');
    expect(scale.words).toBe('This browser cannot reach a scale: type the weight');
  });

  it('hands a weight over once it settles, once, in the desk’s unit, and says where it stands', async () => {
    const { device } = pageWithScale();
    const scale = usbScale('LB');
    const weights: number[] = [];
    scale.follow((weight) => weights.push(weight));
    await scale.connect();
    expect(scale.words).toBe('Connected: waiting for a weight');
    device.send(3, 200, 0);
    expect(scale.words).toBe('The scale is moving: hold the parcel still');
    expect(scale.tone).toBe('busy');
    device.send(4, 325, 10);
    device.send(4, 325, 20);
    expect(scale.words).toBe('Stable: settling…');
    expect(weights).toEqual([]);
    device.send(4, 325, 30);
    device.send(4, 325, 40);
    expect(weights).toEqual([2.03]);
    expect(scale.words).toBe('Stable at 2.03 lb');
    expect(scale.tone).toBe('good');
  });

  it('closing the chooser says nothing; a scale that cannot be opened is said with what to do', async () => {
    pageWithScale({ chooses: false });
    const toasts = watchToasts();
    const scale = usbScale();
    await scale.connect();
    expect(scale.link).toBe('none');
    expect(toasts).toEqual([]);

    const { device } = pageWithScale();
    device.failOpen = new Error('access denied');
    await scale.connect();
    expect(scale.canConnect).toBe(true);
    expect(toasts).toEqual(['The scale could not be opened (access denied). Unplug it, plug it back in and press Connect scale.']);
  });

  it('unplugged, it says so and forgets the weight; plugged back in, it reconnects by itself', async () => {
    const { device, plug } = pageWithScale();
    const scale = usbScale();
    const stop = scale.watch();
    await scale.connect();
    plug('disconnect');
    await vi.waitFor(() => expect(scale.link).toBe('lost'));
    expect(scale.words).toBe('Unplugged: plug it back in, it reconnects by itself');
    expect(scale.tone).toBe('bad');
    plug('connect');
    await vi.waitFor(() => expect(scale.link).toBe('connected'));
    expect(device.opened).toBe(true);
    stop();
  });

  it('at start, reconnects only a scale allowed before, without asking', async () => {
    const { device, asked } = pageWithScale();
    const before = usbScale();
    await before.reconnect();
    expect(before.link).toBe('none');
    await before.connect();
    expect(asked()).toBe(1);

    await device.close();
    const afterRestart = usbScale();
    await afterRestart.reconnect();
    expect(afterRestart.link).toBe('connected');
    expect(device.opened).toBe(true);
    expect(asked()).toBe(1);
  });
});
