/**
 * Packages as rating sees them, and billable weight: the greater of actual and
 * dimensional weight, rounded up to the carrier's billing step (1 lb, or 0.5 kg for a
 * carrier that bills in kilograms). Both unit systems are kept for every package, the
 * one the request used exactly and the other converted, so each carrier computes in its
 * own units and KG/CM requests rate like their LB/IN equivalents.
 */
import { ceilToStep, CM_PER_IN, isOver, KG_PER_LB, type LengthUnit, type WeightUnit } from './units';

export interface PackageFacts {
  /** Position in the request's `packages`, for messages (`packages[2].weight`). */
  readonly index: number;
  /** Identical packages this entry stands for (a rate package's `count`). */
  readonly count: number;
  readonly weightLb: number;
  readonly weightKg: number;
  /** Sides longest first: carriers measure length as the longest side. */
  readonly sidesIn: readonly [number, number, number];
  readonly sidesCm: readonly [number, number, number];
  readonly volumeIn3: number;
  readonly volumeCm3: number;
  /** Longest side + 2 × (the other two), in inches. */
  readonly lengthPlusGirthIn: number;
  /** Declared value per package, in the origin's currency; 0 when none. */
  readonly declaredValue: number;
  /** A NMFC class label such as "77.5" when the package is freight with a class. */
  readonly freightClass?: string;
  /** Palletized freight (a freightClass, or a type such as Pallet or Skid). */
  readonly pallet: boolean;
}

export interface RawDimensions {
  readonly weight: number;
  readonly length: number;
  readonly width: number;
  readonly height: number;
}

function sorted(a: number, b: number, c: number): readonly [number, number, number] {
  const [x = 0, y = 0, z = 0] = [a, b, c].sort((p, q) => q - p);
  return [x, y, z];
}

export function measure(raw: RawDimensions, weightUnit: WeightUnit, lengthUnit: LengthUnit): Pick<PackageFacts, 'weightLb' | 'weightKg' | 'sidesIn' | 'sidesCm' | 'volumeIn3' | 'volumeCm3' | 'lengthPlusGirthIn'> {
  const weightLb = weightUnit === 'LB' ? raw.weight : raw.weight / KG_PER_LB;
  const weightKg = weightUnit === 'KG' ? raw.weight : raw.weight * KG_PER_LB;
  const given = sorted(raw.length, raw.width, raw.height);
  const sidesIn = lengthUnit === 'IN' ? given : sorted(given[0] / CM_PER_IN, given[1] / CM_PER_IN, given[2] / CM_PER_IN);
  const sidesCm = lengthUnit === 'CM' ? given : sorted(given[0] * CM_PER_IN, given[1] * CM_PER_IN, given[2] * CM_PER_IN);
  return {
    weightLb,
    weightKg,
    sidesIn,
    sidesCm,
    volumeIn3: sidesIn[0] * sidesIn[1] * sidesIn[2],
    volumeCm3: sidesCm[0] * sidesCm[1] * sidesCm[2],
    lengthPlusGirthIn: sidesIn[0] + 2 * (sidesIn[1] + sidesIn[2]),
  };
}

/** How a carrier turns size into weight. */
export interface DimRule {
  /** The unit the carrier bills in. */
  readonly unit: WeightUnit;
  /** Billing step in that unit: 1 lb, or 0.5 kg. */
  readonly step: number;
  /** Cubic inches per pound (LB) or cubic centimetres per kilogram (KG). */
  readonly divisor: number;
  /** Volume (in³ or cm³) at or below which size is not charged (USPS: one cubic foot). */
  readonly freeVolume?: number;
}

export interface BillableWeight {
  readonly index: number;
  readonly count: number;
  readonly actual: number;
  readonly dimensional: number;
  /** Per package, in `unit`; multiply by `count` for the entry's total. */
  readonly billable: number;
  readonly unit: WeightUnit;
}

/** Billable weight of one package; `minimum` is a floor a surcharge may impose (large packages). */
export function billableWeight(pkg: PackageFacts, rule: DimRule, minimum = 0): BillableWeight {
  const actual = rule.unit === 'LB' ? pkg.weightLb : pkg.weightKg;
  const volume = rule.unit === 'LB' ? pkg.volumeIn3 : pkg.volumeCm3;
  const dimensional = isOver(volume, rule.freeVolume ?? 0) ? volume / rule.divisor : 0;
  const billable = Math.max(ceilToStep(Math.max(actual, dimensional), rule.step), rule.step, minimum);
  return { index: pkg.index, count: pkg.count, actual, dimensional, billable, unit: rule.unit };
}
