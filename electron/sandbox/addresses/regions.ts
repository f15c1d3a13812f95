/**
 * States, territories and provinces: the two-letter codes the postal services use, the
 * names people write instead, and which Canadian province each first letter of a postal
 * code belongs to.
 */
import { cleanText, withoutAccents } from './text';

const US_REGIONS: Readonly<Record<string, string>> = {
  AL: 'ALABAMA', AK: 'ALASKA', AZ: 'ARIZONA', AR: 'ARKANSAS', CA: 'CALIFORNIA', CO: 'COLORADO',
  CT: 'CONNECTICUT', DE: 'DELAWARE', DC: 'DISTRICT OF COLUMBIA', FL: 'FLORIDA', GA: 'GEORGIA',
  HI: 'HAWAII', ID: 'IDAHO', IL: 'ILLINOIS', IN: 'INDIANA', IA: 'IOWA', KS: 'KANSAS',
  KY: 'KENTUCKY', LA: 'LOUISIANA', ME: 'MAINE', MD: 'MARYLAND', MA: 'MASSACHUSETTS',
  MI: 'MICHIGAN', MN: 'MINNESOTA', MS: 'MISSISSIPPI', MO: 'MISSOURI', MT: 'MONTANA',
  NE: 'NEBRASKA', NV: 'NEVADA', NH: 'NEW HAMPSHIRE', NJ: 'NEW JERSEY', NM: 'NEW MEXICO',
  NY: 'NEW YORK', NC: 'NORTH CAROLINA', ND: 'NORTH DAKOTA', OH: 'OHIO', OK: 'OKLAHOMA',
  OR: 'OREGON', PA: 'PENNSYLVANIA', RI: 'RHODE ISLAND', SC: 'SOUTH CAROLINA',
  SD: 'SOUTH DAKOTA', TN: 'TENNESSEE', TX: 'TEXAS', UT: 'UTAH', VT: 'VERMONT', VA: 'VIRGINIA',
  WA: 'WASHINGTON', WV: 'WEST VIRGINIA', WI: 'WISCONSIN', WY: 'WYOMING',
  AS: 'AMERICAN SAMOA', GU: 'GUAM', MP: 'NORTHERN MARIANA ISLANDS', PR: 'PUERTO RICO',
  VI: 'VIRGIN ISLANDS', FM: 'FEDERATED STATES OF MICRONESIA', MH: 'MARSHALL ISLANDS', PW: 'PALAU',
  AA: 'ARMED FORCES AMERICAS', AE: 'ARMED FORCES EUROPE', AP: 'ARMED FORCES PACIFIC',
};

const CANADA_REGIONS: Readonly<Record<string, readonly string[]>> = {
  AB: ['ALBERTA'],
  BC: ['BRITISH COLUMBIA', 'COLOMBIE-BRITANNIQUE', 'COLOMBIE BRITANNIQUE'],
  MB: ['MANITOBA'],
  NB: ['NEW BRUNSWICK', 'NOUVEAU-BRUNSWICK', 'NOUVEAU BRUNSWICK'],
  NL: ['NEWFOUNDLAND AND LABRADOR', 'NEWFOUNDLAND', 'TERRE-NEUVE-ET-LABRADOR', 'NF'],
  NS: ['NOVA SCOTIA', 'NOUVELLE-ECOSSE', 'NOUVELLE ECOSSE'],
  NT: ['NORTHWEST TERRITORIES', 'TERRITOIRES DU NORD-OUEST'],
  NU: ['NUNAVUT'],
  ON: ['ONTARIO'],
  PE: ['PRINCE EDWARD ISLAND', 'ILE-DU-PRINCE-EDOUARD', 'PEI'],
  QC: ['QUEBEC', 'PQ'],
  SK: ['SASKATCHEWAN'],
  YT: ['YUKON', 'YUKON TERRITORY', 'YK'],
};

function nameIndex(entries: readonly (readonly [string, readonly string[]])[]): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [code, names] of entries) {
    index.set(code, code);
    for (const name of names) index.set(name, code);
  }
  return index;
}

const US_INDEX = nameIndex(Object.entries(US_REGIONS).map(([code, name]) => [code, [name, `STATE OF ${name}`]]));
const CANADA_INDEX = nameIndex(Object.entries(CANADA_REGIONS));

export type RegionSystem = 'US' | 'CA';

/** The region code for a state or province as written (`California`, `ca`, `Québec`), if known. */
export function regionCode(system: RegionSystem, written: string): string | undefined {
  const key = withoutAccents(cleanText(written));
  return (system === 'US' ? US_INDEX : CANADA_INDEX).get(key);
}

/** The provinces a postal code's first letter belongs to (X is shared by NT and NU). */
const PROVINCE_BY_LETTER: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'],
  K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'], P: ['ON'], R: ['MB'], S: ['SK'], T: ['AB'],
  V: ['BC'], X: ['NT', 'NU'], Y: ['YT'],
};

export function provincesForPostalCode(postalCode: string): readonly string[] {
  return PROVINCE_BY_LETTER[postalCode.charAt(0)] ?? [];
}

/**
 * Territories that use US ZIP codes and have ISO country codes of their own: an address in
 * San Juan may say PR or US for its country, and the ZIP check applies either way.
 */
export const ZIP_TERRITORIES: ReadonlySet<string> = new Set(['PR', 'GU', 'VI', 'AS', 'MP', 'FM', 'MH', 'PW']);
