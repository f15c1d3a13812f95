/**
 * Whether a service can carry a shipment, and if not, why, in words that name the field:
 * the lane it serves, its own restriction (residences, origin country, reach), the kind
 * of shipment (parcel or palletized freight) and the physical limits of each package.
 */
import { formatNumber } from './errors';
import type { RatingInput } from './input';
import type { ParcelService, ServiceDefinition } from './serviceTypes';
import { CM_PER_IN, isOver, KG_PER_LB } from './units';
import type { Lane } from './zones';

/** A 53 ft trailer: no freight piece can be longer. */
const TRAILER_LENGTH_IN = 636;

const LANE_WORDS: Readonly<Record<Lane, string>> = {
  US: 'within the US',
  CA: 'within Canada',
  DOMESTIC: 'within a country outside the US and Canada',
  INTERNATIONAL: 'internationally',
};

function describeLanes(lanes: readonly Lane[]): string {
  const words = lanes.map((lane) => LANE_WORDS[lane]);
  return words.length <= 1 ? (words[0] ?? 'nowhere') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
}

/** Most services are off-lane for most requests: their refusal is worded once. */
const offLaneReasons = new Map<ServiceDefinition, string>();

function offLaneReason(service: ServiceDefinition): string {
  let reason = offLaneReasons.get(service);
  if (reason === undefined) {
    reason = `${service.serviceDisplayName} ships only ${describeLanes(service.lanes)}`;
    offLaneReasons.set(service, reason);
  }
  return reason;
}

export function weightText(lb: number, input: RatingInput): string {
  return input.weightUnit === 'LB' ? `${formatNumber(lb)} LB` : `${formatNumber(lb * KG_PER_LB)} KG`;
}

export function lengthText(inches: number, input: RatingInput): string {
  return input.lengthUnit === 'IN' ? `${formatNumber(inches)} IN` : `${formatNumber(inches * CM_PER_IN)} CM`;
}

/** The first package that breaks one of the service's limits, described; undefined if all fit. */
export function parcelLimitProblem(service: ParcelService, input: RatingInput): string | undefined {
  const limits = service.limits;
  const name = service.serviceDisplayName;
  for (const pkg of input.packages) {
    if (isOver(pkg.weightLb, limits.maxWeightLb)) {
      return `packages[${pkg.index}].weight ${weightText(pkg.weightLb, input)} is over the ${weightText(limits.maxWeightLb, input)} limit of ${name}`;
    }
    if (isOver(pkg.sidesIn[0], limits.maxLengthIn)) {
      return `packages[${pkg.index}] longest side ${lengthText(pkg.sidesIn[0], input)} is over the ${lengthText(limits.maxLengthIn, input)} limit of ${name}`;
    }
    if (isOver(pkg.lengthPlusGirthIn, limits.maxLengthPlusGirthIn)) {
      return `packages[${pkg.index}] length+girth ${lengthText(pkg.lengthPlusGirthIn, input)} is over the ${lengthText(limits.maxLengthPlusGirthIn, input)} limit of ${name}`;
    }
  }
  return undefined;
}

/** Why `service` is not offered for `input`, or undefined when it is. */
export function whyNotOffered(service: ServiceDefinition, input: RatingInput): string | undefined {
  const route = input.route;
  if (!service.lanes.includes(route.lane)) return offLaneReason(service);
  const restricted = service.restriction?.(route, input.options.residential);
  if (restricted !== undefined) return restricted;
  if (service.kind === 'parcel') {
    if (input.freight) {
      const pallet = input.packages.find((pkg) => pkg.pallet);
      return `packages[${pallet?.index ?? 0}] is palletized freight, which ${service.serviceDisplayName} (parcel) does not carry`;
    }
    return parcelLimitProblem(service, input);
  }
  if (!input.freight) return `${service.serviceDisplayName} rates pallets: give packages a freightClass or a type of Pallet`;
  const tooLong = input.packages.find((pkg) => isOver(pkg.sidesIn[0], TRAILER_LENGTH_IN));
  if (tooLong !== undefined) {
    return `packages[${tooLong.index}] longest side ${lengthText(tooLong.sidesIn[0], input)} is over the ${lengthText(TRAILER_LENGTH_IN, input)} of a trailer`;
  }
  const totalLb = input.packages.reduce((sum, pkg) => sum + pkg.weightLb * pkg.count, 0);
  if (isOver(totalLb, service.tariff.maxShipmentLb)) {
    return `packages weigh ${weightText(totalLb, input)} in all, over the ${weightText(service.tariff.maxShipmentLb, input)} LTL limit of ${service.serviceDisplayName} (book a truckload)`;
  }
  return undefined;
}
