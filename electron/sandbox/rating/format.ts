/** Priced services in the service's own record shapes: a `Rate`, and the amounts of a `billingDetail`. */
import type { BillingDetail, Rate, Surcharge } from '../../service/contract';
import { toAmount } from './currency';
import type { PricedService } from './engine';
import type { ChargeLine } from './surcharges';

function toSurcharge(line: ChargeLine, currencyCode: string): Surcharge {
  return { name: line.name, code: line.code, amount: toAmount(line.cents), currencyCode };
}

/**
 * One rate. Taxes are also itemized in `taxes` (same shape as a surcharge) when there are
 * any: the spec has only the total, and the contract keeps fields it does not name.
 */
export function toRate(priced: PricedService): Rate {
  const { service, currency } = priced;
  const rate: Rate = {
    serviceDisplayName: service.serviceDisplayName,
    serviceName: service.serviceName,
    serviceDescription: service.serviceDescription,
    shipMethod: service.shipMethod,
    freight: toAmount(priced.freightCents),
    discountFrieght: toAmount(priced.discountedCents),
    baseCharge: toAmount(priced.baseCents),
    totalSurcharges: toAmount(priced.surchargeCents),
    totalTaxes: toAmount(priced.taxCents),
    currencycode: currency,
    transitDays: String(priced.transitDays),
    estimatedDelivery: priced.estimatedDelivery,
    surcharges: priced.surcharges.map((line) => toSurcharge(line, currency)),
  };
  if (priced.taxes.length > 0) rate.taxes = priced.taxes.map((line) => toSurcharge(line, currency));
  return rate;
}

export interface Charges extends BillingDetail {
  readonly totalFreight: number;
  readonly totalDiscountFreight: number;
  readonly baseCharge: number;
  readonly totalSurcharges: number;
  readonly totalTaxes: number;
  readonly currencyCode: string;
}

export function toBillingDetail(priced: PricedService): Charges {
  return {
    totalFreight: toAmount(priced.freightCents),
    totalDiscountFreight: toAmount(priced.discountedCents),
    baseCharge: toAmount(priced.baseCents),
    totalSurcharges: toAmount(priced.surchargeCents),
    totalTaxes: toAmount(priced.taxCents),
    currencyCode: priced.currency,
  };
}

export function surchargesOf(priced: PricedService): Surcharge[] {
  return priced.surcharges.map((line) => toSurcharge(line, priced.currency));
}

export function taxesOf(priced: PricedService): Surcharge[] {
  return priced.taxes.map((line) => toSurcharge(line, priced.currency));
}
