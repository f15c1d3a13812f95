/**
 * Rating a set of candidate services: the ones that can carry the shipment are priced,
 * the others keep the reason they were refused, so that an answer with no rates can say
 * exactly why (and name the field).
 */
import type { ErrorItem } from '../../service/contract';
import { priceService, type PricedService } from './engine';
import { lengthText, weightText, whyNotOffered } from './eligibility';
import { ratingError, type RatingErrorCode } from './errors';
import type { RatingInput } from './input';
import type { Candidates } from './preferences';
import type { ParcelService, ServiceDefinition } from './serviceTypes';
import { isOver } from './units';

export interface Offers {
  readonly priced: PricedService[];
  readonly refusals: { readonly service: ServiceDefinition; readonly reason: string }[];
}

export function offersFor(input: RatingInput, services: readonly ServiceDefinition[]): Offers {
  const offers: Offers = { priced: [], refusals: [] };
  for (const service of services) {
    const reason = whyNotOffered(service, input);
    if (reason === undefined) offers.priced.push(priceService(service, input));
    else offers.refusals.push({ service, reason });
  }
  return offers;
}

/**
 * Up to four distinct reasons, the most telling first: services of the shipment's own kind
 * (parcel or freight) before the others, and among them those serving this lane.
 */
function reasonsText(input: RatingInput, offers: Offers): string {
  const rank = ({ service }: Offers['refusals'][number]) =>
    ((service.kind === 'freight') === input.freight ? 0 : 2) + (service.lanes.includes(input.route.lane) ? 0 : 1);
  const ordered = [...offers.refusals].sort((a, b) => rank(a) - rank(b));
  return [...new Set(ordered.map((refusal) => refusal.reason))].slice(0, 4).join('; ');
}

/** A package too heavy or too big for every parcel service on this lane: the spec's own advice is to palletize it. */
function tooBigForParcel(input: RatingInput, services: readonly ServiceDefinition[]): string | undefined {
  const parcel = services.filter(
    (service): service is ParcelService =>
      service.kind === 'parcel' && service.lanes.includes(input.route.lane) && service.restriction?.(input.route, input.options.residential) === undefined,
  );
  if (parcel.length === 0 || input.freight) return undefined;
  const maxWeight = Math.max(...parcel.map((service) => service.limits.maxWeightLb));
  const maxLength = Math.max(...parcel.map((service) => service.limits.maxLengthIn));
  const maxGirth = Math.max(...parcel.map((service) => service.limits.maxLengthPlusGirthIn));
  const advice = "exceeds every parcel service's limit; ship it as a pallet with a freightClass";
  for (const pkg of input.packages) {
    if (isOver(pkg.weightLb, maxWeight)) return `packages[${pkg.index}].weight ${weightText(pkg.weightLb, input)} ${advice}`;
    if (isOver(pkg.sidesIn[0], maxLength)) return `packages[${pkg.index}] longest side ${lengthText(pkg.sidesIn[0], input)} ${advice}`;
    if (isOver(pkg.lengthPlusGirthIn, maxGirth)) return `packages[${pkg.index}] length+girth ${lengthText(pkg.lengthPlusGirthIn, input)} ${advice}`;
  }
  return undefined;
}

/** The error for a request that got no rate at all. */
export function nothingOffered(input: RatingInput, candidates: Candidates, offers: Offers, code: RatingErrorCode = 'RateRequestFailed'): ErrorItem {
  const narrowest = candidates.narrowest;
  if (narrowest !== undefined) {
    const verdict = narrowest.field === 'shipmentInfo.carrier' ? 'has no service for this shipment' : 'is not offered for this shipment';
    return ratingError(code, `${narrowest.field} '${narrowest.value}' ${verdict}: ${reasonsText(input, offers)}`);
  }
  const tooBig = tooBigForParcel(input, candidates.services);
  if (tooBig !== undefined) return ratingError(code, tooBig);
  return ratingError(code, `No service can carry this shipment: ${reasonsText(input, offers)}`);
}
