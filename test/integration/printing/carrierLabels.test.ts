/**
 * Every real carrier label in the shared fixtures folder (read there at run time, never copied
 * into the repository), through the station's own printing code, for a 203 dpi printer with 4x6
 * stock loaded and 4x8 declared as its longer stock:
 *
 * - each label prints at 95% of its true size or more, on 4x8 only when it is longer than 6 in;
 *   a label wider than 4 in prints at the largest scale that fits, and its notes say so;
 * - every barcode that reads in the original (drawn at 203 dpi, black and white) reads again off
 *   the PDF the station makes (drawn by poppler at 203 dpi, no anti-aliasing, no dithering) and off
 *   the ZPL it makes (drawn back by zebrash, a ZPL renderer independent of the station's encoder);
 * - sheets: the archive copy and the second copy are left out, the label is cut out and turned;
 * - an image printed scaled, or for a ZPL printer of another resolution, is resampled to the dots
 *   it covers (where PDFium puts it on a composed page; at its true size at 300 dpi).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_LANGUAGE } from '../../../electron/api/printing';
import { buildJob, planDocument, type JobTarget, type PlannedLabel } from '../../../electron/printing/labels/job';
import { composePdf, pageAsStock } from '../../../electron/printing/labels/compose';
import { pdfToZpl } from '../../../electron/printing/zpl/zpl';
import { decodeImage, inkBounds } from '../../../electron/printing/labels/raster';
import { sniffFormat } from '../../../electron/printing/document';
import { MEDIA } from '../../../electron/printing/media';
import { barcodeTexts, popplerPages, zebrashLabels } from '../../support/barcodeReading';
import { decodeZplJob, inkOf } from '../../support/zplDecoder';
import { carrierLabelFiles, carrierLabelsDir } from '../../support/carrierFixtures';

/** Rendering and reading two dozen labels three ways on a busy two-core machine: generous, not a timing. */
const TIMEOUT_MS = 5 * 60_000;

const DIR = carrierLabelsDir();
const FILES = carrierLabelFiles(DIR);

/** Labels printed from the files that hold more or fewer than one. */
const LABEL_COUNT: Readonly<Record<string, number>> = { 'fedex-4x6-3pages.pdf': 3 };

const pdfPrinter: JobTarget = { printer: 'label4x6', media: MEDIA['4x6'], longer: MEDIA['4x8'], language: DEFAULT_PRINTER_LANGUAGE };
const zplPrinter: JobTarget = { ...pdfPrinter, printer: 'zebra', language: { ...DEFAULT_PRINTER_LANGUAGE, language: 'ZPL' } };

/** The barcodes that read in the file as the carrier made it, at 203 dpi. */
async function originalBarcodes(bytes: Uint8Array): Promise<Set<string>> {
  const format = sniffFormat(bytes);
  if (format === 'pdf') return barcodeTexts(await popplerPages(bytes, 203));
  if (format === 'zpl') return barcodeTexts(await zebrashLabels(Buffer.from(bytes).toString('latin1'), 203));
  if (format === 'png' || format === 'gif' || format === 'jpeg') {
    const { image } = decodeImage(bytes, format);
    return barcodeTexts([{ ...image, pixels: image.pixels.map((v) => (v < 128 ? 0 : 255)) }]);
  }
  throw new Error(`unexpected fixture format ${format}`);
}

const missing = (original: Set<string>, printed: Set<string>): string[] => [...original].filter((code) => !printed.has(code));

interface Result {
  readonly original: Set<string>;
  readonly planned: PlannedLabel[];
  readonly pdf: Uint8Array;
  readonly zplPlanned: PlannedLabel[];
  readonly zpl: string;
}

const results = new Map<string, Result>();

beforeAll(async () => {
  for (const name of FILES) {
    const bytes = new Uint8Array(await readFile(join(DIR, name)));
    const planned = await planDocument(bytes, name, pdfPrinter);
    const zplPlanned = await planDocument(bytes, name, zplPrinter);
    const pdf = (await buildJob(planned, pdfPrinter, 1)).data;
    const zpl = Buffer.from((await buildJob(zplPlanned, zplPrinter, 1)).data).toString('latin1');
    results.set(name, { original: await originalBarcodes(bytes), planned, pdf, zplPlanned, zpl });
  }
}, TIMEOUT_MS);

describe('carrier labels on a 203 dpi printer with 4x6 stock and 4x8 declared', () => {
  it('finds all 25 files, and their barcodes read in the originals (but where a stamp crosses them)', () => {
    expect(FILES).toHaveLength(25);
    // The DPD "DEMO" stamp and the Posten "TEST" mark cross their barcodes: nothing reads them, even in the original.
    const unreadable = FILES.filter((name) => (results.get(name)?.original.size ?? 0) === 0);
    expect(unreadable).toEqual(['dpd-a6.pdf', 'zebrash-posten.zpl']);
    expect(FILES.reduce((n, name) => n + (results.get(name)?.original.size ?? 0), 0)).toBeGreaterThanOrEqual(40);
  });

  it.each(FILES)('%s: full size, or the largest that fits and said; 4x8 only for a long label', (name) => {
    const { planned } = results.get(name) ?? expect.unreachable();
    expect(planned).toHaveLength(LABEL_COUNT[name] ?? 1);
    for (const label of planned) {
      const turned = label.place.rotate === 90;
      const across = turned ? label.label.size.height : label.label.size.width;
      const along = turned ? label.label.size.width : label.label.size.height;
      if (label.place.scale < 0.95) {
        // Only a label wider than the stock may print smaller, and then at the largest scale that fits, said.
        expect(across, `${name} is shrunk to ${String(label.place.scale)}`).toBeGreaterThan(MEDIA['4x6'].width * 1.05);
        expect(label.place.scale).toBeCloseTo(label.media.width / across, 3);
        expect(label.notes.join(' ')).toMatch(/wider than the 4\.0 in stock: printed at \d+%, the largest that fits/);
      }
      if (label.media === MEDIA['4x8']) expect(along, `${name} went on 4x8`).toBeGreaterThan(MEDIA['4x6'].height + 0.5);
      if (label.place.scale < 0.999) expect(label.notes.some((note) => /printed at \d+%/.test(note))).toBe(true);
    }
  });

  it.each(FILES)('%s: every barcode of the original reads off the fitted PDF at 203 dpi', async (name) => {
    const { original, pdf } = results.get(name) ?? expect.unreachable();
    const printed = await barcodeTexts(await popplerPages(pdf, 203));
    expect(missing(original, printed), `read in the original: ${[...original].join(', ')}`).toEqual([]);
  }, TIMEOUT_MS);

  it.each(FILES)('%s: every barcode of the original reads off the ZPL drawn back by zebrash', async (name) => {
    const { original, zpl, zplPlanned } = results.get(name) ?? expect.unreachable();
    const longest = Math.max(...zplPlanned.map((p) => p.media.height)) / 72;
    // Drawn on the stock the job goes on, no longer: what lies past it would not print.
    const printed = await barcodeTexts(await zebrashLabels(zpl, 203, 4, longest));
    expect(missing(original, printed), `read in the original: ${[...original].join(', ')}`).toEqual([]);
  }, TIMEOUT_MS);

  it('a PDF page that is already 4x6 is drawn for the ZPL printer as it came, dot for dot what composing its page first gives', async () => {
    const asIs = FILES.filter((name) => (results.get(name)?.zplPlanned ?? []).some((p) => pageAsStock(p, 203) !== undefined));
    expect(asIs.sort()).toEqual(['fedex-4x6-3pages.pdf', 'fedex-4x6-single.pdf', 'landmark-4x6.pdf', 'usps-4x6-ground-advantage.pdf']);
    // Not the page 2 pt short of 4x6 each way (centred on the stock), nor an A6 page (cropped to its ink).
    for (const name of ['smartkargo-284x428pt.pdf', 'dpd-a6.pdf']) expect(results.get(name)?.zplPlanned.map((p) => pageAsStock(p, 203)), name).toEqual([undefined]);
    for (const name of asIs) {
      const { zpl, zplPlanned } = results.get(name) ?? expect.unreachable();
      const composed = await Promise.all(zplPlanned.map(async (p) => (await pdfToZpl(await composePdf([p]), zplPrinter.language)).trim()));
      expect(zpl, name).toBe(`${composed.join('\n')}\n`);
    }
  }, TIMEOUT_MS);

  it('carrier ZPL reaches a ZPL printer as it came', async () => {
    for (const name of FILES.filter((n) => n.endsWith('.zpl'))) {
      const original = await readFile(join(DIR, name), 'latin1');
      const { zpl } = results.get(name) ?? expect.unreachable();
      // Every label program of the file, in order, unchanged (a label that only sets printer state
      // travels with the next), but that a label saying no width or no length is told its stock's
      // after its own ^XA: 4 in (812 dots) across, and 8 in (1624 dots) long for DHL Paket's, on
      // the longer stock, 6 in (1218) for the others.
      const sent = (original.match(/\^XA[\s\S]*?\^XZ/g) ?? []).join('').replace(/\s+/g, '');
      const unsaid = `${/\^PW/.test(sent) ? '' : '^PW812'}${/\^LL/.test(sent) ? '' : `^LL${name === 'zebrash-dhlpaket.zpl' ? '1624' : '1218'}`}`;
      const told = sent.replace(/\^XA(?![\s\S]*\^XA)/, `^XA${unsaid}`);
      expect(zpl.replace(/\s+/g, ''), name).toBe(told);
    }
    // On the longer stock: Posten (^LL1520, 7.5 in) and DHL Paket (no ^LL, fields down to 7.6 in).
    const onLonger = FILES.filter((name) => name.endsWith('.zpl') && (results.get(name)?.zplPlanned ?? []).some((p) => p.media === MEDIA['4x8']));
    expect(onLonger.sort()).toEqual(['zebrash-dhlpaket.zpl', 'zebrash-posten.zpl']);
  });

  it('sheets: the label is cut out whole and alone, turned; copies and the archive page are left out, and said', () => {
    const notes = (name: string): string => (results.get(name)?.planned ?? []).flatMap((p) => p.notes).join(' / ');
    expect(notes('dhl-express-on-a4-landscape-2pages.pdf')).toMatch(/label found on the 11\.7 x 8\.3 in sheet.*page 2 repeats this label's barcodes/);
    expect(notes('postat-2up-on-a4-landscape.pdf')).toMatch(/1 more copy of it on the sheet not printed/);
    expect(notes('usps-intl-on-letter-landscape.pdf')).toMatch(/label found on the 11\.0 x 8\.5 in sheet by its drawn frame: 4\.0 x 6\.0 in/);
    expect(notes('usps-return-on-letter-top-half.pdf')).toMatch(/label found on the 8\.5 x 11\.0 in sheet by its drawn frame: 6\.0 x 4\.0 in, turned upright|4\.0 x 6\.0 in, turned upright/);
    // The label's ink as the fixtures' README measures it, upright, in mm: the whole label and nothing beside it.
    const INK_MM: Readonly<Record<string, readonly [number, number]>> = {
      'dhl-express-on-a4-landscape-2pages.pdf': [92, 172],
      'dhl-paket-on-a4-landscape.pdf': [100, 193],
      'postat-2up-on-a4-landscape.pdf': [97, 180],
      'usps-intl-on-letter-landscape.pdf': [101.6, 152.4],
      'usps-return-on-letter-top-half.pdf': [101.6, 152.4],
    };
    const mm = (points: number): number => (points / 72) * 25.4;
    for (const [name, [width, height]] of Object.entries(INK_MM)) {
      const [label] = results.get(name)?.planned ?? [];
      expect(label?.label.croppedFrom, name).toBeDefined();
      expect(label?.place.scale, name).toBeGreaterThanOrEqual(0.95);
      expect(mm(label?.label.size.width ?? 0), name).toBeGreaterThan(width - 4);
      expect(mm(label?.label.size.width ?? 0), name).toBeLessThan(width + 4);
      expect(mm(label?.label.size.height ?? 0), name).toBeGreaterThan(height - 4);
      expect(mm(label?.label.size.height ?? 0), name).toBeLessThan(height + 4);
    }
  });

  it('images print one image dot per printer dot, turned upright', () => {
    for (const name of ['ups-gif-1400x800.gif', 'ups-png-1400x800.png']) {
      const [label] = results.get(name)?.planned ?? [];
      expect(label?.place.scale, name).toBe(1);
      expect(label?.label.art.kind).toBe('bitmap');
      if (label?.label.art.kind === 'bitmap') expect(label.label.art.image.width).toBe(800);
      expect(label?.notes.join(' ')).toMatch(/turned upright/);
    }
  });

  it('an image wider than the stock goes to the ZPL printer resampled to the dots its composed page covers', async () => {
    const { zpl, zplPlanned } = results.get('fedex-png-1400x950.png') ?? expect.unreachable();
    const [label] = zplPlanned;
    expect(label?.place.scale).toBeLessThan(0.9);
    const [resampled] = decodeZplJob(zpl);
    const [composed] = decodeZplJob(await pdfToZpl(await composePdf(zplPlanned), zplPrinter.language));
    if (resampled === undefined || composed === undefined) return expect.unreachable();
    const [ours, page] = [inkOf(resampled), inkOf(composed)];
    // Where PDFium draws the image on the composed page, within a dot, and as much ink within 1%.
    for (const [i, side] of ours.box.entries()) expect(Math.abs(side - (page.box[i] ?? Number.NaN)), `side ${String(i)}`).toBeLessThanOrEqual(1);
    expect(Math.abs(ours.dots - page.dots) / page.dots).toBeLessThan(0.01);
  }, TIMEOUT_MS);

  it('an image drawn for 203 dpi goes to a 300 dpi ZPL printer at its true size, resampled, and its barcodes read back', async () => {
    const printer300: JobTarget = { ...zplPrinter, language: { ...zplPrinter.language, dpi: 300 } };
    const bytes = new Uint8Array(await readFile(join(DIR, 'ups-gif-1400x800.gif')));
    const planned = await planDocument(bytes, 'ups-gif-1400x800.gif', printer300);
    const [label] = planned;
    expect(label?.place.scale).toBe(1);
    const job = Buffer.from((await buildJob(planned, printer300, 1)).data).toString('latin1');
    const [decoded] = decodeZplJob(job);
    if (decoded === undefined || label === undefined) return expect.unreachable();
    // The stock in 300 dpi dots, and the label's 800 x 1400 dots at 203 dpi as 300 dpi dots within one.
    expect([decoded.width, decoded.height]).toEqual([Math.round((label.media.width / 72) * 300), Math.round((label.media.height / 72) * 300)]);
    const [left, top, right, bottom] = inkOf(decoded).box;
    const art = label.label.art.kind === 'bitmap' ? label.label.art.image : expect.unreachable();
    const inkAt203 = inkBounds(art) ?? expect.unreachable();
    expect(Math.abs(right - left + 1 - ((inkAt203.right - inkAt203.left) * 300) / 203)).toBeLessThanOrEqual(2);
    expect(Math.abs(bottom - top + 1 - ((inkAt203.bottom - inkAt203.top) * 300) / 203)).toBeLessThanOrEqual(2);
    const { original } = results.get('ups-gif-1400x800.gif') ?? expect.unreachable();
    const printed = await barcodeTexts(await zebrashLabels(job, 300, 4, label.media.height / 72));
    expect(missing(original, printed)).toEqual([]);
  }, TIMEOUT_MS);
});
