/**
 * Zones. Within the US and Canada (and between them, for freight) a zone comes from the
 * distance between origin and destination, with the mileage bands of US carriers' zone
 * charts (zone 2 local ... zone 8 across the continent). International parcel zones come
 * from the pair of regions, like a carrier's worldwide zone chart: 1 (neighbours) to 6.
 * A domestic shipment in a country without coordinates here is one national zone (2),
 * as most European domestic tariffs are.
 */
import type { Region } from './countries';
import type { Place } from './places';

export type Lane = 'US' | 'CA' | 'DOMESTIC' | 'INTERNATIONAL';

export interface Route {
  readonly from: Place;
  readonly to: Place;
  readonly lane: Lane;
  /** Zone for parcel tariffs: 2–8 on a domestic lane, 1–6 on an international one. */
  readonly parcelZone: number;
  /** Distance zone (2–8) whenever both ends have coordinates; freight is priced by it. */
  readonly distanceZone?: number;
  readonly distanceMiles?: number;
}

/** Upper bound in miles of zones 2..7; farther is zone 8 (USPS zone chart bands). */
const ZONE_BANDS = [150, 300, 600, 1000, 1400, 1800] as const;

export function zoneForDistance(miles: number): number {
  const band = ZONE_BANDS.findIndex((limit) => miles <= limit);
  return band === -1 ? 8 : band + 2;
}

const REGION_INDEX: Readonly<Record<Region, number>> = { NA: 0, EUW: 1, EUE: 2, APAC: 3, LATAM: 4, MEA: 5, ROW: 6 };

/** Rows: origin region, columns: destination region, in REGION_INDEX order. */
const INTERNATIONAL_ZONES: readonly (readonly number[])[] = [
  [1, 3, 4, 4, 2, 5, 6],
  [3, 1, 2, 5, 5, 4, 6],
  [4, 2, 1, 5, 6, 4, 6],
  [4, 5, 5, 2, 6, 5, 6],
  [2, 5, 6, 6, 3, 6, 6],
  [5, 4, 4, 5, 6, 3, 6],
  [6, 6, 6, 6, 6, 6, 6],
];

export function internationalZone(from: Region, to: Region): number {
  return INTERNATIONAL_ZONES[REGION_INDEX[from]]?.[REGION_INDEX[to]] ?? 6;
}

const EARTH_RADIUS_MILES = 3958.8;

function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

function laneOf(from: Place, to: Place): Lane {
  if (from.country !== to.country) return 'INTERNATIONAL';
  if (from.country === 'US') return 'US';
  if (from.country === 'CA') return 'CA';
  return 'DOMESTIC';
}

export function routeBetween(from: Place, to: Place): Route {
  const lane = laneOf(from, to);
  let distanceMiles: number | undefined;
  if (from.latitude !== undefined && from.longitude !== undefined && to.latitude !== undefined && to.longitude !== undefined) {
    distanceMiles = haversineMiles(from.latitude, from.longitude, to.latitude, to.longitude);
  }
  const distanceZone = distanceMiles === undefined ? undefined : zoneForDistance(distanceMiles);
  const parcelZone = lane === 'INTERNATIONAL' ? internationalZone(from.region, to.region) : (distanceZone ?? 2);
  return { from, to, lane, parcelZone, distanceZone, distanceMiles };
}
