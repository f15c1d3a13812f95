/**
 * The whole address on one line, its lines in postal order and joined with commas. The last
 * line follows the destination's custom: `CITY STATE POSTCODE` in North America and
 * Australia, `POSTCODE CITY` across most of continental Europe, the postcode on a line of
 * its own in the UK and Ireland. The country's name ends every address outside the ZIP
 * system, as the UPU asks for international mail.
 */
import type { AddressIdParts } from './addressId';
import type { PostalSystem } from './postal';

const POSTCODE_FIRST: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CH', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IS', 'IT',
  'LI', 'LT', 'LU', 'MC', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'TR',
]);
const POSTCODE_OWN_LINE: ReadonlySet<string> = new Set(['GB', 'IE', 'JE', 'GG', 'IM']);

/** The standardized place (as the address id keys it), and how to write the country. */
export interface FullAddressParts extends AddressIdParts {
  readonly countryName: string | undefined;
  readonly system: PostalSystem;
}

function joined(parts: readonly string[], separator: string): string {
  return parts.filter((part) => part !== '').join(separator);
}

function lastLines(p: FullAddressParts): string[] {
  if (POSTCODE_FIRST.has(p.country)) return [joined([p.zipPostalCode, p.city, p.stateProvince], ' ')];
  if (POSTCODE_OWN_LINE.has(p.country)) return [joined([p.city, p.stateProvince], ' '), p.zipPostalCode];
  return [joined([p.city, p.stateProvince, p.zipPostalCode], ' ')];
}

export function fullAddressOf(p: FullAddressParts): string {
  const country = p.system === 'US' ? '' : (p.countryName ?? p.country);
  return joined([p.address1, p.address2, ...lastLines(p), country], ', ');
}
