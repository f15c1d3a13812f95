/**
 * Quarter turns of a label image move pixels and resample none: clockwise, a pixel at (x, y) of a
 * w x h image lands at (h - 1 - y, x); half a turn is two quarter turns, three undo one, four are
 * none. Random images of every shape, narrow and tall included, and big enough to span several of
 * the square tiles a turn moves at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnImage } from '../../../electron/printing/labels/raster';
import type { GreyImage } from '../../../electron/printing/zpl/bitmap';

const images = fc
  .record({ width: fc.oneof(fc.integer({ min: 1, max: 23 }), fc.integer({ min: 60, max: 150 })), height: fc.oneof(fc.integer({ min: 1, max: 17 }), fc.integer({ min: 60, max: 140 })) })
  .chain(({ width, height }) => fc.uint8Array({ minLength: width * height, maxLength: width * height }).map((pixels): GreyImage => ({ width, height, pixels })));

const plain = (image: GreyImage) => ({ width: image.width, height: image.height, pixels: Buffer.from(image.pixels).toString('base64') });

describe('turning a label image', () => {
  it('a quarter turn clockwise puts (x, y) at (h - 1 - y, x)', () => {
    fc.assert(
      fc.property(images, (image) => {
        const turned = turnImage(image, 90);
        expect([turned.width, turned.height]).toEqual([image.height, image.width]);
        const expected = new Uint8Array(image.width * image.height);
        for (let y = 0; y < image.height; y += 1) {
          for (let x = 0; x < image.width; x += 1) expected[x * turned.width + (image.height - 1 - y)] = image.pixels[y * image.width + x] ?? 0;
        }
        expect(Buffer.from(turned.pixels).equals(Buffer.from(expected))).toBe(true);
      }),
      { numRuns: 200, seed: 20_261_129 },
    );
  });

  it('half a turn is two quarter turns, three quarter turns undo one, and the image is left as it was', () => {
    fc.assert(
      fc.property(images, (image) => {
        const before = plain(image);
        expect(plain(turnImage(image, 180))).toEqual(plain(turnImage(turnImage(image, 90), 90)));
        expect(plain(turnImage(turnImage(image, 90), 270))).toEqual(before);
        expect(plain(turnImage(turnImage(image, 270), 90))).toEqual(before);
        expect(plain(turnImage(turnImage(image, 180), 180))).toEqual(before);
        expect(turnImage(image, 0)).toBe(image);
        expect(plain(image)).toEqual(before);
      }),
      { numRuns: 200, seed: 20_261_129 },
    );
  });
});
