import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AddressValidationResponse, parseWith, type AddressInput } from '../../../../electron/service/contract';
import { validateAddress, postalCodeIssues } from '../../../../electron/sandbox/addresses';
import { CANADA_RULES, US_RULES, type StreetRules } from '../../../../electron/sandbox/addresses/abbreviations';
import { standardizeSecondLine, standardizeStreetLine } from '../../../../electron/sandbox/addresses/standardize';

/**
 * Address-shaped text: the words the rules react to (numbers, ordinals, suffixes, directionals,
 * designators, PO Box and route words, `#`) with punctuation between them, so the properties
 * reach the corners of the rules that random characters seldom hit.
 */
const VOCABULARY = [
  '500', '12', '1/2', '123-45', '4B', '3RD', '21st', 'A', 'B', 'N', 'S', 'E', 'W', 'NE', 'SW', 'North', 'south', 'EAST', 'West',
  'Northwest', 'Main', 'Howard', 'Park', 'Lake', 'Front', 'Street', 'St', 'St.', 'Avenue', 'Ave', 'AV', 'Blvd', 'Road', 'Lane',
  'Court', 'Highway', 'Pkwy', 'Center', 'Suite', 'STE', 'Apt', 'Apartment', 'Floor', 'FL', 'Unit', 'Rear', 'Lobby', 'Room', 'Bldg',
  'Lot', 'Space', '#', '##', '#5', 'PO', 'P.O.', 'Box', 'Post', 'Office', 'Rural', 'Route', 'RR', 'HC', 'PSC', 'BOX', '-', '/', ',',
  '.', "O'Neil", 'Saint', 'Ste', 'Fort', 'Hauptstraße', 'Rue', 'Québec', 'One', 'Twelve', '  ',
];
const word = fc.oneof(fc.constantFrom(...VOCABULARY), fc.string({ maxLength: 4 }));
const separator = fc.constantFrom(' ', ', ', '. ', ' - ', '', '  ', '#');
const addressText = fc.array(fc.tuple(word, separator), { maxLength: 9 }).map((parts) => parts.map(([w, s]) => w + s).join(''));
const anyText = fc.oneof(addressText, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }));

const RULES: Readonly<Record<string, StreetRules | undefined>> = { US: US_RULES, CA: CANADA_RULES, other: undefined };
const system = fc.constantFrom(...Object.keys(RULES));

const country = fc.oneof(fc.constantFrom('US', 'us', 'CA', 'PR', 'DE', 'GB', 'UK', 'NL', 'FR', 'JP', 'HK', 'ZZ', 'QQ'), fc.string({ maxLength: 3 }));
const zip = fc.oneof(
  fc.constantFrom('94105', '94105-1234', '941051234', '99999', '2134', 'M5V 3L9', 'm5v3l9', 'Z9Z 9Z9', '10115', '1011', '1234 AB', 'SW1A 1AA', ''),
  fc.string({ maxLength: 10 }),
);
const city = fc.oneof(fc.constantFrom('San Francisco', 'Oakland', 'St. Louis', 'Toronto', 'Berlin', ''), anyText);
const state = fc.oneof(fc.constantFrom('CA', 'California', 'NY', 'ON', 'Québec', 'ZZ', ''), anyText);
const optionalText = fc.option(anyText, { nil: undefined });

const addressInput: fc.Arbitrary<AddressInput> = fc.record({
  companyName: optionalText,
  contactName: optionalText,
  emailAddress: optionalText,
  phoneNumber1: optionalText,
  address1: anyText,
  address2: optionalText,
  city,
  stateProvince: state,
  country,
  zipPostalCode: zip,
  addressType: fc.option(fc.oneof(fc.constantFrom('Commercial', 'Residential', 'residential', 'Other'), anyText), { nil: undefined }),
});

describe('address properties', () => {
  it('standardizing a standardized street line changes nothing', () => {
    fc.assert(
      fc.property(anyText, system, (text, name) => {
        const rules = RULES[name];
        const once = standardizeStreetLine(text, rules).text;
        expect(standardizeStreetLine(once, rules).text).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('standardizing a standardized second line changes nothing', () => {
    fc.assert(
      fc.property(anyText, system, (text, name) => {
        const rules = RULES[name];
        const once = standardizeSecondLine(text, rules).text;
        expect(standardizeSecondLine(once, rules).text).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers any input with a response the contract accepts, without throwing', () => {
    fc.assert(
      fc.property(addressInput, (input) => {
        const response = validateAddress(input);
        expect(parseWith(AddressValidationResponse, response).ok).toBe(true);
        expect(['Valid', 'Partial', 'Invalid']).toContain(response.status);
        expect(response.success).toBe(response.status !== 'Invalid');
        const errors = response.errors ?? [];
        if (response.status === 'Invalid') {
          expect(errors.length).toBeGreaterThan(0);
          for (const e of errors) expect(e).toMatchObject({ code: 'AddressValidationFailed', type: 'ValidationError' });
        } else {
          expect(errors).toEqual([]);
        }
        expect(['Commercial', 'Residential']).toContain(response.addressType);
      }),
      { numRuns: 1500 },
    );
  });

  it('validating a validated address gives the same address and id', () => {
    fc.assert(
      fc.property(addressInput, (input) => {
        const first = validateAddress(input).validatedAddress?.[0];
        expect(first).toBeDefined();
        if (first === undefined) return;
        const again = validateAddress({
          address1: first.address1 ?? '',
          address2: first.address2,
          city: first.city ?? '',
          stateProvince: first.stateProvince ?? '',
          country: first.country ?? '',
          zipPostalCode: first.zipPostalCode ?? '',
        }).validatedAddress?.[0];
        const place = (a: typeof first | undefined) => [a?.addressId, a?.address1, a?.address2, a?.city, a?.stateProvince, a?.zipPostalCode, a?.country, a?.fullAddress];
        expect(place(again)).toEqual(place(first));
      }),
      { numRuns: 1500 },
    );
  });

  it('postalCodeIssues never throws and names the field it blames', () => {
    fc.assert(
      fc.property(country, zip, (c, z) => {
        for (const issue of postalCodeIssues({ country: c, zipPostalCode: z, city: '', stateProvince: '' }, 'shipTo')) {
          expect(issue.field).toBe('shipTo.zipPostalCode');
          expect(issue.message.startsWith('shipTo.zipPostalCode ')).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
