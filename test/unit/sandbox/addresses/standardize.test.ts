import { describe, expect, it } from 'vitest';
import { CANADA_RULES, US_RULES } from '../../../../electron/sandbox/addresses/abbreviations';
import { standardizeSecondLine, standardizeStreetLine } from '../../../../electron/sandbox/addresses/standardize';
import { CANADA_STREET_TYPE_ROWS, US_STREET_SUFFIXES, US_SUFFIX_ROWS } from '../../../../electron/sandbox/addresses/streetSuffixes';
import { cityKey, cleanText } from '../../../../electron/sandbox/addresses/text';

const us = (line: string): string => standardizeStreetLine(line, US_RULES).text;
const usSecond = (line: string): string => standardizeSecondLine(line, US_RULES).text;
const canada = (line: string): string => standardizeStreetLine(line, CANADA_RULES).text;

describe('US street lines (USPS Publication 28)', () => {
  it.each([
    ['500 Howard Street Suite 300', '500 HOWARD ST STE 300'],
    ['1600 Pennsylvania Avenue Northwest', '1600 PENNSYLVANIA AVE NW'],
    ['1600 Pennsylvania Ave. N.W.', '1600 PENNSYLVANIA AVE NW'],
    ['350 Fifth Avenue', '350 FIFTH AVE'],
    ['123 Main St.', '123 MAIN ST'],
    ['  123   main    street  ', '123 MAIN ST'],
    ['42 Elm Boulevard', '42 ELM BLVD'],
    ['9 Lakeview Road', '9 LAKEVIEW RD'],
    ['77 Sunset Drive', '77 SUNSET DR'],
    ['8 Cherry Lane', '8 CHERRY LN'],
    ['5 Oak Court', '5 OAK CT'],
    ['6 Maple Place', '6 MAPLE PL'],
    ['1 Technology Parkway', '1 TECHNOLOGY PKWY'],
    ['2000 Pacific Coast Highway', '2000 PACIFIC COAST HWY'],
    ['14 Rose Circle', '14 ROSE CIR'],
    ['3 Ocean Terrace', '3 OCEAN TER'],
    ['10 Market Square', '10 MARKET SQ'],
    ['1 World Trade Center', '1 WORLD TRADE CTR'],
    ['One Microsoft Way', '1 MICROSOFT WAY'],
  ])('%s → %s', (input, expected) => {
    expect(us(input)).toBe(expected);
  });

  it.each([
    ['12 Grand Aven', '12 GRAND AVE'],
    ['12 Grand Avenu', '12 GRAND AVE'],
    ['12 Grand Av', '12 GRAND AVE'],
    ['12 Grand Avnue', '12 GRAND AVE'],
    ['12 Kings Boulv', '12 KINGS BLVD'],
    ['12 Hill Crcle', '12 HILL CIR'],
    ['12 Park Strt', '12 PARK ST'],
    ['12 Valley Pky', '12 VALLEY PKWY'],
  ])('reads the Pub 28 variant in %s', (input, expected) => {
    expect(us(input)).toBe(expected);
  });

  it('abbreviates directionals only where they are directionals', () => {
    expect(us('100 North Street')).toBe('100 NORTH ST');
    expect(us('100 West Avenue')).toBe('100 WEST AVE');
    expect(us('100 North Main Street')).toBe('100 N MAIN ST');
    expect(us('100 Main Street North')).toBe('100 MAIN ST N');
    expect(us('200 East 42nd Street')).toBe('200 E 42ND ST');
    expect(us('200 E. 42nd St.')).toBe('200 E 42ND ST');
    expect(us('100 West North Street')).toBe('100 W NORTH ST');
    expect(us('100 Southwest Pine Street')).toBe('100 SW PINE ST');
    expect(us('100 North West Main Street')).toBe('100 NW MAIN ST');
    expect(us('100 Main Street South East')).toBe('100 MAIN ST SE');
    expect(us('100 N Street')).toBe('100 N ST');
  });

  it('abbreviates only the suffix, not a street type used as a name', () => {
    expect(us('1251 Avenue of the Americas')).toBe('1251 AVENUE OF THE AMERICAS');
    expect(us('10 Park Avenue')).toBe('10 PARK AVE');
    expect(us('10 Park Lane Road')).toBe('10 PARK LANE RD');
    expect(us('4500 Highway 101')).toBe('4500 HIGHWAY 101');
    expect(us('10 Avenue')).toBe('10 AVENUE');
  });

  it('standardizes secondary unit designators and # on line 1', () => {
    expect(us('500 Howard St, Suite #300')).toBe('500 HOWARD ST STE 300');
    expect(us('12 Main St Apartment 4B')).toBe('12 MAIN ST APT 4B');
    expect(us('12 Main St Apt. 4-B')).toBe('12 MAIN ST APT 4-B');
    expect(us('12 Main St #4')).toBe('12 MAIN ST # 4');
    expect(us('12 Main St # 4')).toBe('12 MAIN ST # 4');
    expect(us('12 Main St Building 7 Room 210')).toBe('12 MAIN ST BLDG 7 RM 210');
    expect(us('12 Main St 3rd Floor')).toBe('12 MAIN ST FL 3');
    expect(us('12 Main St Floor 3')).toBe('12 MAIN ST FL 3');
    expect(us('12 Main St Unit C')).toBe('12 MAIN ST UNIT C');
    expect(us('12 Main St Rear')).toBe('12 MAIN ST REAR');
    expect(us('12 Main St Lobby')).toBe('12 MAIN ST LBBY');
    expect(us('12 Main St Penthouse')).toBe('12 MAIN ST PH');
  });

  it('keeps street names that look like units', () => {
    expect(us('100 Lake Front')).toBe('100 LAKE FRONT');
    expect(us('100 Ocean Front Walk')).toBe('100 OCEAN FRONT WALK');
    expect(us('100 Parking Lot Road')).toBe('100 PARKING LOT RD');
    expect(us('100 Johnson Space Center')).toBe('100 JOHNSON SPACE CTR');
  });

  it('moves a unit written first after the street', () => {
    expect(us('Apt 5, 123 Main Street')).toBe('123 MAIN ST APT 5');
    expect(us('#5 123 Main Street')).toBe('123 MAIN ST # 5');
  });

  it('drops a # that is not a unit', () => {
    expect(us('#12 Main Street')).toBe('12 MAIN ST');
    expect(us('12 Main Street #')).toBe('12 MAIN ST');
  });

  it('keeps house-number hyphens and fractions, removes other punctuation', () => {
    expect(us('123-45 Queens Blvd.')).toBe('123-45 QUEENS BLVD');
    expect(us('123 1/2 Main Street')).toBe('123 1/2 MAIN ST');
    expect(us("55 O'Farrell Street")).toBe('55 OFARRELL ST');
    expect(us('12 Main St. - Suite 5')).toBe('12 MAIN ST STE 5');
    const line = standardizeStreetLine('123 1/2 Main Street', US_RULES);
    expect(line.houseNumber).toBe('123 1/2');
  });

  it('writes PO Boxes, rural routes and military lines in their standard forms', () => {
    for (const written of ['P.O. Box 123', 'PO Box 123', 'post office box 123', 'P O Box 123', 'POBox 123', 'Box 123']) {
      const line = standardizeStreetLine(written, US_RULES);
      expect(line.text).toBe('PO BOX 123');
      expect(line.kind).toBe('poBox');
    }
    expect(standardizeStreetLine('Rural Route 2 Box 15', US_RULES)).toMatchObject({ text: 'RR 2 BOX 15', kind: 'route' });
    expect(standardizeStreetLine('HC 68 Box 23A', US_RULES)).toMatchObject({ text: 'HC 68 BOX 23A', kind: 'route' });
    expect(standardizeStreetLine('PSC 1234, Box 5678', US_RULES)).toMatchObject({ text: 'PSC 1234 BOX 5678', kind: 'military' });
    expect(standardizeStreetLine('Unit 2050 Box 4190', US_RULES)).toMatchObject({ text: 'UNIT 2050 BOX 4190', kind: 'military' });
  });

  it('reports the house number and the units it found', () => {
    expect(standardizeStreetLine('500 Howard Street Suite 300', US_RULES)).toEqual({ text: '500 HOWARD ST STE 300', kind: 'street', houseNumber: '500', units: ['STE'] });
    expect(standardizeStreetLine('Howard Street', US_RULES)).toEqual({ text: 'HOWARD ST', kind: 'street', houseNumber: undefined, units: [] });
    expect(standardizeStreetLine('  ', US_RULES).kind).toBe('empty');
  });
});

describe('US second lines', () => {
  it.each([
    ['Suite 300', 'STE 300'],
    ['suite #300', 'STE 300'],
    ['#5', '# 5'],
    ['Apartment 12', 'APT 12'],
    ['3rd Floor', 'FL 3'],
    ['Building C', 'BLDG C'],
    ['Room 101', 'RM 101'],
    ['Dept. 42', 'DEPT 42'],
    ['c/o Jane Doe', 'C/O JANE DOE'],
    ['Attn: Receiving', 'ATTN RECEIVING'],
    ['12 Back Street', '12 BACK ST'],
  ])('%s → %s', (input, expected) => {
    expect(usSecond(input)).toBe(expected);
  });
});

describe('Canadian street lines (Canada Post)', () => {
  it.each([
    ['100 King Street West', '100 KING ST W'],
    ['25 Maple Court', '25 MAPLE CRT'],
    ['8 Birch Crescent', '8 BIRCH CRES'],
    ['40 Elm Terrace', '40 ELM TERR'],
    ['1 Lakeshore Parkway', '1 LAKESHORE PKY'],
    ['12 Cedar Lane', '12 CEDAR LANE'],
    ['300 Bay Street Suite 1200', '300 BAY ST SUITE 1200'],
    ['300 Bay Street Apartment 4', '300 BAY ST APT 4'],
  ])('%s → %s', (input, expected) => {
    expect(canada(input)).toBe(expected);
  });
});

describe('other countries', () => {
  it('only cleans the line: upper case, no punctuation, single spaces', () => {
    expect(standardizeStreetLine('Hauptstraße 5, Hinterhaus', undefined).text).toBe('HAUPTSTRASSE 5 HINTERHAUS');
    expect(standardizeStreetLine('10 Downing Street', undefined).text).toBe('10 DOWNING STREET');
    expect(standardizeStreetLine('Rue de l’Église 3', undefined).text).toBe('RUE DE LÉGLISE 3');
  });
});

describe('text helpers', () => {
  it('cleans punctuation and keeps joiners between letters and digits', () => {
    expect(cleanText('a.b,c;d')).toBe('A B C D');
    expect(cleanText('12-B / 3')).toBe('12-B 3');
    expect(cleanText('##5')).toBe('# 5');
  });

  it('compares city spellings by their key', () => {
    expect(cityKey('St. Louis')).toBe(cityKey('SAINT LOUIS'));
    expect(cityKey('Ft Worth')).toBe(cityKey('Fort Worth'));
    expect(cityKey('Winston-Salem')).toBe(cityKey('WINSTON SALEM'));
    expect(cityKey('Montréal')).toBe(cityKey('MONTREAL'));
    expect(cityKey('Oakland')).not.toBe(cityKey('San Francisco'));
  });
});

describe('suffix tables', () => {
  it('list every spelling once and map each standard to itself', () => {
    for (const rows of [US_SUFFIX_ROWS, CANADA_STREET_TYPE_ROWS]) {
      const all = rows.flatMap((row) => row.split(' '));
      expect(new Set(all).size).toBe(all.length);
    }
    for (const standard of new Set(US_STREET_SUFFIXES.values())) expect(US_STREET_SUFFIXES.get(standard)).toBe(standard);
  });

  it('has the common Pub 28 suffixes', () => {
    const expected: Record<string, string> = {
      STREET: 'ST', AVENUE: 'AVE', BOULEVARD: 'BLVD', ROAD: 'RD', DRIVE: 'DR', LANE: 'LN', COURT: 'CT', PLACE: 'PL',
      PARKWAY: 'PKWY', HIGHWAY: 'HWY', CIRCLE: 'CIR', TERRACE: 'TER', SQUARE: 'SQ', TRAIL: 'TRL', WAY: 'WAY', EXPRESSWAY: 'EXPY',
    };
    for (const [word, abbreviation] of Object.entries(expected)) expect(US_STREET_SUFFIXES.get(word)).toBe(abbreviation);
  });
});
