/**
 * Barcodes found on a label's image, with ZXing-C++ compiled to WebAssembly (zxing-wasm): the
 * reader behind most phone and desk scanners' software, with no native build. The finder uses what
 * it reads to tell a label from the instructions around it, to see which page or half of a sheet is
 * a copy of another, and which way a turned label reads.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as ZxingReader from 'zxing-wasm/reader';
import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { GreyImage } from '../zpl/bitmap';

export interface FoundBarcode {
  readonly format: string;
  readonly text: string;
  /** The symbol's bounding box in the image's pixels. */
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  /** Which way it reads, in degrees clockwise from left-to-right (0, 90, 180, 270, or between). */
  readonly orientation: number;
}

/** The symbologies carriers print on labels; fewer formats to try is a faster read. */
export const LABEL_SYMBOLOGIES: readonly ReadInputBarcodeFormat[] = ['Code128', 'Code39', 'ITF', 'PDF417', 'DataMatrix', 'QRCode', 'Aztec', 'MaxiCode'];

type Reader = typeof ZxingReader;

/** Loaded once per process, at the first image or sheet, never at start; a failed load is tried again. */
let reader: Promise<Reader> | undefined;

async function load(): Promise<Reader> {
  const zxing = await import('zxing-wasm/reader');
  // Read from disk by path (inside the app archive too), never from the CDN the module defaults to.
  const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await zxing.prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
  return zxing;
}

function zxing(): Promise<Reader> {
  reader ??= load().catch((error: unknown) => {
    reader = undefined;
    throw error;
  });
  return reader;
}

/** Grey to the RGBA ZXing takes, a pixel a 32-bit word (little-endian: red in the low byte, opaque). */
function rgbaOf(image: GreyImage): Uint8ClampedArray {
  const count = image.width * image.height;
  const words = new Uint32Array(count);
  const { pixels } = image;
  for (let i = 0; i < count; i += 1) words[i] = (0xff000000 | ((pixels[i] ?? 255) * 0x010101)) >>> 0;
  return new Uint8ClampedArray(words.buffer);
}

/**
 * How hard ZXing looks. `quick` reads a clean label drawn at a printer's resolution; `harder`
 * also spends more time on each part of the image (DHL Paket's barcode on its A4 sheet reads only
 * so at the finder's resolution); `thorough` also tries the image inverted and made smaller.
 */
export type ReadEffort = 'quick' | 'harder' | 'thorough';

export interface ReadOptions {
  readonly formats?: readonly ReadInputBarcodeFormat[];
  /** Slower, finds more (small or damaged symbols); quick by default. */
  readonly effort?: ReadEffort;
}

/** Every barcode that reads in the image. */
export async function readBarcodes(image: GreyImage, options: ReadOptions = {}): Promise<FoundBarcode[]> {
  const { readBarcodes: read } = await zxing();
  const effort = options.effort ?? 'quick';
  const results = await read(
    { data: rgbaOf(image), width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData,
    {
      formats: [...(options.formats ?? LABEL_SYMBOLOGIES)],
      tryHarder: effort !== 'quick',
      // Labels are dark on light, and drawn at a resolution where no symbol needs a smaller copy of the image to be found: both only cost time unless nothing else read.
      tryInvert: effort === 'thorough',
      tryDownscale: effort === 'thorough',
      maxNumberOfSymbols: 64,
    },
  );
  return results
    .filter((r) => r.isValid)
    .map((r) => {
      const { topLeft, topRight, bottomLeft, bottomRight } = r.position;
      const xs = [topLeft.x, topRight.x, bottomLeft.x, bottomRight.x];
      const ys = [topLeft.y, topRight.y, bottomLeft.y, bottomRight.y];
      return { format: r.format, text: r.text, left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys), orientation: ((r.orientation % 360) + 360) % 360 };
    });
}
