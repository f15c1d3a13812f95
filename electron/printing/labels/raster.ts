/**
 * Label images as grey pixels: decoding the PNG, GIF and JPEG files carriers send, and the few
 * operations the station needs on them (crop, quarter turns, where the ink is). Pure JavaScript
 * decoders (pngjs, omggif with `gif.ts`, jpeg-js): no native build to break on a desk or in the
 * installer.
 */
import jpeg from 'jpeg-js';
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import type { GreyImage } from '../zpl/bitmap';
import { gifGrey } from './gif';

export type ImageKind = 'png' | 'gif' | 'jpeg';

/** A pixel rectangle: left and top inclusive, right and bottom exclusive. */
export interface PixelBox {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A decoded image and the resolution it says it was drawn at, if it says one. */
export interface DecodedImage {
  readonly image: GreyImage;
  readonly declaredDpi: number | undefined;
}

/**
 * ITU-R BT.601 luma; a transparent pixel is paper. A label is long runs of one colour, so a pixel
 * whose four bytes (read as one word) are those of the pixel before takes its grey as it is.
 */
function greyOfRgba(rgba: Uint8Array, width: number, height: number): GreyImage {
  const count = width * height;
  const pixels = new Uint8Array(count);
  // A word view needs the bytes at a multiple of four; a Buffer cut from Node's pool may not be.
  const bytes = rgba.byteOffset % 4 === 0 ? rgba : new Uint8Array(rgba.subarray(0, count * 4));
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, count);
  let last = -1;
  let lastGrey = 255;
  for (let i = 0; i < count; i += 1) {
    const word = words[i] ?? 0;
    if (word !== last) {
      last = word;
      const at = i * 4;
      const alpha = bytes[at + 3] ?? 255;
      const luma = 0.299 * (bytes[at] ?? 255) + 0.587 * (bytes[at + 1] ?? 255) + 0.114 * (bytes[at + 2] ?? 255);
      lastGrey = Math.round(255 - ((255 - luma) * alpha) / 255);
    }
    pixels[i] = lastGrey;
  }
  return { width, height, pixels };
}

/** The pHYs chunk, when it is in metres: PNG's only way to say a resolution. */
function pngDpi(bytes: Uint8Array): number | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (type === 'pHYs' && length >= 9 && data[offset + 16] === 1) return Math.round((data.readUInt32BE(offset + 8) * 0.0254));
    if (type === 'IDAT' || type === 'IEND') return undefined;
    offset += 12 + length;
  }
  return undefined;
}

/** JFIF's density, when its unit is dots per inch or per centimetre. */
function jpegDpi(bytes: Uint8Array): number | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.toString('latin1', 6, 11) !== 'JFIF\0') return undefined;
  const unit = data[13];
  const density = data.readUInt16BE(14);
  if (unit === 1) return density;
  if (unit === 2) return Math.round(density * 2.54);
  return undefined;
}

/**
 * PNG's per-row filters undone (PNG spec, section 9) for pixels of at most a byte (grey or palette
 * at 1 to 8 bits), where the byte "to the left" is the one just before. A loop per filter, the
 * bytes to the left and above carried in variables: deciding the filter at every byte took most of
 * a one-bit label's decoding, and reading neighbours back from the arrays most of a Paeth one's.
 */
function unfilter(raw: Uint8Array, rowBytes: number, rows: number): Uint8Array {
  const out = new Uint8Array(rowBytes * rows);
  // The row above the first is all zeros, as the spec has it; so is the byte left of a row's first.
  const zeros = new Uint8Array(rowBytes);
  for (let y = 0; y < rows; y += 1) {
    const filter = raw[y * (rowBytes + 1)] ?? 0;
    const from = y * (rowBytes + 1) + 1;
    const at = y * rowBytes;
    const prior = y > 0 ? out : zeros;
    const above = y > 0 ? at - rowBytes : 0;
    let left = 0;
    if (filter === 1) {
      for (let x = 0; x < rowBytes; x += 1) out[at + x] = left = ((raw[from + x] ?? 0) + left) & 0xff;
    } else if (filter === 2) {
      for (let x = 0; x < rowBytes; x += 1) out[at + x] = ((raw[from + x] ?? 0) + (prior[above + x] ?? 0)) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < rowBytes; x += 1) out[at + x] = left = ((raw[from + x] ?? 0) + ((left + (prior[above + x] ?? 0)) >> 1)) & 0xff;
    } else if (filter === 4) {
      // Paeth: of left, above and above-left, the one nearest left + above - above-left.
      let overLeft = 0;
      for (let x = 0; x < rowBytes; x += 1) {
        const over = prior[above + x] ?? 0;
        const pa = Math.abs(over - overLeft);
        const pb = Math.abs(left - overLeft);
        const pc = Math.abs(left + over - 2 * overLeft);
        out[at + x] = left = ((raw[from + x] ?? 0) + (pa <= pb && pa <= pc ? left : pb <= pc ? over : overLeft)) & 0xff;
        overLeft = over;
      }
    } else {
      // None (0), or a filter PNG does not have: the bytes as they are.
      out.set(raw.subarray(from, from + rowBytes), at);
    }
  }
  return out;
}

/**
 * The PNGs carriers send (grey or palette, often one bit a dot, not interlaced) straight to grey:
 * pngjs widens every dot to four bytes first, which took a 1400 x 950 one-bit FedEx label over a
 * hundred milliseconds. Undefined for any other PNG (colour with alpha, 16 bits, interlaced), which
 * pngjs decodes instead.
 */
function labelPng(bytes: Uint8Array): GreyImage | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8] ?? 0, colour: body[9] ?? 0, interlace: body[12] ?? 0 };
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') return undefined;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (header === undefined || header.interlace !== 0 || header.depth > 8 || ![0, 3].includes(header.colour)) return undefined;
  if (header.colour === 3 && palette === undefined) return undefined;
  const { width, height, depth } = header;
  const rowBytes = Math.ceil((width * depth) / 8);
  const rows = unfilter(new Uint8Array(inflateSync(Buffer.concat(idat))), rowBytes, height);
  // Each sample's grey: the sample scaled to 0-255, or its palette colour's luma.
  const levels = 1 << depth;
  const greyOf = new Uint8Array(levels);
  for (let v = 0; v < levels; v += 1) {
    if (header.colour === 0) greyOf[v] = Math.round((v * 255) / (levels - 1));
    else {
      const [r, g, b] = [palette?.[v * 3] ?? 0, palette?.[v * 3 + 1] ?? 0, palette?.[v * 3 + 2] ?? 0];
      greyOf[v] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // Eight-bit grey is its own grey, row for row.
  if (header.colour === 0 && depth === 8) return { width, height, pixels: rows };
  const pixels = new Uint8Array(width * height);
  const mask = levels - 1;
  // Byte by byte, each byte's samples from its high bits down.
  for (let y = 0; y < height; y += 1) {
    const row = y * rowBytes;
    const line = y * width;
    for (let x = 0, byteAt = row; x < width; byteAt += 1) {
      const byte = rows[byteAt] ?? 0;
      for (let shift = 8 - depth; shift >= 0 && x < width; shift -= depth, x += 1) pixels[line + x] = greyOf[(byte >> shift) & mask] ?? 255;
    }
  }
  return { width, height, pixels };
}

export function decodeImage(bytes: Uint8Array, kind: ImageKind): DecodedImage {
  switch (kind) {
    case 'png': {
      const quick = labelPng(bytes);
      if (quick !== undefined) return { image: quick, declaredDpi: pngDpi(bytes) };
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return { image: greyOfRgba(png.data, png.width, png.height), declaredDpi: pngDpi(bytes) };
    }
    case 'gif':
      return { image: gifGrey(bytes), declaredDpi: undefined };
    case 'jpeg': {
      const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 64 });
      return { image: greyOfRgba(decoded.data, decoded.width, decoded.height), declaredDpi: jpegDpi(bytes) };
    }
  }
}

/** Ink: darker than half way. What a thermal head would burn. */
export const INK_LEVEL = 128;

/** The high bit of each of a word's four bytes: a byte below INK_LEVEL (128) has it clear. */
const HIGH_BITS = 0x80808080;

/** The pixels four to a word (the last one to three left out), when their bytes start at a multiple of four; else undefined. */
export const pixelWords = (pixels: Uint8Array): Uint32Array | undefined =>
  pixels.byteOffset % 4 === 0 ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length >> 2) : undefined;

/**
 * Finds ink in runs of an image's pixels, four pixels a step where it can: a word's bytes hold no
 * ink when all their high bits are set. Most of a sheet is white paper, and most of the time of
 * looking for ink is spent reading it.
 */
export class InkScanner {
  readonly #pixels: Uint8Array;
  /** The pixels as words, when their bytes start at a multiple of four. */
  readonly #words: Uint32Array | undefined;

  constructor(pixels: Uint8Array) {
    this.#pixels = pixels;
    this.#words = pixelWords(pixels);
  }

  /** The index of the first ink pixel in [from, to), or -1. */
  first(from: number, to: number): number {
    const pixels = this.#pixels;
    const words = this.#words;
    let i = from;
    if (words !== undefined) {
      for (; i < to && (i & 3) !== 0; i += 1) if ((pixels[i] ?? 255) < INK_LEVEL) return i;
      // Whole words within the run, up to the first that holds ink: the pixels below find which.
      while (i + 4 <= to && (~(words[i >> 2] ?? 0xffffffff) & HIGH_BITS) === 0) i += 4;
    }
    for (; i < to; i += 1) if ((pixels[i] ?? 255) < INK_LEVEL) return i;
    return -1;
  }

  /** The index of the last ink pixel in [from, to), or -1. */
  last(from: number, to: number): number {
    const pixels = this.#pixels;
    const words = this.#words;
    let i = to - 1;
    if (words !== undefined) {
      for (; i >= from && (i & 3) !== 3; i -= 1) if ((pixels[i] ?? 255) < INK_LEVEL) return i;
      while (i - 3 >= from && (~(words[(i - 3) >> 2] ?? 0xffffffff) & HIGH_BITS) === 0) i -= 4;
    }
    for (; i >= from; i -= 1) if ((pixels[i] ?? 255) < INK_LEVEL) return i;
    return -1;
  }
}

/** The part of `box` inside an image of that size. */
const clampBox = (box: PixelBox, width: number, height: number): PixelBox => ({
  left: Math.max(0, box.left),
  top: Math.max(0, box.top),
  right: Math.min(width, box.right),
  bottom: Math.min(height, box.bottom),
});

/**
 * The smallest box holding every ink pixel of the image (or of `within` it); undefined when there
 * is none. Rows are read from the top and the bottom until ink, and each row between only up to
 * the edges found so far: a label's ink fills most of its image, so most pixels are never looked at.
 */
export function inkBounds(image: GreyImage, within?: PixelBox): PixelBox | undefined {
  const { width, height, pixels } = image;
  const region = within === undefined ? { left: 0, top: 0, right: width, bottom: height } : clampBox(within, width, height);
  if (region.right <= region.left || region.bottom <= region.top) return undefined;
  const scan = new InkScanner(pixels);
  const inkIn = (y: number): boolean => scan.first(y * width + region.left, y * width + region.right) >= 0;
  let top = region.top;
  while (top < region.bottom && !inkIn(top)) top += 1;
  if (top === region.bottom) return undefined;
  let bottom = region.bottom - 1;
  while (bottom > top && !inkIn(bottom)) bottom -= 1;
  let left = region.right;
  let right = region.left - 1;
  for (let y = top; y <= bottom; y += 1) {
    const row = y * width;
    const first = scan.first(row + region.left, row + left);
    if (first >= 0) left = first - row;
    const last = scan.last(row + right + 1, row + region.right);
    if (last >= 0) right = last - row;
  }
  return { left, top, right: right + 1, bottom: bottom + 1 };
}

export function cropImage(image: GreyImage, box: PixelBox): GreyImage {
  const { left, top, right, bottom } = clampBox(box, image.width, image.height);
  const width = right - left;
  const height = bottom - top;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(image.pixels.subarray((top + y) * image.width + left, (top + y) * image.width + left + width), y * width);
  return { width, height, pixels };
}

/** Pixels a side of the square tiles a quarter turn moves at a time. */
const TURN_TILE = 64;

/** Turns the image clockwise by a quarter turn count: pixels move, none is resampled. */
export function turnImage(image: GreyImage, clockwise: 0 | 90 | 180 | 270): GreyImage {
  if (clockwise === 0) return image;
  const { width, height, pixels } = image;
  // Half a turn is the pixels in reverse order.
  if (clockwise === 180) return { width, height, pixels: pixels.slice(0, width * height).reverse() };
  // A quarter turn, a square tile at a time: the pixels a tile reads and writes stay in the cache,
  // where a whole column of the image read for each row of the result would not.
  const out = new Uint8Array(width * height);
  for (let tileY = 0; tileY < height; tileY += TURN_TILE) {
    for (let tileX = 0; tileX < width; tileX += TURN_TILE) {
      const endY = Math.min(height, tileY + TURN_TILE);
      const endX = Math.min(width, tileX + TURN_TILE);
      for (let y = tileY; y < endY; y += 1) {
        const row = y * width;
        // Clockwise, the image's row y becomes the result's column height-1-y, read down; the other way, column y, read up.
        if (clockwise === 90) for (let x = tileX, to = tileX * height + (height - 1 - y); x < endX; x += 1, to += height) out[to] = pixels[row + x] ?? 255;
        else for (let x = tileX, to = (width - 1 - tileX) * height + y; x < endX; x += 1, to -= height) out[to] = pixels[row + x] ?? 255;
      }
    }
  }
  return { width: height, height: width, pixels: out };
}

/** How each new cell covers the old ones along one side of an image; see tapsOf. */
interface Taps {
  readonly taps: number;
  readonly first: Int32Array;
  readonly shares: Float64Array;
}

/**
 * How `to` cells laid over `from` source cells each cover them: cell c covers `taps` source cells
 * from `first[c]` on, by `shares[c * taps + k]` of the cell each (shares of a cell add to 1; a tap
 * past what the cell covers has share 0). `first` is moved back where that keeps every tap inside
 * the source, its shares moved with it.
 */
function tapsOf(from: number, to: number): Taps {
  const span = from / to;
  // A span of s cells touches at most ceil(s) + 1 of them; three at least, so the usual shrink
  // (and any enlargement) takes the unrolled paths below.
  const taps = Math.min(from, Math.max(3, Math.ceil(span) + 1));
  const first = new Int32Array(to);
  const shares = new Float64Array(to * taps);
  for (let cell = 0; cell < to; cell += 1) {
    const start = cell * span;
    const end = Math.min(from, (cell + 1) * span);
    const at = Math.min(Math.floor(start), from - taps);
    first[cell] = at;
    for (let source = Math.floor(start); source < end; source += 1) shares[cell * taps + source - at] = (Math.min(end, source + 1) - Math.max(start, source)) / span;
  }
  return { taps, first, shares };
}

/**
 * The image resampled to `width` x `height`, each new pixel the average of the pixels it covers,
 * by area. A dot then is as grey as the share of it the ink covers, as a page drawn at the
 * printer's resolution gives it, and the threshold gives it to whichever side covers more of it:
 * a label image at another scale or resolution keeps its bars whole dots, without a PDF page
 * composed and drawn again around it.
 */
export function scaleImage(image: GreyImage, width: number, height: number): GreyImage {
  if (width === image.width && height === image.height) return image;
  if (width < 1 || height < 1) throw new Error(`an image cannot be scaled to ${String(width)} x ${String(height)}`);
  const across = tapsOf(image.width, width);
  const down = tapsOf(image.height, height);
  const source = image.pixels;
  const stride = image.width;
  // A row at a time: the source rows it covers summed down into one row of sums, then across that.
  const sums = new Float64Array(stride);
  // Clamped: a sum a rounding error past 255 stays white instead of wrapping round to black.
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = (down.first[y] ?? 0) * stride;
    const at = y * down.taps;
    if (down.taps === 3) {
      // Three rows at once, unrolled: most of a label's time in here.
      const [a, b, c] = [down.shares[at] ?? 0, down.shares[at + 1] ?? 0, down.shares[at + 2] ?? 0];
      for (let x = 0, i = row; x < stride; x += 1, i += 1) sums[x] = (source[i] ?? 255) * a + (source[i + stride] ?? 255) * b + (source[i + 2 * stride] ?? 255) * c;
    } else {
      sums.fill(0);
      for (let k = 0; k < down.taps; k += 1) {
        const share = down.shares[at + k] ?? 0;
        for (let x = 0, i = row + k * stride; x < stride; x += 1, i += 1) sums[x] = (sums[x] ?? 0) + (source[i] ?? 255) * share;
      }
    }
    const to = y * width;
    if (across.taps === 3) {
      for (let x = 0, t = 0; x < width; x += 1, t += 3) {
        const i = across.first[x] ?? 0;
        pixels[to + x] = (sums[i] ?? 255) * (across.shares[t] ?? 0) + (sums[i + 1] ?? 255) * (across.shares[t + 1] ?? 0) + (sums[i + 2] ?? 255) * (across.shares[t + 2] ?? 0);
      }
    } else {
      for (let x = 0; x < width; x += 1) {
        const i = across.first[x] ?? 0;
        let sum = 0;
        for (let k = 0, t = x * across.taps; k < across.taps; k += 1) sum += (sums[i + k] ?? 255) * (across.shares[t + k] ?? 0);
        pixels[to + x] = sum;
      }
    }
  }
  return { width, height, pixels: new Uint8Array(pixels.buffer) };
}
