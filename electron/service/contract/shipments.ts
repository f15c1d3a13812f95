/** Shipment creation: the create input (spec 2.2) and the create result (spec 2.3). */
import * as z from 'zod';
import { named } from './registry';
import { CountryCode, DateTime, NonNegative, OpaqueObject, References } from './fields';
import { ErrorItem } from './errors';

export const ShipmentAddress = named(
  'ShipmentAddress',
  z.looseObject({
    companyName: z.string().optional(),
    contactName: z.string().optional(),
    emailAddress: z.string().optional(),
    phoneNumber1: z.string().optional(),
    address1: z.string(),
    address2: z.string().optional(),
    city: z.string(),
    stateProvince: z.string(),
    zipPostalCode: z.string(),
    country: CountryCode,
  }),
  'shipTo and shipFrom of shipments and rate requests.',
);
export type ShipmentAddress = z.infer<typeof ShipmentAddress>;

export const ShipmentInfo = named(
  'ShipmentInfo',
  z.looseObject({
    shipMethod: z.string(),
    carrier: z.string(),
    serviceLevel: z.string().optional(),
    carrierAccount: z.string().optional(),
    paymentType: z.string().optional(),
  }),
);
export type ShipmentInfo = z.infer<typeof ShipmentInfo>;

export const PackageItem = named(
  'PackageItem',
  z.looseObject({
    itemId: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    weight: NonNegative.optional(),
    qty: NonNegative.optional(),
    unitPrice: NonNegative.optional(),
  }),
);
export type PackageItem = z.infer<typeof PackageItem>;

export const Package = named(
  'Package',
  z.looseObject({
    weight: NonNegative,
    length: NonNegative,
    width: NonNegative,
    height: NonNegative,
    type: z.string().optional(),
    declaredValue: NonNegative.optional(),
    items: z.array(PackageItem).optional(),
  }),
);
export type Package = z.infer<typeof Package>;

/** Which commodity fields are required is not shown: the schema requires none (see docs). */
export const Commodity = named(
  'Commodity',
  z.looseObject({
    description: z.string().optional(),
    numberOfBoxes: NonNegative.optional(),
    quantity: NonNegative.optional(),
    unitWeight: NonNegative.optional(),
    unitPrice: NonNegative.optional(),
    customValue: NonNegative.optional(),
    countryOfOrigin: CountryCode.optional(),
  }),
);
export type Commodity = z.infer<typeof Commodity>;

export const InternationalDetail = named(
  'InternationalDetail',
  z.looseObject({
    dutiesPaidBy: z.string().optional(),
    totalCustomValue: NonNegative.optional(),
    reasonToExport: z.string().optional(),
    incoTerm1: z.string().optional(),
    currencyCode: z.string().optional(),
    commodities: z.array(Commodity).optional(),
  }),
);
export type InternationalDetail = z.infer<typeof InternationalDetail>;

export const ShipmentCreate = named(
  'ShipmentCreate',
  z.looseObject({
    client: z.string().optional(),
    location: z.string().optional(),
    shipDate: DateTime,
    shipTo: ShipmentAddress,
    shipFrom: ShipmentAddress,
    shipmentInfo: ShipmentInfo,
    packages: z.array(Package),
    references: References.optional(),
    internationalDetail: InternationalDetail.optional(),
    notes: z.string().optional(),
    unitOfWeight: z.string().optional(),
    unitOfLength: z.string().optional(),
    dgItems: z.array(OpaqueObject).optional(),
    additionalOptions: OpaqueObject.optional(),
  }),
  'Body of Create Shipment and of Apply Business Rule.',
);
export type ShipmentCreate = z.infer<typeof ShipmentCreate>;

export const ResultPackage = named(
  'ResultPackage',
  z.looseObject({
    package_Id: z.string().optional(),
    referenceId: z.string().optional(),
    weight: z.number().optional(),
    length: z.number().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
    trackingNumber: z.string().optional(),
    type: z.string().optional(),
    unitOfLength: z.string().optional(),
    unitOfWeight: z.string().optional(),
    count: z.number().int().optional(),
  }),
);
export type ResultPackage = z.infer<typeof ResultPackage>;

export const BillingDetail = named(
  'BillingDetail',
  z.looseObject({
    totalFreight: z.number().optional(),
    totalDiscountFreight: z.number().optional(),
    baseCharge: z.number().optional(),
    totalSurcharges: z.number().optional(),
    totalTaxes: z.number().optional(),
    currencyCode: z.string().optional(),
  }),
);
export type BillingDetail = z.infer<typeof BillingDetail>;

/** A document: the file itself is `documentContent`, base64. */
export const ShipmentDocument = named(
  'ShipmentDocument',
  z.looseObject({
    document_Id: z.string().optional(),
    documentName: z.string().optional(),
    documentType: z.string(),
    documentContentType: z.string().optional(),
    documentMimeType: z.string().optional(),
    documentContent: z.string(),
  }),
);
export type ShipmentDocument = z.infer<typeof ShipmentDocument>;

/**
 * Answer of Create Shipment. A label has been bought once this arrives, so the parser
 * requires only what identifies the purchase (`id`, `trackingNumber`): anything else
 * missing must not turn a paid shipment into an error. `packages` and `documents` default
 * to empty lists in the client, not here, so the published schema stays the service's.
 */
export const ShipmentCreateResult = named(
  'ShipmentCreateResult',
  z.looseObject({
    success: z.boolean().optional(),
    id: z.string(),
    shipmentReference: z.string().optional(),
    status: z.string().optional(),
    trackingNumber: z.string(),
    activity_Id: z.string().optional(),
    estimatedDelivery: DateTime.optional(),
    transitDays: z.string().optional(),
    carrierAccount: z.string().optional(),
    carrierServiceLevel: z.string().optional(),
    carrier: z.string().optional(),
    shipMethod: z.string().optional(),
    references: References.optional(),
    packages: z.array(ResultPackage).optional(),
    billingDetail: BillingDetail.optional(),
    documents: z.array(ShipmentDocument).optional(),
    trackingUrl: z.string().optional(),
  }),
);
export type ShipmentCreateResult = z.infer<typeof ShipmentCreateResult>;

/**
 * One item of a batch answer that failed while others succeeded. The spec does not show
 * this shape; the sandbox answers `success: false` with the item's id and the errors in
 * the envelope's item form, and a `message` joining them (docs/service-decisions.md).
 */
export const batchItemFailure = {
  message: z.string().optional(),
  errors: z.array(ErrorItem).optional(),
};
