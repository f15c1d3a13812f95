/** Service records as the service sends them, for store tests. */
import type { LocationDetail, LocationListRecord, SearchRecord, ShipmentCreate, ShipmentCreateResult, TrackingRecord } from '../../../../electron/service/contract';
import { shipment } from '../../../support/shipments';

export function shipmentInput(overrides: Partial<ShipmentCreate> = {}): ShipmentCreate {
  return shipment(overrides, new Date('2025-03-14T09:00:00.000Z'));
}

export function createResult(overrides: Partial<ShipmentCreateResult> = {}): ShipmentCreateResult {
  return {
    success: true,
    id: 'shp_0a1b2c3d4e5f60718293',
    status: 'Created',
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    shipMethod: 'Ground',
    references: { orderNumber: 'SO-1001', customerPO: 'PO-77' },
    packages: [{ package_Id: 'pkg_1', trackingNumber: '1Z999AA10123456784' }],
    billingDetail: { totalFreight: 12.5, currencyCode: 'USD' },
    documents: [
      { document_Id: 'doc_1', documentName: 'label-1Z999AA10123456784.pdf', documentType: 'Label', documentMimeType: 'application/pdf', documentContent: 'JVBERi0xLjcK' },
    ],
    carrierSurprise: { kept: true },
    ...overrides,
  };
}

export function searchRecord(overrides: Partial<SearchRecord> = {}): SearchRecord {
  return {
    id: 'shp_ffee00112233445566aa',
    shipmentId: 'shp_ffee00112233445566aa',
    statusId: 'Created',
    shipmentDate: '2025-03-10T15:30:00.000Z',
    locationName: 'Chicago DC',
    totalPackage: 1,
    totalPackageWeight: '5 LB',
    shipFrom: { city: 'Chicago' },
    shipTo: { contactName: 'Zoë Kowalczyk', companyName: 'Northwind Traders', city: 'Milwaukee', address1: '1 Main St' },
    shipmentInfo: { carrier: 'USPS', shipMethod: 'Priority Mail' },
    trackingNumber: '9400111899223197428490',
    references: { orderNumber: 'WEB-88231', customerPO: '4500098765' },
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
    ...overrides,
  };
}

export function trackingRecord(delivered: boolean, overrides: Partial<TrackingRecord> = {}): TrackingRecord {
  const events = [{ code: 'PICKED_UP', description: 'Picked up', eventOn: '2025-03-14T18:00:00Z' }];
  if (delivered) events.push({ code: 'DELIVERED', description: 'Delivered, front door', eventOn: '2025-03-16T14:00:00Z' });
  return { success: true, shipment_Id: 'shp_0a1b2c3d4e5f60718293', trackingNumber: '1Z999AA10123456784', events, ...overrides };
}

export function locationListRecord(overrides: Partial<LocationListRecord> = {}): LocationListRecord {
  return { id: 'loc_1', referenceId: 'WH-CHI-1', locationName: 'Chicago DC', city: 'Chicago', active: true, deleted: false, futureField: 'kept', ...overrides };
}

export function locationDetail(overrides: Partial<LocationDetail> = {}): LocationDetail {
  return {
    success: true,
    id: 'loc_1',
    referenceId: 'WH-CHI-1',
    locationName: 'Chicago DC',
    active: true,
    address: { contactName: 'Dana Reyes', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607' },
    settings: { currencyCode: 'USD' },
    serviceOnly: { nested: [1, 2] },
    ...overrides,
  };
}
