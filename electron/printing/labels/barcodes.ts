/**
 * Barcodes found on a label's image, with ZXing-C++ compiled to WebAssembly (zxing-wasm): the
 * reader behind most phone and desk scanners' software, with no native build. The finder uses what
 * it reads to tell a label from the instructions around it, to see which page or half of a sheet is
 * a copy of another, and which way a turned label reads.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as ZxingReader from 'zxing-wasm/reader';
import type { ReadInputBarcodeFormat, ReaderOptions, ZXingReaderModule, ZXingReaderOptions } from 'zxing-wasm/reader';
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
/** The linear ones among them: read a row at a time, far quicker to look for than the 2D symbols. */
export const LINEAR_SYMBOLOGIES: readonly ReadInputBarcodeFormat[] = ['Code128', 'Code39', 'ITF'];

/** The module as Emscripten builds it: its heap and allocator beside the reader's functions (their types are not installed). */
type ReaderModule = ZXingReaderModule & { readonly HEAPU8: Uint8Array; _malloc(bytes: number): number; _free(at: number): void };

/** The reader's bindings (its option names and defaults) and its WebAssembly module. */
interface Reader {
  readonly bindings: typeof ZxingReader;
  readonly module: ReaderModule;
}

/** Loaded once per process, at the first image or sheet, never at start; a failed load is tried again. */
let reader: Promise<Reader> | undefined;

async function load(): Promise<Reader> {
  const bindings = await import('zxing-wasm/reader');
  // Read from disk by path (inside the app archive too), never from the CDN the module defaults to.
  const wasm = await readFile(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  const module = await bindings.prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
  return { bindings, module: module as ReaderModule };
}

function zxing(): Promise<Reader> {
  reader ??= load().catch((error: unknown) => {
    reader = undefined;
    throw error;
  });
  return reader;
}

/** The options as the module takes them: the formats' names joined, each other choice as its index in the bindings' list of them. */
function moduleOptions(bindings: typeof ZxingReader, options: ReaderOptions): ZXingReaderOptions {
  const all = { ...bindings.defaultReaderOptions, ...options };
  return {
    ...all,
    formats: bindings.encodeFormats(all.formats),
    binarizer: bindings.BINARIZERS.indexOf(all.binarizer),
    eanAddOnSymbol: bindings.EAN_ADD_ON_SYMBOLS.indexOf(all.eanAddOnSymbol),
    textMode: bindings.TEXT_MODES.indexOf(all.textMode),
    characterSet: bindings.CHARACTER_SETS.indexOf(all.characterSet),
  };
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
  const { bindings, module } = await zxing();
  const effort = options.effort ?? 'quick';
  const readerOptions = moduleOptions(bindings, {
    formats: [...(options.formats ?? LABEL_SYMBOLOGIES)],
    tryHarder: effort !== 'quick',
    // Labels are dark on light, and drawn at a resolution where no symbol needs a smaller copy of the image to be found: both only cost time unless nothing else read.
    tryInvert: effort === 'thorough',
    tryDownscale: effort === 'thorough',
    maxNumberOfSymbols: 64,
  });
  // The grey pixels as they are, a byte each, as the module reads them. (The bindings' readBarcodes
  // takes RGBA and turns it back into grey: two passes over a sheet's millions of pixels for nothing.)
  const at = module._malloc(image.pixels.byteLength);
  if (at === 0) throw new Error(`no room for a ${String(image.width)}x${String(image.height)} image in the barcode reader's memory`);
  const results: ZxingReader.ZXingReadResult[] = [];
  try {
    module.HEAPU8.set(image.pixels, at);
    const found = module.readBarcodesFromPixmap(at, image.width, image.height, readerOptions);
    for (let i = 0; i < found.size(); i += 1) {
      const result = found.get(i);
      if (result !== undefined) results.push(result);
    }
  } finally {
    module._free(at);
  }
  return results
    .filter((r) => r.isValid)
    .map((r) => {
      const { topLeft, topRight, bottomLeft, bottomRight } = r.position;
      const xs = [topLeft.x, topRight.x, bottomLeft.x, bottomRight.x];
      const ys = [topLeft.y, topRight.y, bottomLeft.y, bottomRight.y];
      return { format: r.format, text: r.text, left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys), orientation: ((r.rotation % 360) + 360) % 360 };
    });
}
