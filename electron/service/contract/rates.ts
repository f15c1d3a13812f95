/** Rate shopping (spec 2.6). Field spellings are the service's: `discountFrieght`, `currencycode`. */
import * as z from 'zod';
import { named } from './registry';
import { DateTime, NonNegative, OpaqueObject } from './fields';
import { InternationalDetail, ShipmentAddress } from './shipments';

export const RatePackage = named(
  'RatePackage',
  z.looseObject({
    weight: NonNegative,
    length: NonNegative,
    width: NonNegative,
    height: NonNegative,
    type: z.string().optional(),
    freightClass: z.string().optional(),
    nmfcCode: z.string().optional(),
    declaredValue: NonNegative.optional(),
    count: z.number().int().min(1).optional(),
  }),
);
export type RatePackage = z.infer<typeof RatePackage>;

export const RateShipmentInfo = named(
  'RateShipmentInfo',
  z.looseObject({
    shipMethod: z.string().optional(),
    carrier: z.string().optional(),
    serviceLevel: z.string().optional(),
    paymentType: z.string().optional(),
  }),
  'Preferences of a rate request: all optional.',
);
export type RateShipmentInfo = z.infer<typeof RateShipmentInfo>;

export const RateShopRequest = named(
  'RateShopRequest',
  z.looseObject({
    client: z.string().optional(),
    shipDate: DateTime,
    shipTo: ShipmentAddress,
    shipFrom: ShipmentAddress,
    packages: z.array(RatePackage),
    shipmentInfo: RateShipmentInfo.optional(),
    unitOfWeight: z.string().optional(),
    unitOfLength: z.string().optional(),
    internationalDetail: InternationalDetail.optional(),
    specialService: OpaqueObject.optional(),
    notes: z.string().optional(),
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
