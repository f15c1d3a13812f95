/**
 * The facilities a package passes between pickup and its delivery center, chosen by
 * geography from the carrier's network: nearest hubs for ground, the air hub for fast
 * long-distance service, gateways and regional hubs abroad with customs where it enters.
 */
import type { CarrierNetwork, Facility } from '../hubs';
import { gatewayOf, regionOf } from '../countryGateways';
import { type LocatedPlace, type Point, milesBetween, nearest } from './places';

export interface RouteStop {
  name: string;
  city: string;
  state: string;
  country: string;
  zip: string | undefined;
  point: Point | undefined;
  /** Import customs clearance happens here. */
  customs: boolean;
}

/** Within this distance of a hub a package goes straight to the local delivery center. */
const LOCAL_MILES = 150;
/** Shorter trips than this go by road even when the service is fast. */
const AIR_MIN_MILES = 500;
/** Services this fast fly when the distance calls for it. */
const AIR_MAX_TRANSIT_DAYS = 2;

function inCountry(facilities: readonly Facility[], country: string): Facility[] {
  return facilities.filter((facility) => facility.country === country);
}

function isFar(facility: Facility | undefined, point: Point | undefined): boolean {
  return facility !== undefined && (milesBetween(facility, point) ?? Infinity) > LOCAL_MILES;
}

/** Drops gaps and repeats while keeping order: a package does not scan into the same hub twice. */
function distinct(facilities: readonly (Facility | undefined)[]): Facility[] {
  const seen = new Set<Facility>();
  const result: Facility[] = [];
  for (const facility of facilities) {
    if (facility !== undefined && !seen.has(facility)) {
      seen.add(facility);
      result.push(facility);
    }
  }
  return result;
}

function toStop(facility: Facility, customs: boolean): RouteStop {
  return {
    name: facility.name,
    city: facility.city,
    state: facility.state,
    country: facility.country,
    zip: facility.zip,
    point: { lat: facility.lat, lon: facility.lon },
    customs,
  };
}

function domesticStops(network: CarrierNetwork, from: LocatedPlace, to: LocatedPlace, transitDays: number): Facility[] {
  const country = from.country;
  const hubs = inCountry(network.groundHubs, country);
  const air = network.airHub?.country === country ? network.airHub : undefined;
  const longTrip = (milesBetween(from.point, to.point) ?? Infinity) > AIR_MIN_MILES;
  if (air !== undefined && (hubs.length === 0 || (transitDays <= AIR_MAX_TRANSIT_DAYS && longTrip))) return [air];
  if (hubs.length > 0) return distinct([nearest(hubs, from.point), nearest(hubs, to.point)]);
  // A country where the carrier has no hub of its own in the data: it sorts at the gateway city.
  const regional = Object.values(network.regionalHubs).find((hub) => hub.country === country);
  return distinct([regional ?? gatewayOf(country)]);
}

function internationalStops(network: CarrierNetwork, from: LocatedPlace, to: LocatedPlace): Facility[] {
  const fromRegion = regionOf(from.country);
  const toRegion = regionOf(to.country);
  const originRegionalHub = fromRegion === undefined ? undefined : network.regionalHubs[fromRegion];
  const destinationRegionalHub = toRegion === undefined ? undefined : network.regionalHubs[toRegion];

  const exit =
    (originRegionalHub?.country === from.country ? originRegionalHub : undefined) ??
    nearest(inCountry(network.gateways, from.country), from.point) ??
    nearest(inCountry(network.groundHubs, from.country), from.point) ??
    gatewayOf(from.country);
  const originHub = isFar(exit, from.point) ? nearest(inCountry(network.groundHubs, from.country), from.point) : undefined;

  const entry =
    (destinationRegionalHub?.country === to.country ? destinationRegionalHub : undefined) ??
    nearest(inCountry(network.gateways, to.country), to.point) ??
    gatewayOf(to.country);
  const destinationHub = isFar(entry, to.point) ? nearest(inCountry(network.groundHubs, to.country), to.point) : undefined;

  return distinct([originHub, exit, originRegionalHub, destinationRegionalHub, entry, destinationHub]);
}

/** The hubs between origin and destination, in order; customs is marked where the package first enters the destination country. */
export function planRoute(network: CarrierNetwork, from: LocatedPlace, to: LocatedPlace, transitDays: number): RouteStop[] {
  if (from.country === to.country) return domesticStops(network, from, to, transitDays).map((facility) => toStop(facility, false));
  const stops = internationalStops(network, from, to);
  // A regional hub may stand in the destination country before the gateway (Miami for Latin America into the US).
  const entryIndex = stops.findIndex((facility) => facility.country === to.country);
  const route = stops.map((facility, index) => toStop(facility, index === entryIndex));
  if (entryIndex === -1) {
    // A country without a known gateway still clears customs: in the destination city itself.
    route.push({ name: `${to.city} Customs`, city: to.city, state: to.stateProvince, country: to.country, zip: undefined, point: to.point, customs: true });
  }
  return route;
}
