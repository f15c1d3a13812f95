/**
 * LTL pricing: a rate per hundredweight (cwt) that rises with the NMFC class and the zone
 * and falls with the weight break, with the industry's "deficit weight" rule (a shipment
 * is charged as the next break's minimum weight when that comes out cheaper) and a
 * minimum charge. A pallet without a class gets one from its density, as the NMFC's
 * density scale assigns it.
 */
import type { FreightTariff } from './serviceTypes';

/** The 18 NMFC classes with the factor of each against class 100. */
const CLASS_FACTORS: ReadonlyMap<string, number> = new Map([
  ['50', 0.55],
  ['55', 0.6],
  ['60', 0.65],
  ['65', 0.7],
  ['70', 0.76],
  ['77.5', 0.82],
  ['85', 0.89],
  ['92.5', 0.95],
  ['100', 1],
  ['110', 1.1],
  ['125', 1.24],
  ['150', 1.46],
  ['175', 1.7],
  ['200', 1.92],
  ['250', 2.36],
  ['300', 2.78],
  ['400', 3.6],
  ['500', 4.4],
]);

export const FREIGHT_CLASSES: readonly string[] = [...CLASS_FACTORS.keys()];

/** "70", "Class 70", "077.50", 92.5 → the class label; undefined when not an NMFC class. */
export function normalizeFreightClass(raw: string | number): string | undefined {
  const text = String(raw).trim().replace(/^class\s*/i, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const label = String(Number(text));
  return CLASS_FACTORS.has(label) ? label : undefined;
}

/** NMFC density scale (pounds per cubic foot, lower bound → class), densest first. */
const DENSITY_SCALE: ReadonlyArray<readonly [number, string]> = [
  [50, '50'],
  [35, '55'],
  [30, '60'],
  [22.5, '65'],
  [15, '70'],
  [12, '85'],
  [10, '92.5'],
  [8, '100'],
  [6, '125'],
  [4, '175'],
  [2, '250'],
  [1, '300'],
];

export function densityClass(poundsPerCubicFoot: number): string {
  for (const [atLeast, freightClass] of DENSITY_SCALE) if (poundsPerCubicFoot >= atLeast) return freightClass;
  return '400';
}

/** Weight breaks (lower bound in lb) and their factor against the lightest break. */
const WEIGHT_BREAKS: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [500, 0.82],
  [1000, 0.68],
  [2000, 0.55],
  [5000, 0.45],
  [10000, 0.38],
];

export interface FreightLine {
  readonly freightClass: string;
  /** Whole pounds (the line's packages × count, rounded up). */
  readonly weightLb: number;
}

/**
 * The published line-haul charge in US cents for a distance zone 2–8. Rates per cwt are
 * whole cents, as tariffs publish them, so the sums below are exact integers and a
 * shipment charged as a heavier break's minimum costs the same whatever its own weight.
 */
export function freightBaseCharge(tariff: FreightTariff, zone: number, lines: readonly FreightLine[]): number {
  const zoneIndex = Math.min(Math.max(zone - 2, 0), tariff.cwtByZone.length - 1);
  const cwt = tariff.cwtByZone[zoneIndex] ?? 0;
  const minimum = tariff.minimumByZone[zoneIndex] ?? 0;
  const total = lines.reduce((sum, line) => sum + line.weightLb, 0);
  let best = Number.POSITIVE_INFINITY;
  for (const [breakMin, breakFactor] of WEIGHT_BREAKS) {
    // Breaks below the shipment's own weight do not apply; heavier ones are charged as their minimum.
    const next = WEIGHT_BREAKS.find(([min]) => min > breakMin);
    if (next !== undefined && total >= next[0]) continue;
    let centsTimesCwt = 0;
    for (const line of lines) centsTimesCwt += Math.round(cwt * (CLASS_FACTORS.get(line.freightClass) ?? 1) * breakFactor) * line.weightLb;
    const charge = total > 0 && breakMin > total ? (centsTimesCwt * breakMin) / (total * 100) : centsTimesCwt / 100;
    best = Math.min(best, charge);
  }
  return Math.max(minimum, Math.round(best));
}
