/**
 * Units the desk weighs and measures in. The renderer may not import values from the station
 * API (only types), so the pairs the API names are written here and checked against its type.
 */
import type { UnitSystem } from '../../../electron/api';

export const UNITS_OF = {
  imperial: { weight: 'LB', length: 'IN' },
  metric: { weight: 'KG', length: 'CM' },
} as const satisfies Record<UnitSystem, { readonly weight: 'LB' | 'KG'; readonly length: 'IN' | 'CM' }>;

const CM_PER_IN = 2.54;

/** A length in `from` units as `to` units, to a tenth. */
export function convertLength(value: number, from: 'IN' | 'CM', to: 'IN' | 'CM'): number {
  if (from === to) return value;
  const converted = from === 'IN' ? value * CM_PER_IN : value / CM_PER_IN;
  return Math.round(converted * 10) / 10;
}
