/**
 * Where an address is on the globe, for picking the hubs nearest to it and the local time
 * of its scans. US ZIP codes and Canadian forward sortation areas come from the `zipcodes`
 * data; other countries use their gateway city.
 */
import type { ZipCode } from 'zipcodes';
import { zipcodes } from '../../lazyPackages';
import type { Facility } from '../hubs';
import { gatewayOf } from '../countryGateways';
import { timeZoneOf, zoneOffsetHours } from '../timeZones';

/** An address as far as tracking needs it; a shipment's shipFrom and shipTo fit as they are. */
export interface Place {
  city: string;
  stateProvince: string;
  country: string;
  zipPostalCode: string;
}

export interface Point {
  lat: number;
  lon: number;
}

/** A place with its country code normalised, and its position and time zone when they could be found. */
export interface LocatedPlace extends Place {
  point: Point | undefined;
  timeZone: string | undefined;
}

/** "IL", "il" and "Illinois" (or "Ontario") all give the two-letter code. */
function regionCode(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  return zipcodes().states.full[trimmed.toUpperCase()];
}

function lookupZip(place: Place, country: string): ZipCode | undefined {
  const code = place.zipPostalCode.trim().toUpperCase();
  let found: ZipCode | undefined;
  if (country === 'US') {
    const zip5 = /^(\d{5})(-?\d{4})?$/.exec(code)?.[1];
    found = zip5 === undefined ? undefined : zipcodes().lookup(zip5);
    // An unknown ZIP still usually has a known city.
    if (found === undefined && place.city.trim() !== '' && place.stateProvince.trim() !== '') {
      found = zipcodes().lookupByName(place.city.trim(), place.stateProvince.trim())[0];
    }
  } else if (country === 'CA') {
    // The data holds forward sortation areas: the first three characters of the postal code.
    const fsa = /^([A-Z]\d[A-Z])/.exec(code)?.[1];
    found = fsa === undefined ? undefined : zipcodes().lookup(fsa);
  }
  return found;
}

export function locatePlace(place: Place): LocatedPlace {
  const country = place.country.trim().toUpperCase();
  const found = lookupZip(place, country);
  const gateway = found === undefined ? gatewayOf(country) : undefined;
  const point = found !== undefined ? { lat: found.latitude, lon: found.longitude } : gateway && { lat: gateway.lat, lon: gateway.lon };
  // The ZIP's own state beats what the address says; addresses abroad have no zone table below the country.
  const region = (found === undefined ? undefined : regionCode(found.state)) ?? regionCode(place.stateProvince);
  return { ...place, country, point, timeZone: timeZoneOf(country, region) };
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles, or undefined when either end has no known position. */
export function milesBetween(a: Point | undefined, b: Point | undefined): number | undefined {
  if (a === undefined || b === undefined) return undefined;
  const toRadians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRadians;
  const dLon = (b.lon - a.lon) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRadians) * Math.cos(b.lat * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The facility closest to `point`; the first listed when the point is unknown. */
export function nearest(facilities: readonly Facility[], point: Point | undefined): Facility | undefined {
  let best: Facility | undefined;
  let bestMiles = Infinity;
  for (const facility of facilities) {
    const miles = milesBetween(point, facility) ?? 0;
    if (miles < bestMiles) {
      best = facility;
      bestMiles = miles;
    }
  }
  return best;
}

/**
 * Hours from UTC of local time at a place at `instant`: from its time zone when known, else
 * from its longitude (15 degrees an hour), else UTC.
 */
export function utcOffsetHours(place: LocatedPlace, instant: number): number {
  if (place.timeZone !== undefined) return zoneOffsetHours(place.timeZone, instant);
  if (place.point === undefined) return 0;
  return Math.max(-12, Math.min(14, Math.round(place.point.lon / 15)));
}
