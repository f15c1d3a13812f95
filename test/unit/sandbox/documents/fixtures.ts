/** Inputs shared by the document tests: a label and a shipment that look like real ones. */
import type { CommercialInvoiceInput, LabelInput } from '../../../../electron/sandbox/documents';

/** One tracking number in each carrier's own format. */
export const TRACKING_NUMBERS = {
  UPS: '1Z999AA10123456784',
  FEDEX: '794612345678',
  USPS: '9400111899223100000000',
  DHL: '1234567890',
} as const;

export function labelInput(overrides: Partial<LabelInput> = {}): LabelInput {
  return {
    shipFrom: {
      contactName: 'Shipping Dept',
      companyName: 'Packbench Demo Warehouse',
      address1: '1200 Industrial Pkwy',
      city: 'Louisville',
      stateProvince: 'KY',
      zipPostalCode: '40209',
      country: 'US',
    },
    shipTo: {
      contactName: 'Grace Hopper',
      companyName: 'Acme Widgets LLC',
      address1: '350 Fifth Avenue',
      address2: 'Suite 7100',
      city: 'Springfield',
      stateProvince: 'IL',
      zipPostalCode: '62701',
      country: 'US',
    },
    carrierName: 'UPS',
    serviceName: 'Ground',
    trackingNumber: TRACKING_NUMBERS.UPS,
    weight: 12.5,
    unitOfWeight: 'LB',
    packageIndex: 1,
    packageCount: 1,
    shipDate: new Date('2026-11-22T14:00:00Z'),
    ...overrides,
  };
}

export function invoiceInput(commodityCount = 3, overrides: Partial<CommercialInvoiceInput> = {}): CommercialInvoiceInput {
  return {
    trackingNumber: TRACKING_NUMBERS.FEDEX,
    shipmentId: 'SHP-000123',
    carrierName: 'FedEx',
    shipment: {
      shipDate: '2026-11-22T14:00:00Z',
      shipFrom: {
        contactName: 'Shipping Dept',
        companyName: 'Packbench Demo Warehouse',
        address1: '1200 Industrial Pkwy',
        city: 'Louisville',
        stateProvince: 'KY',
        zipPostalCode: '40209',
        country: 'US',
      },
      shipTo: {
        contactName: 'Marie Tremblay',
        companyName: 'Maple Imports Inc',
        address1: '100 King St W',
        city: 'Toronto',
        stateProvince: 'ON',
        zipPostalCode: 'M5X 1A9',
        country: 'CA',
      },
      shipmentInfo: { shipMethod: 'Express', carrier: 'FEDEX', serviceLevel: 'International Priority' },
      packages: [{ weight: 4.2, length: 12, width: 10, height: 8 }],
      unitOfWeight: 'LB',
      references: { orderNumber: 'SO-100234', customerPO: 'PO-77812' },
      internationalDetail: {
        dutiesPaidBy: 'Recipient',
        reasonToExport: 'Sale',
        incoTerm1: 'DAP',
        currencyCode: 'USD',
        commodities: Array.from({ length: commodityCount }, (_, index) => ({
          description: `Widget model ${index}`,
          quantity: 10,
          unitPrice: 12.5,
          unitWeight: 0.2,
          countryOfOrigin: index % 2 === 0 ? 'US' : 'CN',
        })),
      },
    },
    ...overrides,
  };
}
