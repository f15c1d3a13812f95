/**
 * ZPL from labels: the Z64 encoder (CRC, round trip), the threshold that makes a thermal
 * printer's dots, and whole labels read back by the tests' own decoder.
 */
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { threshold } from '../../../electron/printing/zpl/bitmap';
import { dotsOf, rasterizePdf } from '../../../electron/printing/zpl/rasterize';
import { crc16Ccitt, crcHex, encodeHex, encodeZ64 } from '../../../electron/printing/zpl/z64';
import { labelZpl, pdfToZpl } from '../../../electron/printing/zpl/zpl';
import { decodeZplJob, dotAt } from '../../support/zplDecoder';

const SETTINGS = { dpi: 203, darkness: 15, offset: { x: 0, y: 0 } } as const;

describe('Z64', () => {
  it('computes CRC-16-CCITT (poly 0x1021, initial 0) as four uppercase hex digits', () => {
    // The catalogue check value of CRC-16/XMODEM.
    expect(crc16Ccitt('123456789')).toBe(0x31c3);
    expect(crcHex('')).toBe('0000');
    expect(crcHex('A')).toBe('58E5');
    expect(crcHex('eJzLSM3JyVcozy/KSQEAGgQEXQ==')).toMatch(/^[0-9A-F]{4}$/);
  });

  it('computes the CRC a byte at a time from its table exactly as the polynomial does a bit at a time', () => {
    // The definition, one bit after another (what the station computed before it had a table).
    const bitwise = (text: string): number => {
      let crc = 0;
      for (let i = 0; i < text.length; i += 1) {
        crc ^= (text.charCodeAt(i) & 0xff) << 8;
        for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
      }
      return crc;
    };
    const base64 = fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64'));
    fc.assert(fc.property(fc.oneof(base64, fc.string({ unit: 'binary-ascii', maxLength: 300 })), (text) => crc16Ccitt(text) === bitwise(text)), { numRuns: 500 });
  });

  it('round-trips bytes through deflate and base64, with the CRC of the base64 text', () => {
    const bytes = new Uint8Array(5000).map((_, i) => (i % 97 < 40 ? 0xff : i & 0xff));
    const encoded = encodeZ64(bytes);
    const match = /^:Z64:([A-Za-z0-9+/=]+):([0-9A-F]{4})$/.exec(encoded);
    expect(match).not.toBeNull();
    const [, base64 = '', crc = ''] = match ?? [];
    expect(crc).toBe(crcHex(base64));
    expect(new Uint8Array(inflateSync(Buffer.from(base64, 'base64')))).toEqual(bytes);
  });

  it('writes plain hex two uppercase digits a byte', () => {
    expect(encodeHex(new Uint8Array([0x00, 0x0f, 0xa5, 0xff]))).toBe('000FA5FF');
  });
});

describe('threshold', () => {
  it('makes a dot black below half luminance and white from it, packing rows high bit first', () => {
    const width = 10;
    const pixels = new Uint8Array(width * 2).fill(255);
    pixels[0] = 0;
    pixels[1] = 127; // just darker than half: burns
    pixels[2] = 128; // half: stays white
    pixels[9] = 10; // the last dot, in the second byte's high bit
    pixels[width + 8] = 50;
    const bitmap = threshold({ width, height: 2, pixels });
    expect(bitmap.bytesPerRow).toBe(2);
    expect([...bitmap.data]).toEqual([0b1100_0000, 0b0100_0000, 0b0000_0000, 0b1000_0000]);
  });

  it('every dot of any width, whole bytes and the last part byte, is black exactly when its pixel is below the level', () => {
    fc.assert(
      fc.property(
        fc.record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 4 }), level: fc.integer({ min: 1, max: 255 }) }).chain((size) =>
          fc.tuple(fc.constant(size), fc.uint8Array({ minLength: size.width * size.height, maxLength: size.width * size.height })),
        ),
        ([{ width, height, level }, pixels]) => {
          const bitmap = threshold({ width, height, pixels }, level);
          for (let y = 0; y < height; y += 1) {
            for (let x = 0; x < bitmap.bytesPerRow * 8; x += 1) {
              const burnt = (((bitmap.data[y * bitmap.bytesPerRow + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) === 1;
              expect(burnt).toBe(x < width && (pixels[y * width + x] ?? 255) < level);
            }
          }
        },
      ),
    );
  });

  it('never dithers: an even grey is all white or all black', () => {
    const grey = (level: number) => threshold({ width: 16, height: 4, pixels: new Uint8Array(64).fill(level) }).data;
    expect([...grey(140)].every((b) => b === 0)).toBe(true);
    expect([...grey(100)].every((b) => b === 0xff)).toBe(true);
  });

  it('refuses an image with fewer pixels than its size says', () => {
    expect(() => threshold({ width: 8, height: 2, pixels: new Uint8Array(15) })).toThrow(/15 pixels, not 16/);
  });
});

describe('labels', () => {
  it('writes a complete label the decoder reads back dot for dot', () => {
    const pixels = new Uint8Array(20 * 3).fill(255).map((v, i) => (i % 20 === i % 3 ? 0 : v));
    const bitmap = threshold({ width: 20, height: 3, pixels });
    for (const encoding of ['Z64', 'hex'] as const) {
      const zpl = labelZpl(bitmap, { dpi: 203, darkness: 7, offset: { x: 12, y: 30 } }, { encoding, copies: 2 });
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl.endsWith('^XZ')).toBe(true);
      const [label] = decodeZplJob(zpl);
      expect(label).toMatchObject({ encoding, darkness: 7, printWidth: 20, labelLength: 3, home: { x: 12, y: 30 }, copies: 2, bytesPerRow: 3, height: 3 });
      expect(label?.commands).toEqual(['~SD07', '^PW20', '^LL3', '^LH12,30', '^FO0,0', '^GFA,9,9,3', '^FS', '^PQ2']);
      expect(label?.bits).toEqual(bitmap.data);
    }
  });

  it('draws a page at exactly the printer resolution: 4x6 in is 812 x 1218 dots at 203 dpi, 1200 x 1800 at 300', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([288, 432]);
    const bytes = await pdf.save();
    expect((await rasterizePdf(bytes, 203)).map(({ width, height }) => [width, height])).toEqual([[812, 1218]]);
    expect((await rasterizePdf(bytes, 300)).map(({ width, height }) => [width, height])).toEqual([[1200, 1800]]);
    expect(dotsOf(288, 600)).toBe(2400);
  });

  it('draws only the pages asked for, in page order, each once, and none that the document lacks', async () => {
    const pdf = await PDFDocument.create();
    for (const width of [72, 144, 216]) pdf.addPage([width, 72]);
    const bytes = await pdf.save();
    const widths = async (only?: readonly number[]) => (await rasterizePdf(bytes, 72, only)).map((image) => image.width);
    expect(await widths()).toEqual([72, 144, 216]);
    expect(await widths([2, 0, 2, 7, -1])).toEqual([72, 216]);
    expect(await widths([])).toEqual([]);
  });

  it('puts a bar edge on the dot that covers more than half of it, so bars are whole dots', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([288, 432]);
    // Bars 1 in from the left edge, at 203 dpi 203 dots; its right edge at 2.3 in falls at 466.9 dots.
    page.drawRectangle({ x: 72, y: 100, width: 93.6, height: 200, color: rgb(0, 0, 0) });
    // A thin bar of 0.6 dot: less than half of each dot it touches is inked on at least one side.
    page.drawRectangle({ x: 200, y: 100, width: (0.6 * 72) / 203, height: 200, color: rgb(0, 0, 0) });
    const [label] = decodeZplJob(await pdfToZpl(await pdf.save(), SETTINGS));
    if (label === undefined) throw new Error('no label');
    const row = 1218 - dotsOf(200, 203);
    const black = (x: number) => dotAt(label, x, row);
    expect([black(202), black(203), black(466), black(467)]).toEqual([false, true, true, false]);
    const blackRun: number[] = [];
    for (let x = 0; x < 812; x += 1) if (black(x)) blackRun.push(x);
    expect(blackRun.filter((x) => x >= 203 && x <= 466)).toHaveLength(264);
    // The first bar: 264 dots wide exactly, no grey fringe dots beside it.
    expect(blackRun.filter((x) => x < 560).length).toBe(264);
  });

  it('makes one ^XA..^XZ label per page, in page order, in one job', async () => {
    const pdf = await PDFDocument.create();
    for (const width of [10, 20, 30]) pdf.addPage([288, 432]).drawRectangle({ x: 0, y: 0, width, height: 432, color: rgb(0, 0, 0) });
    const labels = decodeZplJob(await pdfToZpl(await pdf.save(), { ...SETTINGS, dpi: 300 }));
    const widths = labels.map((label) => {
      let x = 0;
      while (dotAt(label, x, 900)) x += 1;
      return x;
    });
    // Each bar within a dot of its true width (41.7, 83.3 and 125 dots): PDFium puts a filled
    // rectangle's edges on whole pixels itself, the threshold does the same for anti-aliased edges.
    const exact = [10, 20, 30].map((w) => (w / 72) * 300);
    widths.forEach((width, i) => expect(Math.abs(width - (exact[i] ?? 0))).toBeLessThan(1));
  });
});
