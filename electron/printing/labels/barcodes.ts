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

function rgbaOf(image: GreyImage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i += 1) {
    const v = image.pixels[i] ?? 255;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

export interface ReadOptions {
  readonly formats?: readonly ReadInputBarcodeFormat[];
  /** Slower, finds more (small or damaged symbols). */
  readonly thorough?: boolean;
}

/** Every barcode that reads in the image. */
export async function readBarcodes(image: GreyImage, options: ReadOptions = {}): Promise<FoundBarcode[]> {
  const { readBarcodes: read } = await zxing();
  const results = await read(
    { data: rgbaOf(image), width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData,
    { formats: [...(options.formats ?? LABEL_SYMBOLOGIES)], tryHarder: options.thorough ?? false, maxNumberOfSymbols: 64 },
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
