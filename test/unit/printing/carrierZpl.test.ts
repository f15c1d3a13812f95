/**
 * Carrier ZPL longer than the loaded stock, for a ZPL printer: the printer lays a ZPL label out at
 * its own size, so the station cannot shrink it. Its length is its ^LL, else 6 in unless its fields
 * start further down; a label longer than the loaded stock goes on the printer's longer stock when
 * it has one, a label that says no length is told its stock's, and what lies past the stock's end
 * is said to be cut off.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_LANGUAGE } from '../../../electron/api/printing';
import { planDocument, type JobTarget } from '../../../electron/printing/labels/job';
import { MEDIA } from '../../../electron/printing/media';
import { splitZpl } from '../../../electron/printing/zpl/carrier';

const zebra: JobTarget = { printer: 'zebra', media: MEDIA['4x6'], longer: MEDIA['4x8'], language: { ...DEFAULT_PRINTER_LANGUAGE, language: 'ZPL' } };
const only4x6: JobTarget = { ...zebra, longer: undefined };

/** A 203 dpi label with a line of text at the top and a barcode starting `barcodeAt` dots down. */
const label = (barcodeAt: number, extra = ''): string => `^XA${extra}^FO50,50^A0N,40,40^FDTop^FS^FT50,${String(barcodeAt)}^BCN,100^FD1Z999^FS^XZ`;
const bytes = (zpl: string): Uint8Array => new Uint8Array(Buffer.from(zpl, 'latin1'));

describe('carrier ZPL for a ZPL printer', () => {
  it('reads how far down its fields start, ^FO and ^FT alike', () => {
    expect(splitZpl(label(1551)).map((l) => [l.fieldsReach, l.labelLength])).toEqual([[1551, undefined]]);
    expect(splitZpl('^XA^LL1520^FO10, 757^GB100,4,4^FS^XZ').map((l) => [l.fieldsReach, l.labelLength])).toEqual([[757, 1520]]);
  });

  it('keeps a label whose fields stay within 6 in on the loaded stock, told its length when it says none', async () => {
    const [planned] = await planDocument(bytes(label(1200)), 'Label 1', zebra);
    expect(planned?.media).toBe(MEDIA['4x6']);
    expect(planned?.notes).toEqual(['ZPL for 203 dpi, sent to the printer as it came', "it says no length of its own: told the 4x6 stock's (^LL1218)"]);
    // A printer keeps the last ^LL it was sent: after a label told 8 in, this one must say 6 in.
    const art = planned?.label.art;
    expect(art?.kind === 'zpl' ? art.label.program : '').toBe(label(1200).replace('^XA', '^XA^LL1218'));
    // A label that says its own length is sent as it came.
    const [own] = await planDocument(bytes(label(1200, '^LL1100')), 'Label 2', zebra);
    expect(own?.notes).toEqual(['ZPL for 203 dpi, sent to the printer as it came']);
    expect(own?.label.art.kind === 'zpl' ? own.label.art.label.program : '').toBe(label(1200, '^LL1100'));
  });

  it('puts a label without ^LL whose fields reach past 6 in on the longer stock', async () => {
    const [planned] = await planDocument(bytes(label(1551)), 'Label 1', zebra);
    expect(planned?.label.size.height).toBeCloseTo((1551 / 203) * 72, 3);
    expect(planned?.media).toBe(MEDIA['4x8']);
    expect(planned?.notes).toEqual(['ZPL for 203 dpi, sent to the printer as it came', "printed on the printer's longer 4x8 stock", "it says no length of its own: told the 4x8 stock's (^LL1624)"]);
    // Told the longer stock's length (8 in at 203 dpi), as the station's own ZPL labels are; nothing else changed.
    const art = planned?.label.art;
    expect(art?.kind === 'zpl' ? art.label.program : '').toBe(label(1551).replace('^XA', '^XA^LL1624'));
  });

  it('goes by ^LL when the label says its length', async () => {
    const [planned] = await planDocument(bytes(label(700, '^LL1520')), 'Label 1', zebra);
    expect(planned?.media).toBe(MEDIA['4x8']);
    const art = planned?.label.art;
    expect(art?.kind === 'zpl' ? art.label.program : '').toBe(label(700, '^LL1520'));
    expect(planned?.notes).toEqual(['ZPL for 203 dpi, sent to the printer as it came', "printed on the printer's longer 4x8 stock"]);
  });

  it('says the part past the stock is cut off when no longer stock takes it, and what to do', async () => {
    const [planned] = await planDocument(bytes(label(1551)), 'Label 1', only4x6);
    expect(planned?.media).toBe(MEDIA['4x6']);
    expect(planned?.notes).toContain('Label 1 is 7.6 in long, longer than the 4x6 stock, and ZPL prints at its own size: what lies past 6.0 in is cut off. Give the printer a longer stock (such as 4x8), or set it to PDF to have the label drawn and fitted');
    // Longer than the longer stock too: on the longer stock, which cuts off least, and said.
    const [tooLong] = await planDocument(bytes(label(700, '^LL1800')), 'Label 2', zebra);
    expect(tooLong?.media).toBe(MEDIA['4x8']);
    expect(tooLong?.notes).toContain('Label 2 is 8.9 in long, longer than the 4x8 stock, and ZPL prints at its own size: what lies past 8.0 in is cut off. Set the printer to PDF to have the label drawn and fitted');
  });
});
