/**
 * Where international parcels enter (and leave) common countries: the main cargo airport's
 * city, with its coordinates and the region carriers route the country through. Countries
 * outside the table fall back to the address's own city (see gatewayOf).
 */
import type { Facility, Region } from './hubs';

interface CountryGateway {
  city: string;
  /** Where the country's addresses carry a state or province. */
  state?: string;
  region: Region;
  lat: number;
  lon: number;
}

const GATEWAYS: Readonly<Record<string, CountryGateway>> = {
  US: { city: 'New York', state: 'NY', region: 'NA', lat: 40.6472, lon: -73.7827 },
  CA: { city: 'Toronto', state: 'ON', region: 'NA', lat: 43.6777, lon: -79.6248 },
  MX: { city: 'Mexico City', region: 'LATAM', lat: 19.4361, lon: -99.0719 },
  BR: { city: 'Sao Paulo', region: 'LATAM', lat: -23.4356, lon: -46.4731 },
  AR: { city: 'Buenos Aires', region: 'LATAM', lat: -34.8222, lon: -58.5358 },
  CL: { city: 'Santiago', region: 'LATAM', lat: -33.393, lon: -70.7858 },
  CO: { city: 'Bogota', region: 'LATAM', lat: 4.7016, lon: -74.1469 },
  PE: { city: 'Lima', region: 'LATAM', lat: -12.0219, lon: -77.1143 },
  GB: { city: 'London', region: 'UK', lat: 51.47, lon: -0.4543 },
  IE: { city: 'Dublin', region: 'UK', lat: 53.4213, lon: -6.2701 },
  FR: { city: 'Paris', region: 'EU', lat: 49.0097, lon: 2.5479 },
  DE: { city: 'Frankfurt', region: 'EU', lat: 50.0379, lon: 8.5622 },
  NL: { city: 'Amsterdam', region: 'EU', lat: 52.3105, lon: 4.7683 },
  BE: { city: 'Brussels', region: 'EU', lat: 50.901, lon: 4.4856 },
  LU: { city: 'Luxembourg', region: 'EU', lat: 49.6233, lon: 6.2044 },
  ES: { city: 'Madrid', region: 'EU', lat: 40.4983, lon: -3.5676 },
  PT: { city: 'Lisbon', region: 'EU', lat: 38.7742, lon: -9.1342 },
  IT: { city: 'Milan', region: 'EU', lat: 45.63, lon: 8.7231 },
  CH: { city: 'Zurich', region: 'EU', lat: 47.4582, lon: 8.5555 },
  AT: { city: 'Vienna', region: 'EU', lat: 48.1103, lon: 16.5697 },
  DK: { city: 'Copenhagen', region: 'EU', lat: 55.618, lon: 12.6508 },
  SE: { city: 'Stockholm', region: 'EU', lat: 59.6519, lon: 17.9186 },
  NO: { city: 'Oslo', region: 'EU', lat: 60.1976, lon: 11.1004 },
  FI: { city: 'Helsinki', region: 'EU', lat: 60.3172, lon: 24.9633 },
  PL: { city: 'Warsaw', region: 'EU', lat: 52.1657, lon: 20.9671 },
  CZ: { city: 'Prague', region: 'EU', lat: 50.1008, lon: 14.26 },
  HU: { city: 'Budapest', region: 'EU', lat: 47.4369, lon: 19.2556 },
  GR: { city: 'Athens', region: 'EU', lat: 37.9364, lon: 23.9445 },
  TR: { city: 'Istanbul', region: 'EU', lat: 41.2753, lon: 28.7519 },
  IL: { city: 'Tel Aviv', region: 'MIDEAST', lat: 32.0114, lon: 34.8867 },
  AE: { city: 'Dubai', region: 'MIDEAST', lat: 25.2532, lon: 55.3657 },
  SA: { city: 'Riyadh', region: 'MIDEAST', lat: 24.9576, lon: 46.6988 },
  IN: { city: 'New Delhi', region: 'ASIA', lat: 28.5562, lon: 77.1 },
  CN: { city: 'Shanghai', region: 'ASIA', lat: 31.1443, lon: 121.8083 },
  HK: { city: 'Hong Kong', region: 'ASIA', lat: 22.308, lon: 113.9185 },
  TW: { city: 'Taipei', region: 'ASIA', lat: 25.0797, lon: 121.2342 },
  JP: { city: 'Tokyo', region: 'ASIA', lat: 35.772, lon: 140.3929 },
  KR: { city: 'Seoul', region: 'ASIA', lat: 37.4602, lon: 126.4407 },
  SG: { city: 'Singapore', region: 'ASIA', lat: 1.3644, lon: 103.9915 },
  MY: { city: 'Kuala Lumpur', region: 'ASIA', lat: 2.7456, lon: 101.7072 },
  TH: { city: 'Bangkok', region: 'ASIA', lat: 13.69, lon: 100.7501 },
  PH: { city: 'Manila', region: 'ASIA', lat: 14.5086, lon: 121.0194 },
  ID: { city: 'Jakarta', region: 'ASIA', lat: -6.1256, lon: 106.6559 },
  VN: { city: 'Ho Chi Minh City', region: 'ASIA', lat: 10.8188, lon: 106.6519 },
  AU: { city: 'Sydney', region: 'OCEANIA', lat: -33.9399, lon: 151.1753 },
  NZ: { city: 'Auckland', region: 'OCEANIA', lat: -37.0082, lon: 174.785 },
  ZA: { city: 'Johannesburg', region: 'AFRICA', lat: -26.1367, lon: 28.2411 },
  EG: { city: 'Cairo', region: 'AFRICA', lat: 30.1219, lon: 31.4056 },
  NG: { city: 'Lagos', region: 'AFRICA', lat: 6.5774, lon: 3.3212 },
  KE: { city: 'Nairobi', region: 'AFRICA', lat: -1.3192, lon: 36.9278 },
  MA: { city: 'Casablanca', region: 'AFRICA', lat: 33.3675, lon: -7.5899 },
};

/** Countries the table knows, for tests and documentation. */
export const GATEWAY_COUNTRIES: readonly string[] = Object.keys(GATEWAYS);

const facilities = new Map<string, Facility>();

/** The region a country is routed through; undefined for countries outside the table. */
export function regionOf(country: string): Region | undefined {
  return GATEWAYS[country]?.region;
}

/**
 * The gateway facility of `country`, or undefined when the table does not know it. The same
 * object is returned on every call, so routes can compare facilities by identity.
 */
export function gatewayOf(country: string): Facility | undefined {
  const cached = facilities.get(country);
  if (cached !== undefined) return cached;
  const gateway = GATEWAYS[country];
  if (gateway === undefined) return undefined;
  const facility: Facility = { name: `${gateway.city} International Gateway`, city: gateway.city, state: gateway.state ?? '', country, lat: gateway.lat, lon: gateway.lon };
  facilities.set(country, facility);
  return facility;
}
