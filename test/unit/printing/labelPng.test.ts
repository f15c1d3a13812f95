/**
 * The station's own PNG path for label images (grey or palette, 1 to 8 bits, not interlaced) reads
 * every pixel as pngjs does: random images of every such depth, each row under a random one of
 * PNG's five filters, decoded both ways and compared dot for dot. A PNG it does not take (colour,
 * transparency) still decodes through pngjs.
 */
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../../electron/printing/labels/raster';

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  // CRC-32 of type and body, as PNG asks (pngjs checks it).
  let crc = 0xffffffff;
  for (const byte of Buffer.concat([Buffer.from(type, 'latin1'), body])) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([head, body, tail]);
}

/** Filters one row (PNG spec, section 9) with one byte a pixel, as a packed low-depth row is filtered. */
function filtered(row: Uint8Array, previous: Uint8Array, filter: number): Uint8Array {
  const out = new Uint8Array(row.length + 1);
  out[0] = filter;
  for (let x = 0; x < row.length; x += 1) {
    const [left, up, upLeft] = [x > 0 ? (row[x - 1] ?? 0) : 0, previous[x] ?? 0, x > 0 ? (previous[x - 1] ?? 0) : 0];
    const p = left + up - upLeft;
    const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
    const predicted = [0, left, up, (left + up) >> 1, paeth][filter] ?? 0;
    out[x + 1] = ((row[x] ?? 0) - predicted) & 0xff;
  }
  return out;
}

interface Made {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

function png(width: number, height: number, depth: number, colour: 0 | 3, samples: readonly number[], filters: readonly number[], palette: readonly number[]): Made {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colour;
  const rowBytes = Math.ceil((width * depth) / 8);
  const raw: Uint8Array[] = [];
  let previous = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y += 1) {
    const row = new Uint8Array(rowBytes);
    for (let x = 0; x < width; x += 1) {
      const sample = (samples[y * width + x] ?? 0) & ((1 << depth) - 1);
      const at = Math.floor((x * depth) / 8);
      row[at] = (row[at] ?? 0) | (sample << (8 - depth - ((x * depth) % 8)));
    }
    raw.push(filtered(row, previous, filters[y % filters.length] ?? 0));
    previous = row;
  }
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header)];
  if (colour === 3) parts.push(chunk('PLTE', Uint8Array.from(palette.slice(0, 3 << depth))));
  parts.push(chunk('IDAT', deflateSync(Buffer.concat(raw))), chunk('IEND', new Uint8Array()));
  return { bytes: new Uint8Array(Buffer.concat(parts)), width, height };
}

/** Grey as pngjs reads the same file: its RGBA, by the same luma. */
function greyByPngjs(bytes: Uint8Array): number[] {
  const decoded = PNG.sync.read(Buffer.from(bytes));
  return Array.from({ length: decoded.width * decoded.height }, (_, i) => Math.round(255 - ((255 - (0.299 * (decoded.data[i * 4] ?? 0) + 0.587 * (decoded.data[i * 4 + 1] ?? 0) + 0.114 * (decoded.data[i * 4 + 2] ?? 0))) * (decoded.data[i * 4 + 3] ?? 255)) / 255));
}

describe('label PNGs', () => {
  it('grey and palette PNGs of 1, 2, 4 and 8 bits under every filter read as pngjs reads them', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 1, max: 40 }),
          height: fc.integer({ min: 1, max: 12 }),
          depth: fc.constantFrom(1, 2, 4, 8),
          colour: fc.constantFrom(0 as const, 3 as const),
          samples: fc.array(fc.nat({ max: 255 }), { minLength: 480, maxLength: 480 }),
          filters: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 12 }),
          palette: fc.array(fc.nat({ max: 255 }), { minLength: 768, maxLength: 768 }),
        }),
        ({ width, height, depth, colour, samples, filters, palette }) => {
          const made = png(width, height, depth, colour, samples, filters, palette);
          const { image } = decodeImage(made.bytes, 'png');
          expect([image.width, image.height]).toEqual([width, height]);
          const expected = greyByPngjs(made.bytes);
          expect(Array.from(image.pixels).every((v, i) => Math.abs(v - (expected[i] ?? -9)) <= 1)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 20_260_526 },
    );
  });

  it('a colour PNG with transparency still decodes (through pngjs): transparent is paper', () => {
    const image = new PNG({ width: 2, height: 1 });
    image.data = Buffer.from([0, 0, 0, 255, 255, 0, 0, 0]);
    const decoded = decodeImage(new Uint8Array(PNG.sync.write(image)), 'png').image;
    expect(Array.from(decoded.pixels)).toEqual([0, 255]);
  });
});
