/**
 * The label finder on sheets it has never seen: seeded random Letter and A4 pages, portrait or
 * landscape, each with one 4x6 label (the sandbox's own, or a real carrier's read from the shared
 * fixtures) at a corner with a margin, turned or not, and instructions beside it, below it or both
 * (a heading, numbered steps, a paragraph, sometimes a cut line or a boxed receipt, sometimes turned
 * with the layout). Through the station's own printing code, for a 203 dpi printer with 4x6 loaded:
 *
 * - whatever is printed holds all of the label's ink: never a crop through the label;
 * - instructions at least 0.7 in from the label (further than the white carriers leave between a
 *   label's own parts; a cut line may run as near as a quarter inch): the label is found, the crop
 *   holds none of the instructions nor the cut line, it prints at 100% on 4x6, and the note says
 *   it was found on the sheet;
 * - instructions nearer than that may be taken for a part of the label: then the label is found
 *   with them (printed larger than 4x6 says its scale or its stock) or the whole sheet prints and
 *   the note says why;
 * - every barcode that reads on the label alone reads again off the printed page (poppler at
 *   203 dpi, no anti-aliasing, thresholded) whenever the label prints at 95% or more.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_LANGUAGE } from '../../../electron/api/printing';
import { buildJob, planDocument, type JobTarget } from '../../../electron/printing/labels/job';
import { MEDIA } from '../../../electron/printing/media';
import { renderLabel } from '../../../electron/sandbox/documents';
import { barcodeTexts, popplerPages } from '../../support/barcodeReading';
import { carrierLabelsDir } from '../../support/carrierFixtures';
import { cutLineGap, generateSheet, holds, inkGap, overlaps, sheetPlans, type Box, type LabelSource } from '../../support/generatedSheets';
import { SAN_FRANCISCO } from '../../support/shipments';

/** Instructions this far from the label's ink are apart from it, to a person and to the finder. */
const CLEARLY_APART_IN = 0.7;
/** A cut line this far from the label's ink is a line of its own; nearer, it is taken for a part of the label. */
const CUT_LINE_APART_IN = 0.25;
/** Drawing and reading a few dozen sheets twice on a busy two-core machine: generous, not a timing. */
const TIMEOUT_MS = 10 * 60_000;
const SHEETS = Number(process.env.GENERATED_SHEETS ?? 40);
const SEED = Number(process.env.GENERATED_SHEETS_SEED ?? 20_260_522);

const printer: JobTarget = { printer: 'label4x6', media: MEDIA['4x6'], longer: MEDIA['4x8'], language: DEFAULT_PRINTER_LANGUAGE };

/** Where a page's ink is, from poppler at 72 dpi, in points from its lower-left corner. */
async function inkOf(pdf: Uint8Array): Promise<Box> {
  const [page] = await popplerPages(pdf, 72);
  if (page === undefined) throw new Error('the label has no page');
  let [left, top, right, bottom] = [page.width, page.height, -1, -1];
  for (let y = 0; y < page.height; y += 1) {
    for (let x = 0; x < page.width; x += 1) {
      if ((page.pixels[y * page.width + x] ?? 255) >= 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return { left, right, bottom: page.height - bottom, top: page.height - top };
}

async function sandboxLabel(trackingNumber: string, carrierName: string, serviceName: string): Promise<Uint8Array> {
  return renderLabel({
    shipFrom: { companyName: 'Packbench Test Warehouse', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60607', country: 'US' },
    shipTo: SAN_FRANCISCO,
    carrierName,
    serviceName,
    trackingNumber,
    weight: 3.2,
    unitOfWeight: 'LB',
    packageIndex: 1,
    packageCount: 1,
    shipDate: new Date('2026-05-20T15:00:00Z'),
    references: { orderNumber: 'SO-4471' },
  });
}

interface Source extends LabelSource {
  readonly barcodes: Set<string>;
}

const sources: Source[] = [];

beforeAll(async () => {
  const dir = carrierLabelsDir();
  const pdfs: [string, Uint8Array][] = [
    ['sandbox UPS', await sandboxLabel('1Z999AA10123456784', 'UPS', 'UPS Ground')],
    ['sandbox USPS', await sandboxLabel('9400111899223100000000', 'USPS', 'USPS Ground Advantage')],
    ...(await Promise.all(['fedex-4x6-single.pdf', 'usps-4x6-ground-advantage.pdf', 'landmark-4x6.pdf'].map(async (name): Promise<[string, Uint8Array]> => [name, new Uint8Array(await readFile(join(dir, name)))]))),
  ];
  for (const [name, pdf] of pdfs) sources.push({ name, pdf, ink: await inkOf(pdf), barcodes: await barcodeTexts(await popplerPages(pdf, 203)) });
}, TIMEOUT_MS);

describe('labels found on generated sheets', () => {
  it('every label source has barcodes that read on its own', () => {
    for (const source of sources) expect(source.barcodes.size, source.name).toBeGreaterThan(0);
  });

  it(
    `${String(SHEETS)} seeded sheets: never a crop through the label; apart from its instructions, it is cut out alone at 100% and its barcodes read`,
    async () => {
      let seed = 0;
      let apart = 0;
      await fc.assert(
        fc.asyncProperty(sheetPlans(sources.length), async (plan) => {
          seed += 1;
          const sheet = await generateSheet(plan, sources, seed);
          const source = sources[plan.label] ?? expect.unreachable();
          const planned = await planDocument(sheet.pdf, 'Label 1', printer);
          expect(planned).toHaveLength(1);
          const [label] = planned;
          if (label === undefined || label.label.art.kind !== 'page') return expect.unreachable();
          const notes = label.notes.join(' / ');
          const what = `${source.name}, instructions ${inkGap(sheet).toFixed(2)} in away: ${JSON.stringify(plan)} / ${notes}`;
          const crop = label.label.art.box;
          expect(holds(crop, sheet.labelInk, 1.5), `the crop ${JSON.stringify(crop)} misses some of the label's ink ${JSON.stringify(sheet.labelInk)}: ${what}`).toBe(true);
          const found = /label found on the .* sheet/.test(notes);
          if (inkGap(sheet) >= CLEARLY_APART_IN && cutLineGap(sheet) >= CUT_LINE_APART_IN) {
            apart += 1;
            expect(found, what).toBe(true);
            expect([...sheet.text, ...(sheet.cutLine === undefined ? [] : [sheet.cutLine])].filter((line) => overlaps(crop, line)), `the crop ${JSON.stringify(crop)} holds instructions: ${what}`).toEqual([]);
            expect(label.place.scale, what).toBeGreaterThanOrEqual(0.999);
          } else if (!found) {
            expect(notes, what).toMatch(/could not be told apart on the .* sheet \(.+\): the whole sheet prints/);
          } else if (label.place.scale < 0.999 || label.media !== MEDIA['4x6']) {
            expect(notes, what).toMatch(/printed at \d+%|longer 4x8 stock/);
          }
          // A sheet printed whole, or a label shrunk with what stood near it, is said: its barcodes may not read at that size.
          if (label.place.scale < 0.95) return;
          const printed = await barcodeTexts(await popplerPages((await buildJob(planned, printer, 1)).data, 203));
          expect([...source.barcodes].filter((code) => !printed.has(code)), what).toEqual([]);
        }),
        { numRuns: SHEETS, seed: SEED, endOnFailure: true },
      );
      // Most sheets keep their instructions clearly apart: the strict case is the one mostly checked.
      expect(apart).toBeGreaterThanOrEqual(SHEETS / 3);
    },
    TIMEOUT_MS,
  );
});
