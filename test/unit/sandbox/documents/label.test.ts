import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { DocumentInputError, LABEL_LAYOUT, renderLabel } from '../../../../electron/sandbox/documents';
import { TRACKING_NUMBERS, labelInput } from './fixtures';
import { decodeCode128, pdfText, pdfWords, rasterize } from './pdf-tools';

async function rejection(promise: Promise<unknown>): Promise<DocumentInputError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentInputError);
  return error as DocumentInputError;
}

describe('renderLabel', () => {
  it('makes a one-page PDF of exactly 4 x 6 inches, portrait', async () => {
    const doc = await PDFDocument.load(await renderLabel(labelInput()));
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect(page.getWidth()).toBe(288);
    expect(page.getHeight()).toBe(432);
  });

  describe.each(Object.entries(TRACKING_NUMBERS))('with a %s tracking number', (carrier, trackingNumber) => {
    const input = labelInput({ carrierName: carrier, serviceName: 'Priority Overnight', trackingNumber });

    it('prints the tracking number, ship-to city and service as extractable text', async () => {
      const text = await pdfText(await renderLabel(input));
      expect(text).toContain(trackingNumber);
      expect(text).toContain('SPRINGFIELD IL 62701');
      expect(text).toContain(`${carrier} PRIORITY OVERNIGHT`);
    });

    it.each([203, 300])('has a Code 128 barcode that reads back as the tracking number at %i dpi', async (dpi) => {
      const raster = await rasterize(await renderLabel(input), dpi);
      expect(decodeCode128(raster)).toBe(trackingNumber);
    });
  });

  it('reads back a long alphanumeric tracking number printed with narrower bars', async () => {
    const trackingNumber = 'ALPHA-NUMERIC-REF-ABCDEFG';
    const raster = await rasterize(await renderLabel(labelInput({ trackingNumber })), 203);
    expect(decodeCode128(raster)).toBe(trackingNumber);
  });

  it('prints ship-from, weight, package count, ship date and references', async () => {
    const text = await pdfText(
      await renderLabel(
        labelInput({
          weight: 3.456,
          unitOfWeight: 'kg',
          packageIndex: 2,
          packageCount: 3,
          references: { orderNumber: 'SO-100234', customerPO: 'PO-77812' },
          billing: 'Prepaid',
          dimensions: { length: 12, width: 10, height: 8, unit: 'in' },
        }),
      ),
    );
    for (const expected of ['Packbench Demo Warehouse', '1200 Industrial Pkwy', 'Louisville KY 40209', '3.46 KG', '2 OF 3', '2026-11-22', 'ORDER #: SO-100234', 'PO #: PO-77812', 'BILLING: PREPAID', 'DIM: 12 x 10 x 8 IN']) {
      expect(text).toContain(expected);
    }
  });

  it('prints the routing code, the zone and the service tile', async () => {
    const text = await pdfText(await renderLabel(labelInput({ serviceName: '2nd Day Air', zone: 5 })));
    expect(text).toMatch(/IL 627 +2\n/);
    expect(text).toMatch(/POSTAL CODE 62701 +ZONE 5/);
  });

  it('keeps every word of very long names and addresses inside the margins', async () => {
    const long = 'Bartholomew Maximilian Featherstonehaugh-Cholmondeley the Third of Westminster';
    const pdf = await renderLabel(
      labelInput({
        shipTo: { ...labelInput().shipTo, contactName: long, companyName: long.toUpperCase(), address1: `${long} Boulevard`, city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch' },
        shipFrom: { ...labelInput().shipFrom, companyName: long },
        references: { orderNumber: long, customerPO: long },
        serviceName: `Ground ${long}`,
      }),
    );
    const { pages, words } = await pdfWords(pdf);
    expect(pages).toEqual([{ width: 288, height: 432 }]);
    expect(words.length).toBeGreaterThan(20);
    for (const word of words) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(LABEL_LAYOUT.margin - 0.5);
      expect(word.xMax, word.text).toBeLessThanOrEqual(LABEL_LAYOUT.width - LABEL_LAYOUT.margin + 0.5);
      expect(word.yMin, word.text).toBeGreaterThanOrEqual(0);
      expect(word.yMax, word.text).toBeLessThanOrEqual(LABEL_LAYOUT.height);
    }
    const text = await pdfText(pdf);
    expect(text).not.toContain(long.toUpperCase());
    expect(text).toContain('…');
  });

  it('prints names in other scripts without crashing: Latin-1 as is, the rest transliterated or replaced', async () => {
    const pdf = await renderLabel(
      labelInput({
        shipTo: { ...labelInput().shipTo, contactName: 'Zoë Ñúñez', companyName: 'Łódź Trading 株式会社', city: '東京', stateProvince: 'Tōkyō', zipPostalCode: '100-0005', country: 'JP' },
      }),
    );
    const text = await pdfText(pdf);
    expect(text).toContain('ZOË ÑÚÑEZ');
    expect(text).toContain('LÓDZ TRADING ????');
    expect(text).toContain('?? TOKYO 100-0005');
    expect(text).toContain('JAPAN');
  });

  it('gives the same bytes for the same input', async () => {
    const first = await renderLabel(labelInput());
    const second = await renderLabel(labelInput());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('names the missing or malformed field when the input is bad', async () => {
    const { shipTo } = labelInput();
    const withoutCity = { ...shipTo } as Partial<typeof shipTo>;
    delete withoutCity.city;
    const error = await rejection(renderLabel({ ...labelInput(), shipTo: withoutCity as typeof shipTo, weight: -1 }));
    expect(error.issues.map((issue) => issue.message)).toEqual(expect.arrayContaining(['shipTo.city is required', 'weight must be at least 0']));
  });

  it('refuses a tracking number a barcode cannot carry', async () => {
    const spaced = await rejection(renderLabel(labelInput({ trackingNumber: '1Z 999 AA1' })));
    expect(spaced.issues[0]?.field).toBe('trackingNumber');
    const tooLong = await rejection(renderLabel(labelInput({ trackingNumber: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn' })));
    expect(tooLong.issues).toMatchObject([{ field: 'trackingNumber', message: 'trackingNumber is too long to print as a barcode on a 4x6 label' }]);
  });

  it('refuses a package index past the package count', async () => {
    const error = await rejection(renderLabel(labelInput({ packageIndex: 3, packageCount: 2 })));
    expect(error.issues).toMatchObject([{ field: 'packageIndex', message: 'packageIndex must not exceed packageCount' }]);
  });
});
