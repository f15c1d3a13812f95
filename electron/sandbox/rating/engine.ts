/**
 * Pricing one service for one request: billable weights, the published base charge from
 * the tariff, surcharges, conversion to the answer's currency, taxes, the account
 * discount, transit and delivery. Money is whole cents throughout; each line is converted
 * on its own and the totals are sums of converted lines, so the identities hold exactly:
 *   freight         = baseCharge + totalSurcharges + totalTaxes
 *   discountFrieght = (baseCharge − discount) + totalSurcharges + taxes on that
 */
import { CARRIER_TERMS } from './carrierTerms';
import { convertCents } from './currency';
import { freightBaseCharge, type FreightLine } from './freight';
import type { RatingInput } from './input';
import type { FreightService, LaneTerms, ParcelService, ServiceDefinition } from './serviceTypes';
import { isLargePackage, LARGE_PACKAGE_MIN_LB, surchargesFor, type ChargeLine } from './surcharges';
import { taxRatesFor } from './taxes';
import { estimatedDelivery } from './transit';
import { ceilToStep } from './units';
import { billableWeight, type BillableWeight } from './weights';

export interface PricedService {
  readonly service: ServiceDefinition;
  readonly currency: string;
  readonly baseCents: number;
  readonly surcharges: readonly ChargeLine[];
  readonly surchargeCents: number;
  readonly taxes: readonly ChargeLine[];
  readonly taxCents: number;
  readonly freightCents: number;
  readonly discountedCents: number;
  readonly transitDays: number;
  readonly estimatedDelivery: string;
  readonly billable: readonly BillableWeight[];
}

interface Priced {
  readonly baseUsdCents: number;
  readonly transitDays: number;
  readonly billable: readonly BillableWeight[];
}

function laneTerms(service: ParcelService, input: RatingInput): { readonly terms: LaneTerms; readonly zoneIndex: number } {
  const international = input.route.lane === 'INTERNATIONAL';
  const terms = international ? service.international : service.domestic;
  // Eligibility has already matched the lane to the terms the service has.
  if (terms === undefined) throw new Error(`${service.serviceName} has no terms for lane ${input.route.lane}`);
  return { terms, zoneIndex: Math.max(0, input.route.parcelZone - (international ? 1 : 2)) };
}

function priceParcel(service: ParcelService, input: RatingInput): Priced {
  const { terms, zoneIndex } = laneTerms(service, input);
  const t = terms.tariff;
  const first = t.first + t.firstPerZone * zoneIndex;
  const extra = t.extra + t.extraPerZone * zoneIndex;
  const priceOf = (units: number) => first + Math.max(0, units - 1) * extra;
  const billable = input.packages.map((pkg) => billableWeight(pkg, service.dim, isLargePackage(service, pkg) ? LARGE_PACKAGE_MIN_LB : 0));
  let baseUsdCents = 0;
  if (service.pricesTotalWeight) {
    const units = billable.reduce((sum, weight) => sum + (weight.billable / service.dim.step) * weight.count, 0);
    baseUsdCents = priceOf(Math.round(units));
  } else {
    for (const weight of billable) baseUsdCents += priceOf(Math.round(weight.billable / service.dim.step)) * weight.count;
  }
  const transitDays = terms.transitDays[Math.min(zoneIndex, terms.transitDays.length - 1)] ?? 1;
  return { baseUsdCents, transitDays, billable };
}

function priceFreight(service: FreightService, input: RatingInput): Priced {
  const zone = input.route.distanceZone ?? 8;
  const lines: FreightLine[] = [];
  const billable: BillableWeight[] = [];
  for (const pkg of input.packages) {
    const perPackage = ceilToStep(pkg.weightLb, 1);
    lines.push({ freightClass: pkg.freightClass ?? '100', weightLb: perPackage * pkg.count });
    billable.push({ index: pkg.index, count: pkg.count, actual: pkg.weightLb, dimensional: 0, billable: perPackage, unit: 'LB' });
  }
  const transitDays = service.transitDays[Math.min(Math.max(zone - 2, 0), service.transitDays.length - 1)] ?? 1;
  return { baseUsdCents: freightBaseCharge(service.tariff, zone, lines), transitDays, billable };
}

const sumCents = (lines: readonly ChargeLine[]) => lines.reduce((sum, line) => sum + line.cents, 0);

export function priceService(service: ServiceDefinition, input: RatingInput): PricedService {
  const priced = service.kind === 'parcel' ? priceParcel(service, input) : priceFreight(service, input);
  const currency = input.currency;
  const baseCents = convertCents(priced.baseUsdCents, 'USD', currency);
  const surcharges = surchargesFor(service, input, priced.baseUsdCents).map((line) => ({ ...line, cents: convertCents(line.cents, 'USD', currency) }));
  const surchargeCents = sumCents(surcharges);
  const rates = taxRatesFor(input.route);
  const taxes = rates.map((rate) => ({ name: rate.name, code: rate.code, cents: Math.round(((baseCents + surchargeCents) * rate.percent) / 100) }));
  const taxCents = sumCents(taxes);
  const netBase = baseCents - Math.round((baseCents * CARRIER_TERMS[service.carrier].discountPercent) / 100);
  const netTaxCents = rates.reduce((sum, rate) => sum + Math.round(((netBase + surchargeCents) * rate.percent) / 100), 0);
  return {
    service,
    currency,
    baseCents,
    surcharges,
    surchargeCents,
    taxes,
    taxCents,
    freightCents: baseCents + surchargeCents + taxCents,
    discountedCents: netBase + surchargeCents + netTaxCents,
    transitDays: priced.transitDays,
    estimatedDelivery: estimatedDelivery(input.pickupDay, priced.transitDays, service.commitTime, input.route.to.utcOffset),
    billable: priced.billable,
  };
}
