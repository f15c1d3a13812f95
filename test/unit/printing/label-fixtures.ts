import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LabelSpec {
  readonly width: number;
  readonly height: number;
  readonly text: string;
  readonly rotate?: number;
  /** A filled square near the corner that is top-left as shown, to see where a page ends up. */
  readonly marker?: boolean;
}

const MARKER = 60;
const INSET = 20;

/** The raw corner that a clockwise /Rotate turns into the top-left corner as shown. */
function shownTopLeft(spec: LabelSpec): { x: number; y: number } {
  const far = { x: spec.width - INSET - MARKER, y: spec.height - INSET - MARKER };
  switch ((((spec.rotate ?? 0) % 360) + 360) % 360) {
    case 0:
      return { x: INSET, y: far.y };
    case 90:
      return { x: INSET, y: INSET };
    case 180:
      return { x: far.x, y: INSET };
    default:
      return { x: far.x, y: far.y };
  }
}

/** A label PDF with one page per spec, each carrying its text (a tracking number) and a border. */
export async function makeLabels(specs: readonly LabelSpec[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of specs) {
    const page = doc.addPage([spec.width, spec.height]);
    page.drawRectangle({ x: 4, y: 4, width: spec.width - 8, height: spec.height - 8, borderColor: rgb(0, 0, 0), borderWidth: 2 });
    page.drawText(spec.text, { x: 16, y: spec.height / 2, size: 12, font });
    if (spec.marker === true) page.drawRectangle({ ...shownTopLeft(spec), width: MARKER, height: MARKER, color: rgb(0, 0, 0) });
    if (spec.rotate !== undefined) page.setRotation(degrees(spec.rotate));
  }
  return doc.save();
}

export const makeLabel = (spec: LabelSpec): Promise<Uint8Array> => makeLabels([spec]);

/** A structurally valid PDF whose page tree is empty. */
export async function makeEmptyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.removePage(0);
  return doc.save({ addDefaultPage: false });
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** Poppler's reading of a PDF: each page's size in points and its text, read page by page. */
export async function popplerRead(bytes: Uint8Array): Promise<{ sizes: { width: number; height: number }[]; texts: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-fit-'));
  try {
    const file = join(dir, 'job.pdf');
    await writeFile(file, bytes);
    const count = Number(/^Pages:\s+(\d+)/m.exec((await run('/usr/bin/pdfinfo', [file])).stdout)?.[1]);
    const info = (await run('/usr/bin/pdfinfo', ['-f', '1', '-l', String(count), file])).stdout;
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
      width: Number(m[1]),
      height: Number(m[2]),
    }));
    const texts: string[] = [];
    for (let page = 1; page <= count; page += 1) {
      const { stdout } = await run('/usr/bin/pdftotext', ['-f', String(page), '-l', String(page), file, '-']);
      texts.push(stdout);
    }
    return { sizes, texts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A page rendered by poppler as 8-bit grey pixels, at 36 dpi (half a pixel per point). */
export interface Render {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

export async function popplerRender(bytes: Uint8Array, page: number): Promise<Render> {
  const dir = await mkdtemp(join(tmpdir(), 'packbench-render-'));
  try {
    const file = join(dir, 'job.pdf');
    await writeFile(file, bytes);
    const prefix = join(dir, 'page');
    await run('/usr/bin/pdftoppm', ['-r', '36', '-gray', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
    const pgm = await readFile(`${prefix}.pgm`);
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (header === null) throw new Error('pdftoppm wrote an unexpected image');
    const [whole, width, height] = header;
    return { width: Number(width), height: Number(height), pixels: new Uint8Array(pgm.subarray(whole.length)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The quarter of the page holding the most dark pixels: where the marker square landed. */
export function darkestQuarter(render: Render): 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' {
  const counts = { 'top-left': 0, 'top-right': 0, 'bottom-left': 0, 'bottom-right': 0 };
  for (let row = 0; row < render.height; row += 1) {
    for (let col = 0; col < render.width; col += 1) {
      if ((render.pixels[row * render.width + col] ?? 255) >= 128) continue;
      const key = `${row < render.height / 2 ? 'top' : 'bottom'}-${col < render.width / 2 ? 'left' : 'right'}` as const;
      counts[key] += 1;
    }
  }
  const ranked = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return (ranked[0]?.[0] ?? 'top-left') as keyof typeof counts;
}
