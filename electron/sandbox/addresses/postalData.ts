/**
 * The postal data: the `zipcodes` package (US ZIP codes with their preferred city and state,
 * including territories and military APO/FPO/DPO codes; Canadian forward sortation areas,
 * the first three characters of a postal code, with an area name and province).
 *
 * Indexed once, at the first look-up (the table is loaded then too: see lazyPackages.ts), into
 * maps keyed the way the checks ask: by ZIP, by FSA, and by city and state. Plain maps also
 * keep look-ups of hostile keys (`__proto__`, `constructor`) away from the package's
 * plain-object table.
 */
import { zipcodes } from '../lazyPackages';
import { cityKey } from './text';

export interface UsZip {
  readonly zip: string;
  /** The USPS preferred city name, in upper case. */
  readonly city: string;
  readonly state: string;
}

export interface CanadaArea {
  readonly fsa: string;
  /** The package's description of the area (`Downtown Toronto (...)`), in upper case. */
  readonly area: string;
}

interface Indexes {
  readonly usByZip: Map<string, UsZip>;
  readonly caByFsa: Map<string, CanadaArea>;
  readonly usZipsByCity: Map<string, string[]>;
}

function cityIndexKey(city: string, state: string): string {
  return `${cityKey(city)}|${state}`;
}

let built: Indexes | undefined;

function indexes(): Indexes {
  if (built !== undefined) return built;
  const usByZip = new Map<string, UsZip>();
  const caByFsa = new Map<string, CanadaArea>();
  const usZipsByCity = new Map<string, string[]>();
  for (const entry of Object.values(zipcodes().codes)) {
    if (entry.country === 'US') {
      const record = { zip: entry.zip, city: entry.city.toUpperCase(), state: entry.state };
      usByZip.set(entry.zip, record);
      const key = cityIndexKey(record.city, record.state);
      const list = usZipsByCity.get(key);
      if (list) list.push(entry.zip);
      else usZipsByCity.set(key, [entry.zip]);
    } else if (entry.country === 'Canada') {
      caByFsa.set(entry.zip, { fsa: entry.zip, area: entry.city.toUpperCase() });
    }
  }
  built = { usByZip, caByFsa, usZipsByCity };
  return built;
}

export function usZip(zip5: string): UsZip | undefined {
  return indexes().usByZip.get(zip5);
}

export function canadaArea(fsa: string): CanadaArea | undefined {
  return indexes().caByFsa.get(fsa);
}

/** The ZIP codes of a city, for suggestions (empty when the city is unknown in that state). */
export function usZipsForCity(city: string, state: string): readonly string[] {
  return indexes().usZipsByCity.get(cityIndexKey(city, state)) ?? [];
}

/** How many records of each kind were loaded, for the documentation and the tests. */
export function postalDataCounts(): { usZips: number; canadaAreas: number } {
  return { usZips: indexes().usByZip.size, canadaAreas: indexes().caByFsa.size };
}
