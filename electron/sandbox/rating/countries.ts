/**
 * What rating needs to know about a country: its region (international zones are priced
 * region to region, as carriers' zone charts group destinations) and its standard UTC
 * offset (a commit time such as "by 10:30" is local to the destination).
 */
export type Region = 'NA' | 'EUW' | 'EUE' | 'APAC' | 'LATAM' | 'MEA' | 'ROW';

interface CountryFacts {
  readonly region: Region;
  /** Standard time, hours east of UTC; daylight saving is not modelled. */
  readonly utcOffset: number;
}

const TABLE: Readonly<Record<Exclude<Region, 'ROW'>, Readonly<Record<string, number>>>> = {
  NA: { US: -5, CA: -5, MX: -6 },
  EUW: {
    GB: 0, IE: 0, PT: 0, IS: 0, FR: 1, DE: 1, NL: 1, BE: 1, LU: 1, AT: 1, CH: 1, IT: 1, ES: 1, DK: 1, SE: 1, NO: 1, FI: 2,
    MC: 1, LI: 1, AD: 1, SM: 1, VA: 1, MT: 1,
  },
  EUE: {
    PL: 1, CZ: 1, SK: 1, HU: 1, SI: 1, HR: 1, RS: 1, BA: 1, ME: 1, MK: 1, AL: 1, XK: 1, RO: 2, BG: 2, GR: 2, EE: 2, LV: 2,
    LT: 2, CY: 2, UA: 2, MD: 2, TR: 3, BY: 3, RU: 3, GE: 4, AM: 4,
  },
  APAC: {
    JP: 9, KR: 9, CN: 8, HK: 8, MO: 8, TW: 8, SG: 8, MY: 8, PH: 8, TH: 7, VN: 7, ID: 7, KH: 7, IN: 5.5, LK: 5.5, PK: 5,
    BD: 6, NP: 5.75, AU: 10, NZ: 12,
  },
  LATAM: {
    BR: -3, AR: -3, UY: -3, CL: -4, PY: -4, BO: -4, VE: -4, DO: -4, PR: -4, TT: -4, BB: -4, CO: -5, PE: -5, EC: -5, PA: -5,
    JM: -5, BS: -5, CU: -5, HT: -5, CR: -6, GT: -6, HN: -6, SV: -6, NI: -6,
  },
  MEA: {
    AE: 4, OM: 4, SA: 3, QA: 3, KW: 3, BH: 3, JO: 3, KE: 3, ET: 3, TZ: 3, UG: 3, IL: 2, LB: 2, EG: 2, ZA: 2, MA: 1, TN: 1,
    DZ: 1, NG: 1, GH: 0,
  },
};

const FACTS = new Map<string, CountryFacts>();
for (const [region, countries] of Object.entries(TABLE)) {
  for (const [code, utcOffset] of Object.entries(countries)) FACTS.set(code, { region: region as Region, utcOffset });
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Codes ICU knows as regions that are not countries one can ship to. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'UK', 'XA', 'XB']);
const knownCodes = new Map<string, boolean>();

/** True for an ISO 3166-1 alpha-2 country code (upper case). ICU's region names are the list. */
export function isCountryCode(code: string): boolean {
  const cached = knownCodes.get(code);
  if (cached !== undefined) return cached;
  let known = FACTS.has(code);
  if (!known && /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code)) {
    const name = regionNames.of(code);
    known = name !== undefined && name !== code && name !== 'Unknown Region';
  }
  knownCodes.set(code, known);
  return known;
}

/** Facts of a valid country code; countries outside the table are "rest of world" on UTC. */
export function countryFacts(code: string): CountryFacts {
  return FACTS.get(code) ?? { region: 'ROW', utcOffset: 0 };
}
