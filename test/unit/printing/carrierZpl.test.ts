/**
 * Carrier ZPL longer than the loaded stock, for a ZPL printer: the printer lays a ZPL label out at
 * its own size, so the station cannot shrink it. Its length is its ^LL, else 6 in unless its fields
 * reach more than a tenth of an inch further down (what each draws counted); a label longer than the loaded stock goes on the printer's longer stock when
 * it has one, a label that says no width or length is told its stock's, and what lies past the stock's end
 * is said to be cut off.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_LANGUAGE } from '../../../electron/api/printing';
import { planDocument, type JobTarget } from '../../../electron/printing/labels/job';
import { MEDIA } from '../../../electron/printing/media';
import { fieldsReach, splitZpl } from '../../../electron/printing/zpl/carrier';

const zebra: JobTarget = { printer: 'zebra', media: MEDIA['4x6'], longer: MEDIA['4x8'], language: { ...DEFAULT_PRINTER_LANGUAGE, language: 'ZPL' } };
const only4x6: JobTarget = { ...zebra, longer: undefined };

/** A 203 dpi label with a line of text at the top and a barcode (no line of text under it) ending `barcodeAt` dots down. */
const label = (barcodeAt: number, extra = ''): string => `^XA${extra}^FO50,50^A0N,40,40^FDTop^FS^FT50,${String(barcodeAt)}^BCN,100,N^FD1Z999^FS^XZ`;
const bytes = (zpl: string): Uint8Array => new Uint8Array(Buffer.from(zpl, 'latin1'));

describe('carrier ZPL for a ZPL printer', () => {
  it('reads how far down its fields reach, and its ^LL', () => {
    expect(splitZpl(label(1551)).map((l) => [fieldsReach(l.program), l.labelLength])).toEqual([[1551, undefined]]);
    expect(splitZpl('^XA^LL1520^FO10, 757^GB100,4,4^FS^XZ').map((l) => [fieldsReach(l.program), l.labelLength])).toEqual([[761, 1520]]);
  });

  it('counts a field placed by its top down to the bottom of what it draws', () => {
    // A box, its height or (when less) its border; a graphic's rows; a circle, an ellipse.
    expect(fieldsReach('^XA^FO50,1100^GB700,300,4^FS^XZ')).toBe(1400);
    expect(fieldsReach('^XA^FO50,1100^GB700,1,6^FS^XZ')).toBe(1106);
    expect(fieldsReach('^XA^FO0,1000^GFA,3200,3200,16,:Z64:eJw=:1234^FS^XZ')).toBe(1200);
    expect(fieldsReach('^XA^FO0,1000^GC150,3,B^FS^FO0,900^GE300,250^FS^XZ')).toBe(1150);
    // A barcode: its own height, else ^BY's (which stays for the fields after it), else 10 dots;
    // Code 39 has its height third. Its line of text under it: 10 dots a dot of ^BY's module, and 2.
    expect(fieldsReach('^XA^FO66,792^BY3^BCN,208,N,N^FD1Z680^FS^XZ')).toBe(1000);
    expect(fieldsReach('^XA^BY3,2,150^FO66,1000^BCN^FD1Z680^FS^FO66,1100^BEN^FD123^FS^XZ')).toBe(1100 + 150 + 32);
    expect(fieldsReach('^XA^FO66,1000^B3N,N,120^FDABC^FS^XZ')).toBe(1000 + 120 + 22);
    expect(fieldsReach('^XA^FO66,1000^B3N,N,120,N^FDABC^FS^XZ')).toBe(1120);
    // Printed above the bars (Code 128's fourth flag, LOGMARS's only one), the line adds nothing below.
    expect(fieldsReach('^XA^FO66,1000^BY3^BCN,100,Y,Y^FD1Z680^FS^XZ')).toBe(1100);
    expect(fieldsReach('^XA^FO66,1000^BY3^BLN,100,Y^FDABC^FS^FO66,900^BY2^BLN,100^FDABC^FS^XZ')).toBe(1100);
    // Text: a line at its font's height (^A's, else ^CF's), times a field block's lines.
    expect(fieldsReach('^XA^FO10,1163^A0N,22,26^FDReference^FS^XZ')).toBe(1185);
    expect(fieldsReach('^XA^CF0,60^FO10,1000^FDBig^FS^XZ')).toBe(1060);
    expect(fieldsReach('^XA^FO10,1000^A0N,30,30^FB700,4,0,L^FDFour lines^FS^XZ')).toBe(1120);
    // From the label home.
    expect(fieldsReach('^XA^LH10,12^FO180,1203^A0N,14,20^FVXOL^FS^XZ')).toBe(1229);
  });

  it('answers a finite length of at least 0 for any run of ZPL commands, however wrong their numbers', () => {
    // A command and up to five parameters, each a number, a word or nothing.
    const value = fc.oneof(fc.integer({ min: -100_000, max: 100_000 }).map(String), fc.constantFrom('', ' ', '-', 'NaN', 'Infinity', '1e400', '-1e400', 'A', 'N', ':Z64:'));
    const command = fc
      .tuple(fc.constantFrom('^FO', '^FT', '^FS', '^GB', '^GF', '^GC', '^GE', '^BY', '^BC', '^B3', '^BL', '^BQ', '^BX', '^B7', '^BO', '^BD', '^A0N', '^CF', '^FB', '^FH', '^FD', '^LH', '~SD', '^XA', '^XZ'), fc.array(value, { maxLength: 5 }))
      .map(([name, values]) => name + values.join(','));
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const reach = fieldsReach(commands.join(''));
        expect(Number.isFinite(reach) && reach >= 0).toBe(true);
      }),
      { numRuns: 500, seed: 20_261_129 },
    );
  });

  it('counts a field placed by its bottom (^FT) at its y, and a barcode\'s line of text under it', () => {
    expect(fieldsReach('^XA^FT50,1551^BCN,100,N^FD1Z999^FS^XZ')).toBe(1551);
    expect(fieldsReach('^XA^FT50,1551^BCN,100^FD1Z999^FS^XZ')).toBe(1551 + 22);
    expect(fieldsReach('^XA^FT20,1300^BXN,6,200^FD1Z999AA10123456784^FS^XZ')).toBe(1300);
    // The furthest field wins, whichever way each is placed.
    expect(fieldsReach('^XA^FO10,1300^GB10,10,10^FS^FT10,1305^A0N,20,20^FDx^FS^XZ')).toBe(1310);
  });

  it('counts a 2D symbol down to its bottom, sized by its parameters and its data as ZPL sizes it', () => {
    // QR: 10 dots below its origin, then its modules (33 for this URL at level Q: version 4) times
    // its magnification, else 2 at 203 dpi and 3 at 300.
    const url = 'QA,https://example.com/track/1Z999AA10123456784';
    expect(fieldsReach(`^XA^FO20,1000^BQN,2,5^FD${url}^FS^XZ`)).toBe(1000 + 10 + 33 * 5);
    expect(fieldsReach(`^XA^FO20,1000^BQN^FD${url}^FS^XZ`)).toBe(1000 + 10 + 33 * 2);
    expect(fieldsReach(`^XA^FO20,1000^BQN^FD${url}^FS^XZ`, 300)).toBe(1000 + 10 + 33 * 3);
    // Without the lead in its data, at the level its fourth parameter says (an empty or wrong one: Q).
    expect(fieldsReach(`^XA^FO20,1000^BQN,2,5,L^FD${url.slice(3)}^FS^XZ`)).toBe(1000 + 10 + 29 * 5);
    expect(fieldsReach(`^XA^FO20,1000^BQN,2,5,,7^FD${url.slice(3)}^FS^XZ`)).toBe(1000 + 10 + 33 * 5);
    expect(fieldsReach(`^XA^FO20,1000^BQN,2,5,X^FD${url.slice(3)}^FS^XZ`)).toBe(1000 + 10 + 33 * 5);
    // Data Matrix: its rows (as asked, else as the data needs: 16 for 18 characters) times its module.
    expect(fieldsReach('^XA^FO27,1000^BXN,4,200,20,20,6,_^FD_142098028_19205590303196500000000^FS^XZ')).toBe(1000 + 20 * 4);
    expect(fieldsReach('^XA^FO27,1000^BXN,6,200^FD1Z999AA10123456784^FS^XZ')).toBe(1000 + 16 * 6);
    // PDF417: its rows (as asked, else as its data and columns need) times its row height.
    expect(fieldsReach('^XA^FO20,1000^BY2^B7N,4,3,,20^FDshort^FS^XZ')).toBe(1000 + 20 * 4);
    expect(fieldsReach('^XA^FO20,1000^BY2^B7N,6,5,8^FDThe quick brown fox jumps over the lazy dog 1234567890^FS^XZ')).toBe(1000 + 12 * 6);
    // MaxiCode has one size, 26.91 mm; its data (after ^FH, `_1E` one byte) does not change it.
    expect(fieldsReach('^XA^FO20,1000^BD3^FH_^FD001840123450000[)>_1E01_1D96^FS^XZ')).toBe(1000 + Math.ceil((26.91 / 25.4) * 203));
    // Aztec: its modules (23 for a full symbol of 2 layers) times its magnification.
    expect(fieldsReach('^XA^FO20,1000^BON,4,N,202^FDhello^FS^XZ')).toBe(1000 + 23 * 4);
    expect(fieldsReach('^XA^FO20,1000^B0N,4,N,202^FDhello^FS^XZ')).toBe(1000 + 23 * 4);
    // Data the encoder cannot take counts as nothing below the field's top, as before.
    expect(fieldsReach(`^XA^FO20,1000^BQN,2,5^FD${'9'.repeat(8000)}^FS^XZ`)).toBe(1000);
  });

  it('counts a label\'s 2D symbols the same whether or not a lower field is sure to reach past them', () => {
    // A symbol is encoded only when the most it could measure reaches past the rest: the answer
    // must be that of the symbol and the rest measured apart, wherever the rest ends.
    const symbols = [
      '^FO20,900^BQN,2,5^FDQA,https://example.com/track/1Z999AA10123456784^FS',
      '^FO20,900^BXN,6,200^FD1Z999AA10123456784^FS',
      '^FO20,900^BY2^B7N,6,5,8^FDThe quick brown fox jumps over the lazy dog 1234567890^FS',
      '^FO20,900^BY2,2^B7N,10,5^FD' + 'x'.repeat(300) + '^FS',
      '^FO20,900^BON,4^FDhello world 12345^FS',
      '^FO20,900^BD3^FD001840123450000^FS',
    ];
    for (const symbol of symbols) {
      const alone = fieldsReach(`^XA${symbol}^XZ`);
      for (const textAt of [100, 950, alone - 30, alone - 5, alone + 40, 1500]) {
        const text = `^FO10,${String(textAt)}^A0N,20,20^FDx^FS`;
        expect(fieldsReach(`^XA${symbol}${text}^XZ`), `${symbol} with text at ${String(textAt)}`).toBe(Math.max(alone, textAt + 20));
        expect(fieldsReach(`^XA${text}${symbol}^XZ`), `${symbol} after text at ${String(textAt)}`).toBe(Math.max(alone, textAt + 20));
      }
    }
  });

  it('puts a label whose last 2D symbol reaches past 6 in on the longer stock, or says it is cut off', async () => {
    // USPS's Data Matrix, moved down: its top is within 6 in, its bottom 42 dots past it.
    const usps = '^XA^FO50,100^A0N,40,40^FDTop^FS^FO27,1180^BXN,4,200,20,20,6,_^FD_142098028_19205590303196500000000^FS^XZ';
    const [planned] = await planDocument(bytes(usps), 'Label 1', zebra);
    expect(planned?.media).toBe(MEDIA['4x8']);
    expect(planned?.label.size.height).toBeCloseTo((1260 / 203) * 72, 3);
    const [short] = await planDocument(bytes(usps), 'Label 1', only4x6);
    expect(short?.notes).toContain('Label 1 is 6.2 in long, longer than the 4x6 stock, and ZPL prints at its own size: what lies past 6.0 in is cut off. Give the printer a longer stock (such as 4x8), or set it to PDF to have the label drawn and fitted');
  });

  it('takes a label that reaches past 6 in by a tall barcode as longer, but not one whose last line of text ends just past it', async () => {
    const [tall] = await planDocument(bytes('^XA^FO50,100^A0N,40,40^FDTop^FS^FO50,1100^BCN,250^FD1Z999^FS^XZ'), 'Label 1', zebra);
    expect(tall?.media).toBe(MEDIA['4x8']);
    expect(tall?.label.art.kind === 'zpl' ? tall.label.art.label.program : '').toContain('^XA^PW812^LL1624');
    const [ups] = await planDocument(bytes('^XA^LH10,12^FO50,100^A0N,40,40^FDTop^FS^FO180,1203^A0N,14,20^FVXOL^FS^XZ'), 'Label 1', zebra);
    expect(ups?.media).toBe(MEDIA['4x6']);
    expect(ups?.label.size.height).toBeCloseTo(6 * 72, 3);
  });

  it('keeps a label whose fields stay within 6 in on the loaded stock, told its width and length when it says none', async () => {
    const [planned] = await planDocument(bytes(label(1200)), 'Label 1', zebra);
    expect(planned?.media).toBe(MEDIA['4x6']);
    expect(planned?.notes).toEqual(["ZPL for 203 dpi, sent to the printer as it came but for its width and length, which it does not say: told the 4x6 stock's (^PW812 ^LL1218)"]);
    // A printer keeps the last ^PW and ^LL it was sent: after a label told 8 in, this one must say 6 in.
    const art = planned?.label.art;
    expect(art?.kind === 'zpl' ? art.label.program : '').toBe(label(1200).replace('^XA', '^XA^PW812^LL1218'));
    // A label that says its own width and length is sent as it came.
    const [own] = await planDocument(bytes(label(1200, '^PW800^LL1100')), 'Label 2', zebra);
    expect(own?.notes).toEqual(['ZPL for 203 dpi, sent to the printer as it came']);
    expect(own?.label.art.kind === 'zpl' ? own.label.art.label.program : '').toBe(label(1200, '^PW800^LL1100'));
  });

  it('tells a label that says no width the stock\'s, so a narrower ^PW sent before it does not cut it off', async () => {
    // A printer keeps the last ^PW it was sent: FedEx's labels say ^PW800, Chronopost's say none.
    const [narrow, after] = await Promise.all([planDocument(bytes(label(1200, '^PW600^LL1218')), 'Label 1', zebra), planDocument(bytes(label(1200, '^LL1218')), 'Label 2', zebra)]);
    const programOf = (planned: typeof narrow): string => (planned[0]?.label.art.kind === 'zpl' ? planned[0].label.art.label.program : '');
    expect(programOf(narrow)).toBe(label(1200, '^PW600^LL1218'));
    expect(programOf(after)).toBe(label(1200, '^LL1218').replace('^XA', '^XA^PW812'));
    expect(after[0]?.notes).toEqual(["ZPL for 203 dpi, sent to the printer as it came but for its width, which it does not say: told the 4x6 stock's (^PW812)"]);
    // Told in the label's own dots: a 300 dpi label (^PW1200) that says no length is told 6 in as 1800.
    const fine = await planDocument(bytes(label(1200, '^PW1200')), 'Label 3', zebra);
    expect(programOf(fine)).toBe(label(1200, '^PW1200').replace('^XA', '^XA^LL1800'));
  });

  it('puts a label without ^LL whose fields reach past 6 in on the longer stock', async () => {
    const [planned] = await planDocument(bytes(label(1551)), 'Label 1', zebra);
    expect(planned?.label.size.height).toBeCloseTo((1551 / 203) * 72, 3);
    expect(planned?.media).toBe(MEDIA['4x8']);
    expect(planned?.notes).toEqual(["ZPL for 203 dpi, sent to the printer as it came but for its width and length, which it does not say: told the 4x8 stock's (^PW812 ^LL1624)", "printed on the printer's longer 4x8 stock"]);
    // Told the longer stock's width and length (4 x 8 in at 203 dpi), as the station's own ZPL labels are; nothing else changed.
    const art = planned?.label.art;
    expect(art?.kind === 'zpl' ? art.label.program : '').toBe(label(1551).replace('^XA', '^XA^PW812^LL1624'));
  });

  it('goes by ^LL when the label says its length', async () => {
    const [planned] = await planDocument(bytes(label(700, '^PW812^LL1520')), 'Label 1', zebra);
    expect(planned?.media).toBe(MEDIA['4x8']);
    const art = planned?.label.art;
    expect(art?.kind === 'zpl' ? art.label.program : '').toBe(label(700, '^PW812^LL1520'));
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
