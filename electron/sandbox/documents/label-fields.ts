/** The label's printed wording: what each field becomes before it is laid out. */
import type { ShipmentAddress } from '../../service/contract';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "US" → "UNITED STATES"; a code Intl does not know is printed as given. */
export function countryName(code: string): string {
  try {
    return (regionNames.of(code.toUpperCase()) ?? code).toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** Up to two decimals, no trailing zeros: 5 → "5", 12.345 → "12.35". */
export function formatQuantity(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function formatWeight(weight: number, unit: string): string {
  return `${formatQuantity(weight)} ${unit.toUpperCase()}`;
}

/** The calendar date in UTC, the zone the service's date-times are expressed in. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function cityLine(address: ShipmentAddress): string {
  return [address.city, address.stateProvince, address.zipPostalCode].map((part) => part.trim()).filter((part) => part !== '').join(' ');
}

export type AddressLineRole = 'name' | 'company' | 'street' | 'city' | 'country';

export interface AddressLine {
  readonly role: AddressLineRole;
  readonly text: string;
}

/** Name, company, street, city line and country, skipping what the address lacks. */
export function addressLines(address: ShipmentAddress): AddressLine[] {
  const lines: [AddressLineRole, string | undefined][] = [
    ['name', address.contactName],
    ['company', address.companyName],
    ['street', address.address1],
    ['street', address.address2],
    ['city', cityLine(address)],
    ['country', countryName(address.country)],
  ];
  return lines.flatMap(([role, text]) => (text === undefined || text.trim() === '' ? [] : [{ role, text: text.trim() }]));
}

/**
 * The sort code carriers print large for the hub: state and three-digit ZIP prefix in
 * North America ("GA 303"), country and postal prefix elsewhere ("GB SW1").
 */
export function routingCode(address: ShipmentAddress): string {
  const country = address.country.toUpperCase();
  const prefix = address.zipPostalCode.replace(/[^0-9A-Za-z]/g, '').slice(0, 3).toUpperCase();
  const area = country === 'US' || country === 'CA' ? address.stateProvince.trim().toUpperCase() : country;
  return `${area} ${prefix}`.trim();
}

const SERVICE_BADGES: readonly (readonly [RegExp, string])[] = [
  [/\b(next day|overnight|1 ?day|same day)\b/i, '1'],
  [/\b(2nd day|2 ?day|second day)\b/i, '2'],
  [/\b(3 ?day|3rd day|three day)\b/i, '3'],
  [/\bexpress\b/i, 'E'],
  [/\bpriority\b/i, 'P'],
  [/\b(ground|home|economy|parcel|standard)\b/i, 'G'],
  [/\b(freight|ltl)\b/i, 'F'],
];

/** The one-character service class in the black tile, as sorters read it at a glance. */
export function serviceBadge(serviceName: string): string {
  for (const [pattern, badge] of SERVICE_BADGES) if (pattern.test(serviceName)) return badge;
  return (/[0-9A-Za-z]/.exec(serviceName)?.[0] ?? '-').toUpperCase();
}

const REFERENCE_TITLES: Readonly<Record<string, string>> = { orderNumber: 'ORDER #', customerPO: 'PO #' };

/** References as "TITLE: value" lines, order number and customer PO first. */
export function referenceLines(references: Readonly<Record<string, string>> | undefined): string[] {
  if (references === undefined) return [];
  const keys = Object.keys(references).filter((key) => references[key]?.trim() !== '');
  const known = ['orderNumber', 'customerPO'].filter((key) => keys.includes(key));
  const others = keys.filter((key) => !known.includes(key));
  return [...known, ...others].map((key) => `${REFERENCE_TITLES[key] ?? key.toUpperCase()}: ${references[key] ?? ''}`);
}
