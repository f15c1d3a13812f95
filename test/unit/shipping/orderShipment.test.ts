/**
 * One rule for what an imported order becomes as a shipment: the Ship screen's draft (from
 * scanOrder) and a batch's plan come from the same module and agree on every part they share.
 */
import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '../../../electron/api';
import { planOrder } from '../../../electron/batches/plan';
import { internationalDetailOf, orderShipmentDraft, orderWeightIn, shipToOf } from '../../../electron/shipping/orderShipment';

const ORDER: StoredOrder = {
  orderNumber: '#1003',
  status: 'open',
  shipTo: { name: 'Receiving', company: 'Maple Leaf Supply', address1: '100 King St W', address2: ' ', city: 'Toronto', stateProvince: 'ON', zipPostalCode: 'M5X 1A9', country: 'CA', phone: null, email: 'ops@example.ca' },
  items: [
    { sku: 'MUG-ENM', barcode: '036000291452', description: 'Enamel Camp Mug', quantity: 3, unitPrice: 16, unitWeightGrams: 340 },
    { sku: null, barcode: null, description: 'Gift card', quantity: 1, unitPrice: 25, unitWeightGrams: 10 },
  ],
  requestedService: 'Express',
  currency: 'CAD',
  note: null,
  giftMessage: null,
  estimatedWeightGrams: 1030,
  format: 'shopify',
  importedAt: 1,
  updatedAt: 1,
  stationRef: null,
  shippedAt: null,
  claim: null,
};

const SHIP_FROM = { id: 'loc_chicago', address: { companyName: 'Packbench Demo Warehouse', address1: '233 S Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' } };

describe('an order as a shipment', () => {
  it('ships to its address, leaving out what is blank', () => {
    expect(shipToOf(ORDER)).toEqual({ contactName: 'Receiving', companyName: 'Maple Leaf Supply', address1: '100 King St W', city: 'Toronto', stateProvince: 'ON', zipPostalCode: 'M5X 1A9', country: 'CA', emailAddress: 'ops@example.ca' });
  });

  it('weighs what its items weigh, in the desk unit, to the hundredth; unknown when the file gave no weight', () => {
    expect(orderWeightIn(ORDER, 'LB')).toBe(2.27);
    expect(orderWeightIn(ORDER, 'KG')).toBe(1.03);
    expect(orderWeightIn({ ...ORDER, estimatedWeightGrams: null }, 'LB')).toBeNull();
  });

  it('declares its items as made in the ship-from country', () => {
    const draft = orderShipmentDraft(ORDER, 'US', 'LB');
    expect(draft.commodities).toEqual([
      { description: 'Enamel Camp Mug', quantity: 3, unitPrice: 16, unitWeight: 0.75, countryOfOrigin: 'US' },
      { description: 'Gift card', quantity: 1, unitPrice: 25, unitWeight: 0.02, countryOfOrigin: 'US' },
    ]);
    expect(internationalDetailOf(draft, 1)).toEqual({
      detail: {
        incoTerm1: 'DAP',
        reasonToExport: 'Sale',
        dutiesPaidBy: 'Recipient',
        currencyCode: 'CAD',
        totalCustomValue: 73,
        commodities: [
          { description: 'Enamel Camp Mug', quantity: 3, unitPrice: 16, customValue: 48, countryOfOrigin: 'US', numberOfBoxes: 1, unitWeight: 0.75 },
          { description: 'Gift card', quantity: 1, unitPrice: 25, customValue: 25, countryOfOrigin: 'US', numberOfBoxes: 1, unitWeight: 0.02 },
        ],
      },
    });
    expect(internationalDetailOf(orderShipmentDraft({ ...ORDER, items: [{ ...ORDER.items[1], unitPrice: null } as StoredOrder['items'][number]] }, 'US', 'LB'), 1)).toEqual({ missingPrice: 'Gift card' });
  });

  it('is the same for a batch as for the Ship screen: address, weight and customs', () => {
    const draft = orderShipmentDraft(ORDER, SHIP_FROM.address.country, 'LB');
    const plan = planOrder(ORDER.orderNumber, ORDER, {
      shipFrom: SHIP_FROM,
      box: { length: 12, width: 10, height: 8, unitOfLength: 'IN' },
      weightUnit: 'LB',
      shipmentInfo: { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_WORLDWIDE_SAVER' },
      now: Date.UTC(2026, 10, 26),
    });
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.create.shipTo).toEqual(draft.shipTo);
    expect(plan.create.packages[0]?.weight).toBe(draft.weight);
    expect(plan.create.internationalDetail).toEqual((internationalDetailOf(draft, 1) as { detail: unknown }).detail);
    expect(plan.create.references).toEqual({ orderNumber: '#1003' });
  });
});
