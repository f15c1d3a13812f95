/**
 * Address validation (spec 2.7): standardize the address to postal form, check its postal
 * code against its city and state, decide Commercial or Residential, and say what was
 * changed and what looks wrong. Pure and synchronous: the same input always gets the same
 * answer, with no clock, no randomness and no network.
 */
import type { AddressInput, AddressValidationResponse, ErrorItem, ValidatedAddress } from '../../service/contract';
import { CANADA_RULES, US_RULES } from './abbreviations';
import { addressIdOf } from './addressId';
import { detectAddressType } from './addressType';
import { countryName } from './countryNames';
import { error, info, statusOf, toValidationOption, warning, type Finding } from './findings';
import { fullAddressOf } from './fullAddress';
import { knownTower } from './knownBuildings';
import { formatPostalCode, postalSystemOf, standardCountry, type PostalSystem } from './postal';
import { checkPostal } from './postalChecks';
import { regionCode } from './regions';
import { standardizeSecondLine, standardizeStreetLine, type StandardLine } from './standardize';
import { cleanText, squeeze } from './text';

/** Fields typed as strings may still arrive as something else from a careless caller. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function rulesFor(system: PostalSystem) {
  if (system === 'US') return US_RULES;
  return system === 'CA' ? CANADA_RULES : undefined;
}

const STANDARDS: Readonly<Record<PostalSystem, string>> = {
  US: 'USPS Publication 28',
  CA: 'Canada Post addressing guidelines',
  OTHER: 'upper case, punctuation removed (no national rules applied)',
};

/** One Info per field the standardization rewrote, quoting the field before and after. */
function changes(pairs: readonly (readonly [string, string, string])[]): Finding[] {
  return pairs
    .filter(([, before, after]) => before.trim() !== after)
    .map(([key, before, after]) => info(key, `${key} standardized from ${JSON.stringify(before)} to ${JSON.stringify(after)}`, after));
}

/** Problems with the street line itself, which the postal data cannot see. */
function streetFindings(line1: StandardLine, line2: StandardLine, state: string, system: PostalSystem, zip5: string | undefined): Finding[] {
  if (system === 'OTHER') return [];
  const found: Finding[] = [];
  if (line1.kind === 'empty') found.push(error('address1', 'address1 is empty: a street address or PO Box is needed'));
  const military = state === 'AA' || state === 'AE' || state === 'AP';
  if (line1.kind === 'street' && line1.houseNumber === undefined && !military) {
    found.push(warning('address1', `address1 "${line1.text}" has no street number: a carrier cannot find the door without one`));
  }
  if (line1.kind === 'poBox') {
    found.push(warning('address1', 'address1 is a PO Box: only the postal service delivers there; UPS, FedEx and DHL need a street address'));
  }
  const tower = zip5 !== undefined && line1.units.length === 0 && line2.kind === 'empty' ? knownTower(zip5, line1.text) : undefined;
  if (tower !== undefined) found.push(warning('address2', `${line1.text} is the ${tower}, a building with many tenants: add a suite or floor`));
  return found;
}

function optional(key: 'companyName' | 'contactName' | 'emailAddress' | 'phoneNumber1', value: string): Partial<ValidatedAddress> {
  return value === '' ? {} : { [key]: value };
}

/** What the answer holds for a finding's field: its suggestion when it has none of its own. */
function standardizedValue(key: string, validated: ValidatedAddress, addressType: string): string {
  if (key === 'addressType') return addressType;
  const value = Object.hasOwn(validated, key) ? validated[key] : undefined;
  return typeof value === 'string' ? value : '';
}

export function validateAddress(input: AddressInput): AddressValidationResponse {
  const raw = {
    address1: text(input.address1),
    address2: text(input.address2),
    city: text(input.city),
    state: text(input.stateProvince),
    zip: text(input.zipPostalCode),
    country: text(input.country),
  };
  const country = standardCountry(raw.country);
  const system = postalSystemOf(country);
  const rules = rulesFor(system);

  const line1 = standardizeStreetLine(raw.address1, rules);
  const line2 = standardizeSecondLine(raw.address2, rules);
  const city = cleanText(raw.city);
  const state = system === 'OTHER' ? cleanText(raw.state) : (regionCode(system, raw.state) ?? cleanText(raw.state));
  const postal = formatPostalCode(system, raw.zip);

  const check = checkPostal({ city, state, postal, country }, system);
  const findings: Finding[] = changes([
    ['address1', raw.address1, line1.text],
    ['address2', raw.address2, line2.text],
    // The postal data's spelling of the same city (SAINT LOUIS for St. Louis) is a change too.
    ['city', raw.city, check.city],
    ['stateProvince', raw.state, state],
    ['zipPostalCode', raw.zip, postal.text],
    ['country', raw.country, country],
  ]);
  findings.push(...check.findings);
  findings.push(...streetFindings(line1, line2, check.state, system, postal.key));

  const companyName = squeeze(text(input.companyName));
  const type = detectAddressType({ companyName, lines: [line1, line2], hint: text(input.addressType) });
  findings.push(...type.findings);

  const place = { address1: line1.text, address2: line2.text, city: check.city, stateProvince: check.state, zipPostalCode: postal.text, country };
  const status = statusOf(findings);
  const validated: ValidatedAddress = {
    addressId: addressIdOf(place),
    ...optional('companyName', companyName),
    ...optional('contactName', squeeze(text(input.contactName))),
    ...optional('emailAddress', text(input.emailAddress).trim()),
    ...optional('phoneNumber1', text(input.phoneNumber1).trim()),
    address1: place.address1,
    ...(place.address2 === '' ? {} : { address2: place.address2 }),
    city: place.city,
    stateProvince: place.stateProvince,
    country,
    zipPostalCode: place.zipPostalCode,
    fullAddress: fullAddressOf({ ...place, countryName: countryName(country), system }),
    verified: status === 'Valid',
  };

  const errors: ErrorItem[] = findings
    .filter((f) => f.messageType === 'Error')
    .map((f) => ({ code: 'AddressValidationFailed', message: f.message, type: 'ValidationError' }));
  return {
    success: status !== 'Invalid',
    errors,
    warnings: findings.filter((f) => f.messageType === 'Warning').map((f) => f.message),
    validatedAddress: [validated],
    status,
    addressType: type.addressType,
    remarks: {
      addressTypeReason: type.reason,
      addressTypeSignals: [...type.signals],
      standardization: STANDARDS[system],
      ...check.remarks,
    },
    validationOptions: findings.map((f) => toValidationOption(f, standardizedValue(f.key, validated, type.addressType))),
  };
}
