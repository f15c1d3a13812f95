/**
 * Grey to black and white for a thermal head, which has no grey: a dot burns or it does not.
 * A plain threshold, never dithering: dithering scatters dots along a bar's edge, and a scanner
 * reads that as a ragged bar. Rendered at the printer's exact resolution, a bar edge that falls
 * inside a dot leaves that dot part grey, and the threshold gives the dot to whichever side covers
 * more of it, so every bar comes out a whole number of dots wide.
 */

/** A page as the renderer gives it: one byte of luminance per pixel (0 black, 255 white), row by row. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/** One bit per dot, 1 = black (burnt), rows packed into whole bytes, leftmost dot in the high bit. */
export interface MonoBitmap {
  readonly width: number;
  readonly height: number;
  readonly bytesPerRow: number;
  readonly data: Uint8Array;
}

/** Half way between black and white: a dot at least half covered by ink prints. */
export const DEFAULT_THRESHOLD = 128;

/** Packs a grey image into 1-bit rows: a pixel darker than `threshold` is a black dot. */
export function threshold(image: GreyImage, level = DEFAULT_THRESHOLD): MonoBitmap {
  const { width, height, pixels } = image;
  if (pixels.length < width * height) throw new Error(`the image has ${String(pixels.length)} pixels, not ${String(width * height)}`);
  const bytesPerRow = Math.ceil(width / 8);
  const data = new Uint8Array(bytesPerRow * height);
  const whole = width >> 3;
  for (let y = 0; y < height; y += 1) {
    let i = y * width;
    const to = y * bytesPerRow;
    // Eight dots to a byte, written out: the hottest loop of every ZPL label, twice as fast so.
    for (let k = 0; k < whole; k += 1, i += 8) {
      data[to + k] =
        ((pixels[i] ?? 255) < level ? 0x80 : 0) |
        ((pixels[i + 1] ?? 255) < level ? 0x40 : 0) |
        ((pixels[i + 2] ?? 255) < level ? 0x20 : 0) |
        ((pixels[i + 3] ?? 255) < level ? 0x10 : 0) |
        ((pixels[i + 4] ?? 255) < level ? 0x08 : 0) |
        ((pixels[i + 5] ?? 255) < level ? 0x04 : 0) |
        ((pixels[i + 6] ?? 255) < level ? 0x02 : 0) |
        ((pixels[i + 7] ?? 255) < level ? 0x01 : 0);
    }
    // The last byte's dots past the width stay 0: white, nothing burnt.
    let last = 0;
    for (let bit = 0; bit < (width & 7); bit += 1) if ((pixels[i + bit] ?? 255) < level) last |= 0x80 >> bit;
    if ((width & 7) !== 0) data[to + whole] = last;
  }
  return { width, height, bytesPerRow, data };
}
