/**
 * The one device access the app grants: the desk's scale. Chromium asks the session before a
 * page may use WebHID or Web Serial; Electron shows no chooser of its own, so the shell answers.
 * Plain functions over the details Electron passes, tested under Node without an Electron binary.
 *
 *  - Only the app's own page (app://packbench) is ever answered yes.
 *  - HID: only a device with a top-level collection on usage page 0x8D (Weighing Devices, the HID
 *    point-of-sale scale page) is chosen or allowed; keyboards, scanners, security keys never are.
 *  - Serial: a serial port cannot say what is plugged into it, so no port can be told to be a
 *    scale. The port the settings name (scale.serialPort, e.g. COM3 or /dev/ttyUSB0) is chosen
 *    and allowed; while the settings name none, the first port is chosen, and any port it may be.
 *    A packer who chose Serial in Settings asked for exactly this; with USB (the default) no page
 *    code asks for a serial port at all.
 *  - Everything else (camera, microphone, USB, clipboard…) stays denied (guards.ts).
 */
import { isAppUrl } from './appProtocol';

/** The HID usage page of weighing devices (HID Point of Sale Usage Tables, page 0x8D). */
export const SCALE_USAGE_PAGE = 0x8d;

export interface HidDeviceInfo {
  readonly deviceId: string;
  readonly name?: string;
  readonly collections: readonly { readonly usagePage: number }[];
}

export interface SerialPortInfo {
  readonly portId: string;
  readonly portName: string;
  readonly displayName?: string;
}

/** Whether a HID device is a point-of-sale scale: one of its top-level collections is on page 0x8D. */
export function isHidScale(device: { readonly collections?: readonly { readonly usagePage: number }[] }): boolean {
  return (device.collections ?? []).some((c) => c.usagePage === SCALE_USAGE_PAGE);
}

/** Session permission checks: `hid` and `serial` for the app's own origin; nothing else, for no one else. */
export function scalePermissionCheck(_webContents: unknown, permission: string, requestingOrigin: string): boolean {
  return (permission === 'hid' || permission === 'serial') && isAppUrl(requestingOrigin);
}

export interface DevicePermissionDetails {
  readonly deviceType: string;
  readonly origin: string;
  /** A HIDDevice (with collections), a SerialPort (with portName) or a USBDevice. */
  readonly device: object;
}

/**
 * setDevicePermissionHandler: whether the page keeps access to a device it was given before
 * (navigator.hid.getDevices / navigator.serial.getPorts after a restart): a HID scale, or the
 * serial port the settings name (any port while they name none).
 */
export function scaleDevicePermission(details: DevicePermissionDetails, serialPortName: string | null): boolean {
  if (!isAppUrl(details.origin)) return false;
  const device = details.device as { readonly collections?: readonly { readonly usagePage: number }[]; readonly portName?: unknown };
  if (details.deviceType === 'hid') return isHidScale(device);
  if (details.deviceType === 'serial') return serialPortName === null || device.portName === serialPortName;
  return false;
}

/** select-hid-device: the first scale offered, or null (the request is cancelled) when there is none. */
export function chooseHidScale(deviceList: readonly HidDeviceInfo[]): string | null {
  return deviceList.find(isHidScale)?.deviceId ?? null;
}

/** select-serial-port: the port the settings name, or the first when they name none; '' (cancelled) when it is not there. */
export function chooseSerialPort(portList: readonly SerialPortInfo[], serialPortName: string | null): string {
  const port = serialPortName === null ? portList[0] : portList.find((p) => p.portName === serialPortName);
  return port?.portId ?? '';
}

/** The part of an Electron Session scale access sets up. */
export interface ScaleAccessSession {
  setDevicePermissionHandler(handler: ((details: DevicePermissionDetails) => boolean) | null): void;
  on(event: 'select-hid-device', listener: (event: { preventDefault(): void }, details: { readonly deviceList: HidDeviceInfo[] }, callback: (deviceId?: string | null) => void) => void): unknown;
  on(event: 'select-serial-port', listener: (event: { preventDefault(): void }, portList: SerialPortInfo[], webContents: unknown, callback: (portId: string) => void) => void): unknown;
}

export interface ScaleAccessOptions {
  /** The serial port the settings name, as last read (null: none named). */
  readonly serialPortName: () => string | null;
  /** Reads the settings again (a packer may have changed the port); resolves once the name above is current. */
  readonly refresh?: () => Promise<void>;
  /** Told about every device refused, for the station log. */
  readonly onRefused?: (what: string) => void;
}

/** Wires the choosers and the device permission handler on a session (the permission check is set by guardSession). */
export function grantScaleAccess(session: ScaleAccessSession, options: ScaleAccessOptions): void {
  session.setDevicePermissionHandler((details) => {
    const allowed = scaleDevicePermission(details, options.serialPortName());
    if (!allowed) options.onRefused?.(`${details.deviceType} device for ${details.origin}`);
    return allowed;
  });
  session.on('select-hid-device', (event, details, callback) => {
    event.preventDefault();
    const chosen = chooseHidScale(details.deviceList);
    if (chosen === null) options.onRefused?.(`HID request: none of ${details.deviceList.length} devices is a scale`);
    callback(chosen);
  });
  session.on('select-serial-port', (event, portList, _webContents, callback) => {
    event.preventDefault();
    const answer = (): void => {
      const chosen = chooseSerialPort(portList, options.serialPortName());
      if (chosen === '') options.onRefused?.(`serial request: no port named ${options.serialPortName() ?? '(any)'} among ${portList.map((p) => p.portName).join(', ') || 'none'}`);
      callback(chosen);
    };
    if (options.refresh === undefined) answer();
    else options.refresh().then(answer, answer);
  });
}
