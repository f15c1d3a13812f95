/** Width and height in PDF points. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * Where one source page goes on the media. `rotate` turns the page counter-clockwise (the IPP
 * "landscape" direction); `x`, `y` are the lower-left corner of the turned, scaled page on the media.
 */
export interface Placement {
  readonly rotate: 0 | 90;
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Sizes this close count as the same, so a page is printed at exactly 100%. Producers round ISO
 * sizes differently (A6 is 297.64 or 297.638 pt); half a point is under 0.2 mm.
 */
export const SAME_SIZE_TOLERANCE = 0.5;

const isLandscape = (s: Size): boolean => s.width > s.height;

/**
 * Pure geometry of fitting: rotate only when orientations differ, print at 100% when the page
 * matches the media or is smaller than it (carriers specify labels and barcodes at their true
 * size: a 4x6 label on Letter paper prints at 4x6, centred), and shrink a larger page to the
 * largest size that fits with the aspect ratio kept, centred. Never enlarged.
 */
export function placement(source: Size, media: Size): Placement {
  const rotate = isLandscape(source) !== isLandscape(media) ? 90 : 0;
  const width = rotate === 90 ? source.height : source.width;
  const height = rotate === 90 ? source.width : source.height;
  const sameSize =
    Math.abs(width - media.width) <= SAME_SIZE_TOLERANCE && Math.abs(height - media.height) <= SAME_SIZE_TOLERANCE;
  const scale = sameSize ? 1 : Math.min(1, media.width / width, media.height / height);
  return { rotate, scale, x: (media.width - width * scale) / 2, y: (media.height - height * scale) / 2 };
}
