import { describe, expect, it } from 'vitest';
import { addressLines, countryName, formatDate, formatWeight, referenceLines, routingCode, serviceBadge } from '../../../../electron/sandbox/documents/label-fields';
import { labelInput } from './fixtures';

describe('label wording', () => {
  it('names countries in English capitals and prints an unknown code as given', () => {
    expect(countryName('us')).toBe('UNITED STATES');
    expect(countryName('JP')).toBe('JAPAN');
    expect(countryName('QQ')).toBe('QQ');
  });

  it('prints weights with their unit and at most two decimals', () => {
    expect(formatWeight(5, 'lb')).toBe('5 LB');
    expect(formatWeight(12.345, 'KG')).toBe('12.35 KG');
  });

  it('prints the ship date as the UTC calendar date', () => {
    expect(formatDate(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });

  it('lists address lines in mailing order, skipping empty ones', () => {
    const lines = addressLines({ ...labelInput().shipTo, companyName: '  ', address2: undefined });
    expect(lines).toEqual([
      { role: 'name', text: 'Grace Hopper' },
      { role: 'street', text: '350 Fifth Avenue' },
      { role: 'city', text: 'Springfield IL 62701' },
      { role: 'country', text: 'UNITED STATES' },
    ]);
  });

  it('routes by state and ZIP prefix in North America, by country and postal prefix elsewhere', () => {
    const address = labelInput().shipTo;
    expect(routingCode(address)).toBe('IL 627');
    expect(routingCode({ ...address, stateProvince: 'on', zipPostalCode: 'M5X 1A9', country: 'CA' })).toBe('ON M5X');
    expect(routingCode({ ...address, stateProvince: 'Greater London', zipPostalCode: 'SW1A 1AA', country: 'gb' })).toBe('GB SW1');
  });

  it.each([
    ['Next Day Air', '1'],
    ['Priority Overnight', '1'],
    ['2nd Day Air', '2'],
    ['3 Day Select', '3'],
    ['Priority Mail Express', 'E'],
    ['International Priority', 'P'],
    ['Ground', 'G'],
    ['Ground Advantage', 'G'],
    ['LTL Freight', 'F'],
    ['Worldwide Saver', 'W'],
  ])('marks %s with %s', (service, badge) => {
    expect(serviceBadge(service)).toBe(badge);
  });

  it('puts the order number and customer PO before other references', () => {
    expect(referenceLines({ dept: '12', customerPO: 'PO-1', orderNumber: 'SO-9', empty: ' ' })).toEqual(['ORDER #: SO-9', 'PO #: PO-1', 'DEPT: 12']);
    expect(referenceLines(undefined)).toEqual([]);
  });
});
