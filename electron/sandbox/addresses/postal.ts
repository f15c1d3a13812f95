/**
 * Postal codes: which system a country uses, the postal form of a code (`94105-1234`,
 * `M5V 3L9`), and `postalCodeIssues`, the guard create shipment and rate shop use to refuse
 * addresses whose postal code certainly does not exist.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { FieldIssue } from '../../service/contract';
import { canadaArea, usZip } from './postalData';
import { ZIP_TERRITORIES } from './regions';
import { squeeze } from './text';

/** US: ZIP data (also for the territories with ZIPs); CA: FSA data; OTHER: format only. */
export type PostalSystem = 'US' | 'CA' | 'OTHER';

export function postalSystemOf(country: string): PostalSystem {
  if (country === 'US' || ZIP_TERRITORIES.has(country)) return 'US';
  return country === 'CA' ? 'CA' : 'OTHER';
}

/** The two-letter country code in upper case; the common `UK` is read as ISO's `GB`. */
export function standardCountry(raw: string): string {
  const code = squeeze(raw);
  return code === 'UK' ? 'GB' : code;
}

export interface PostalCode {
  /** The code in postal form, or the input tidied (upper case, single spaces) when malformed. */
  readonly text: string;
  readonly wellFormed: boolean;
  /** The part the data is keyed on: the 5-digit ZIP or the 3-character FSA. */
  readonly key: string | undefined;
}

const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;
const CANADA_SHAPE = /^[A-Z]\d[A-Z]\d[A-Z]\d$/;
/** Canada Post never uses D, F, I, O, Q or U, nor W or Z in first place. */
const CANADA_LETTERS = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

export function formatPostalCode(system: PostalSystem, raw: string): PostalCode {
  const tidy = squeeze(raw);
  if (system === 'US') {
    const match = US_ZIP.exec(tidy.replace(/\s/g, ''));
    const zip5 = match?.[1];
    if (match === null || zip5 === undefined) return { text: tidy, wellFormed: false, key: undefined };
    const plus4 = match[2];
    return { text: plus4 === undefined ? zip5 : `${zip5}-${plus4}`, wellFormed: true, key: zip5 };
  }
  if (system === 'CA') {
    const compact = tidy.replace(/[\s-]/g, '');
    if (!CANADA_SHAPE.test(compact)) return { text: tidy, wellFormed: false, key: undefined };
    const wellFormed = CANADA_LETTERS.test(compact);
    return { text: `${compact.slice(0, 3)} ${compact.slice(3)}`, wellFormed, key: wellFormed ? compact.slice(0, 3) : undefined };
  }
  return { text: tidy, wellFormed: true, key: undefined };
}

/** Whether the package knows a format for the country (it throws for the others). */
export function hasPostcodeFormat(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

export function matchesPostcodeFormat(country: string, postalCode: string): boolean {
  return postcodeValidatorExistsForCountry(country) && postcodeValidator(postalCode, country);
}

export interface PostalAddressFields {
  readonly country: string;
  readonly zipPostalCode: string;
  readonly city: string;
  readonly stateProvince: string;
}

/**
 * Problems with an address's postal code that make it certainly undeliverable: a US ZIP or
 * Canadian postal code that is malformed or does not exist, or a code that breaks the
 * country's known format. City spellings and state mismatches are not reported here: a real
 * service would accept some of them, and address validation is the place to suggest fixes.
 * `fieldPrefix` names the address in the request (`shipTo`); empty for a bare address.
 */
export function postalCodeIssues(address: PostalAddressFields, fieldPrefix: string): FieldIssue[] {
  const field = fieldPrefix === '' ? 'zipPostalCode' : `${fieldPrefix}.zipPostalCode`;
  const country = standardCountry(address.country);
  const system = postalSystemOf(country);
  const code = formatPostalCode(system, address.zipPostalCode);
  const shown = JSON.stringify(address.zipPostalCode);
  if (system === 'US') {
    if (!code.wellFormed || code.key === undefined) return [{ field, message: `${field} ${shown} is not a US ZIP code: expected 5 digits or ZIP+4` }];
    if (usZip(code.key) === undefined) return [{ field, message: `${field} ${code.text} is not a US ZIP code` }];
    return [];
  }
  if (system === 'CA') {
    if (!code.wellFormed || code.key === undefined) return [{ field, message: `${field} ${shown} is not a Canadian postal code: expected A1A 1A1` }];
    if (canadaArea(code.key) === undefined) return [{ field, message: `${field} ${code.text} is not a Canadian postal code` }];
    return [];
  }
  // An empty code is left alone: some countries with a known format (Ireland) deliver without one.
  if (code.text !== '' && /^[A-Z]{2}$/.test(country) && hasPostcodeFormat(country) && !matchesPostcodeFormat(country, code.text)) {
    return [{ field, message: `${field} ${shown} is not a valid postal code for ${country}` }];
  }
  return [];
}
