/**
 * Scale access in the Electron shell, driven with plain objects shaped like what Electron passes
 * (its binary cannot run on this machine, so no real Session exists here): the page may reach a
 * HID point-of-sale scale (usage page 0x8D) and the serial port the settings name, nothing else,
 * and only from the app's own origin.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseHidScale,
  chooseSerialPort,
  grantScaleAccess,
  scaleDevicePermission,
  scalePermissionCheck,
  type DevicePermissionDetails,
  type HidDeviceInfo,
  type ScaleAccessSession,
  type SerialPortInfo,
} from '../../../electron/shell/scaleAccess';

const keyboard: HidDeviceInfo = { deviceId: 'kbd', name: 'Keyboard', collections: [{ usagePage: 0x01 }] };
const securityKey: HidDeviceInfo = { deviceId: 'fido', name: 'Security key', collections: [{ usagePage: 0xf1d0 }] };
const scale: HidDeviceInfo = { deviceId: 'scale', name: 'USB Scale', collections: [{ usagePage: 0x01 }, { usagePage: 0x8d }] };
const ports: SerialPortInfo[] = [
  { portId: 'p1', portName: 'ttyS0' },
  { portId: 'p2', portName: 'ttyUSB0' },
];

describe('permission checks', () => {
  it('allow hid and serial for the app origin only', () => {
    expect(scalePermissionCheck(null, 'hid', 'app://packbench')).toBe(true);
    expect(scalePermissionCheck(null, 'serial', 'app://packbench')).toBe(true);
    expect(scalePermissionCheck(null, 'hid', 'https://evil.example')).toBe(false);
    expect(scalePermissionCheck(null, 'serial', 'app://other')).toBe(false);
    expect(scalePermissionCheck(null, 'serial', 'app://packbench:8080')).toBe(false);
    for (const permission of ['usb', 'media', 'clipboard-read', 'geolocation', 'notifications', 'openExternal']) {
      expect(scalePermissionCheck(null, permission, 'app://packbench'), permission).toBe(false);
    }
  });
});

describe('device permissions', () => {
  const hid = (device: HidDeviceInfo, origin = 'app://packbench'): DevicePermissionDetails => ({ deviceType: 'hid', origin, device });
  const serial = (portName: string, origin = 'app://packbench'): DevicePermissionDetails => ({ deviceType: 'serial', origin, device: { portName } });

  it('allow a HID scale and no other HID device', () => {
    expect(scaleDevicePermission(hid(scale), null)).toBe(true);
    expect(scaleDevicePermission(hid(keyboard), null)).toBe(false);
    expect(scaleDevicePermission(hid(securityKey), null)).toBe(false);
    expect(scaleDevicePermission(hid(scale, 'https://evil.example'), null)).toBe(false);
  });

  it('allow the serial port the settings name, or any while they name none', () => {
    expect(scaleDevicePermission(serial('ttyUSB0'), 'ttyUSB0')).toBe(true);
    expect(scaleDevicePermission(serial('ttyS0'), 'ttyUSB0')).toBe(false);
    expect(scaleDevicePermission(serial('ttyS0'), null)).toBe(true);
    expect(scaleDevicePermission(serial('ttyS0', 'https://evil.example'), null)).toBe(false);
  });

  it('refuse USB devices', () => {
    expect(scaleDevicePermission({ deviceType: 'usb', origin: 'app://packbench', device: {} }, null)).toBe(false);
  });
});

describe('choosers', () => {
  it('choose the first scale among HID devices, none when there is no scale', () => {
    expect(chooseHidScale([keyboard, securityKey, scale])).toBe('scale');
    expect(chooseHidScale([keyboard, securityKey])).toBeNull();
    expect(chooseHidScale([])).toBeNull();
  });

  it('choose the named serial port, or the first, and cancel when the named one is absent', () => {
    expect(chooseSerialPort(ports, 'ttyUSB0')).toBe('p2');
    expect(chooseSerialPort(ports, null)).toBe('p1');
    expect(chooseSerialPort(ports, 'COM3')).toBe('');
    expect(chooseSerialPort([], null)).toBe('');
  });
});

/** A stand-in Session: records the handlers scale access sets. */
class FakeSession implements ScaleAccessSession {
  devicePermission: ((details: DevicePermissionDetails) => boolean) | null = null;
  readonly listeners: Record<string, (...args: never[]) => void> = {};
  setDevicePermissionHandler(handler: ((details: DevicePermissionDetails) => boolean) | null): void {
    this.devicePermission = handler;
  }
  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners[event] = listener;
    return this;
  }
}

const preventable = () => {
  const event = { prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
};

describe('grantScaleAccess', () => {
  it('wires the choosers and the device permission handler', async () => {
    const session = new FakeSession();
    let named: string | null = null;
    const refused: string[] = [];
    grantScaleAccess(session, {
      serialPortName: () => named,
      refresh: () => {
        named = 'ttyUSB0';
        return Promise.resolve();
      },
      onRefused: (what) => refused.push(what),
    });

    expect(session.devicePermission?.({ deviceType: 'hid', origin: 'app://packbench', device: scale })).toBe(true);
    expect(session.devicePermission?.({ deviceType: 'hid', origin: 'app://packbench', device: keyboard })).toBe(false);

    const chosenHid: (string | null | undefined)[] = [];
    const hidEvent = preventable();
    const selectHid = session.listeners['select-hid-device'] as unknown as (e: unknown, d: { deviceList: HidDeviceInfo[] }, cb: (id?: string | null) => void) => void;
    selectHid(hidEvent, { deviceList: [keyboard, scale] }, (id) => chosenHid.push(id));
    selectHid(preventable(), { deviceList: [keyboard] }, (id) => chosenHid.push(id));
    expect(hidEvent.prevented).toBe(true);
    expect(chosenHid).toEqual(['scale', null]);

    // The settings are read again when the page asks for a port: the name set meanwhile counts.
    const chosenPort = await new Promise<string>((resolve) => {
      const selectSerial = session.listeners['select-serial-port'] as unknown as (e: unknown, list: SerialPortInfo[], wc: unknown, cb: (id: string) => void) => void;
      selectSerial(preventable(), ports, {}, resolve);
    });
    expect(chosenPort).toBe('p2');
    expect(refused).toEqual(['hid device for app://packbench', 'HID request: none of 1 devices is a scale']);
  });
});
