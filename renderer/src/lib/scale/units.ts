/**
 * A scale's units as grams, and a weight in the shipment's unit (LB or KG) to two decimals,
 * the precision the Weight field and the carriers take.
 */
import type { MassUnit } from './reading';

/**
 * Grams in one of each unit. The HID tables name "taels" and "avoir ton" without saying which:
 * the tael is taken as the Hong Kong tael (37.799 g) and the avoirdupois ton as the US short ton
 * (2,000 lb); neither is a shipping unit, so a scale set to them is rare.
 */
export const GRAMS_PER: Readonly<Record<MassUnit, number>> = {
  mg: 0.001,
  g: 1,
  kg: 1000,
  ct: 0.2,
  tael: 37.799,
  gr: 0.06479891,
  dwt: 1.55517384,
  t: 1_000_000,
  ton: 907_184.74,
  ozt: 31.1034768,
  oz: 28.349523125,
  lb: 453.59237,
};

/** A weight in `unit` as grams. */
export function toGrams(weight: number, unit: MassUnit): number {
  return weight * GRAMS_PER[unit];
}

/** Grams in the shipment's unit, rounded to two decimals. */
export function gramsIn(grams: number, shipmentUnit: 'LB' | 'KG'): number {
  const value = grams / (shipmentUnit === 'LB' ? GRAMS_PER.lb : GRAMS_PER.kg);
  return Math.round(value * 100) / 100;
}

/** A weight in a scale's unit in the shipment's unit, two decimals. */
export function convertWeight(weight: number, unit: MassUnit, shipmentUnit: 'LB' | 'KG'): number {
  return gramsIn(toGrams(weight, unit), shipmentUnit);
}
