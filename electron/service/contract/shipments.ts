/** Shipment creation: the create input (spec 2.2) and the create result (spec 2.3). */
import * as z from 'zod';
import { named } from './registry';
import { BoundedReferences, CountryCode, DateTime, ItemWeight, Money, OpaqueObject, PackageDimension, PackageWeight, Quantity, References, TEXT_LIMITS, text } from './fields';
import { LIMITS } from './paging';
import { ErrorItem } from './errors';

const T = TEXT_LIMITS;

export const ShipmentAddress = named(
  'ShipmentAddress',
  z.looseObject({
    companyName: text(T.text).optional(),
    contactName: text(T.text).optional(),
    emailAddress: text(T.text).optional(),
    phoneNumber1: text(T.code).optional(),
    address1: text(T.text),
    address2: text(T.text).optional(),
    city: text(T.text),
    stateProvince: text(T.code),
    zipPostalCode: text(T.postalCode),
    country: CountryCode,
  }),
  'shipTo and shipFrom of shipments and rate requests.',
);
export type ShipmentAddress = z.infer<typeof ShipmentAddress>;

export const ShipmentInfo = named(
  'ShipmentInfo',
  z.looseObject({
    shipMethod: text(T.code),
    carrier: text(T.code),
    serviceLevel: text(T.code).optional(),
    carrierAccount: text(T.code).optional(),
    paymentType: text(T.code).optional(),
  }),
);
export type ShipmentInfo = z.infer<typeof ShipmentInfo>;

export const PackageItem = named(
  'PackageItem',
  z.looseObject({
    itemId: text(T.code).optional(),
    name: text(T.text).optional(),
    description: text(T.text).optional(),
    weight: ItemWeight.optional(),
    qty: Quantity.optional(),
    unitPrice: Money.optional(),
  }),
);
export type PackageItem = z.infer<typeof PackageItem>;

export const Package = named(
  'Package',
  z.looseObject({
    weight: PackageWeight,
    length: PackageDimension,
    width: PackageDimension,
    height: PackageDimension,
    type: text(T.code).optional(),
    declaredValue: Money.optional(),
    items: z.array(PackageItem).max(500, 'must have at most 500 items').optional(),
  }),
);
export type Package = z.infer<typeof Package>;

/** Which commodity fields are required is not shown: the schema requires none (see docs). */
export const Commodity = named(
  'Commodity',
  z.looseObject({
    description: text(T.text).optional(),
    numberOfBoxes: Quantity.optional(),
    quantity: Quantity.optional(),
    unitWeight: ItemWeight.optional(),
    unitPrice: Money.optional(),
    customValue: Money.optional(),
    countryOfOrigin: CountryCode.optional(),
  }),
);
export type Commodity = z.infer<typeof Commodity>;

export const InternationalDetail = named(
  'InternationalDetail',
  z.looseObject({
    dutiesPaidBy: text(T.code).optional(),
    totalCustomValue: Money.optional(),
    reasonToExport: text(T.text).optional(),
    incoTerm1: text(T.code).optional(),
    currencyCode: text(T.code).optional(),
    commodities: z.array(Commodity).max(500, 'must have at most 500 commodities').optional(),
  }),
);
export type InternationalDetail = z.infer<typeof InternationalDetail>;

export const ShipmentCreate = named(
  'ShipmentCreate',
  z.looseObject({
    client: text(T.code).optional(),
    location: text(T.code).optional(),
    shipDate: DateTime,
    shipTo: ShipmentAddress,
    shipFrom: ShipmentAddress,
    shipmentInfo: ShipmentInfo,
    packages: z.array(Package).min(1, 'must have at least 1 item').max(LIMITS.maxPackages, `must have at most ${LIMITS.maxPackages} items`),
    references: BoundedReferences.optional(),
    internationalDetail: InternationalDetail.optional(),
    notes: text(T.notes).optional(),
    unitOfWeight: text(T.code).optional(),
    unitOfLength: text(T.code).optional(),
    dgItems: z.array(OpaqueObject).max(100, 'must have at most 100 items').optional(),
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

/**
 * Document types the station knows by name (the spec shows "Label"; the sandbox also sends a
 * commercial invoice for shipments that cross a border). Records keep `documentType` a plain
 * string: a type not listed here is kept and printed as an "other document".
 */
export const KNOWN_DOCUMENT_TYPES = ['Label', 'CommercialInvoice'] as const;
export type KnownDocumentType = (typeof KNOWN_DOCUMENT_TYPES)[number];

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
