/** Rate shopping (spec 2.6). Field spellings are the service's: `discountFrieght`, `currencycode`. */
import * as z from 'zod';
import { named } from './registry';
import { DateTime, Money, OpaqueObject, PackageDimension, PackageWeight, TEXT_LIMITS, text } from './fields';
import { LIMITS } from './paging';
import { InternationalDetail, ShipmentAddress } from './shipments';

export const RatePackage = named(
  'RatePackage',
  z.looseObject({
    weight: PackageWeight,
    length: PackageDimension,
    width: PackageDimension,
    height: PackageDimension,
    type: text(TEXT_LIMITS.code).optional(),
    freightClass: text(TEXT_LIMITS.code).optional(),
    nmfcCode: text(TEXT_LIMITS.code).optional(),
    declaredValue: Money.optional(),
    count: z.number().int().min(1).max(LIMITS.maxPackages).optional(),
  }),
);
export type RatePackage = z.infer<typeof RatePackage>;

export const RateShipmentInfo = named(
  'RateShipmentInfo',
  z.looseObject({
    shipMethod: text(TEXT_LIMITS.code).optional(),
    carrier: text(TEXT_LIMITS.code).optional(),
    serviceLevel: text(TEXT_LIMITS.code).optional(),
    paymentType: text(TEXT_LIMITS.code).optional(),
  }),
  'Preferences of a rate request: all optional.',
);
export type RateShipmentInfo = z.infer<typeof RateShipmentInfo>;

export const RateShopRequest = named(
  'RateShopRequest',
  z.looseObject({
    client: text(TEXT_LIMITS.code).optional(),
    shipDate: DateTime,
    shipTo: ShipmentAddress,
    shipFrom: ShipmentAddress,
    packages: z.array(RatePackage).min(1, 'must have at least 1 item').max(LIMITS.maxPackages, `must have at most ${LIMITS.maxPackages} items`),
    shipmentInfo: RateShipmentInfo.optional(),
    unitOfWeight: text(TEXT_LIMITS.code).optional(),
    unitOfLength: text(TEXT_LIMITS.code).optional(),
    internationalDetail: InternationalDetail.optional(),
    specialService: OpaqueObject.optional(),
    notes: text(TEXT_LIMITS.notes).optional(),
  }),
);
export type RateShopRequest = z.infer<typeof RateShopRequest>;

export const Surcharge = named(
  'Surcharge',
  z.looseObject({
    name: z.string().optional(),
    code: z.string().optional(),
    amount: z.number(),
    currencyCode: z.string().optional(),
  }),
);
export type Surcharge = z.infer<typeof Surcharge>;

export const Rate = named(
  'Rate',
  z.looseObject({
    serviceDisplayName: z.string().optional(),
    serviceName: z.string(),
    serviceDescription: z.string().optional(),
    shipMethod: z.string().optional(),
    freight: z.number(),
    discountFrieght: z.number().optional(),
    baseCharge: z.number().optional(),
    totalSurcharges: z.number().optional(),
    totalTaxes: z.number().optional(),
    currencycode: z.string().optional(),
    transitDays: z.string().optional(),
    estimatedDelivery: DateTime.optional(),
    surcharges: z.array(Surcharge).optional(),
  }),
);
export type Rate = z.infer<typeof Rate>;

export const CarrierRates = named(
  'CarrierRates',
  z.looseObject({
    carrierDisplayName: z.string().optional(),
    carrierName: z.string(),
    rates: z.array(Rate),
  }),
);
export type CarrierRates = z.infer<typeof CarrierRates>;

export const RateShopResponse = named('RateShopResponse', z.looseObject({ success: z.boolean().optional(), responses: z.array(CarrierRates) }));
export type RateShopResponse = z.infer<typeof RateShopResponse>;
