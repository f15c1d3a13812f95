import { describe, expect, it } from 'vitest';
import type { AddressInput } from '../../../../electron/service/contract';
import { validateAddress } from '../../../../electron/sandbox/addresses';

function detect(overrides: Partial<AddressInput>) {
  const response = validateAddress({ address1: '742 Evergreen Terrace', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94110', country: 'US', ...overrides });
  const reason = response.remarks?.['addressTypeReason'];
  return { type: response.addressType, reason: typeof reason === 'string' ? reason : '', options: response.validationOptions ?? [] };
}

describe('Commercial or Residential', () => {
  it('calls an address with a company name Commercial', () => {
    const { type, reason } = detect({ companyName: 'Acme Widgets' });
    expect(type).toBe('Commercial');
    expect(reason).toMatch(/company name given/);
  });

  it.each([
    ['500 Howard Street Suite 300', 'business unit STE'],
    ['500 Howard Street 12th Floor', 'business unit FL'],
    ['500 Howard Street Bldg 4', 'business unit BLDG'],
    ['500 Howard Street Dept 12', 'business unit DEPT'],
    ['1 Industrial Way', 'business word INDUSTRIAL'],
    ['30 Rockefeller Plaza', 'business word PLZ'],
    ['9 Harbor Warehouse Rd', 'business word WAREHOUSE'],
  ])('calls %s Commercial (%s)', (address1, signal) => {
    const { type, reason } = detect({ address1 });
    expect(type).toBe('Commercial');
    expect(reason).toContain(signal);
  });

  it('adds up weaker signals: a business park parkway with a unit', () => {
    expect(detect({ address1: '100 Technology Pkwy Unit 5' }).type).toBe('Commercial');
    expect(detect({ address1: '100 Riverside Pkwy' }).type).toBe('Residential');
  });

  it('counts a designator on line 2 as well', () => {
    expect(detect({ address2: 'Suite 300' }).type).toBe('Commercial');
    expect(detect({ address2: 'Apt 4' }).type).toBe('Residential');
  });

  it('calls an apartment Residential even when the caller said Commercial, and says so', () => {
    const { type, reason, options } = detect({ address1: '12 Main St Apt 4B', addressType: 'Commercial' });
    expect(type).toBe('Residential');
    expect(reason).toMatch(/home unit APT/);
    expect(options).toContainEqual(expect.objectContaining({ key: 'addressType', value: 'Residential', messageType: 'Info' }));
  });

  it('keeps the caller’s hint when the address does not decide', () => {
    const hinted = detect({ addressType: 'commercial' });
    expect(hinted.type).toBe('Commercial');
    expect(hinted.reason).toMatch(/addressType given was kept/);
    expect(detect({ addressType: 'Residential', companyName: 'Home Office LLC', address1: '12 Main St Apt 4' }).type).toBe('Residential');
  });

  it('defaults to Residential, as carriers do, when nothing decides', () => {
    const { type, reason } = detect({});
    expect(type).toBe('Residential');
    expect(reason).toMatch(/none was given/);
  });

  it('does not take the LOT of a street name for a trailer lot', () => {
    const { reason } = detect({ address1: '100 Parking Lot Road', companyName: 'Acme' });
    expect(reason).not.toMatch(/home unit/);
  });

  it('reads written-out designators in other countries', () => {
    const response = validateAddress({ address1: 'Friedrichstrasse 100, Floor 3', city: 'Berlin', stateProvince: '', zipPostalCode: '10117', country: 'DE', companyName: '' });
    expect(response.addressType).toBe('Commercial');
  });
});
