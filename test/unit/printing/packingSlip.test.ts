/**
 * The packing slip the station makes for an imported order, read back as a viewer and a scanner
 * would: poppler's text, and ZXing reading the order number's Code 128 off the page rasterized.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../../electron/api';
import { renderPackingSlip } from '../../../electron/printing/packingSlip';
import { decodeCode128, pdfText, rasterize } from '../sandbox/documents/pdf-tools';

const ORDER: StoredOrder = {
  orderNumber: '#1004',
  status: 'open',
  shipTo: { name: 'Jürgen Brandt', company: null, address1: '1600 Amphitheatre Pkwy', address2: 'Bldg 4', city: 'Mountain View', stateProvince: 'CA', zipPostalCode: '94043', country: 'US', phone: null, email: null },
  items: [
    { sku: 'TS-BLU-M', barcode: '036000291452', description: 'Organic Cotton T-Shirt - Blue / M', quantity: 2, unitPrice: 24, unitWeightGrams: null },
    { sku: null, barcode: '4006381333931', description: 'Pencil set ✏️', quantity: 1, unitPrice: 5, unitWeightGrams: null },
  ],
  requestedService: null,
  currency: 'USD',
  note: 'Leave at the front desk.\nRing twice, please.',
  giftMessage: 'Happy birthday, Sam!',
  estimatedWeightGrams: null,
  format: 'shopify',
  importedAt: 1,
  updatedAt: 1,
  stationRef: null,
  shippedAt: null,
  claim: null,
};

describe('a packing slip', () => {
  it('names the order (as a barcode too), the recipient, every item with its quantity, the note and the gift message', async () => {
    const pdf = await renderPackingSlip({ order: ORDER, from: 'Packbench Demo Warehouse', shippedAt: Date.UTC(2026, 10, 26) });
    const text = (await pdfText(pdf)).replace(/[ \t]+/g, ' ');
    for (const expected of ['PACKING SLIP', 'Packbench Demo Warehouse', 'Order #1004', '2026-11-26', 'Jürgen Brandt', 'Mountain View, CA 94043', '2 TS-BLU-M Organic Cotton T-Shirt - Blue / M', '1 4006381333931 Pencil set ?', 'Leave at the front desk.', 'Ring twice, please.', 'Happy birthday, Sam!']) {
      expect(text).toContain(expected);
    }
    expect(decodeCode128(await rasterize(pdf, 203))).toBe('#1004');
  });

  it('goes on to more pages for a long order, every item listed once', async () => {
    const items = Array.from({ length: 90 }, (_, i) => ({ sku: `SKU-${String(i + 1).padStart(3, '0')}`, barcode: null, description: `Item ${String(i + 1)}`, quantity: 1, unitPrice: null, unitWeightGrams: null }));
    const pdf = await renderPackingSlip({ order: { ...ORDER, items }, from: 'Desk', shippedAt: 0 });
    const text = await pdfText(pdf);
    expect(text.split('\f').filter((page) => page.trim() !== '').length).toBeGreaterThan(1);
    for (const item of items) expect(text.match(new RegExp(`${item.sku}\\b`, 'g'))?.length, item.sku).toBe(1);
  });
});
