import { describe, expect, it } from 'vitest';
import { postalCodeIssues } from '../../../../electron/sandbox/addresses';

const us = { country: 'US', city: 'San Francisco', stateProvince: 'CA' };

describe('postalCodeIssues', () => {
  it('blames a US ZIP code that does not exist, naming the field', () => {
    expect(postalCodeIssues({ ...us, zipPostalCode: '99999' }, 'shipTo')).toEqual([
      { field: 'shipTo.zipPostalCode', message: 'shipTo.zipPostalCode 99999 is not a US ZIP code' },
    ]);
  });

  it('blames a malformed US ZIP code', () => {
    expect(postalCodeIssues({ ...us, zipPostalCode: 'ABC' }, 'shipFrom')).toEqual([
      { field: 'shipFrom.zipPostalCode', message: 'shipFrom.zipPostalCode "ABC" is not a US ZIP code: expected 5 digits or ZIP+4' },
    ]);
  });

  it('accepts real ZIP codes, ZIP+4 and lower-case country codes', () => {
    expect(postalCodeIssues({ ...us, zipPostalCode: '94105' }, 'shipTo')).toEqual([]);
    expect(postalCodeIssues({ ...us, zipPostalCode: '94105-1234' }, 'shipTo')).toEqual([]);
    expect(postalCodeIssues({ ...us, country: 'us', zipPostalCode: '94105' }, 'shipTo')).toEqual([]);
  });

  it('leaves city and state differences to address validation', () => {
    expect(postalCodeIssues({ country: 'US', city: 'Oakland', stateProvince: 'NY', zipPostalCode: '94105' }, 'shipTo')).toEqual([]);
  });

  it('blames Canadian postal codes that are malformed or unknown, and accepts real ones', () => {
    const ca = { country: 'CA', city: 'Toronto', stateProvince: 'ON' };
    expect(postalCodeIssues({ ...ca, zipPostalCode: 'M5V 3L9' }, 'shipTo')).toEqual([]);
    expect(postalCodeIssues({ ...ca, zipPostalCode: 'm5v3l9' }, 'shipTo')).toEqual([]);
    expect(postalCodeIssues({ ...ca, zipPostalCode: '12345' }, 'shipTo')).toEqual([
      { field: 'shipTo.zipPostalCode', message: 'shipTo.zipPostalCode "12345" is not a Canadian postal code: expected A1A 1A1' },
    ]);
    expect(postalCodeIssues({ ...ca, zipPostalCode: 'A0Z 1A1' }, 'shipTo')).toEqual([
      { field: 'shipTo.zipPostalCode', message: 'shipTo.zipPostalCode A0Z 1A1 is not a Canadian postal code' },
    ]);
  });

  it('checks the format of other countries’ postcodes where it is known', () => {
    const de = { country: 'DE', city: 'Berlin', stateProvince: '' };
    expect(postalCodeIssues({ ...de, zipPostalCode: '10117' }, 'shipTo')).toEqual([]);
    expect(postalCodeIssues({ ...de, zipPostalCode: '1011' }, 'shipTo')).toEqual([
      { field: 'shipTo.zipPostalCode', message: 'shipTo.zipPostalCode "1011" is not a valid postal code for DE' },
    ]);
    // Ireland delivers without an Eircode; Hong Kong has no postcodes at all.
    expect(postalCodeIssues({ country: 'IE', city: 'Dublin', stateProvince: '', zipPostalCode: '' }, 'shipTo')).toEqual([]);
    expect(postalCodeIssues({ country: 'HK', city: 'Hong Kong', stateProvince: '', zipPostalCode: 'anything' }, 'shipTo')).toEqual([]);
  });

  it('names a bare field when there is no prefix', () => {
    expect(postalCodeIssues({ ...us, zipPostalCode: '00000' }, '')).toEqual([{ field: 'zipPostalCode', message: 'zipPostalCode 00000 is not a US ZIP code' }]);
  });
});
