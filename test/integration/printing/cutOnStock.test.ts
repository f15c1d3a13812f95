/**
 * A label cut out of its page (found on a sheet, or cropped to its ink) goes to a ZPL printer drawn
 * straight from its page onto the stock (cutOnStock, drawPagePlaced), where it used to be composed
 * onto a page of its own and that page drawn. The dots must be the ones the composed page gives:
 * the real carrier labels in the shared fixtures folder (read there at run time) and generated
 * sheets turned every way, at 203 dpi on 4x8, shrunk onto 4x6 when no longer stock is declared, and
 * at 300 dpi.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_LANGUAGE } from '../../../electron/api/printing';
import { composePdf, cutOnStock } from '../../../electron/printing/labels/compose';
import { planDocument, type JobTarget, type PlannedLabel } from '../../../electron/printing/labels/job';
import { MEDIA } from '../../../electron/printing/media';
import { threshold } from '../../../electron/printing/zpl/bitmap';
import { drawPagePlaced } from '../../../electron/printing/zpl/rasterize';
import { labelZpl, pdfToZpl } from '../../../electron/printing/zpl/zpl';
import { carrierLabelFiles, carrierLabelsDir } from '../../support/carrierFixtures';
import { generateSheet, sheetPlans, type LabelSource } from '../../support/generatedSheets';
import { decodeZplJob, inkOf, type DecodedLabel } from '../../support/zplDecoder';

/** Drawing a few dozen labels twice on a busy two-core machine: generous, not a timing. */
const TIMEOUT_MS = 5 * 60_000;
const DIR = carrierLabelsDir();

const zplPrinter = (dpi: 203 | 300, longer = true): JobTarget => ({
  printer: 'zebra',
  media: MEDIA['4x6'],
  ...(longer ? { longer: MEDIA['4x8'] } : {}),
  language: { ...DEFAULT_PRINTER_LANGUAGE, language: 'ZPL', dpi },
});

function differingDots(a: DecodedLabel, b: DecodedLabel): number {
  let differ = 0;
  for (let i = 0; i < a.bits.length; i += 1) {
    let bits = (a.bits[i] ?? 0) ^ (b.bits[i] ?? 0);
    for (; bits !== 0; bits &= bits - 1) differ += 1;
  }
  return differ;
}

/** The label both ways, as the ZPL printer gets it (read back by the test's own ZPL reader). */
async function bothWays(label: PlannedLabel, dpi: 203 | 300): Promise<{ straight: DecodedLabel; composed: DecodedLabel }> {
  const art = label.label.art;
  if (art.kind !== 'page') return expect.unreachable();
  const settings = { ...DEFAULT_PRINTER_LANGUAGE, language: 'ZPL' as const, dpi };
  const [straight] = decodeZplJob(labelZpl(threshold(await drawPagePlaced(art.pdf.bytes, art.pageIndex, cutOnStock(label, art, dpi))), settings));
  const [composed] = decodeZplJob(await pdfToZpl(await composePdf([label]), settings));
  if (straight === undefined || composed === undefined) return expect.unreachable();
  return { straight, composed };
}

/**
 * Where the ink is, within a dot each side, and as much of it within 2%. At 203 dpi also dot for
 * dot, but for 1% of the ink: the label's clip edge can fall a row apart. (At 300 dpi a carrier's
 * 203 dpi geometry lands on half dots, which PDFium rounds either way by a hair of arithmetic.)
 */
function expectSameDots(straight: DecodedLabel, composed: DecodedLabel, dpi: number, what: string): void {
  expect([straight.width, straight.height], what).toEqual([composed.width, composed.height]);
  const [ours, theirs] = [inkOf(straight), inkOf(composed)];
  expect(theirs.dots, `${what}: the composed page has ink`).toBeGreaterThan(0);
  for (const [i, side] of ours.box.entries()) expect(Math.abs(side - (theirs.box[i] ?? Number.NaN)), `${what}: side ${String(i)}`).toBeLessThanOrEqual(1);
  expect(Math.abs(ours.dots - theirs.dots) / theirs.dots, `${what}: ink`).toBeLessThan(0.02);
  if (dpi === 203) expect(differingDots(straight, composed) / theirs.dots, `${what}: dots that differ`).toBeLessThan(0.01);
}

const cutOut = (planned: readonly PlannedLabel[]): PlannedLabel[] => planned.filter((p) => p.label.art.kind === 'page' && p.label.croppedFrom !== undefined);

const PDF_FILES = carrierLabelFiles(DIR).filter((name) => name.endsWith('.pdf'));
const fixtures = new Map<string, Uint8Array>();

beforeAll(async () => {
  for (const name of PDF_FILES) fixtures.set(name, new Uint8Array(await readFile(join(DIR, name))));
}, TIMEOUT_MS);

describe('a label cut out of its page, drawn straight onto the ZPL printer’s stock', () => {
  it.each([
    ['203 dpi, 4x8 declared', 203, true],
    ['203 dpi, 4x6 only: long labels shrunk', 203, false],
    ['300 dpi, 4x8 declared', 300, true],
  ] as const)(
    'the carrier fixtures, %s: the dots of the composed page',
    async (_, dpi, longer) => {
      const printer = zplPrinter(dpi, longer);
      const drawn: string[] = [];
      let shrunk = 0;
      for (const [name, bytes] of fixtures) {
        for (const label of cutOut(await planDocument(bytes, name, printer))) {
          const { straight, composed } = await bothWays(label, dpi);
          expectSameDots(straight, composed, dpi, name);
          drawn.push(name);
          if (label.place.scale < 1) shrunk += 1;
        }
      }
      // The sheets, and the labels with blank margins cut to their ink.
      expect(drawn).toEqual(expect.arrayContaining(['dhl-paket-on-a4-landscape.pdf', 'dhl-express-on-a4-landscape-2pages.pdf', 'postat-2up-on-a4-landscape.pdf', 'usps-intl-on-letter-landscape.pdf', 'usps-return-on-letter-top-half.pdf', 'postat-a5.pdf']));
      if (!longer) expect(shrunk).toBeGreaterThanOrEqual(3);
    },
    TIMEOUT_MS,
  );

  it(
    'generated sheets, labels turned every way: the dots of the composed page at 203 dpi',
    async () => {
      const sources: LabelSource[] = [];
      for (const name of ['fedex-4x6-single.pdf', 'usps-4x6-ground-advantage.pdf', 'landmark-4x6.pdf']) {
        const pdf = fixtures.get(name) ?? expect.unreachable();
        // The generator only needs the ink box to place the label; these labels fill their 4x6 page.
        sources.push({ name, pdf, ink: { left: 0, bottom: 0, right: 288, top: 432 } });
      }
      const turns = new Set<number>();
      let seed = 0;
      for (const plan of fc.sample(sheetPlans(sources.length), { seed: 77, numRuns: 16 })) {
        seed += 1;
        const sheet = await generateSheet(plan, sources, seed);
        for (const label of cutOut(await planDocument(sheet.pdf, 'Label 1', zplPrinter(203)))) {
          const { straight, composed } = await bothWays(label, 203);
          expectSameDots(straight, composed, 203, `sheet ${String(seed)}`);
          if (label.label.art.kind === 'page') turns.add(label.label.art.upright);
        }
      }
      expect([...turns].sort((a, b) => a - b)).toEqual([0, 90, 180, 270]);
    },
    TIMEOUT_MS,
  );
});
