/**
 * Tracking numbers in each carrier's real format, with its real check digit, so numbers
 * made by the sandbox pass the same validation a carrier-aware client applies to live ones.
 * The formats and rules are described in docs/sandbox/tracking.md.
 */
import { CARRIER_CODES, CARRIERS, type CarrierCode } from './carriers';
import { fedexCheckDigit, gs1CheckDigit, luhnCheckDigit, mod7CheckDigit, s10CheckDigit, upsCheckDigit } from './tracking/checkDigits';
import { hashText } from '../seededRandom';

const DIGITS = '0123456789';
const LETTERS_AND_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randomChars(random: () => number, alphabet: string, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    // min() guards against a random source that can return exactly 1.
    text += alphabet.charAt(Math.min(alphabet.length - 1, Math.floor(random() * alphabet.length)));
  }
  return text;
}

/** "UPS 2nd Day Air®", "ups_2nd_day_air" and "2ND DAY AIR" all read as "2nddayair"; no name reads as "". */
function serviceKey(serviceName: string | undefined): string {
  return (typeof serviceName === 'string' ? serviceName : '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^(ups|fedex|usps|dhl|odfl)/, '');
}

/** Most specific first: "nextdayairsaver" must not be read as plain "nextdayair". */
const UPS_SERVICE_CODES: readonly (readonly [RegExp, string])[] = [
  [/nextdayairearly|earlyam/, '14'],
  [/nextdayairsaver/, '13'],
  [/nextdayair|overnight/, '01'],
  [/(2nd|second)dayairam/, '59'],
  [/(2nd|second)dayair/, '02'],
  [/(3|three)dayselect/, '12'],
  [/expressplus/, '54'],
  [/saver/, '65'],
  [/expedited/, '08'],
  [/express/, '07'],
  [/standard/, '11'],
  [/ground/, '03'],
];

/**
 * USPS international services carry UPU S10 numbers; the first letter is the UPU service
 * indicator: E for Express Mail Service, C for parcels, L for tracked letter-post packets.
 */
const USPS_S10_INDICATORS: readonly (readonly [RegExp, string])[] = [
  [/expressinternational|internationalexpress/, 'E'],
  [/(firstclass|groundadvantage).*international|international.*(firstclass|package)/, 'L'],
  [/international/, 'C'],
];

/** USPS IMpb service type codes: one representative code per mail class. */
const USPS_SERVICE_TYPE_CODES: readonly (readonly [RegExp, string])[] = [
  [/express/, '701'],
  [/priority/, '055'],
  [/parcelselect/, '612'],
  [/groundadvantage|firstclass/, '001'],
];

function lookupService(table: readonly (readonly [RegExp, string])[], serviceName: string, fallback: string): string {
  const key = serviceKey(serviceName);
  for (const [pattern, code] of table) if (pattern.test(key)) return code;
  return fallback;
}

/** UPS service code (the two digits after the shipper account) for a service name; Ground when unknown. */
export function upsServiceCode(serviceName: string): string {
  return lookupService(UPS_SERVICE_CODES, serviceName, '03');
}

/** USPS IMpb service type code for a service name; Ground Advantage when unknown. */
export function uspsServiceTypeCode(serviceName: string): string {
  return lookupService(USPS_SERVICE_TYPE_CODES, serviceName, '001');
}

/** The shipper's six-character UPS account; any other account text maps to a stable six characters. */
function upsShipperCode(random: () => number, shipperAccount: string | undefined): string {
  const cleaned = (shipperAccount ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (cleaned === '') return randomChars(random, LETTERS_AND_DIGITS, 6);
  if (cleaned.length === 6) return cleaned;
  return hashText(cleaned).toString(36).toUpperCase().padStart(6, '0').slice(-6);
}

/** A nine-digit USPS Mailer ID (nine-digit MIDs start with 9); other account text maps to a stable one. */
function uspsMailerId(random: () => number, shipperAccount: string | undefined): string {
  const cleaned = (shipperAccount ?? '').replace(/\s/g, '');
  if (cleaned === '') return `9${randomChars(random, DIGITS, 8)}`;
  if (/^9\d{8}$/.test(cleaned)) return cleaned;
  return `9${String(hashText(cleaned) % 100_000_000).padStart(8, '0')}`;
}

function withCheckDigit(data: string, checkDigit: (data: string) => number): string {
  return `${data}${checkDigit(data)}`;
}

const ODFL_PRO_PREFIXES = ['072', '777', '778'] as const;

/**
 * A new tracking number for a package of `carrier` shipped with `serviceName`. `random`
 * supplies every random choice (tests pass a seeded one); `shipperAccount` is embedded
 * where the carrier embeds it (UPS account, USPS Mailer ID).
 */
export function newTrackingNumber(carrier: CarrierCode, serviceName: string, random: () => number, shipperAccount?: string): string {
  switch (carrier) {
    case 'UPS': {
      const data = `${upsShipperCode(random, shipperAccount)}${upsServiceCode(serviceName)}${randomChars(random, DIGITS, 7)}`;
      return `1Z${withCheckDigit(data, upsCheckDigit)}`;
    }
    case 'FEDEX':
      // FedEx's 12-digit Express and Ground numbers in circulation mostly start with 7.
      return withCheckDigit(`7${randomChars(random, DIGITS, 10)}`, fedexCheckDigit);
    case 'USPS': {
      const indicator = lookupService(USPS_S10_INDICATORS, serviceName, '');
      if (indicator !== '') {
        const serial = randomChars(random, DIGITS, 8);
        return `${indicator}${randomChars(random, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 1)}${serial}${s10CheckDigit(serial)}US`;
      }
      const data = `92${uspsServiceTypeCode(serviceName)}${uspsMailerId(random, shipperAccount)}${randomChars(random, DIGITS, 7)}`;
      return withCheckDigit(data, gs1CheckDigit);
    }
    case 'DHL':
      return withCheckDigit(`${randomChars(random, '123456789', 1)}${randomChars(random, DIGITS, 8)}`, mod7CheckDigit);
    case 'ODFL': {
      if (serviceKey(serviceName).includes('guarantee')) return withCheckDigit(`80${randomChars(random, DIGITS, 8)}`, luhnCheckDigit);
      const prefix = ODFL_PRO_PREFIXES[Math.min(ODFL_PRO_PREFIXES.length - 1, Math.floor(random() * ODFL_PRO_PREFIXES.length))] ?? '072';
      return withCheckDigit(`${prefix}${randomChars(random, DIGITS, 7)}`, luhnCheckDigit);
    }
    default:
      throw new TypeError(`carrier must be one of ${CARRIER_CODES.join(', ')}`);
  }
}

/** Spaces are how numbers are printed for reading; they are not part of the number. */
function normalize(trackingNumber: string): string {
  return trackingNumber.replace(/\s+/g, '').toUpperCase();
}

function endsWithCheckDigit(number: string, checkDigit: (data: string) => number): boolean {
  return checkDigit(number.slice(0, -1)) === number.charCodeAt(number.length - 1) - 48;
}

const VALIDATORS: Readonly<Record<CarrierCode, (number: string) => boolean>> = {
  UPS: (n) => /^1Z[0-9A-Z]{15}[0-9]$/.test(n) && endsWithCheckDigit(n.slice(2), upsCheckDigit),
  FEDEX: (n) =>
    (/^[0-9]{12}$/.test(n) && endsWithCheckDigit(n, fedexCheckDigit)) || (/^[0-9]{15}$/.test(n) && endsWithCheckDigit(n, gs1CheckDigit)),
  USPS: (n) =>
    (/^9[1-5][0-9]{20}$/.test(n) && endsWithCheckDigit(n, gs1CheckDigit)) ||
    (/^[A-Z]{2}[0-9]{9}US$/.test(n) && s10CheckDigit(n.slice(2, 10)) === n.charCodeAt(10) - 48),
  DHL: (n) => /^[0-9]{10}$/.test(n) && endsWithCheckDigit(n, mod7CheckDigit),
  ODFL: (n) => /^(0[0-9]{9}|7[0-9]{9}|80[0-9]{8})[0-9]$/.test(n) && endsWithCheckDigit(n, luhnCheckDigit),
};

function isCarrierCode(carrier: string): carrier is CarrierCode {
  return Object.hasOwn(CARRIERS, carrier);
}

/** Whether `trackingNumber` has `carrier`'s format and a correct check digit (spaces and case ignored). */
export function isValidTrackingNumber(carrier: CarrierCode, trackingNumber: string): boolean {
  if (typeof trackingNumber !== 'string' || typeof carrier !== 'string' || !isCarrierCode(carrier)) return false;
  return VALIDATORS[carrier](normalize(trackingNumber));
}

/** The carrier whose format and check digit `trackingNumber` satisfies; the formats do not overlap. */
export function carrierOfTrackingNumber(trackingNumber: string): CarrierCode | undefined {
  if (typeof trackingNumber !== 'string') return undefined;
  const number = normalize(trackingNumber);
  return CARRIER_CODES.find((carrier) => VALIDATORS[carrier](number));
}

const TRACKING_PAGES: Readonly<Record<CarrierCode, string>> = {
  UPS: 'https://www.ups.com/track?loc=en_US&tracknum=',
  FEDEX: 'https://www.fedex.com/fedextrack/?trknbr=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  DHL: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
  ODFL: 'https://www.odfl.com/us/en/tools/trace-track-ltl-freight.html?proNumbers=',
};

/** The carrier's public tracking page for the number. Only a string for responses: never fetched. */
export function trackingUrl(carrier: CarrierCode, trackingNumber: string): string {
  if (!isCarrierCode(carrier)) throw new TypeError(`carrier must be one of ${CARRIER_CODES.join(', ')}`);
  return `${TRACKING_PAGES[carrier]}${encodeURIComponent(normalize(trackingNumber))}`;
}
