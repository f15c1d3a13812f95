/**
 * How far down the station counts a barcode field of carrier ZPL that says no length, checked
 * against an independent ZPL renderer (zebrash, drawn at 203 dpi): never short of the ink it draws,
 * so a label is never put on stock too short for it, and at most a tenth of an inch over, the slack
 * the station allows past 6 in before it takes a label as longer. The fields are sized by their
 * parameters where the renderer and Zebra's guide agree on them: a QR code's magnification, a Data
 * Matrix's module, a PDF417's row height and columns, an Aztec code's magnification.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inkBounds } from '../../../electron/printing/labels/raster';
import { fieldsReach } from '../../../electron/printing/zpl/carrier';
import { zebrashLabels } from '../../support/barcodeReading';

const TOP = 100;
/** The slack past the stock's end before a label is taken as longer: a tenth of an inch at 203 dpi. */
const OVER_AT_MOST = 20;
/** Drawing a few dozen small labels on a busy two-core machine: generous, not a timing. */
const TIMEOUT_MS = 2 * 60_000;

async function inkBottom(field: string): Promise<number> {
  const [image] = await zebrashLabels(`^XA^PW812^LL812${field}^XZ`, 203, 4, 4);
  const ink = image === undefined ? undefined : inkBounds(image);
  if (ink === undefined) throw new Error(`zebrash drew nothing for ${field}`);
  return ink.bottom;
}

async function expectCounted(field: string): Promise<void> {
  const bottom = await inkBottom(field);
  const counted = fieldsReach(`^XA${field}^XZ`);
  expect(counted, `${field}: counted to ${String(counted)}, drawn to ${String(bottom)}`).toBeGreaterThanOrEqual(bottom);
  expect(counted - bottom, `${field}: counted to ${String(counted)}, drawn to ${String(bottom)}`).toBeLessThanOrEqual(OVER_AT_MOST);
}

const text = (min: number, max: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^[a-z0-9 ./-]{${String(min)},${String(max)}}$`));

describe('a barcode field of carrier ZPL, counted as the renderer draws it', () => {
  it('the carriers\' own fields: UPS\'s MaxiCode, FedEx\'s PDF417, USPS\'s Data Matrix, a tracking number in Code 128 with its line', async () => {
    await expectCounted(`^FO20,${String(TOP)}^CVY^BD3^FH_^FD4030405000  [)>_1E01_1D961Z08720000_1DUPSN_1D680RA4_1D051_1D_1D1/1_1D1_1DN_1D_1DHALLEIN_1D_1E_04^FS`);
    await expectCounted(`^FO21,${String(TOP)}^BY2,2^B7N,10,5,14^FD[)>01021234584002202794871712345678901234FDEB^FS`);
    await expectCounted(`^FO27,${String(TOP)}^BXN,4,200,20,20,6,_^FD_142098028_19205590303196500000000^FS`);
    await expectCounted(`^FO40,${String(TOP)}^BY3^BCN,150,Y,N^FD1Z999AA10123456784^FS`);
  }, TIMEOUT_MS);

  it('seeded fields of every 2D kind and of the common 1D ones, with data of any length they take', async () => {
    const field = fc.oneof(
      fc.record({ magnification: fc.integer({ min: 2, max: 8 }), level: fc.constantFrom('H', 'Q', 'M', 'L'), data: text(1, 120) }).map(({ magnification, level, data }) => `^BQN,2,${String(magnification)}^FD${level}A,${data}`),
      fc.record({ module: fc.integer({ min: 3, max: 8 }), data: text(1, 60) }).map(({ module, data }) => `^BXN,${String(module)},200^FD${data}`),
      // At least three rows, as PDF417 needs (the renderer refuses fewer).
      fc.record({ row: fc.integer({ min: 3, max: 10 }), security: fc.integer({ min: 0, max: 5 }), columns: fc.integer({ min: 3, max: 8 }), data: text(30, 150) }).map(({ row, security, columns, data }) => `^BY2^B7N,${String(row)},${String(security)},${String(columns)}^FD${data}`),
      fc.record({ magnification: fc.integer({ min: 2, max: 6 }), correction: fc.integer({ min: 10, max: 50 }), data: text(1, 40) }).map(({ magnification, correction, data }) => `^BON,${String(magnification)},N,${String(correction)}^FD${data}`),
      fc.record({ module: fc.integer({ min: 2, max: 4 }), height: fc.integer({ min: 40, max: 200 }), line: fc.constantFrom('Y', 'N'), data: fc.stringMatching(/^[A-Z0-9]{4,16}$/) }).map(
        ({ module, height, line, data }) => `^BY${String(module)}^BCN,${String(height)},${line},N^FD${data}`,
      ),
      fc.record({ module: fc.integer({ min: 2, max: 3 }), height: fc.integer({ min: 40, max: 200 }), data: fc.stringMatching(/^[A-Z0-9]{2,10}$/) }).map(({ module, height, data }) => `^BY${String(module)}^B3N,N,${String(height)}^FD${data}`),
    );
    await fc.assert(
      fc.asyncProperty(field, async (command) => {
        await expectCounted(`^FO20,${String(TOP)}${command}^FS`);
      }),
      { numRuns: 30, seed: 20_261_129, endOnFailure: true },
    );
  }, TIMEOUT_MS);
});
