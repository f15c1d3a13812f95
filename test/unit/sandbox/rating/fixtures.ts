/** Requests for the rating tests: real addresses, a fixed clock. */
import type { RateShopRequest, ShipmentAddress, ShipmentCreate } from '../../../../electron/service/contract';

/** A Thursday; ship dates below are the Friday after it. */
export const NOW = new Date('2026-03-05T15:00:00Z');
export const SHIP_DATE = '2026-03-06T14:00:00Z';

export function address(zipPostalCode: string, country = 'US', extra: Partial<ShipmentAddress> = {}): ShipmentAddress {
  return { address1: '100 Main St', city: 'Somewhere', stateProvince: 'XX', zipPostalCode, country, ...extra };
}

export const CHICAGO = address('60607', 'US', { companyName: 'Packbench Warehouse' });
/** A business (has a companyName): no residential surcharge. */
export const NEW_YORK_BUSINESS = address('10001', 'US', { companyName: 'Acme Corp' });
/** A home (no companyName). */
export const BROOKLYN_HOME = address('11201');
export const LONDON = address('SW1A 1AA', 'GB', { companyName: 'Acme UK' });

export const INTERNATIONAL_DETAIL = {
  currencyCode: 'USD',
  reasonToExport: 'Sale',
  totalCustomValue: 50,
  commodities: [{ description: 'Books', quantity: 2, customValue: 50, countryOfOrigin: 'US' }],
};

export function rateRequest(overrides: Partial<RateShopRequest> = {}): RateShopRequest {
  return {
    shipDate: SHIP_DATE,
    shipFrom: CHICAGO,
    shipTo: NEW_YORK_BUSINESS,
    packages: [{ weight: 12, length: 16, width: 12, height: 10 }],
    ...overrides,
  };
}

export function shipment(overrides: Partial<ShipmentCreate> = {}): ShipmentCreate {
  return {
    shipDate: SHIP_DATE,
    shipFrom: CHICAGO,
    shipTo: NEW_YORK_BUSINESS,
    shipmentInfo: { carrier: 'UPS', shipMethod: 'Ground' },
    packages: [{ weight: 12, length: 16, width: 12, height: 10 }],
    ...overrides,
  };
}

/** A spread of real US ZIP codes, coast to coast plus Alaska and Hawaii. */
export const US_ZIPS = [
  '10001', '02108', '19103', '20001', '30303', '33101', '44114', '48226', '60607', '53202', '55401', '63101', '64105',
  '70112', '75201', '77002', '78701', '80202', '84111', '85004', '87102', '89101', '90012', '94103', '97201', '98101',
  '99501', '96813', '04101', '58102',
];

/** Canadian postal codes in several provinces (ON, QC, BC, AB, NS, MB). */
export const CA_POSTALS = ['M5V 3L9', 'K1A 0B1', 'H2Y 1C6', 'V6B 1A1', 'T2P 1J9', 'B3H 4R2', 'R3C 0V8'];
