/**
 * Real tools for checking rendered documents: poppler's pdftotext and pdftoppm read the
 * PDF as a viewer or printer would, and ZXing reads the barcode off the rasterized page.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BarcodeFormat, BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';

const run = promisify(execFile);

async function withPdfFile<T>(pdf: Uint8Array, use: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-doc-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The document's text in reading order, as pdftotext extracts it. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (path) => (await run('/usr/bin/pdftotext', ['-layout', path, '-'])).stdout);
}

export interface WordBox {
  readonly page: number;
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

export interface PageBox {
  readonly width: number;
  readonly height: number;
}

/** Every word with its bounding box in points (pdftotext -bbox), and each page's size. */
export async function pdfWords(pdf: Uint8Array): Promise<{ pages: PageBox[]; words: WordBox[] }> {
  const html = await withPdfFile(pdf, async (path) => (await run('/usr/bin/pdftotext', ['-bbox', path, '-'])).stdout);
  const pages: PageBox[] = [];
  const words: WordBox[] = [];
  const token = /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g;
  for (const match of html.matchAll(token)) {
    if (match[1] !== undefined) {
      pages.push({ width: Number(match[1]), height: Number(match[2]) });
    } else {
      words.push({ page: pages.length, text: match[7] ?? '', xMin: Number(match[3]), yMin: Number(match[4]), xMax: Number(match[5]), yMax: Number(match[6]) });
    }
  }
  return { pages, words };
}

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** One byte of luminance per pixel, row by row. */
  readonly luminance: Uint8ClampedArray;
}

/** The first page rendered as a printer at `dpi` would, in grey levels. */
export async function rasterize(pdf: Uint8Array, dpi: number): Promise<Raster> {
  return withPdfFile(pdf, async (path, dir) => {
    const prefix = join(dir, 'page');
    await run('/usr/bin/pdftoppm', ['-r', String(dpi), '-png', '-singlefile', '-f', '1', '-l', '1', path, prefix]);
    const png = PNG.sync.read(await readFile(`${prefix}.png`));
    const luminance = new Uint8ClampedArray(png.width * png.height);
    for (let pixel = 0; pixel < luminance.length; pixel += 1) {
      const offset = pixel * 4;
      luminance[pixel] = ((png.data[offset] ?? 0) * 299 + (png.data[offset + 1] ?? 0) * 587 + (png.data[offset + 2] ?? 0) * 114) / 1000;
    }
    return { width: png.width, height: png.height, luminance };
  });
}

/** Reads the Code 128 symbol on the page, as a scanner pointed at the whole label would. */
export function decodeCode128(raster: Raster): string {
  const source = new RGBLuminanceSource(raster.luminance, raster.width, raster.height);
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.TRY_HARDER, true],
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  ]);
  return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}
