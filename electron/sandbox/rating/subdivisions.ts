/**
 * States and provinces, read from the postal code: a US ZIP's state comes from the ZIP
 * table; a Canadian postal code's first letter names its province (Canada Post's FSA
 * districts). Rating uses them for the destination's time zone and Canada's sales taxes.
 */
const US_ZONES: ReadonlyArray<readonly [number, string]> = [
  [-5, 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'],
  [-6, 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'],
  [-7, 'AZ CO ID MT NM UT WY'],
  [-8, 'CA NV OR WA'],
  [-9, 'AK'],
  [-10, 'HI'],
  [-4, 'PR VI'],
  [10, 'GU MP'],
  [-11, 'AS'],
];
const US_STATE_OFFSETS = new Map(US_ZONES.flatMap(([offset, states]) => states.split(' ').map((state) => [state, offset] as const)));

/** Standard-time offset of a US state (the state's main zone where it spans two). */
export function usStateUtcOffset(state: string): number | undefined {
  return US_STATE_OFFSETS.get(state);
}

export type Province = 'NL' | 'NS' | 'PE' | 'NB' | 'QC' | 'ON' | 'MB' | 'SK' | 'AB' | 'BC' | 'NT' | 'YT';

const FSA_PROVINCES: Readonly<Record<string, readonly [Province, number]>> = {
  A: ['NL', -3.5],
  B: ['NS', -4],
  C: ['PE', -4],
  E: ['NB', -4],
  G: ['QC', -5],
  H: ['QC', -5],
  J: ['QC', -5],
  K: ['ON', -5],
  L: ['ON', -5],
  M: ['ON', -5],
  N: ['ON', -5],
  P: ['ON', -5],
  R: ['MB', -6],
  S: ['SK', -6],
  T: ['AB', -7],
  V: ['BC', -8],
  X: ['NT', -7],
  Y: ['YT', -7],
};

/** Province and standard-time offset of a Canadian postal code, from its first letter. */
export function canadianProvince(postalCode: string): { readonly province: Province; readonly utcOffset: number } | undefined {
  const entry = FSA_PROVINCES[postalCode.charAt(0).toUpperCase()];
  return entry === undefined ? undefined : { province: entry[0], utcOffset: entry[1] };
}
