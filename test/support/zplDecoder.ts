/**
 * An independent reader of the ZPL the station sends, written from the ZPL II manual rather than
 * from the encoder: it splits a job into ^XA..^XZ labels, reads each label's commands, and turns
 * its ^GF graphic (Z64 or ASCII hex) back into an image, checking the Z64 CRC and every count
 * the printer would check. A test then reads barcodes off those images.
 */
import { inflateSync } from 'node:zlib';

export interface DecodedLabel {
  /** The label's commands in order, e.g. ['^XA', '~SD15', '^PW812', …], graphic data left out. */
  readonly commands: readonly string[];
  readonly darkness: number | undefined;
  readonly printWidth: number | undefined;
  readonly labelLength: number | undefined;
  readonly home: { readonly x: number; readonly y: number } | undefined;
  readonly copies: number;
  readonly encoding: 'Z64' | 'hex';
  readonly width: number;
  readonly height: number;
  readonly bytesPerRow: number;
  /** 1 bit a dot, 1 = black, leftmost dot in the high bit. */
  readonly bits: Uint8Array;
}

/** CRC-16/XMODEM, bit by bit, from its definition (poly 0x1021, init 0, no reflection, no xor out). */
function crcXmodem(text: string): number {
  let crc = 0;
  for (const char of Buffer.from(text, 'latin1')) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const top = (crc >> 15) & 1;
      const incoming = (char >> bit) & 1;
      crc = (crc << 1) & 0xffff;
      if ((top ^ incoming) === 1) crc ^= 0x1021;
    }
  }
  return crc;
}

function graphicBytes(data: string): { encoding: 'Z64' | 'hex'; bytes: Buffer } {
  const z64 = /^:Z64:([A-Za-z0-9+/=]+):([0-9A-F]{4})$/.exec(data);
  if (z64 !== null) {
    const [, base64 = '', crc = ''] = z64;
    const expected = crcXmodem(base64).toString(16).toUpperCase().padStart(4, '0');
    if (crc !== expected) throw new Error(`Z64 CRC is ${crc}, the data's is ${expected}`);
    return { encoding: 'Z64', bytes: inflateSync(Buffer.from(base64, 'base64')) };
  }
  if (/^([0-9A-F]{2})+$/.test(data)) return { encoding: 'hex', bytes: Buffer.from(data, 'hex') };
  throw new Error(`^GF data is neither Z64 nor plain hex: ${data.slice(0, 40)}…`);
}

function decodeLabel(body: string): DecodedLabel {
  const commands: string[] = [];
  let graphic: { total: number; fieldCount: number; bytesPerRow: number; data: string } | undefined;
  // Commands start with ^ or ~; field data (^GF's) never contains either.
  for (const match of body.matchAll(/[\^~][A-Z@][A-Z0-9]?[^^~]*/g)) {
    const command = match[0].trim();
    if (command.startsWith('^GF')) {
      const [format, total, fieldCount, bytesPerRow, ...rest] = command.slice(3).split(',');
      if (format !== 'A') throw new Error(`^GF format ${String(format)} is not A`);
      if (graphic !== undefined) throw new Error('a label has two graphics');
      graphic = { total: Number(total), fieldCount: Number(fieldCount), bytesPerRow: Number(bytesPerRow), data: rest.join(',') };
      commands.push(`^GFA,${String(total)},${String(fieldCount)},${String(bytesPerRow)}`);
    } else {
      commands.push(command);
    }
  }
  if (graphic === undefined) throw new Error('the label has no ^GF graphic');
  const { encoding, bytes } = graphicBytes(graphic.data);
  if (bytes.length !== graphic.total || graphic.fieldCount !== graphic.total) {
    throw new Error(`^GF says ${String(graphic.total)} bytes, the data holds ${String(bytes.length)}`);
  }
  if (graphic.total % graphic.bytesPerRow !== 0) throw new Error('^GF byte count is not a whole number of rows');
  const number = (prefix: string): number | undefined => {
    const found = commands.find((c) => c.startsWith(prefix));
    return found === undefined ? undefined : Number(found.slice(prefix.length));
  };
  const home = commands.find((c) => c.startsWith('^LH'));
  const [hx, hy] = (home?.slice(3) ?? '').split(',').map(Number);
  const printWidth = number('^PW');
  const height = graphic.total / graphic.bytesPerRow;
  return {
    commands,
    darkness: number('~SD'),
    printWidth,
    labelLength: number('^LL'),
    home: home === undefined ? undefined : { x: hx ?? NaN, y: hy ?? NaN },
    copies: number('^PQ') ?? 1,
    encoding,
    width: printWidth ?? graphic.bytesPerRow * 8,
    height,
    bytesPerRow: graphic.bytesPerRow,
    bits: new Uint8Array(bytes),
  };
}

/** Every label of a job, in order; anything outside ^XA..^XZ but whitespace is an error. */
export function decodeZplJob(job: string | Uint8Array): DecodedLabel[] {
  const text = typeof job === 'string' ? job : Buffer.from(job).toString('latin1');
  const labels: DecodedLabel[] = [];
  const outside = text.replace(/\^XA([\s\S]*?)\^XZ/g, (_all, body: string) => {
    labels.push(decodeLabel(body));
    return '';
  });
  if (outside.trim() !== '') throw new Error(`text outside any label: ${outside.trim().slice(0, 40)}`);
  return labels;
}

/** Whether the dot at (x, y) is black. */
export function dotAt(label: DecodedLabel, x: number, y: number): boolean {
  return (((label.bits[y * label.bytesPerRow + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) === 1;
}

/** Where a label's black dots are (its first and last column and row holding one) and how many there are. */
export function inkOf(label: DecodedLabel): { box: [left: number, top: number, right: number, bottom: number]; dots: number } {
  let [left, top, right, bottom, dots] = [label.width, label.height, -1, -1, 0];
  for (let y = 0; y < label.height; y += 1) {
    for (let x = 0; x < label.width; x += 1) {
      if (!dotAt(label, x, y)) continue;
      [left, top, right, bottom, dots] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y), dots + 1];
    }
  }
  return { box: [left, top, right, bottom], dots };
}

/** The label as grey levels (black 0, white 255), for a barcode reader. */
export function luminanceOf(label: DecodedLabel): { width: number; height: number; luminance: Uint8ClampedArray } {
  const luminance = new Uint8ClampedArray(label.width * label.height);
  for (let y = 0; y < label.height; y += 1) for (let x = 0; x < label.width; x += 1) luminance[y * label.width + x] = dotAt(label, x, y) ? 0 : 255;
  return { width: label.width, height: label.height, luminance };
}
