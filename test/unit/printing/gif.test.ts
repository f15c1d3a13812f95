/**
 * The station's GIF decoding (omggif for the file's structure, its own LZW straight to palette
 * indices) against omggif's complete decoder: GIFs written by omggif's encoder with random
 * palettes, long runs and noise (codes up to 12 bits, the table cleared when full), a frame placed
 * inside a bigger screen and a transparent colour, and the UPS label from the shared carrier
 * fixtures; interlaced rows against the same picture stored row by row. Damaged data is refused with an error, never drawn as garbage.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { GifReader, GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { gifGrey } from '../../../electron/printing/labels/gif';
import type { GreyImage } from '../../../electron/printing/zpl/bitmap';
import { carrierLabelsDir } from '../../support/carrierFixtures';

/** omggif's own decoding, as colour on white paper, turned to grey (BT.601 luma; transparent is white). */
function omggifGrey(bytes: Uint8Array): GreyImage {
  const reader = new GifReader(bytes);
  const rgba = new Uint8Array(reader.width * reader.height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  const pixels = new Uint8Array(reader.width * reader.height);
  for (let i = 0; i < pixels.length; i += 1) {
    const [r, g, b, a] = [rgba[i * 4] ?? 0, rgba[i * 4 + 1] ?? 0, rgba[i * 4 + 2] ?? 0, rgba[i * 4 + 3] ?? 0];
    pixels[i] = a === 0 ? 255 : Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  return { width: reader.width, height: reader.height, pixels };
}

/** Rows in the order an interlaced GIF stores them. */
const interlacedOrder = (height: number): number[] =>
  [[0, 8], [4, 8], [2, 4], [1, 2]].flatMap(([first = 0, step = 1]) => Array.from({ length: Math.max(0, Math.ceil((height - first) / step)) }, (_, i) => first + i * step));

interface GifPlan {
  readonly screen: { readonly width: number; readonly height: number };
  readonly frame: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly palette: readonly number[];
  readonly indices: readonly number[];
  readonly transparent: number | undefined;
  readonly interlaced: boolean;
}

/** A GIF written by omggif's encoder; interlaced by storing the rows in interlaced order and setting the frame's flag. */
function writeGif(plan: GifPlan): Uint8Array {
  const { frame, interlaced } = plan;
  const rows = interlaced ? interlacedOrder(frame.height) : Array.from({ length: frame.height }, (_, y) => y);
  const stored = rows.flatMap((y) => plan.indices.slice(y * frame.width, (y + 1) * frame.width));
  const buffer = new Uint8Array(1024 + plan.palette.length * 3 + frame.width * frame.height * 2);
  const writer = new GifWriter(buffer, plan.screen.width, plan.screen.height, { palette: [...plan.palette] });
  writer.addFrame(frame.x, frame.y, frame.width, frame.height, stored, plan.transparent === undefined ? {} : { transparent: plan.transparent });
  const bytes = buffer.slice(0, writer.end());
  if (interlaced) {
    // The image descriptor's flags byte comes just before the LZW data (no local colour table here).
    const at = new GifReader(bytes).frameInfo(0).data_offset - 1;
    bytes[at] = (bytes[at] ?? 0) | 0x40;
  }
  return bytes;
}

const gifPlans: fc.Arbitrary<GifPlan> = fc
  .record({
    frameWidth: fc.integer({ min: 1, max: 90 }),
    frameHeight: fc.integer({ min: 1, max: 40 }),
    marginX: fc.integer({ min: 0, max: 6 }),
    marginY: fc.integer({ min: 0, max: 6 }),
    paletteBits: fc.integer({ min: 1, max: 8 }),
    interlaced: fc.boolean(),
    withTransparency: fc.boolean(),
    seed: fc.integer(),
  })
  .chain(({ frameWidth, frameHeight, marginX, marginY, paletteBits, interlaced, withTransparency, seed }) => {
    const colours = 1 << paletteBits;
    // Runs of one index (a label's bars and paper) mixed with noise, so codes of every length come.
    const run = fc.record({ index: fc.nat({ max: colours - 1 }), length: fc.integer({ min: 1, max: 60 }) });
    return fc.record({
      runs: fc.array(fc.oneof(run, fc.record({ index: fc.nat({ max: colours - 1 }), length: fc.constant(1) })), { minLength: 1, maxLength: 200 }),
      palette: fc.array(fc.integer({ min: 0, max: 0xffffff }), { minLength: colours, maxLength: colours }),
      transparent: withTransparency ? fc.nat({ max: colours - 1 }) : fc.constant(undefined),
      x: fc.integer({ min: 0, max: marginX }),
      y: fc.integer({ min: 0, max: marginY }),
    }).map(({ runs, palette, transparent, x, y }): GifPlan => {
      const count = frameWidth * frameHeight;
      const indices: number[] = [];
      for (let i = 0; indices.length < count; i += 1) {
        const next = runs[(i + seed) % runs.length] ?? { index: 0, length: 1 };
        for (let k = 0; k < next.length && indices.length < count; k += 1) indices.push(next.index);
      }
      return { screen: { width: frameWidth + marginX, height: frameHeight + marginY }, frame: { x, y, width: frameWidth, height: frameHeight }, palette, indices, transparent, interlaced };
    });
  });

describe('GIF labels in grey', () => {
  it('every GIF omggif writes decodes to the same grey as omggif draws it (palettes of 2 to 256 colours, placed frames, transparency)', () => {
    fc.assert(
      fc.property(gifPlans, (plan) => {
        const bytes = writeGif({ ...plan, interlaced: false });
        const ours = gifGrey(bytes);
        const theirs = omggifGrey(bytes);
        expect({ width: ours.width, height: ours.height }).toEqual({ width: theirs.width, height: theirs.height });
        expect(Buffer.from(ours.pixels).equals(Buffer.from(theirs.pixels))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  // omggif leaves rows of a short interlaced frame undrawn (a 1x2 frame's second row), so the
  // picture stored interlaced is held to the same picture stored row by row.
  it('an interlaced GIF decodes to the same grey as the same picture stored row by row', () => {
    fc.assert(
      fc.property(gifPlans, (plan) => {
        const interlaced = gifGrey(writeGif({ ...plan, interlaced: true }));
        const rowByRow = gifGrey(writeGif({ ...plan, interlaced: false }));
        expect(Buffer.from(interlaced.pixels).equals(Buffer.from(rowByRow.pixels))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a large noisy GIF, whose code table fills and is cleared, decodes as omggif draws it', () => {
    const width = 600;
    const height = 300;
    let state = 12_345;
    const indices = Array.from({ length: width * height }, () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % 256;
    });
    const palette = Array.from({ length: 256 }, (_, i) => i * 0x010101);
    const bytes = writeGif({ screen: { width, height }, frame: { x: 0, y: 0, width, height }, palette, indices, transparent: undefined, interlaced: false });
    expect(Buffer.from(gifGrey(bytes).pixels).equals(Buffer.from(omggifGrey(bytes).pixels))).toBe(true);
  });

  it("UPS's 1400x800 label GIF decodes as omggif draws it", () => {
    const bytes = new Uint8Array(readFileSync(join(carrierLabelsDir(), 'ups-gif-1400x800.gif')));
    const ours = gifGrey(bytes);
    expect([ours.width, ours.height]).toEqual([1400, 800]);
    expect(Buffer.from(ours.pixels).equals(Buffer.from(omggifGrey(bytes).pixels))).toBe(true);
  });

  it('image data with a code that cannot come yet is refused, not drawn', () => {
    const plan: GifPlan = { screen: { width: 8, height: 2 }, frame: { x: 0, y: 0, width: 8, height: 2 }, palette: [0, 0xffffff, 0xff0000, 0x00ff00], indices: Array.from({ length: 16 }, (_, i) => i % 4), transparent: undefined, interlaced: false };
    const written = writeGif(plan);
    const at = new GifReader(written).frameInfo(0).data_offset;
    // Code size 2: codes are 3 bits; after the clear code (4), code 7 names an entry not made yet.
    // One sub-block of one byte, the end of the data, and the file's trailer.
    const bytes = new Uint8Array([...written.subarray(0, at), 2, 1, 0b00_111_100, 0, 0x3b]);
    expect(() => gifGrey(bytes)).toThrow(/code 7 where at most 6 can come/);
  });
});
