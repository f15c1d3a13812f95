/**
 * Directionals and secondary unit designators (USPS Publication 28, Appendices B and C2),
 * and the short Canada Post list of unit words. Street suffixes live in streetSuffixes.ts.
 */
import { CANADA_STREET_TYPES, US_STREET_SUFFIXES } from './streetSuffixes';

/** Full words and their abbreviations; the abbreviations map to themselves. */
export const DIRECTIONALS: ReadonlyMap<string, string> = new Map([
  ['NORTH', 'N'],
  ['SOUTH', 'S'],
  ['EAST', 'E'],
  ['WEST', 'W'],
  ['NORTHEAST', 'NE'],
  ['NORTHWEST', 'NW'],
  ['SOUTHEAST', 'SE'],
  ['SOUTHWEST', 'SW'],
  ['N', 'N'],
  ['S', 'S'],
  ['E', 'E'],
  ['W', 'W'],
  ['NE', 'NE'],
  ['NW', 'NW'],
  ['SE', 'SE'],
  ['SW', 'SW'],
]);

const NORTH_SOUTH = new Set(['NORTH', 'SOUTH', 'N', 'S']);
const EAST_WEST = new Set(['EAST', 'WEST', 'E', 'W']);

/** A directional written in two parts (`NORTH WEST`, `N W` from `N.W.`), read as one. */
export function compoundDirectional(first: string, second: string): string | undefined {
  return NORTH_SOUTH.has(first) && EAST_WEST.has(second) ? `${first.charAt(0)}${second.charAt(0)}` : undefined;
}

export interface UnitDesignator {
  /** The abbreviation written in the standardized line. */
  readonly standard: string;
  /** Pub 28 marks some designators as needing a number (`STE 300`) and others not (`REAR`). */
  readonly needsRange: boolean;
}

function unitTable(rows: readonly (readonly [string, boolean, ...string[]])[]): ReadonlyMap<string, UnitDesignator> {
  const table = new Map<string, UnitDesignator>();
  for (const [standard, needsRange, ...variants] of rows) {
    const designator = { standard, needsRange };
    table.set(standard, designator);
    for (const variant of variants) table.set(variant, designator);
  }
  return table;
}

/**
 * Pub 28 C2 with the spellings people type. KEY is left out: it is also a street suffix
 * (Pub 28 C1) and is far more often one.
 */
export const US_UNIT_DESIGNATORS = unitTable([
  ['APT', true, 'APARTMENT', 'APPT', 'APRT', 'APTMT'],
  ['BSMT', false, 'BASEMENT'],
  ['BLDG', true, 'BUILDING', 'BLD', 'BLDNG', 'BUILD'],
  ['DEPT', true, 'DEPARTMENT', 'DEPARTMNT', 'DPT'],
  ['FL', true, 'FLOOR', 'FLR'],
  ['FRNT', false, 'FRONT'],
  ['HNGR', true, 'HANGAR', 'HANGER', 'HANG'],
  ['LBBY', false, 'LOBBY'],
  ['LOT', true],
  ['LOWR', false, 'LOWER'],
  ['OFC', false, 'OFFICE'],
  ['PH', false, 'PENTHOUSE'],
  ['PIER', true],
  ['REAR', false],
  ['RM', true, 'ROOM'],
  ['SIDE', false],
  ['SLIP', true],
  ['SPC', true, 'SPACE'],
  ['STOP', true],
  ['STE', true, 'SUITE', 'SUIT', 'SUTE'],
  ['TRLR', true, 'TRAILER'],
  ['UNIT', true],
  ['UPPR', false, 'UPPER'],
]);

/** Canada Post writes most unit words in full; only APT and PH are abbreviated. */
export const CANADA_UNIT_DESIGNATORS = unitTable([
  ['APT', true, 'APARTMENT', 'APPT'],
  ['SUITE', true, 'STE'],
  ['UNIT', true],
  ['PH', false, 'PENTHOUSE'],
  ['FLOOR', true, 'FL', 'FLR'],
  ['ROOM', true, 'RM'],
  ['BLDG', true, 'BUILDING'],
]);

/** The rules of one postal system, as the street-line standardizer uses them. */
export interface StreetRules {
  readonly suffixes: ReadonlyMap<string, string>;
  readonly units: ReadonlyMap<string, UnitDesignator>;
  /** The designator `3RD FLOOR` becomes (`FL 3` for USPS, `FLOOR 3` for Canada Post). */
  readonly floor: string;
}

export const US_RULES: StreetRules = { suffixes: US_STREET_SUFFIXES, units: US_UNIT_DESIGNATORS, floor: 'FL' };
export const CANADA_RULES: StreetRules = { suffixes: CANADA_STREET_TYPES, units: CANADA_UNIT_DESIGNATORS, floor: 'FLOOR' };
