/**
 * Time zones for putting scans at local hours (a delivery in the recipient's afternoon, not
 * in UTC's). A state split between zones gets the zone most of its people live in; a
 * country spanning several zones gets its gateway city's.
 */

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** US states and territories, and Canadian provinces, by postal code. */
const REGION_ZONES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: {
    ...Object.fromEntries(
      ['CT', 'DC', 'DE', 'FL', 'GA', 'KY', 'MA', 'MD', 'ME', 'MI', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC', 'VA', 'VT', 'WV'].map((s) => [s, EASTERN]),
    ),
    ...Object.fromEntries(['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI'].map((s) => [s, CENTRAL])),
    ...Object.fromEntries(['CO', 'ID', 'MT', 'NM', 'UT', 'WY'].map((s) => [s, MOUNTAIN])),
    ...Object.fromEntries(['CA', 'NV', 'OR', 'WA'].map((s) => [s, PACIFIC])),
    IN: 'America/Indiana/Indianapolis',
    AZ: 'America/Phoenix',
    AK: 'America/Anchorage',
    HI: 'Pacific/Honolulu',
    PR: 'America/Puerto_Rico',
    VI: 'America/St_Thomas',
    GU: 'Pacific/Guam',
  },
  CA: {
    BC: 'America/Vancouver',
    AB: 'America/Edmonton',
    SK: 'America/Regina',
    MB: 'America/Winnipeg',
    ON: 'America/Toronto',
    QC: 'America/Toronto',
    NB: 'America/Moncton',
    NS: 'America/Halifax',
    PE: 'America/Halifax',
    NL: 'America/St_Johns',
    YT: 'America/Whitehorse',
    NT: 'America/Yellowknife',
    NU: 'America/Iqaluit',
  },
};

/** Other countries: the zone of the city their parcels enter through (see countryGateways). */
const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  US: EASTERN,
  CA: 'America/Toronto',
  MX: 'America/Mexico_City',
  BR: 'America/Sao_Paulo',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  CO: 'America/Bogota',
  PE: 'America/Lima',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  IT: 'Europe/Rome',
  CH: 'Europe/Zurich',
  AT: 'Europe/Vienna',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki',
  PL: 'Europe/Warsaw',
  CZ: 'Europe/Prague',
  HU: 'Europe/Budapest',
  GR: 'Europe/Athens',
  TR: 'Europe/Istanbul',
  IL: 'Asia/Jerusalem',
  AE: 'Asia/Dubai',
  SA: 'Asia/Riyadh',
  IN: 'Asia/Kolkata',
  CN: 'Asia/Shanghai',
  HK: 'Asia/Hong_Kong',
  TW: 'Asia/Taipei',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  SG: 'Asia/Singapore',
  MY: 'Asia/Kuala_Lumpur',
  TH: 'Asia/Bangkok',
  PH: 'Asia/Manila',
  ID: 'Asia/Jakarta',
  VN: 'Asia/Ho_Chi_Minh',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  ZA: 'Africa/Johannesburg',
  EG: 'Africa/Cairo',
  NG: 'Africa/Lagos',
  KE: 'Africa/Nairobi',
  MA: 'Africa/Casablanca',
};

/** The IANA zone of a place from its country and state or province code; undefined if not known. */
export function timeZoneOf(country: string, region: string | undefined): string | undefined {
  const byRegion = region === undefined ? undefined : REGION_ZONES[country]?.[region];
  return byRegion ?? COUNTRY_ZONES[country];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Hours from UTC in `zone` at `instant`, daylight saving included (e.g. -4 for New York in June). */
export function zoneOffsetHours(zone: string, instant: number): number {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (match === null) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return match[1] === '-' ? -hours : hours;
}
