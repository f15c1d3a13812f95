import { describe, expect, it } from 'vitest';
import { AddressValidationResponse, parseWith, type AddressInput } from '../../../../electron/service/contract';
import { validateAddress } from '../../../../electron/sandbox/addresses';
import { postalDataCounts } from '../../../../electron/sandbox/addresses/postalData';

function address(overrides: Partial<AddressInput>): AddressInput {
  return { address1: '500 Howard Street Suite 300', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US', ...overrides };
}

function validated(input: AddressInput) {
  const response = validateAddress(input);
  expect(parseWith(AddressValidationResponse, response).ok).toBe(true);
  const first = response.validatedAddress?.[0];
  if (first === undefined) throw new Error('no validated address');
  return { response, first };
}

describe('US addresses with consistent postal data', () => {
  it('standardizes and verifies 500 Howard Street Suite 300, San Francisco', () => {
    const { response, first } = validated(address({}));
    expect(response).toMatchObject({ success: true, errors: [], warnings: [], status: 'Valid' });
    expect(first).toMatchObject({
      address1: '500 HOWARD ST STE 300',
      city: 'SAN FRANCISCO',
      stateProvince: 'CA',
      zipPostalCode: '94105',
      country: 'US',
      fullAddress: '500 HOWARD ST STE 300, SAN FRANCISCO CA 94105',
      verified: true,
    });
    expect(response.validationOptions).toContainEqual({
      key: 'address1',
      value: '500 HOWARD ST STE 300',
      message: 'address1 standardized from "500 Howard Street Suite 300" to "500 HOWARD ST STE 300"',
      messageType: 'Info',
    });
  });

  it('standardizes 1600 Pennsylvania Avenue Northwest', () => {
    const { response, first } = validated(address({ address1: '1600 Pennsylvania Avenue Northwest', city: 'Washington', stateProvince: 'DC', zipPostalCode: '20500' }));
    expect(response.status).toBe('Valid');
    expect(first.address1).toBe('1600 PENNSYLVANIA AVE NW');
    expect(first.fullAddress).toBe('1600 PENNSYLVANIA AVE NW, WASHINGTON DC 20500');
  });

  it('keeps the ZIP+4 form and writes a 9-digit ZIP as ZIP+4', () => {
    expect(validated(address({ zipPostalCode: '94105-1234' })).first.zipPostalCode).toBe('94105-1234');
    const { response, first } = validated(address({ zipPostalCode: '941051234' }));
    expect(first.zipPostalCode).toBe('94105-1234');
    expect(response.status).toBe('Valid');
  });

  it('reads state names and city spellings the ZIP data knows', () => {
    const { response, first } = validated(address({ address1: '1 N Broadway', city: 'St. Louis', stateProvince: 'Missouri', zipPostalCode: '63101' }));
    expect(response.status).toBe('Valid');
    expect(first).toMatchObject({ city: 'SAINT LOUIS', stateProvince: 'MO' });
    expect(response.validationOptions).toContainEqual(expect.objectContaining({ key: 'city', value: 'SAINT LOUIS', messageType: 'Info' }));
  });

  it('puts address2 on its own part of the full address', () => {
    const { first } = validated(address({ address1: '500 Howard St', address2: 'suite #300' }));
    expect(first.address2).toBe('STE 300');
    expect(first.fullAddress).toBe('500 HOWARD ST, STE 300, SAN FRANCISCO CA 94105');
  });

  it('upper-cases names and keeps contact details', () => {
    const { first } = validated(address({ companyName: ' Acme  Corp ', contactName: 'Jane Doe', emailAddress: ' jane@acme.example ', phoneNumber1: '415-555-0100' }));
    expect(first).toMatchObject({ companyName: 'ACME CORP', contactName: 'JANE DOE', emailAddress: 'jane@acme.example', phoneNumber1: '415-555-0100' });
  });

  it('accepts Puerto Rico as a country of its own within the ZIP system', () => {
    const { response, first } = validated({ address1: '10 Calle Luna', city: 'Adjuntas', stateProvince: '', zipPostalCode: '00601', country: 'PR' });
    expect(response.status).toBe('Valid');
    expect(first).toMatchObject({ stateProvince: 'PR', fullAddress: '10 CALLE LUNA, ADJUNTAS PR 00601' });
  });

  it('verifies an overseas military address without a street number', () => {
    const { response, first } = validated({ address1: 'PSC 1234, Box 5678', city: 'APO', stateProvince: 'AE', zipPostalCode: '09001', country: 'US' });
    expect(response.status).toBe('Valid');
    expect(first.address1).toBe('PSC 1234 BOX 5678');
  });
});

describe('US addresses whose parts disagree', () => {
  it('answers Partial with the right city when the city does not match the ZIP', () => {
    const { response, first } = validated(address({ address1: '500 Howard St', city: 'Oakland' }));
    expect(response).toMatchObject({ success: true, status: 'Partial', errors: [] });
    expect(first.verified).toBe(false);
    expect(first.city).toBe('OAKLAND');
    expect(response.warnings).toContain('ZIP 94105 is in SAN FRANCISCO, CA');
    expect(response.validationOptions).toContainEqual({ key: 'city', value: 'SAN FRANCISCO', message: 'ZIP 94105 is in SAN FRANCISCO, CA', messageType: 'Warning' });
    // The ZIP may be the mistake: Oakland's own ZIPs are offered, the nearest (one digit off) first.
    const zips = (response.validationOptions ?? []).filter((o) => o.key === 'zipPostalCode' && /^ZIP \d{5} is in /.test(o.message ?? ''));
    expect(zips[0]).toEqual({ key: 'zipPostalCode', value: '94605', message: 'ZIP 94605 is in OAKLAND, CA', messageType: 'Info' });
    expect(zips.length).toBe(5);
  });

  it('answers Partial with the right state when the state does not match the ZIP', () => {
    const { response } = validated(address({ stateProvince: 'NY' }));
    expect(response.status).toBe('Partial');
    expect(response.validationOptions).toContainEqual({ key: 'stateProvince', value: 'CA', message: 'ZIP 94105 is in SAN FRANCISCO, CA, not NY', messageType: 'Warning' });
  });

  it('fills in a missing city as a suggestion, not silently', () => {
    const { response, first } = validated(address({ city: '' }));
    expect(response.status).toBe('Partial');
    expect(first.city).toBe('');
    expect(response.validationOptions).toContainEqual(expect.objectContaining({ key: 'city', value: 'SAN FRANCISCO', messageType: 'Warning' }));
  });

  it('answers Invalid for a ZIP that does not exist, listing the city’s ZIPs', () => {
    const { response, first } = validated(address({ zipPostalCode: '94113' }));
    expect(response).toMatchObject({ success: false, status: 'Invalid' });
    expect(first.verified).toBe(false);
    expect(response.errors).toEqual([{ code: 'AddressValidationFailed', message: 'ZIP code 94113 does not exist', type: 'ValidationError' }]);
    const suggested = (response.validationOptions ?? []).filter((o) => o.key === 'zipPostalCode' && o.messageType === 'Info' && /^ZIP \d{5} is in /.test(o.message ?? ''));
    expect(suggested.length).toBeGreaterThan(0);
    for (const option of suggested) expect(option.message).toMatch(/is in SAN FRANCISCO, CA$/);
  });

  it('answers Invalid for a ZIP that is not five digits', () => {
    for (const zip of ['ABCDE', '9410', '941055', '94105-12', '']) {
      const { response } = validated(address({ zipPostalCode: zip }));
      expect(response.status).toBe('Invalid');
      expect(response.success).toBe(false);
    }
  });

  it('suggests the leading zero a spreadsheet dropped', () => {
    const { response } = validated({ address1: '10 Cambridge St', city: 'Allston', stateProvince: 'MA', zipPostalCode: '2134', country: 'US' });
    expect(response.status).toBe('Invalid');
    expect(response.validationOptions).toContainEqual(expect.objectContaining({ key: 'zipPostalCode', value: '02134', messageType: 'Info' }));
  });

  it('warns about a street without a number', () => {
    const { response } = validated(address({ address1: 'Howard Street' }));
    expect(response.status).toBe('Partial');
    expect(response.warnings).toContain('address1 "HOWARD ST" has no street number: a carrier cannot find the door without one');
  });

  it('warns that only the postal service delivers to a PO Box', () => {
    const { response, first } = validated(address({ address1: 'P.O. Box 7788' }));
    expect(first.address1).toBe('PO BOX 7788');
    expect(response.status).toBe('Partial');
    expect(response.warnings?.[0]).toMatch(/PO Box/);
  });

  it('asks for a suite in a known tower and is satisfied when there is one', () => {
    const tower = { address1: '350 Fifth Avenue', city: 'New York', stateProvince: 'NY', zipPostalCode: '10118', country: 'US' };
    const bare = validated(tower).response;
    expect(bare.status).toBe('Partial');
    expect(bare.validationOptions).toContainEqual(expect.objectContaining({ key: 'address2', messageType: 'Warning' }));
    expect(validated({ ...tower, address2: 'Suite 5600' }).response.status).toBe('Valid');
    expect(validated({ ...tower, address1: '350 Fifth Avenue, 34th Floor' }).response.status).toBe('Valid');
  });

  it('answers Invalid for an empty street line', () => {
    const { response } = validated(address({ address1: '   ' }));
    expect(response.status).toBe('Invalid');
    expect(response.errors?.[0]?.message).toMatch(/^address1 is empty/);
  });
});

describe('Canadian addresses', () => {
  it('formats the postal code A1A 1A1 and verifies it against the province', () => {
    const { response, first } = validated({ address1: '100 King Street West', city: 'Toronto', stateProvince: 'Ontario', zipPostalCode: 'm5h1a1', country: 'ca' });
    expect(response.status).toBe('Valid');
    expect(first).toMatchObject({
      address1: '100 KING ST W',
      city: 'TORONTO',
      stateProvince: 'ON',
      zipPostalCode: 'M5H 1A1',
      country: 'CA',
      fullAddress: '100 KING ST W, TORONTO ON M5H 1A1, CANADA',
      verified: true,
    });
    expect(response.remarks?.['postalArea']).toMatch(/TORONTO/);
  });

  it('accepts Québec spelt in French and notes a city the area data does not name', () => {
    const { response, first } = validated({ address1: '3575 Avenue du Parc', city: 'Montréal', stateProvince: 'Québec', zipPostalCode: 'H2X 3P9', country: 'CA' });
    expect(first.stateProvince).toBe('QC');
    expect(response.status).toBe('Valid');
    expect(response.validationOptions).toContainEqual(expect.objectContaining({ key: 'city', messageType: 'Info' }));
  });

  it('answers Partial when the postal code belongs to another province', () => {
    const { response } = validated({ address1: '3575 Avenue du Parc', city: 'Montreal', stateProvince: 'ON', zipPostalCode: 'H2X 3P9', country: 'CA' });
    expect(response.status).toBe('Partial');
    expect(response.validationOptions).toContainEqual({ key: 'stateProvince', value: 'QC', message: 'postal code H2X 3P9 is in QC, not ON', messageType: 'Warning' });
  });

  it('answers Invalid for malformed or unknown postal codes', () => {
    const base = { address1: '1 Main St', city: 'Toronto', stateProvince: 'ON', country: 'CA' };
    expect(validated({ ...base, zipPostalCode: 'M5V 3L' }).response.status).toBe('Invalid');
    expect(validated({ ...base, zipPostalCode: 'D1A 1A1' }).response.status).toBe('Invalid');
    const unknown = validated({ ...base, zipPostalCode: 'A0Z 1A1' }).response;
    expect(unknown.status).toBe('Invalid');
    expect(unknown.errors?.[0]?.message).toBe('postal code A0Z 1A1 does not exist: there is no area A0Z');
  });
});

describe('other countries', () => {
  const berlin = { address1: 'Unter den Linden 77', city: 'Berlin', stateProvince: '', country: 'DE' };

  it('answers Partial for a German address with a good postcode: no street data', () => {
    const { response, first } = validated({ ...berlin, zipPostalCode: '10117' });
    expect(response).toMatchObject({ success: true, status: 'Partial' });
    expect(response.warnings).toEqual(['street-level data is not available for GERMANY: the address was standardized but not verified']);
    expect(first).toMatchObject({ address1: 'UNTER DEN LINDEN 77', city: 'BERLIN', zipPostalCode: '10117', fullAddress: 'UNTER DEN LINDEN 77, 10117 BERLIN, GERMANY', verified: false });
  });

  it('answers Invalid for a German address with a bad postcode', () => {
    const { response } = validated({ ...berlin, zipPostalCode: '1011' });
    expect(response).toMatchObject({ success: false, status: 'Invalid' });
    expect(response.errors?.[0]).toEqual({ code: 'AddressValidationFailed', message: 'postal code "1011" does not have the format used in GERMANY', type: 'ValidationError' });
  });

  it('upper-cases postcodes before checking them and writes UK as GB', () => {
    expect(validated({ address1: 'Damrak 1', city: 'Amsterdam', stateProvince: '', zipPostalCode: '1012 lg', country: 'NL' }).response.status).toBe('Partial');
    const { response, first } = validated({ address1: '10 Downing Street', city: 'London', stateProvince: '', zipPostalCode: 'sw1a 2aa', country: 'UK' });
    expect(response.status).toBe('Partial');
    expect(first).toMatchObject({ country: 'GB', zipPostalCode: 'SW1A 2AA', fullAddress: '10 DOWNING STREET, LONDON, SW1A 2AA, UNITED KINGDOM' });
  });

  it('does not check postcodes of countries whose format it does not know', () => {
    const { response } = validated({ address1: '1 Queens Road Central', city: 'Hong Kong', stateProvince: '', zipPostalCode: '', country: 'HK' });
    expect(response.status).toBe('Partial');
  });

  it('answers Invalid for a country code that names no country', () => {
    const { response } = validated({ ...berlin, zipPostalCode: '10117', country: 'QQ' });
    expect(response.status).toBe('Invalid');
    expect(response.errors?.[0]?.message).toBe('country "QQ" is not an ISO 3166 country code');
  });
});

describe('address ids', () => {
  it('gives the same address the same id however it was written', () => {
    const a = validated(address({})).first.addressId;
    const b = validated(address({ address1: '500 HOWARD ST STE 300', city: 'SAN FRANCISCO', stateProvince: 'California' })).first.addressId;
    const c = validated(address({ address1: '500 Howard Street Suite 301' })).first.addressId;
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });
});

describe('postal data', () => {
  it('loads US ZIP codes and Canadian areas', () => {
    const counts = postalDataCounts();
    expect(counts.usZips).toBeGreaterThan(40_000);
    expect(counts.canadaAreas).toBeGreaterThan(1_500);
  });
});

describe('validation options', () => {
  // Inputs whose findings include ones with no suggestion of their own: a PO Box, no street
  // number, a country without street data, a ZIP that is not five digits, an empty city.
  const inputs: AddressInput[] = [
    address({ address1: 'PO Box 123' }),
    address({ address1: 'Howard Street' }),
    address({ zipPostalCode: 'ABCDE' }),
    address({ zipPostalCode: '' }),
    address({ city: 'Oakland' }),
    { address1: '10 Downing Street', city: 'London', stateProvince: '', zipPostalCode: 'SW1A 2AA', country: 'GB' },
    { address1: '1 Rue de Rivoli', city: '', stateProvince: '', zipPostalCode: '75001', country: 'FR' },
    { address1: '100 King St W', city: 'Toronto', stateProvince: 'ON', zipPostalCode: 'M5X 1A9', country: 'CA' },
    { address1: '5 Main St', city: 'Springfield', stateProvince: 'ZZ', zipPostalCode: '62701', country: 'XX' },
    address({ companyName: 'Acme Inc', addressType: 'Residential' }),
  ];

  it('each have a key, a value, a message and a messageType, all strings (spec 2.7)', () => {
    for (const input of inputs) {
      const options = validateAddress(input).validationOptions ?? [];
      expect(options.length, JSON.stringify(input)).toBeGreaterThan(0);
      for (const option of options) {
        expect(Object.keys(option).sort(), JSON.stringify(option)).toEqual(['key', 'message', 'messageType', 'value']);
        expect(option).toEqual({ key: expect.any(String), value: expect.any(String), message: expect.any(String), messageType: expect.stringMatching(/^(Info|Warning|Error)$/) });
      }
    }
  });

  it('suggest the standardized value of their field when they have no other suggestion', () => {
    const response = validateAddress(address({ address1: 'po box 123' }));
    expect(response.validationOptions).toContainEqual({ key: 'address1', value: 'PO BOX 123', message: expect.stringMatching(/^address1 is a PO Box/), messageType: 'Warning' });
  });
});
