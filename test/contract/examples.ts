/**
 * One example of every record of the spec, written from its tables with every field filled,
 * and, next to each, the fields the spec marks required, written out by hand from the spec
 * (not derived from the schemas, so the tests compare the contract against the spec).
 */
import type * as z from 'zod';
import * as c from '../../electron/service/contract';

const at = '2026-11-22T14:30:00Z';

const locationAddress = {
  contactName: 'Dana Reyes', emailAddress: 'dock@example.com', phoneNumber1: '+1 312 555 0100', phoneNumber2: '+1 312 555 0101',
  address1: '1200 W Fulton Market', address2: 'Dock 4', area: 'West Loop', city: 'Chicago', stateProvince: 'IL', country: 'US',
  zipPostalCode: '60607', vatorTaxType: 'EIN',
};
const settings = {
  currencyCode: 'USD', unitOfWeight: 'LB', unitOfLength: 'IN', defaultTimezone: 'America/Chicago', manualShippingAvailable: true,
  defaultDescription: ['Apparel'], defaultDeclaration: 'Merchandise', logo: { url: 'logo.png' },
  defaultShiptoContactName: 'Receiving', defaultShiptoEmailAddress: 'receiving@example.com',
};
const dgDetail = { emergPhone: '+1 800 555 0199', offererContractHolder: 'Packbench Co', contractNo: 'DG-1' };
const regionalSetting = {
  useItemData: true, defaultFreightClass: '70', defaultNmfcCode: '156600', autoCalcFreightClass: false,
  zeroFreightforOutboundThirdParty: false, zeroFreightforOutboundCollectOrRecipient: true,
};
const locationCreate = {
  referenceId: 'WH-CHI-1', groupId: 'midwest', locationName: 'Chicago DC', active: true, address: locationAddress,
  billingAddress: locationAddress, settings, dgDetail, regionalSetting, tags: ['dc', 'midwest'],
};
const shipTo = {
  companyName: 'Acme Retail', contactName: 'Jordan Lee', emailAddress: 'jordan@example.com', phoneNumber1: '+1 415 555 0123',
  address1: '500 Howard St', address2: 'Suite 300', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US',
};
const shipFrom = { ...shipTo, companyName: 'Packbench Chicago', address1: '1200 W Fulton Market', address2: 'Dock 4', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60607' };
const shipmentInfo = { shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'UPS Ground', carrierAccount: 'A1B2C3', paymentType: 'Prepaid' };
const packageItem = { itemId: 'SKU-1', name: 'Hoodie', description: 'Cotton hoodie', weight: 1.2, qty: 2, unitPrice: 35 };
const pkg = { weight: 5.5, length: 12, width: 10, height: 8, type: 'Box', declaredValue: 100, items: [packageItem] };
const commodity = { description: 'Cotton hoodie', numberOfBoxes: 1, quantity: 2, unitWeight: 1.2, unitPrice: 35, customValue: 70, countryOfOrigin: 'US' };
const internationalDetail = { dutiesPaidBy: 'Recipient', totalCustomValue: 70, reasonToExport: 'Sale', incoTerm1: 'DAP', currencyCode: 'USD', commodities: [commodity] };
const shipmentCreate = {
  client: 'acme', location: 'loc_1', shipDate: at, shipTo, shipFrom, shipmentInfo, packages: [pkg],
  references: { orderNumber: 'SO-1001', customerPO: 'PO-77' }, internationalDetail, notes: 'Leave at dock', unitOfWeight: 'LB',
  unitOfLength: 'IN', dgItems: [{ unNumber: 'UN3481' }], additionalOptions: { saturdayDelivery: false },
};
const resultPackage = {
  package_Id: 'pkg_1', referenceId: 'SO-1001-1', weight: 5.5, length: 12, width: 10, height: 8, trackingNumber: '1Z999AA10123456784',
  type: 'Box', unitOfLength: 'IN', unitOfWeight: 'LB', count: 1,
};
const billingDetail = { totalFreight: 18.4, totalDiscountFreight: 15.2, baseCharge: 13.1, totalSurcharges: 2.1, totalTaxes: 0, currencyCode: 'USD' };
const document = {
  document_Id: 'doc_1', documentName: 'label-1.pdf', documentType: 'Label', documentContentType: 'PDF', documentMimeType: 'application/pdf',
  documentContent: 'JVBERi0xLjcK',
};
const trackingEvent = {
  carrierCode: 'UPS', code: 'IT', description: 'In transit', city: 'Denver', state: 'CO', country: 'US', zipCode: '80202', exception: false, eventOn: at,
};
const surcharge = { name: 'Fuel', code: 'FUEL', amount: 2.1, currencyCode: 'USD' };
const rate = {
  serviceDisplayName: 'UPS Ground', serviceName: 'UPS_GROUND', serviceDescription: 'Day-definite ground', shipMethod: 'Ground', freight: 18.4,
  discountFrieght: 15.2, baseCharge: 13.1, totalSurcharges: 2.1, totalTaxes: 0, currencycode: 'USD', transitDays: '4',
  estimatedDelivery: at, surcharges: [surcharge],
};
const addressInput = {
  companyName: 'Acme Retail', contactName: 'Jordan Lee', emailAddress: 'jordan@example.com', phoneNumber1: '+1 415 555 0123',
  address1: '500 howard street', address2: 'suite 300', area: 'SoMa', city: 'san francisco', stateProvince: 'ca', country: 'US',
  zipPostalCode: '94105', vatorTax: '12-3456789', vatorTaxType: 'EIN', vatorTaxTypeCountryCode: 'US', addressType: 'Commercial',
};
const validatedAddress = {
  addressId: 'addr_1', companyName: 'ACME RETAIL', contactName: 'JORDAN LEE', emailAddress: 'jordan@example.com', phoneNumber1: '+1 415 555 0123',
  address1: '500 HOWARD ST', address2: 'STE 300', city: 'SAN FRANCISCO', stateProvince: 'CA', country: 'US', zipPostalCode: '94105',
  fullAddress: '500 HOWARD ST STE 300, SAN FRANCISCO CA 94105, US', verified: true,
};
const validationOption = { key: 'address1', value: '500 HOWARD ST', message: 'Street suffix standardized', messageType: 'Info' };
const errorItem = { code: 'InvalidAddress', message: 'shipTo.zipPostalCode is required', type: 'ValidationError' };

export interface RecordExample {
  readonly schema: z.ZodType;
  readonly example: Record<string, unknown>;
  /** Dotted paths of the fields the spec (or a documented decision) marks required. */
  readonly required: readonly string[];
}

const addressRequired = ['address1', 'city', 'stateProvince', 'country', 'zipPostalCode'];
const within = (prefix: string, fields: readonly string[]) => fields.map((f) => `${prefix}.${f}`);
const shipmentAddressRequired = ['address1', 'city', 'stateProvince', 'zipPostalCode', 'country'];

export const records: Record<string, RecordExample> = {
  LocationAddress: { schema: c.LocationAddress, example: locationAddress, required: addressRequired },
  LocationSettings: { schema: c.LocationSettings, example: settings, required: [] },
  DgDetail: { schema: c.DgDetail, example: dgDetail, required: [] },
  RegionalSetting: { schema: c.RegionalSetting, example: regionalSetting, required: [] },
  LocationCreate: {
    schema: c.LocationCreate, example: locationCreate,
    required: ['referenceId', 'locationName', 'active', 'address', ...within('address', addressRequired), ...within('billingAddress', addressRequired)],
  },
  LocationUpdate: { schema: c.LocationUpdate, example: { locationName: 'Chicago DC 2', address: { city: 'Chicago' } }, required: [] },
  LocationDetail: {
    schema: c.LocationDetail,
    example: { success: true, id: 'loc_1', ...locationCreate, altEmailAddress: 'alt@example.com', faxNumber: '+1 312 555 0102', phoneNumber1: '+1 312 555 0100', phoneNumber2: '+1 312 555 0103' },
    required: ['id', 'referenceId', 'locationName', 'active', 'address', ...within('address', addressRequired), ...within('billingAddress', addressRequired)],
  },
  LocationListRecord: {
    schema: c.LocationListRecord,
    example: {
      id: 'loc_1', referenceId: 'WH-CHI-1', groupId: 'midwest', locationName: 'Chicago DC', emailAddress: 'dock@example.com', address1: '1200 W Fulton Market',
      city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607', contactName: 'Dana Reyes', phoneNumber1: '+1 312 555 0100',
      defaultDescription: ['Apparel'], active: true, deleted: false, createdBy: 'admin', createdOnUtc: at, updatedBy: 'admin',
    },
    required: ['id'],
  },
  GetLocationsQuery: { schema: c.GetLocationsQuery, example: { Query: 'chicago', Page: 1, Limit: 20, Sort: 'locationName', Order: 'ASC' }, required: ['Page', 'Limit'] },
  GetLocationsResponse: {
    schema: c.GetLocationsResponse,
    example: { success: true, data: [{ id: 'loc_1', locationName: 'Chicago DC' }], pageNumber: 1, pageSize: 20, totalCount: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
    required: ['data', 'data[0].id', 'pageNumber', 'pageSize', 'totalCount'],
  },
  LocationWriteResponse: { schema: c.LocationWriteResponse, example: { success: true, id: 'loc_1', referenceId: 'WH-CHI-1' }, required: ['id'] },
  ShipmentAddress: { schema: c.ShipmentAddress, example: shipTo, required: shipmentAddressRequired },
  ShipmentInfo: { schema: c.ShipmentInfo, example: shipmentInfo, required: ['shipMethod', 'carrier'] },
  Package: { schema: c.Package, example: pkg, required: ['weight', 'length', 'width', 'height'] },
  PackageItem: { schema: c.PackageItem, example: packageItem, required: [] },
  InternationalDetail: { schema: c.InternationalDetail, example: internationalDetail, required: [] },
  Commodity: { schema: c.Commodity, example: commodity, required: [] },
  ShipmentCreate: {
    schema: c.ShipmentCreate, example: shipmentCreate,
    required: ['shipDate', 'shipTo', 'shipFrom', 'shipmentInfo', 'packages', ...within('shipTo', shipmentAddressRequired), ...within('shipFrom', shipmentAddressRequired),
      'shipmentInfo.shipMethod', 'shipmentInfo.carrier', 'packages[0].weight', 'packages[0].length', 'packages[0].width', 'packages[0].height'],
  },
  ShipmentCreateResult: {
    schema: c.ShipmentCreateResult,
    example: {
      success: true, id: 'shp_1', shipmentReference: 'CR-1', status: 'Created', trackingNumber: '1Z999AA10123456784', activity_Id: 'act_1',
      estimatedDelivery: at, transitDays: '4', carrierAccount: 'A1B2C3', carrierServiceLevel: 'UPS Ground', carrier: 'UPS', shipMethod: 'Ground',
      references: { orderNumber: 'SO-1001' }, packages: [resultPackage], billingDetail, documents: [document], trackingUrl: 'https://track.example/1Z',
    },
    required: ['id', 'trackingNumber', 'documents[0].documentType', 'documents[0].documentContent'],
  },
  ResultPackage: { schema: c.ResultPackage, example: resultPackage, required: [] },
  BillingDetail: { schema: c.BillingDetail, example: billingDetail, required: [] },
  ShipmentDocument: { schema: c.ShipmentDocument, example: document, required: ['documentType', 'documentContent'] },
  SearchShipmentsRequest: {
    schema: c.SearchShipmentsRequest,
    example: { pageNumber: 1, pageSize: 25, searchTerm: 'SO-1001', filter: [{ column: 'statusId', condition: 0, value: 'Created' }], orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }] },
    required: ['filter[0].column', 'filter[0].condition', 'filter[0].value', 'orderdBy[0].column', 'orderdBy[0].direction'],
  },
  SearchRecord: {
    schema: c.SearchRecord,
    example: {
      id: 'shp_1', shipmentId: 'shp_1', statusId: 'Created', shipmentDate: at, locationName: 'Chicago DC', totalPackage: 1, totalPackageWeight: '5.5 LB',
      shipFrom: { city: 'Chicago' }, shipTo: { city: 'San Francisco' }, shipmentInfo: { carrier: 'UPS' }, trackingUrl: 'https://track.example/1Z',
    },
    required: ['id'],
  },
  SearchShipmentsResponse: {
    schema: c.SearchShipmentsResponse,
    example: { success: true, shipments: [{ id: 'shp_1' }], pageIndex: 1, pageSize: 25, totalCount: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
    required: ['shipments', 'shipments[0].id', 'pageIndex', 'pageSize', 'totalCount'],
  },
  TrackingEvent: { schema: c.TrackingEvent, example: trackingEvent, required: ['eventOn'] },
  TrackingRecord: {
    schema: c.TrackingRecord,
    example: { success: true, tracking_Id: 'trk_1', shipment_Id: 'shp_1', trackingNumber: '1Z999AA10123456784', lastUpdateOnUtc: at, events: [trackingEvent], trackingUrl: 'https://track.example/1Z', documents: [document] },
    required: ['events[0].eventOn', 'documents[0].documentType', 'documents[0].documentContent'],
  },
  TrackShipmentsRequest: { schema: c.TrackShipmentsRequest, example: { shipments: [{ trackingNumber: '1Z999AA10123456784', id: 'shp_1' }, { id: 'shp_2' }] }, required: ['shipments'] },
  TrackShipmentsResponse: { schema: c.TrackShipmentsResponse, example: { success: true, shipments: [{ trackingNumber: '1Z', events: [] }] }, required: ['shipments'] },
  RateShopRequest: {
    schema: c.RateShopRequest,
    example: {
      client: 'acme', shipDate: at, shipTo, shipFrom,
      packages: [{ weight: 400, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70', nmfcCode: '156600', declaredValue: 1000, count: 1 }],
      shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'Ground', paymentType: 'Prepaid' }, unitOfWeight: 'LB', unitOfLength: 'IN',
      internationalDetail, specialService: { liftgate: true }, notes: 'Dock door 4',
    },
    required: ['shipDate', 'shipTo', 'shipFrom', 'packages', ...within('shipTo', shipmentAddressRequired), ...within('shipFrom', shipmentAddressRequired),
      'packages[0].weight', 'packages[0].length', 'packages[0].width', 'packages[0].height'],
  },
  RateShopResponse: {
    schema: c.RateShopResponse,
    example: { success: true, responses: [{ carrierDisplayName: 'UPS', carrierName: 'UPS', rates: [rate] }] },
    required: ['responses', 'responses[0].carrierName', 'responses[0].rates', 'responses[0].rates[0].serviceName', 'responses[0].rates[0].freight', 'responses[0].rates[0].surcharges[0].amount'],
  },
  Rate: { schema: c.Rate, example: rate, required: ['serviceName', 'freight', 'surcharges[0].amount'] },
  Surcharge: { schema: c.Surcharge, example: surcharge, required: ['amount'] },
  AddressValidationRequest: { schema: c.AddressValidationRequest, example: { address: addressInput }, required: ['address', ...within('address', addressRequired)] },
  AddressValidationResponse: {
    schema: c.AddressValidationResponse,
    example: {
      success: true, errors: [], warnings: ['Suite standardized'], validatedAddress: [validatedAddress], status: 'Valid', addressType: 'Commercial',
      remarks: { source: 'postal' }, validationOptions: [validationOption],
    },
    required: ['status'],
  },
  ValidatedAddress: { schema: c.ValidatedAddress, example: validatedAddress, required: [] },
  ValidationOption: { schema: c.ValidationOption, example: validationOption, required: [] },
  CancelShipmentsRequest: { schema: c.CancelShipmentsRequest, example: { shipments: [{ id: 'shp_1', cancelReason: 'Customer changed order' }] }, required: ['shipments', 'shipments[0].id'] },
  CancelShipmentsResponse: {
    schema: c.CancelShipmentsResponse,
    example: { success: true, shipments: [{ success: true, shipment_Id: 'shp_1', activity_Id: 'act_2', status: 'Cancelled', trackingNumber: '1Z999AA10123456784' }] },
    required: ['shipments', 'shipments[0].success'],
  },
  UpdateShipmentsRequest: {
    schema: c.UpdateShipmentsRequest,
    example: { shipments: [{ id: 'shp_1', carrierReferenceId: 'CR-9', shipMethod: 'Express', references: { orderNumber: 'SO-1001' }, discountedCost: 12.5 }] },
    required: ['shipments', 'shipments[0].id'],
  },
  UpdateShipmentsResponse: { schema: c.UpdateShipmentsResponse, example: { shipments: [{ success: true, shipment_Id: 'shp_1', message: 'Shipment shp_1 updated' }] }, required: ['shipments', 'shipments[0].success'] },
  BlockRequest: { schema: c.BlockRequest, example: { reason: 'Address under review' }, required: [] },
  ShipmentActionResponse: { schema: c.ShipmentActionResponse, example: { success: true, message: 'Shipment shp_1 blocked' }, required: ['success'] },
  ApplyRuleResponse: {
    schema: c.ApplyRuleResponse,
    example: {
      success: true, ruleId: 'rule_1', ruleName: 'Heavy to freight', carrierAccount: 'LTL-1', specialService: 'Liftgate', shipMethod: 'Freight', instructions: 'Palletize',
      parties: [{ party: 'SHIPPER', companyName: 'Packbench Chicago', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607' }],
    },
    required: [],
  },
  ErrorEnvelope: { schema: c.ErrorEnvelope, example: { success: false, errors: [errorItem] }, required: ['success', 'errors', 'errors[0].code', 'errors[0].message'] },
  OAuthTokenRequest: { schema: c.OAuthTokenRequest, example: { grant_type: 'client_credentials', client_id: 'station', client_secret: 's3cret', scope: 'shipping' }, required: ['grant_type', 'client_id', 'client_secret'] },
  OAuthTokenResponse: { schema: c.OAuthTokenResponse, example: { access_token: 'abc', token_type: 'Bearer', expires_in: 3600, scope: 'shipping' }, required: ['access_token', 'token_type', 'expires_in'] },
  BearerTokenRequest: { schema: c.BearerTokenRequest, example: { clientId: 'station', clientSecret: 's3cret' }, required: ['clientId', 'clientSecret'] },
  BearerTokenResponse: { schema: c.BearerTokenResponse, example: { success: true, token: 'eyJ.x.y', expiresOnUtc: at }, required: ['token', 'expiresOnUtc'] },
  RatePackage: { schema: c.RatePackage, example: { weight: 400, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70', nmfcCode: '156600', declaredValue: 1000, count: 1 }, required: ['weight', 'length', 'width', 'height'] },
  RateShipmentInfo: { schema: c.RateShipmentInfo, example: { shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'Ground', paymentType: 'Prepaid' }, required: [] },
  CarrierRates: { schema: c.CarrierRates, example: { carrierDisplayName: 'UPS', carrierName: 'UPS', rates: [rate] }, required: ['carrierName', 'rates', 'rates[0].serviceName', 'rates[0].freight', 'rates[0].surcharges[0].amount'] },
  AddressInput: { schema: c.AddressInput, example: addressInput, required: addressRequired },
  CancelResult: { schema: c.CancelResult, example: { success: false, shipment_Id: 'shp_9', message: 'Shipment shp_9 not found', errors: [{ code: 'ShipmentNotFound', message: 'Shipment shp_9 not found', type: 'NotFoundError' }] }, required: ['success', 'errors[0].code', 'errors[0].message'] },
  UpdateShipmentItem: { schema: c.UpdateShipmentItem, example: { id: 'shp_1', carrierReferenceId: 'CR-9', shipMethod: 'Express', references: { orderNumber: 'SO-1001' }, discountedCost: 12.5 }, required: ['id'] },
  UpdateResult: { schema: c.UpdateResult, example: { success: true, shipment_Id: 'shp_1', message: 'Shipment shp_1 updated' }, required: ['success'] },
  TrackItem: { schema: c.TrackItem, example: { trackingNumber: '1Z999AA10123456784', id: 'shp_1', includeDocuments: true }, required: [] },
  SearchFilter: { schema: c.SearchFilter, example: { column: 'statusId', condition: 0, value: 'Created' }, required: ['column', 'condition', 'value'] },
  SearchOrder: { schema: c.SearchOrder, example: { column: 'shipmentDate', direction: 'DESC' }, required: ['column', 'direction'] },
  RuleParty: { schema: c.RuleParty, example: { party: 'SHIPPER', companyName: 'Packbench Chicago', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607' }, required: [] },
  ErrorItem: { schema: c.ErrorItem, example: errorItem, required: ['code', 'message'] },
};
