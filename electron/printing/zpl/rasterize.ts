/**
 * PDF pages to grey images at a printer's resolution, with PDFium compiled to WebAssembly: the
 * renderer Chrome uses, with no native build to break on a desk machine or in the installer.
 * Each page is drawn into a bitmap of exactly its size in dots (4x6 in at 203 dpi is 812 x 1218),
 * so the label's own geometry maps onto the print head one to one: no second scaling that would
 * widen some bars by a dot and not others.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFiumLibrary } from '@hyzyla/pdfium';
import type { GreyImage } from './bitmap';

/**
 * Loading the module and its WebAssembly costs from a tenth of a second to over a second on a busy
 * machine: once per process, at the first ZPL label, never at start (most desks never print ZPL).
 */
let library: Promise<PDFiumLibrary> | undefined;

async function load(): Promise<PDFiumLibrary> {
  const { PDFiumLibrary: Library } = await import('@hyzyla/pdfium');
  // The WebAssembly is read here by path, which Electron can read inside its app archive, rather
  // than left to the module to find by URL.
  const wasm = await readFile(createRequire(import.meta.url).resolve('@hyzyla/pdfium/pdfium.wasm'));
  return Library.init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
}

function pdfium(): Promise<PDFiumLibrary> {
  library ??= load().catch((error: unknown) => {
    library = undefined; // A failed load is tried again by the next label, not remembered.
    throw error;
  });
  return library;
}

/** Dots across a length in points at `dpi`: whole dots, as the head has them. */
export function dotsOf(points: number, dpi: number): number {
  return Math.round((points / 72) * dpi);
}

/** Every page of `pdf` (or those listed, 0-based), rendered in grey at `dpi`, as shown (its /Rotate applied). */
export async function rasterizePdf(pdf: Uint8Array, dpi: number, only?: readonly number[]): Promise<GreyImage[]> {
  const document = await (await pdfium()).loadDocument(pdf);
  try {
    const images: GreyImage[] = [];
    const count = document.getPageCount();
    // Only the pages asked for are loaded: loading one parses its content, and the library's page
    // iterator would load (and leave open) every page of the document.
    const wanted = only === undefined ? Array.from({ length: count }, (_, i) => i) : [...new Set(only)].filter((i) => i >= 0 && i < count).sort((a, b) => a - b);
    for (const index of wanted) {
      const page = document.getPage(index);
      const { originalWidth, originalHeight } = page.getOriginalSize();
      const width = dotsOf(originalWidth, dpi);
      const height = dotsOf(originalHeight, dpi);
      // width and height are taken in points times scale: scale 1 makes them the bitmap's size in dots.
      const rendered = await page.render({ scale: 1, width, height, colorSpace: 'Gray', render: 'bitmap' });
      if (rendered.width !== width || rendered.height !== height || rendered.data.length !== width * height) {
        throw new Error(`the page rendered at ${String(rendered.width)} x ${String(rendered.height)} dots instead of ${String(width)} x ${String(height)}`);
      }
      images.push({ width, height, pixels: rendered.data });
    }
    return images;
  } finally {
    document.destroy();
  }
}

/** An affine map as PDF writes one: (x, y) to (a·x + c·y + e, b·x + d·y + f). */
export type Matrix = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/** A page drawn onto a bitmap of its own size through a matrix, and only inside a box of it. */
export interface PagePlacement {
  /** The bitmap's size in dots. */
  readonly width: number;
  readonly height: number;
  /** From the page as shown (points from its top-left corner, y down, its /Rotate applied) to the bitmap's dots. */
  readonly matrix: Matrix;
  /** What of the bitmap is drawn on, in dots; the rest stays white. */
  readonly clip: { readonly left: number; readonly top: number; readonly right: number; readonly bottom: number };
}

/**
 * The calls of PDFium's own API used below, which the library wraps only as "draw the whole page".
 * Its documents and pages keep the module and their handles in fields its types call private.
 */
interface PdfiumModule {
  _FPDF_RenderPageBitmapWithMatrix(bitmap: number, page: number, matrix: number, clip: number, flags: number): void;
  _FPDFBitmap_CreateEx(width: number, height: number, format: number, buffer: number, stride: number): number;
  _FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, colour: number): void;
  _FPDFBitmap_Destroy(bitmap: number): void;
  _FPDF_ClosePage(page: number): void;
  readonly wasmExports: { malloc(size: number): number; free(pointer: number): void };
  readonly HEAPU8: Uint8Array;
  readonly HEAPF32: Float32Array;
}

/** fpdfview.h's FPDFBitmap_Gray, and its render flags: text smoothed as page.render does, in grey; annotations left out, as a composed page has none. */
const BITMAP_GREY = 1;
const LCD_TEXT = 0x02;
const GRAYSCALE = 0x08;

/**
 * One page of `pdf` drawn by PDFium through `placed.matrix` onto a white bitmap, only inside
 * `placed.clip`: a label cut out of a sheet drawn straight onto its stock at the printer's dots,
 * the dots the page composed around it would give, without writing that page and reading it back.
 */
export async function drawPagePlaced(pdf: Uint8Array, pageIndex: number, placed: PagePlacement): Promise<GreyImage> {
  const document = await (await pdfium()).loadDocument(pdf);
  const page = document.getPage(pageIndex) as unknown as { readonly module: PdfiumModule; readonly pageIdx: number };
  const { module, pageIdx: handle } = page;
  const { width, height } = placed;
  const pixels = module.wasmExports.malloc(width * height);
  // FS_MATRIX (six floats) and FS_RECTF (left, top, right, bottom).
  const numbers = module.wasmExports.malloc(10 * 4);
  let bitmap = 0;
  try {
    if (pixels === 0 || numbers === 0) throw new Error('PDFium has no memory for the label bitmap');
    const [a, b, c, d, e, f] = placed.matrix;
    const { left, top, right, bottom } = placed.clip;
    module.HEAPF32.set([a, b, c, d, e, f, left, top, right, bottom], numbers / 4);
    bitmap = module._FPDFBitmap_CreateEx(width, height, BITMAP_GREY, pixels, width);
    module._FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    module._FPDF_RenderPageBitmapWithMatrix(bitmap, handle, numbers, numbers + 6 * 4, LCD_TEXT | GRAYSCALE);
    return { width, height, pixels: module.HEAPU8.slice(pixels, pixels + width * height) };
  } finally {
    if (bitmap !== 0) module._FPDFBitmap_Destroy(bitmap);
    module._FPDF_ClosePage(handle);
    module.wasmExports.free(numbers);
    module.wasmExports.free(pixels);
    document.destroy();
  }
}
