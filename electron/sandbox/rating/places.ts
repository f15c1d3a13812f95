/**
 * Turning shipTo / shipFrom into a place rating can use: a checked country, a normalized
 * postal code and, for the US and Canada, real coordinates from the `zipcodes` table
 * (zones come from the distance between them). Other countries' postal codes are checked
 * against their national format only; they have no coordinates here.
 */
import { zipcodes } from '../lazyPackages';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { ShipmentAddress } from '../../service/contract';
import { countryFacts, isCountryCode, type Region } from './countries';
import { canadianProvince, usStateUtcOffset } from './subdivisions';
import { fail, ok, ratingError, type RatingResult } from './errors';

export interface Place {
  /** ISO code, upper case. */
  readonly country: string;
  /** ZIP5 for the US, "A1A 1A1" for Canada, trimmed and upper-cased elsewhere. */
  readonly postalCode: string;
  readonly latitude?: number;
  readonly longitude?: number;
  /** US state or Canadian province code, when known. */
  readonly subdivision?: string;
  readonly region: Region;
  /** Hours east of UTC, standard time. */
  readonly utcOffset: number;
}

export type AddressField = 'shipTo' | 'shipFrom';

const US_ZIP = /^(\d{5})(?:[- ]?\d{4})?$/;
const CA_POSTAL = /^([A-Z]\d[A-Z])[ -]?(\d[A-Z]\d)$/;

function invalid(field: string, message: string): RatingResult<Place> {
  return fail(ratingError('InvalidAddress', `${field} ${message}`));
}

function usPlace(raw: string, field: string): RatingResult<Place> {
  const match = US_ZIP.exec(raw);
  if (match?.[1] === undefined) return invalid(field, `'${raw}' is not a US ZIP code (5 digits, or ZIP+4)`);
  const zip = match[1];
  const entry = zipcodes().lookup(zip);
  if (entry === undefined) return invalid(field, `${zip} is not a known US ZIP code`);
  return ok({
    country: 'US',
    postalCode: zip,
    latitude: entry.latitude,
    longitude: entry.longitude,
    subdivision: entry.state,
    region: 'NA',
    utcOffset: usStateUtcOffset(entry.state) ?? -5,
  });
}

function canadianPlace(raw: string, field: string): RatingResult<Place> {
  const match = CA_POSTAL.exec(raw.toUpperCase());
  const fsa = match?.[1];
  if (fsa === undefined || match?.[2] === undefined) return invalid(field, `'${raw}' is not a Canadian postal code (A1A 1A1)`);
  const entry = zipcodes().lookup(fsa);
  const province = canadianProvince(fsa);
  if (entry === undefined || province === undefined) return invalid(field, `${fsa} ${match[2]} is not a known Canadian postal code`);
  return ok({
    country: 'CA',
    postalCode: `${fsa} ${match[2]}`,
    latitude: entry.latitude,
    longitude: entry.longitude,
    subdivision: province.province,
    region: 'NA',
    utcOffset: province.utcOffset,
  });
}

/** Resolves one address of a request; errors name `shipTo.country`, `shipFrom.zipPostalCode`, ... */
export function resolvePlace(address: ShipmentAddress, field: AddressField): RatingResult<Place> {
  const country = address.country.trim().toUpperCase();
  if (!isCountryCode(country)) {
    return fail(ratingError('InvalidAddress', `${field}.country '${address.country}' is not an ISO 3166 country code`));
  }
  const raw = address.zipPostalCode.trim();
  const postalField = `${field}.zipPostalCode`;
  if (country === 'US') return usPlace(raw, postalField);
  if (country === 'CA') return canadianPlace(raw, postalField);
  const postalCode = raw.toUpperCase();
  if (postcodeValidatorExistsForCountry(country)) {
    if (postalCode === '') return invalid(postalField, `is required for ${country}`);
    if (!postcodeValidator(postalCode, country)) return invalid(postalField, `'${raw}' is not a valid ${country} postal code`);
  }
  const facts = countryFacts(country);
  return ok({ country, postalCode, region: facts.region, utcOffset: facts.utcOffset });
}
