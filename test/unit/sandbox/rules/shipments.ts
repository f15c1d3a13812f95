/** Shipments for the rule tests: a plain one that only the catch-all claims, and variations of it. */
import { parseWith, ShipmentCreate } from '../../../../electron/service/contract';
import type { ShipmentAddress } from '../../../../electron/service/contract';

export const warehouse: ShipmentAddress = {
  companyName: 'Packbench Fulfillment',
  contactName: 'Dock Lead',
  address1: '2100 W Fulton St',
  city: 'Chicago',
  stateProvince: 'IL',
  zipPostalCode: '60612',
  country: 'US',
};

export const businessCustomer: ShipmentAddress = {
  companyName: 'Bay Area Outfitters',
  contactName: 'Receiving',
  address1: '500 Howard St',
  city: 'San Francisco',
  stateProvince: 'CA',
  zipPostalCode: '94105',
  country: 'US',
};

export const homeCustomer: ShipmentAddress = {
  contactName: 'Dana Whitfield',
  address1: '88 Maple Ave',
  city: 'Columbus',
  stateProvince: 'OH',
  zipPostalCode: '43215',
  country: 'US',
};

export const germanCustomer: ShipmentAddress = {
  companyName: 'Nordlicht GmbH',
  address1: 'Hafenstrasse 12',
  city: 'Hamburg',
  stateProvince: 'HH',
  zipPostalCode: '20457',
  country: 'DE',
};

export const canadianCustomer: ShipmentAddress = {
  companyName: 'Maple Leaf Supply',
  address1: '100 King St W',
  city: 'Toronto',
  stateProvince: 'ON',
  zipPostalCode: 'M5X 1A9',
  country: 'CA',
};

type Overrides = Omit<Partial<ShipmentCreate>, 'shipmentInfo'> & { shipmentInfo?: Partial<ShipmentCreate['shipmentInfo']> };

/** A 10 lb prepaid UPS Ground box from Chicago to a business in San Francisco, with `overrides`. */
export function shipment(overrides: Overrides = {}): ShipmentCreate {
  const { shipmentInfo, ...rest } = overrides;
  const built = {
    shipDate: '2026-03-02T15:00:00Z',
    shipFrom: warehouse,
    shipTo: businessCustomer,
    packages: [{ weight: 10, length: 12, width: 10, height: 8, type: 'Box', declaredValue: 100 }],
    references: { orderNumber: 'SO-1001' },
    ...rest,
    shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS', paymentType: 'Prepaid', ...shipmentInfo },
  };
  // Every fixture must be a body the service would accept, or the tests prove nothing.
  const parsed = parseWith(ShipmentCreate, built);
  if (!parsed.ok) throw new Error(`test shipment is not a valid ShipmentCreate: ${parsed.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.value;
}
