/** Valid request bodies for tests, built from real addresses (postal codes that exist). */
import { randomUUID } from 'node:crypto';
import type { LocationCreate, RateShopRequest, ShipmentCreate } from '../../electron/service/contract';

export const CHICAGO = {
  companyName: 'Packbench Chicago DC',
  contactName: 'Dana Reyes',
  phoneNumber1: '+1 312 555 0100',
  address1: '1200 W Fulton Market',
  city: 'Chicago',
  stateProvince: 'IL',
  zipPostalCode: '60607',
  country: 'US',
};

export const SAN_FRANCISCO = {
  contactName: 'Jordan Lee',
  address1: '500 Howard St',
  address2: 'Apt 4',
  city: 'San Francisco',
  stateProvince: 'CA',
  zipPostalCode: '94105',
  country: 'US',
};

export const TORONTO = {
  companyName: 'Maple Outfitters',
  contactName: 'Avery Singh',
  address1: '100 King St W',
  city: 'Toronto',
  stateProvince: 'ON',
  zipPostalCode: 'M5X 1A9',
  country: 'CA',
};

export function shipment(overrides: Partial<ShipmentCreate> = {}, now = new Date()): ShipmentCreate {
  return {
    shipDate: now.toISOString(),
    shipFrom: CHICAGO,
    shipTo: SAN_FRANCISCO,
    shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS' },
    packages: [{ weight: 5, length: 12, width: 10, height: 8 }],
    references: { orderNumber: 'SO-1001', customerPO: 'PO-77' },
    ...overrides,
  };
}

export function internationalShipment(now = new Date()): ShipmentCreate {
  return shipment(
    {
      shipTo: TORONTO,
      shipmentInfo: { shipMethod: 'Express', carrier: 'UPS' },
      internationalDetail: {
        dutiesPaidBy: 'Recipient',
        totalCustomValue: 120,
        reasonToExport: 'Sale',
        incoTerm1: 'DAP',
        currencyCode: 'USD',
        commodities: [{ description: 'Cotton hoodie', numberOfBoxes: 1, quantity: 2, unitWeight: 1.5, unitPrice: 60, customValue: 120, countryOfOrigin: 'US' }],
      },
    },
    now,
  );
}

export function rateRequest(now = new Date()): RateShopRequest {
  return { shipDate: now.toISOString(), shipFrom: CHICAGO, shipTo: SAN_FRANCISCO, packages: [{ weight: 5, length: 12, width: 10, height: 8 }] };
}

export function location(referenceId = 'WH-CHI-1'): LocationCreate {
  return {
    referenceId,
    locationName: 'Chicago DC',
    active: true,
    address: { contactName: 'Dana Reyes', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607' },
    settings: { currencyCode: 'USD', unitOfWeight: 'LB', unitOfLength: 'IN' },
    tags: ['dc'],
  };
}

/** A fresh request key for `ship`, as a screen makes one per intent. */
export function requestKey(): string {
  return randomUUID();
}
