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
    for (const page of document.pages()) {
      if (only !== undefined && !only.includes(page.number)) continue;
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
