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
  for (let y = 0; y < height; y += 1) {
    const from = y * width;
    const to = y * bytesPerRow;
    // A byte's eight dots gathered before it is written; dots past the width in the last byte stay 0: white, nothing burnt.
    for (let x = 0; x < width; x += 8) {
      let byte = 0;
      for (let bit = 0, end = Math.min(8, width - x); bit < end; bit += 1) if ((pixels[from + x + bit] ?? 255) < level) byte |= 0x80 >> bit;
      data[to + (x >> 3)] = byte;
    }
  }
  return { width, height, bytesPerRow, data };
}
