import { describe, expect, it } from 'vitest';
import type { ShipmentCreate } from '../../../../electron/service/contract';
import { invoiceLines, invoiceTotals } from '../../../../electron/sandbox/documents/invoice-lines';
import { invoiceInput } from './fixtures';

function shipmentWith(changes: Partial<ShipmentCreate>): ShipmentCreate {
  return { ...invoiceInput().shipment, ...changes };
}

describe('invoiceLines', () => {
  it('takes each commodity as declared', () => {
    const [line] = invoiceLines(
      shipmentWith({ internationalDetail: { commodities: [{ description: 'Gloves', quantity: 4, unitPrice: 2.5, customValue: 10, unitWeight: 0.1, countryOfOrigin: 'vn' }] } }),
    );
    expect(line).toEqual({ description: 'Gloves', countryOfOrigin: 'VN', quantity: 4, unitWeight: 0.1, unitValue: 2.5, totalValue: 10 });
  });

  it('fills the gaps: one unit, the shipper country, and values derived from each other', () => {
    const lines = invoiceLines(
      shipmentWith({ internationalDetail: { commodities: [{ customValue: 30, quantity: 4 }, { unitPrice: 7 }, {}] } }),
    );
    expect(lines).toEqual([
      { description: '(no description)', countryOfOrigin: 'US', quantity: 4, unitWeight: undefined, unitValue: 7.5, totalValue: 30 },
      { description: '(no description)', countryOfOrigin: 'US', quantity: 1, unitWeight: undefined, unitValue: 7, totalValue: 7 },
      { description: '(no description)', countryOfOrigin: 'US', quantity: 1, unitWeight: undefined, unitValue: 0, totalValue: 0 },
    ]);
  });

  it("falls back to the packages' items when no commodity is declared", () => {
    const lines = invoiceLines(
      shipmentWith({
        internationalDetail: { currencyCode: 'EUR' },
        packages: [
          { weight: 2, length: 1, width: 1, height: 1, items: [{ name: 'Mug', qty: 2, unitPrice: 6, weight: 0.4 }] },
          { weight: 1, length: 1, width: 1, height: 1, items: [{ itemId: 'SKU-9' }] },
        ],
      }),
    );
    expect(lines.map((line) => [line.description, line.quantity, line.totalValue])).toEqual([
      ['Mug', 2, 12],
      ['SKU-9', 1, 0],
    ]);
  });
});

describe('invoiceTotals', () => {
  it('adds quantities, weights and values, and keeps the declared total apart', () => {
    const shipment = shipmentWith({
      packages: [
        { weight: 2, length: 1, width: 1, height: 1 },
        { weight: 1.5, length: 1, width: 1, height: 1 },
      ],
      internationalDetail: {
        totalCustomValue: 99,
        commodities: [
          { quantity: 3, unitPrice: 0.1, unitWeight: 0.5 },
          { quantity: 1, unitPrice: 0.2 },
        ],
      },
    });
    expect(invoiceTotals(shipment, invoiceLines(shipment))).toEqual({ quantity: 4, netWeight: 1.5, grossWeight: 3.5, value: 0.5, declaredValue: 99 });
  });
});
