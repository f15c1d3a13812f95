/**
 * Where the ink is: the station reads a label's pixels four at a time where their bytes allow, so
 * its answers are held to a pixel-by-pixel search over random images (pixels at every grey, ink at
 * the edges and corners, pixels starting at any byte of their buffer) and random regions of them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INK_LEVEL, InkScanner, inkBounds, type PixelBox } from '../../../electron/printing/labels/raster';
import type { GreyImage } from '../../../electron/printing/zpl/bitmap';

/** Every pixel looked at: the box of those darker than INK_LEVEL within `region`. */
function bruteInk(image: GreyImage, region: PixelBox): PixelBox | undefined {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = Math.max(0, region.top); y < Math.min(image.height, region.bottom); y += 1) {
    for (let x = Math.max(0, region.left); x < Math.min(image.width, region.right); x += 1) {
      if ((image.pixels[y * image.width + x] ?? 255) >= INK_LEVEL) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x + 1), Math.max(bottom, y + 1)];
    }
  }
  return right < 0 ? undefined : { left, top, right, bottom };
}

/** Mostly paper, some ink, some grey either side of the ink level. */
const pixel = fc.oneof({ arbitrary: fc.constant(255), weight: 6 }, { arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: INK_LEVEL - 2, max: INK_LEVEL + 1 }), weight: 1 }, { arbitrary: fc.nat({ max: 255 }), weight: 1 });

const images = fc.record({ width: fc.integer({ min: 1, max: 40 }), height: fc.integer({ min: 1, max: 12 }), offset: fc.nat({ max: 3 }) }).chain(({ width, height, offset }) =>
  fc.array(pixel, { minLength: width * height, maxLength: width * height }).map((values): GreyImage => {
    // The pixels start `offset` bytes into their buffer: four at a time is only for pixels that start on a word.
    const buffer = new Uint8Array(offset + width * height);
    buffer.set(values, offset);
    return { width, height, pixels: buffer.subarray(offset) };
  }),
);

const regions = (image: GreyImage): fc.Arbitrary<PixelBox> =>
  fc.record({ left: fc.integer({ min: -2, max: image.width }), top: fc.integer({ min: -2, max: image.height }), width: fc.nat({ max: image.width + 4 }), height: fc.nat({ max: image.height + 4 }) }).map(({ left, top, width, height }) => ({ left, top, right: left + width, bottom: top + height }));

describe('finding ink', () => {
  it('the box of the ink in a whole image is the one a pixel-by-pixel search finds', () => {
    fc.assert(
      fc.property(images, (image) => {
        expect(inkBounds(image)).toEqual(bruteInk(image, { left: 0, top: 0, right: image.width, bottom: image.height }));
      }),
      { numRuns: 500 },
    );
  });

  it('the box of the ink within a region (reaching past the image or empty) is the one a pixel-by-pixel search finds', () => {
    fc.assert(
      fc.property(
        images.chain((image) => fc.tuple(fc.constant(image), regions(image))),
        ([image, region]) => {
          expect(inkBounds(image, region)).toEqual(bruteInk(image, region));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the first and last ink pixel of any run of pixels are those a pixel-by-pixel search finds', () => {
    fc.assert(
      fc.property(
        images.chain((image) => fc.tuple(fc.constant(image), fc.nat({ max: image.pixels.length }), fc.nat({ max: image.pixels.length }))),
        ([image, a, b]) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const inked = Array.from(image.pixels.subarray(from, to)).flatMap((value, i) => (value < INK_LEVEL ? [from + i] : []));
          const scan = new InkScanner(image.pixels);
          expect(scan.first(from, to)).toBe(inked[0] ?? -1);
          expect(scan.last(from, to)).toBe(inked.at(-1) ?? -1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
