/**
 * What a scanner reads off a label: pages rendered by poppler at a printer's resolution with no
 * anti-aliasing and a plain threshold (black or white dots, as a thermal head burns them: no
 * dithering), ZPL rendered by zebrash (zpl-renderer-js), and the barcodes on them read by ZXing-C++.
 * Poppler and zebrash are independent of the station's own drawing (PDFium, its ZPL encoder).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBarcodes, type FoundBarcode } from '../../electron/printing/labels/barcodes';
import { decodeImage } from '../../electron/printing/labels/raster';
import type { GreyImage } from '../../electron/printing/zpl/bitmap';

const run = promisify(execFile);

/** Every page of a PDF at `dpi`, black and white. */
export async function popplerPages(pdf: Uint8Array, dpi: number): Promise<GreyImage[]> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-scan-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const count = Number(/^Pages:\s+(\d+)/m.exec((await run('/usr/bin/pdfinfo', [file])).stdout)?.[1]);
    const pages: GreyImage[] = [];
    for (let page = 1; page <= count; page += 1) {
      const prefix = join(dir, `p${String(page)}`);
      await run('/usr/bin/pdftoppm', ['-r', String(dpi), '-gray', '-aa', 'no', '-aaVector', 'no', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
      const pgm = await readFile(`${prefix}.pgm`);
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'));
      if (header === null) throw new Error('pdftoppm wrote an unexpected image');
      const pixels = new Uint8Array(pgm.subarray(header[0].length)).map((v) => (v < 128 ? 0 : 255));
      pages.push({ width: Number(header[1]), height: Number(header[2]), pixels });
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each label of a ZPL job drawn by zebrash at `dpi` on stock of `widthIn` x `lengthIn`. */
export async function zebrashLabels(zpl: string, dpi: number, widthIn = 4, lengthIn = 8): Promise<GreyImage[]> {
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  const pngs = await api.zplToBase64MultipleAsync(zpl, widthIn * 25.4, lengthIn * 25.4, Math.round(dpi / 25.4));
  return pngs.map((png) => decodeImage(new Uint8Array(Buffer.from(png, 'base64')), 'png').image);
}

/** What the barcodes say, as `format:text`, read thoroughly (a scanner gets several tries). */
export async function barcodeTexts(images: readonly GreyImage[]): Promise<Set<string>> {
  const found: FoundBarcode[] = [];
  for (const image of images) found.push(...(await readBarcodes(image, { effort: 'thorough' })));
  return new Set(found.map((b) => `${b.format}:${b.text}`));
}
