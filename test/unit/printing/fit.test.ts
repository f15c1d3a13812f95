import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName } from 'pdf-lib';
import { fitToMedia } from '../../../electron/printing/fit';
import { DocumentError, decodeDocument } from '../../../electron/printing/document';
import { MEDIA } from '../../../electron/printing/media';
import { darkestQuarter, makeLabel, makeLabels, popplerRead, popplerRender, toBase64 } from './label-fixtures';

const TRACKING = '1Z999AA10123456784';
const FOUR_BY_SIX = { width: 288, height: 432 };

async function pdfLibSizes(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  return (await PDFDocument.load(bytes)).getPages().map((page) => page.getSize());
}

describe('fitting labels to the printer media', () => {
  it('prints a 4x6 label on 4x6 media at exactly 100%', async () => {
    const label = await makeLabel({ width: 288, height: 432, text: TRACKING, marker: true });
    const job = await fitToMedia([label], MEDIA['4x6']);
    expect(await pdfLibSizes(job)).toEqual([FOUR_BY_SIX]);
    const read = await popplerRead(job);
    expect(read.sizes).toEqual([FOUR_BY_SIX]);
    expect(read.texts[0]).toContain(TRACKING);
    // Same pixels as the original, rendered the same way: no scaling, no shift, no resampling.
    expect(await popplerRender(job, 1)).toEqual(await popplerRender(label, 1));
  });

  it('scales a Letter label down onto 4x6, upright and with its text', async () => {
    const label = await makeLabel({ width: 612, height: 792, text: TRACKING, marker: true });
    const job = await fitToMedia([label], MEDIA['4x6']);
    const read = await popplerRead(job);
    expect(read.sizes).toEqual([FOUR_BY_SIX]);
    expect(read.texts[0]).toContain(TRACKING);
    expect(darkestQuarter(await popplerRender(job, 1))).toBe('top-left');
  });

  it('turns a landscape 6x4 label portrait on 4x6 media, counter-clockwise, with its text', async () => {
    const label = await makeLabel({ width: 432, height: 288, text: TRACKING, marker: true });
    const job = await fitToMedia([label], MEDIA['4x6']);
    const read = await popplerRead(job);
    expect(read.sizes).toEqual([FOUR_BY_SIX]);
    expect(read.texts[0]).toContain(TRACKING);
    // The label's top-left corner goes to the media's bottom-left when turned counter-clockwise.
    expect(darkestQuarter(await popplerRender(job, 1))).toBe('bottom-left');
  });

  it('honours /Rotate: a portrait page shown landscape prints like a landscape label', async () => {
    const label = await makeLabel({ width: 288, height: 432, text: TRACKING, marker: true, rotate: 90 });
    const job = await fitToMedia([label], MEDIA['4x6']);
    const read = await popplerRead(job);
    expect(read.sizes).toEqual([FOUR_BY_SIX]);
    expect(read.texts[0]).toContain(TRACKING);
    expect(darkestQuarter(await popplerRender(job, 1))).toBe('bottom-left');
  });

  it('keeps a page shown upside down (/Rotate 180) upside down as the sender meant it', async () => {
    const label = await makeLabel({ width: 288, height: 432, text: TRACKING, marker: true, rotate: 180 });
    const job = await fitToMedia([label], MEDIA['4x6']);
    expect((await popplerRead(job)).sizes).toEqual([FOUR_BY_SIX]);
    expect(darkestQuarter(await popplerRender(job, 1))).toBe('top-left');
  });

  it('prints a 3-page label set as 3 pages in order', async () => {
    const set = await makeLabels([
      { width: 288, height: 432, text: 'PACKAGE-1-OF-3' },
      { width: 612, height: 792, text: 'PACKAGE-2-OF-3' },
      { width: 432, height: 288, text: 'PACKAGE-3-OF-3' },
    ]);
    const read = await popplerRead(await fitToMedia([set], MEDIA['4x6']));
    expect(read.sizes).toEqual([FOUR_BY_SIX, FOUR_BY_SIX, FOUR_BY_SIX]);
    expect(read.texts.map((text) => /PACKAGE-\d-OF-3/.exec(text)?.[0])).toEqual([
      'PACKAGE-1-OF-3',
      'PACKAGE-2-OF-3',
      'PACKAGE-3-OF-3',
    ]);
  });

  it('prints a multi-package shipment as one job, one page per label, in package order', async () => {
    const labels = await Promise.all(
      [1, 2, 3].map((n) => makeLabel({ width: 288, height: 432, text: `PACKAGE-${n}-OF-3` })),
    );
    const checked = await Promise.all(labels.map((bytes, i) => decodeDocument(toBase64(bytes), `Label ${i + 1}`)));
    const read = await popplerRead(await fitToMedia(checked, MEDIA.A6));
    expect(read.sizes).toEqual([0, 1, 2].map(() => ({ width: 297.64, height: 419.53 })));
    expect(read.texts.map((text) => /PACKAGE-\d-OF-3/.exec(text)?.[0])).toEqual([
      'PACKAGE-1-OF-3',
      'PACKAGE-2-OF-3',
      'PACKAGE-3-OF-3',
    ]);
  });

  it('prints a page with no content stream as a blank page of the media size', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([288, 432]);
    const read = await popplerRead(await fitToMedia([await doc.save()], MEDIA['4x6']));
    expect(read.sizes).toEqual([FOUR_BY_SIX]);
    expect(read.texts[0]?.trim()).toBe('');
  });

  it('refuses a damaged document in the list, naming which one', async () => {
    const good = await makeLabel({ width: 288, height: 432, text: TRACKING });
    const cut = good.slice(0, Math.floor(good.length / 2));
    await expect(fitToMedia([good, cut], MEDIA['4x6'])).rejects.toThrow(
      new DocumentError('damaged', 'document 2 is damaged and cannot be read'),
    );
  });

  it('refuses a page whose content cannot be decoded, naming the document and page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([288, 432]);
    const broken = doc.addPage([288, 432]);
    broken.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream('x', { Filter: 'NoSuchDecode' })));
    // Found when the label is checked, before any fitting, so a label sent as it came is as sound.
    await expect(decodeDocument(toBase64(await doc.save()), 'Label 1')).rejects.toThrow(
      new DocumentError('damaged', 'Label 1 page 2 is damaged and cannot be read'),
    );
    await expect(fitToMedia([await doc.save()], MEDIA['4x6'])).rejects.toThrow(
      new DocumentError('damaged', 'document 1 page 2 is damaged and cannot be read'),
    );
  });

  it('refuses a non-PDF in the list, naming which one', async () => {
    await expect(fitToMedia([new TextEncoder().encode('label unavailable')], MEDIA['4x6'])).rejects.toThrow(
      new DocumentError('not-pdf', 'document 1 is not a PDF (it looks like text)'),
    );
  });

  it('refuses an empty list', async () => {
    await expect(fitToMedia([], MEDIA['4x6'])).rejects.toThrow(new DocumentError('no-pages', 'there are no documents to print'));
  });
});
