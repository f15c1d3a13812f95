/**
 * A label on a sheet whose barcode does not read where the finder first looks (150 dpi) is still
 * found: the sheet is drawn again at 203 dpi, the resolution the label was drawn for, and read
 * there. These two sandbox UPS labels on a Letter sheet read at no effort at 150 dpi (one of them
 * made a run print its whole sheet shrunk onto 4x6); each must come out cut from its sheet at full
 * size, on the 4x6 stock, with its tracking barcode readable, as every other sheet does.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_LANGUAGE } from '../../../electron/api/printing';
import { readBarcodes } from '../../../electron/printing/labels/barcodes';
import { buildJob, planDocument, type JobTarget } from '../../../electron/printing/labels/job';
import { FINDER_DPI } from '../../../electron/printing/labels/prepare';
import { MEDIA } from '../../../electron/printing/media';
import { rasterizePdf } from '../../../electron/printing/zpl/rasterize';
import { renderLabel } from '../../../electron/sandbox/documents';
import { labelAs } from '../../../electron/sandbox/documents/label-formats';
import { barcodeTexts, popplerPages } from '../../support/barcodeReading';
import { labelInput } from '../../unit/sandbox/documents/fixtures';

/** Drawing and reading a few sheets on a busy two-core machine: generous, not a timing. */
const TIMEOUT_MS = 2 * 60_000;

const pdfPrinter: JobTarget = { printer: 'label4x6', media: MEDIA['4x6'], longer: MEDIA['4x8'], language: DEFAULT_PRINTER_LANGUAGE };

describe('a sheet whose barcode reads only at the resolution it was drawn for', () => {
  it.each(['1ZPB4X6S0303900775', '1ZR0AJ7Q0322640786'])(
    '%s on Letter: found and cut out at full size, its barcode read off the printed page',
    async (trackingNumber) => {
      const sheet = await labelAs('PDF_LETTER', await renderLabel(labelInput({ trackingNumber })), trackingNumber);
      // Why this sheet is here: where the finder first looks, nothing reads, however hard.
      const [coarse] = await rasterizePdf(sheet.bytes, FINDER_DPI);
      expect(coarse).toBeDefined();
      expect(await readBarcodes(coarse!, { effort: 'thorough' })).toEqual([]);

      const [planned] = await planDocument(sheet.bytes, 'Label 1', pdfPrinter);
      expect(planned?.label.notes[0]).toMatch(/^label found on the .* sheet by its barcodes and ink: 4\.1 x 5\.9 in/);
      expect(planned?.label.croppedFrom).toBeDefined();
      expect(planned?.media).toBe(MEDIA['4x6']);
      expect(planned?.place.scale).toBe(1);
      const job = await buildJob(planned === undefined ? [] : [planned], pdfPrinter, 1);
      expect(await barcodeTexts(await popplerPages(job.data, 203))).toContain(`Code128:${trackingNumber}`);
    },
    TIMEOUT_MS,
  );
});
