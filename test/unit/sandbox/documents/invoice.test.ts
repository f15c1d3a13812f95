import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { DocumentInputError, renderCommercialInvoice } from '../../../../electron/sandbox/documents';
import { invoiceInput } from './fixtures';
import { pdfText, pdfWords } from './pdf-tools';

async function pageSizes(pdf: Uint8Array): Promise<[number, number][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => [page.getWidth(), page.getHeight()]);
}

describe('renderCommercialInvoice', () => {
  it('makes a one-page Letter PDF for a few commodities', async () => {
    expect(await pageSizes(await renderCommercialInvoice(invoiceInput(3)))).toEqual([[612, 792]]);
  });

  it('prints the parties, the customs terms, every commodity, the totals and a signature line', async () => {
    const text = await pdfText(await renderCommercialInvoice(invoiceInput(3)));
    for (const expected of [
      'COMMERCIAL INVOICE',
      '794612345678',
      'SHP-000123',
      'Packbench Demo Warehouse',
      'Maple Imports Inc',
      'Toronto ON M5X 1A9',
      'CANADA',
      'FedEx Express / International Priority',
      'DAP',
      'Sale',
      'Recipient',
      'SO-100234',
      'PO-77812',
      'Widget model 0',
      'Widget model 2',
      'CN',
      '125.00',
      'Total value (USD)',
      '375.00',
      'Signature of shipper / exporter',
      '2026-11-22',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('continues a long commodity list on more Letter pages, keeping every row and word on the page', async () => {
    const pdf = await renderCommercialInvoice(invoiceInput(70));
    const sizes = await pageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size).toEqual([612, 792]);
    const text = await pdfText(pdf);
    for (let index = 0; index < 70; index += 1) expect(text).toContain(`Widget model ${index}`);
    expect(text).toContain(`Page ${sizes.length} of ${sizes.length}`);
    const { words } = await pdfWords(pdf);
    for (const word of words) {
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(40 - 0.5);
      expect(word.xMax, word.text).toBeLessThanOrEqual(612 - 40 + 0.5);
      expect(word.yMax, word.text).toBeLessThanOrEqual(792);
    }
  });

  it('cuts long descriptions and names instead of overflowing, and survives other scripts', async () => {
    const input = invoiceInput(1);
    const long = 'Hand-finished ceramic tableware set with twelve dinner plates, twelve side plates, twelve bowls and serving platters';
    input.shipment.shipTo = { ...input.shipment.shipTo, contactName: '山田 花子', companyName: long, city: '東京', country: 'JP' };
    input.shipment.internationalDetail = { ...input.shipment.internationalDetail, commodities: [{ description: `${long} ${long}`.slice(0, 200), quantity: 1, unitPrice: 10 }] };
    const pdf = await renderCommercialInvoice(input);
    const { words } = await pdfWords(pdf);
    for (const word of words) expect(word.xMax, word.text).toBeLessThanOrEqual(612 - 40 + 0.5);
    const text = await pdfText(pdf);
    expect(text).toContain('JAPAN');
    expect(text).toContain('…');
  });

  it('names the missing customs detail', async () => {
    const input = invoiceInput(1);
    delete input.shipment.internationalDetail;
    const error: unknown = await renderCommercialInvoice(input).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DocumentInputError);
    expect((error as DocumentInputError).issues).toMatchObject([
      { field: 'shipment.internationalDetail', message: 'shipment.internationalDetail is required for a commercial invoice' },
    ]);
  });

  it('names an empty commodity list when the packages list no items either', async () => {
    const input = invoiceInput(0);
    await expect(renderCommercialInvoice(input)).rejects.toThrow(
      'shipment.internationalDetail.commodities must list at least one commodity (or the packages must list items)',
    );
  });

  it('names bad fields of the shipment itself', async () => {
    const input = invoiceInput(1);
    await expect(renderCommercialInvoice({ ...input, trackingNumber: '', shipment: { ...input.shipment, shipDate: 'yesterday' } })).rejects.toThrow(
      /trackingNumber must not be empty.*shipment\.shipDate must be an ISO 8601 date-time|shipment\.shipDate must be an ISO 8601 date-time.*trackingNumber must not be empty/,
    );
  });
});
