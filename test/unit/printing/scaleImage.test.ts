/**
 * A label image resampled by area (scaleImage): each new pixel is the average of the old pixels it
 * covers, weighted by how much of each it covers. Checked against that definition computed pixel by
 * pixel in doubles, on random images shrunk and enlarged; and for what a thermal print needs of it:
 * a pattern of bars and spaces at least two dots wide, shrunk to no less than 60% and thresholded,
 * keeps every bar and every space, each within a dot of its scaled width. (At 50% a two-dot bar can
 * fall half on each of two dots and print as neither: geometry, not the resampling.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaleImage } from '../../../electron/printing/labels/raster';
import { threshold, type GreyImage } from '../../../electron/printing/zpl/bitmap';

const images = fc
  .record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 30 }) })
  .chain(({ width, height }) => fc.uint8Array({ minLength: width * height, maxLength: width * height }).map((pixels): GreyImage => ({ width, height, pixels })));

/** The average of the pixels under the new pixel (x, y) of a `width` x `height` resampling, weighted by the area each covers. */
function areaAverage(image: GreyImage, width: number, height: number, x: number, y: number): number {
  const [sx, sy] = [image.width / width, image.height / height];
  const [left, right, top, bottom] = [x * sx, Math.min(image.width, (x + 1) * sx), y * sy, Math.min(image.height, (y + 1) * sy)];
  let sum = 0;
  for (let row = Math.floor(top); row < bottom; row += 1) {
    const tall = Math.min(bottom, row + 1) - Math.max(top, row);
    for (let column = Math.floor(left); column < right; column += 1) {
      const wide = Math.min(right, column + 1) - Math.max(left, column);
      sum += (image.pixels[row * image.width + column] ?? Number.NaN) * wide * tall;
    }
  }
  return sum / (sx * sy);
}

/** A row's runs of ink and paper as [ink?, length] pairs. */
function runsOf(bits: readonly boolean[]): [boolean, number][] {
  const runs: [boolean, number][] = [];
  for (const bit of bits) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] === bit) last[1] += 1;
    else runs.push([bit, 1]);
  }
  return runs;
}

describe('resampling a label image by area', () => {
  it('each new pixel is the area-weighted average of the old pixels it covers, shrinking or enlarging', () => {
    fc.assert(
      fc.property(images, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 45 }), (image, width, height) => {
        const scaled = scaleImage(image, width, height);
        expect([scaled.width, scaled.height, scaled.pixels.length]).toEqual([width, height, width * height]);
        let worst = { off: 0, at: '' };
        for (let y = 0; y < height; y += 1) {
          for (let x = 0; x < width; x += 1) {
            const off = Math.abs((scaled.pixels[y * width + x] ?? Number.NaN) - areaAverage(image, width, height, x, y));
            if (!(off <= worst.off)) worst = { off, at: `(${String(x)}, ${String(y)})` };
          }
        }
        // Within one step of the exact average: the sums are single-precision, then rounded.
        expect(worst.off, worst.at).toBeLessThanOrEqual(0.51);
      }),
      { numRuns: 150, seed: 20_261_129 },
    );
  });

  it('halving averages each two by two block; the same size is the image itself; one colour stays that colour', () => {
    fc.assert(
      fc.property(images, fc.integer({ min: 0, max: 255 }), (image, grey) => {
        const even = { width: image.width * 2, height: image.height * 2 };
        const doubled = new Uint8Array(even.width * even.height).map((_, i) => (image.pixels[Math.floor(Math.floor(i / even.width) / 2) * image.width + Math.floor((i % even.width) / 2)] ?? 0));
        expect(Buffer.from(scaleImage({ ...even, pixels: doubled }, image.width, image.height).pixels).equals(Buffer.from(image.pixels))).toBe(true);
        expect(scaleImage(image, image.width, image.height)).toBe(image);
        const flat = scaleImage({ ...image, pixels: new Uint8Array(image.pixels.length).fill(grey) }, image.width + 3, Math.max(1, image.height - 1));
        expect(flat.pixels.every((v) => v === grey)).toBe(true);
      }),
      { numRuns: 200, seed: 20_261_130 },
    );
  });

  it('bars and spaces two dots wide or more, shrunk to 60% or more and thresholded, each stay, within a dot of their scaled width', () => {
    const bars = fc.array(fc.integer({ min: 2, max: 9 }), { minLength: 3, maxLength: 40 });
    fc.assert(
      fc.property(bars, fc.double({ min: 0.6, max: 1, noNaN: true }), fc.integer({ min: 2, max: 7 }), (drawn, factor, offset) => {
        // Bar, space, bar, ..., bar from `offset` on a white row, eight rows tall.
        const widths = drawn.length % 2 === 0 ? drawn.slice(1) : drawn;
        const row = [...Array<boolean>(offset).fill(false), ...widths.flatMap((w, i) => Array<boolean>(w).fill(i % 2 === 0)), ...Array<boolean>(4).fill(false)];
        const image: GreyImage = { width: row.length, height: 8, pixels: new Uint8Array(row.length * 8).map((_, i) => (row[i % row.length] === true ? 0 : 255)) };
        const width = Math.round(row.length * factor);
        const printed = threshold(scaleImage(image, width, 6));
        const dots = Array.from({ length: width }, (_, x) => ((printed.data[2 * printed.bytesPerRow + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) !== 0);
        const runs = runsOf(dots).slice(1, -1);
        // The runs between the white margins: the bars and spaces, in order.
        expect(runs.map(([ink]) => ink)).toEqual(widths.map((_, i) => i % 2 === 0));
        const scale = width / row.length;
        for (const [i, [, length]] of runs.entries()) expect(Math.abs(length - (widths[i] ?? 0) * scale), `run ${String(i)}`).toBeLessThanOrEqual(1 + 1e-9);
      }),
      { numRuns: 300, seed: 20_261_131 },
    );
  });
});
