/**
 * A GIF label's first frame in grey. omggif reads the file's structure (screen, frame, palette,
 * transparency); the frame's LZW data is decompressed here straight into palette indices, which a
 * table turns into grey. omggif's own decoder writes four bytes of colour a pixel that the station
 * would only turn back into grey: two thirds of a 1400x800 UPS label's time to print.
 */
import { GifReader } from 'omggif';
import type { GreyImage } from '../zpl/bitmap';

/** LZW codes are at most 12 bits: the code table holds 4096 entries. */
const MAX_CODES = 4096;

/**
 * GIF's LZW data (from its minimum code size byte, in sub-blocks) into `output`, one palette index
 * a byte; stops when `output` is full. A code's string is always a run of the output already
 * written (the string before it and one more byte), so the table keeps where that run starts and
 * how long it is, and a code is copied out of the output itself.
 */
function decompress(data: Uint8Array, at: number, output: Uint8Array): void {
  const minCodeSize = data[at] ?? 0;
  if (minCodeSize < 1 || minCodeSize > 11) throw new Error(`the image data's code size ${String(minCodeSize)} is not between 1 and 11`);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const starts = new Int32Array(MAX_CODES);
  const lengths = new Int32Array(MAX_CODES);
  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let p = at + 1;
  let blockLeft = data[p] ?? 0;
  p += 1;
  let bits = 0;
  let bitCount = 0;
  let written = 0;
  let previous = -1;
  let previousLength = 0;
  while (written < output.length) {
    // Up to 12 bits, across sub-blocks: a byte at a time while a block has any.
    while (bitCount < codeSize && blockLeft > 0) {
      bits |= (data[p] ?? 0) << bitCount;
      p += 1;
      bitCount += 8;
      blockLeft -= 1;
      if (blockLeft === 0) {
        blockLeft = data[p] ?? 0;
        p += 1;
      }
    }
    if (bitCount < codeSize) break; // The data ended without its end code: what was drawn stands.
    const code = bits & ((1 << codeSize) - 1);
    bits >>>= codeSize;
    bitCount -= codeSize;
    if (code === clear) {
      codeSize = minCodeSize + 1;
      next = end + 1;
      previous = -1;
      continue;
    }
    if (code === end) break;
    let length: number;
    if (code < clear) {
      output[written] = code;
      length = 1;
    } else if (code < next && previous >= 0) {
      const from = starts[code] ?? 0;
      length = lengths[code] ?? 0;
      output.copyWithin(written, from, Math.min(from + length, from + output.length - written));
    } else if (code === next && previous >= 0) {
      // The string not yet in the table: the one before and its own first byte again.
      output.copyWithin(written, previous, Math.min(previous + previousLength, previous + output.length - written));
      if (written + previousLength < output.length) output[written + previousLength] = output[previous] ?? 0;
      length = previousLength + 1;
    } else {
      throw new Error(`the image data has code ${String(code)} where at most ${String(next)} can come`);
    }
    if (previous >= 0 && next < MAX_CODES) {
      starts[next] = previous;
      lengths[next] = previousLength + 1;
      next += 1;
      if (next === 1 << codeSize && codeSize < 12) codeSize += 1;
    }
    previous = written;
    previousLength = length;
    written += length;
  }
}

/** Rows in the order an interlaced frame stores them: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function storedRows(height: number, interlaced: boolean): number[] {
  if (!interlaced) return Array.from({ length: height }, (_, y) => y);
  const rows: number[] = [];
  for (const [first, step] of [[0, 8], [4, 8], [2, 4], [1, 2]] as const) for (let y = first; y < height; y += step) rows.push(y);
  return rows;
}

/** The first frame of a GIF on white paper, in grey (ITU-R BT.601 luma); a transparent pixel is paper. Throws on a damaged file. */
export function gifGrey(bytes: Uint8Array): GreyImage {
  const reader = new GifReader(bytes);
  const frame = reader.frameInfo(0);
  const width = reader.width;
  const height = reader.height;
  if (frame.palette_offset === null || frame.palette_size === null) throw new Error('the image has no colour table');
  const indices = new Uint8Array(frame.width * frame.height);
  decompress(bytes, frame.data_offset, indices);
  const greyOf = new Uint8Array(256).fill(255);
  for (let i = 0; i < frame.palette_size; i += 1) {
    const at = frame.palette_offset + i * 3;
    greyOf[i] = Math.round(0.299 * (bytes[at] ?? 255) + 0.587 * (bytes[at + 1] ?? 255) + 0.114 * (bytes[at + 2] ?? 255));
  }
  if (frame.transparent_index !== null) greyOf[frame.transparent_index] = 255;
  const pixels = new Uint8Array(width * height).fill(255);
  // The frame's rows onto the screen, where it sits; what falls outside the screen is not drawn.
  const columns = Math.max(0, Math.min(frame.width, width - frame.x));
  for (const [stored, y] of storedRows(frame.height, frame.interlaced).entries()) {
    const screenY = frame.y + y;
    if (screenY >= height) continue;
    const from = stored * frame.width;
    const to = screenY * width + frame.x;
    for (let x = 0; x < columns; x += 1) pixels[to + x] = greyOf[indices[from + x] ?? 0] ?? 255;
  }
  return { width, height, pixels };
}
