/**
 * The browser's device APIs a scale is reached through (WebHID for USB point-of-sale scales,
 * Web Serial for serial ones), typed here for the few members used: TypeScript's DOM library
 * has neither. Each open scale hands its readings to one listener with the time it came.
 */
import { isHidScale, parseHidScaleReport, SCALE_USAGE_PAGE, type HidCollectionInfo } from './hid';
import type { ScaleReading } from './reading';
import { SerialScaleDecoder, type SerialProtocol } from './serial';

export interface HidInputReportEvent extends Event {
  readonly device: HidDevice;
  readonly reportId: number;
  readonly data: DataView;
}

export interface HidDevice extends EventTarget {
  readonly opened: boolean;
  readonly productName: string;
  readonly collections: readonly HidCollectionInfo[];
  open(): Promise<void>;
  close(): Promise<void>;
}

export interface HidConnectionEvent extends Event {
  readonly device: HidDevice;
}

export interface Hid extends EventTarget {
  requestDevice(options: { filters: { usagePage?: number }[] }): Promise<HidDevice[]>;
  getDevices(): Promise<HidDevice[]>;
}

export interface SerialOptions {
  readonly baudRate: number;
  readonly dataBits: 7 | 8;
  readonly parity: 'none' | 'even' | 'odd';
  readonly stopBits: 1 | 2;
}

export interface SerialPortLike extends EventTarget {
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: SerialOptions): Promise<void>;
  close(): Promise<void>;
}

export interface Serial extends EventTarget {
  requestPort(options?: object): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

export function webHid(): Hid | undefined {
  return (navigator as Navigator & { hid?: Hid }).hid;
}

export function webSerial(): Serial | undefined {
  return (navigator as Navigator & { serial?: Serial }).serial;
}

/** A reading and when it came (ms of the page's clock: the report's own timestamp when there is one). */
export type ReadingListener = (reading: ScaleReading, at: number) => void;

/** A scale being read: its name, and how to stop. */
export interface OpenScale {
  readonly name: string;
  /** Whether `device` (from a disconnect event) is this scale. */
  is(device: unknown): boolean;
  close(): Promise<void>;
}

/** The HID scales this page may already use (granted before), scales only. */
export async function grantedHidScales(hid: Hid): Promise<HidDevice[]> {
  return (await hid.getDevices()).filter((device) => isHidScale(device.collections));
}

/** Asks the packer to choose a USB scale (needs a click or a key); undefined when they chose none. */
export async function requestHidScale(hid: Hid): Promise<HidDevice | undefined> {
  const chosen = await hid.requestDevice({ filters: [{ usagePage: SCALE_USAGE_PAGE }] });
  return chosen.find((device) => isHidScale(device.collections));
}

export async function openHidScale(device: HidDevice, onReading: ReadingListener): Promise<OpenScale> {
  if (!device.opened) await device.open();
  const listener = (event: Event): void => {
    const report = event as HidInputReportEvent;
    const reading = parseHidScaleReport(report.reportId, new Uint8Array(report.data.buffer, report.data.byteOffset, report.data.byteLength));
    if (reading !== undefined) onReading(reading, event.timeStamp);
  };
  device.addEventListener('inputreport', listener);
  return {
    name: device.productName === '' ? 'USB scale' : device.productName,
    is: (other) => other === device,
    close: async () => {
      device.removeEventListener('inputreport', listener);
      if (device.opened) await device.close();
    },
  };
}

/** What SICS scales are told once the port is open: send the weight at every change, stable or not (SIR). */
const SICS_SEND_CONTINUOUSLY = new TextEncoder().encode('SIR\r\n');

/**
 * Opens a serial scale and reads it until closed or unplugged. A SICS scale is asked to send
 * continuously; a CAS-style scale streams by itself. `onEnd` is told when reading stops by itself.
 */
export async function openSerialScale(port: SerialPortLike, options: SerialOptions & { readonly protocol: SerialProtocol }, onReading: ReadingListener, onEnd: (error: unknown) => void): Promise<OpenScale> {
  await port.open({ baudRate: options.baudRate, dataBits: options.dataBits, parity: options.parity, stopBits: options.stopBits });
  if (options.protocol === 'sics' && port.writable !== null) {
    const writer = port.writable.getWriter();
    try {
      await writer.write(SICS_SEND_CONTINUOUSLY);
    } finally {
      writer.releaseLock();
    }
  }
  const decoder = new SerialScaleDecoder(options.protocol);
  let closing = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  // A parity or framing error ends one reader but not the port: a fresh reader goes on. A read
  // that ends (the port closed) or a port without a stream (unplugged) ends the loop.
  const pump = async (): Promise<unknown> => {
    let lastError: unknown;
    while (!closing && port.readable !== null) {
      reader = port.readable.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return lastError;
          const at = performance.now();
          for (const reading of decoder.push(value)) onReading(reading, at);
        }
      } catch (error) {
        lastError = error;
      } finally {
        reader.releaseLock();
      }
    }
    return lastError;
  };
  void pump().then((error) => {
    if (!closing) onEnd(error);
  });
  return {
    name: 'Serial scale',
    is: (other) => other === port,
    close: async () => {
      closing = true;
      await reader?.cancel().catch(() => undefined);
      await port.close().catch(() => undefined);
    },
  };
}
