/**
 * The charges of Create Shipment: the carrier is required; the service is the one named in
 * `serviceLevel`, or else the carrier's cheapest service (by discounted freight) matching
 * `shipMethod`. The quote holds what a create result needs: carrier and service names,
 * `billingDetail`, transit, delivery and the billable weight of each package.
 */
import type { ShipmentCreate, Surcharge } from '../../service/contract';
import { CARRIERS, type CarrierCode } from '../carriers/carriers';
import type { PricedService } from './engine';
import { fail, ok, ratingError, type RatingResult } from './errors';
import { surchargesOf, taxesOf, toBillingDetail, type Charges } from './format';
import { nothingOffered, offersFor } from './offers';
import { candidatesFor } from './preferences';
import { toRatingInput } from './request';
import type { ShipMethod } from './serviceTypes';
import type { WeightUnit } from './units';

export interface QuotePackage {
  /** Position in the shipment's `packages`. */
  readonly index: number;
  /** In `unitOfWeight`, the unit the carrier bills in (KG for DHL, LB otherwise). */
  readonly actualWeight: number;
  readonly dimensionalWeight: number;
  readonly billableWeight: number;
  readonly unitOfWeight: WeightUnit;
}

export interface Quote {
  readonly carrier: CarrierCode;
  readonly carrierDisplayName: string;
  readonly serviceName: string;
  readonly serviceDisplayName: string;
  readonly serviceDescription: string;
  readonly shipMethod: ShipMethod;
  readonly billingDetail: Charges;
  readonly surcharges: Surcharge[];
  readonly taxes: Surcharge[];
  readonly transitDays: string;
  readonly estimatedDelivery: string;
  readonly packages: QuotePackage[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function toQuote(priced: PricedService): Quote {
  const { service } = priced;
  return {
    carrier: service.carrier,
    carrierDisplayName: CARRIERS[service.carrier].displayName,
    serviceName: service.serviceName,
    serviceDisplayName: service.serviceDisplayName,
    serviceDescription: service.serviceDescription,
    shipMethod: service.shipMethod,
    billingDetail: toBillingDetail(priced),
    surcharges: surchargesOf(priced),
    taxes: taxesOf(priced),
    transitDays: String(priced.transitDays),
    estimatedDelivery: priced.estimatedDelivery,
    packages: priced.billable.map((weight) => ({
      index: weight.index,
      actualWeight: round2(weight.actual),
      dimensionalWeight: round2(weight.dimensional),
      billableWeight: weight.billable,
      unitOfWeight: weight.unit,
    })),
  };
}

export function quoteShipment(shipment: ShipmentCreate, now: Date): RatingResult<Quote> {
  const info = shipment.shipmentInfo;
  if (info.carrier.trim() === '') return fail(ratingError('InvalidShipment', 'shipmentInfo.carrier is required'));
  const input = toRatingInput(
    {
      shipDate: shipment.shipDate,
      shipTo: shipment.shipTo,
      shipFrom: shipment.shipFrom,
      // A shipment's packages are one each; a pallet's class may come along as an extra field.
      packages: shipment.packages.map((pkg) => ({
        weight: pkg.weight,
        length: pkg.length,
        width: pkg.width,
        height: pkg.height,
        type: pkg.type,
        freightClass: pkg.freightClass,
        declaredValue: pkg.declaredValue,
      })),
      unitOfWeight: shipment.unitOfWeight,
      unitOfLength: shipment.unitOfLength,
      internationalDetail: shipment.internationalDetail,
      currencyCode: shipment.currencyCode,
      options: shipment.additionalOptions,
      optionsField: 'additionalOptions',
    },
    now,
  );
  if (!input.ok) return input;
  const candidates = candidatesFor({ carrier: info.carrier, serviceLevel: info.serviceLevel, shipMethod: info.shipMethod }, 'InvalidShipment');
  if (!candidates.ok) return candidates;
  const offers = offersFor(input.value, candidates.value.services);
  const cheapest = offers.priced.reduce<PricedService | undefined>((best, priced) => (best === undefined || priced.discountedCents < best.discountedCents ? priced : best), undefined);
  if (cheapest === undefined) return fail(nothingOffered(input.value, candidates.value, offers));
  return ok(toQuote(cheapest));
}
