/**
 * Units of a request (`unitOfWeight`, `unitOfLength`) and the exact conversions between
 * them. Carriers bill in whole units rounded up, so float noise from a conversion must
 * not push 5.000000001 lb to 6 lb: `ceilToStep` forgives a billionth.
 */
export type WeightUnit = 'LB' | 'KG';
export type LengthUnit = 'IN' | 'CM';

/** Exact by definition (international yard and pound agreement, 1959). */
export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

const WEIGHT_UNITS: Readonly<Record<string, WeightUnit>> = {
  LB: 'LB',
  LBS: 'LB',
  POUND: 'LB',
  POUNDS: 'LB',
  KG: 'KG',
  KGS: 'KG',
  KILO: 'KG',
  KILOS: 'KG',
  KILOGRAM: 'KG',
  KILOGRAMS: 'KG',
};

const LENGTH_UNITS: Readonly<Record<string, LengthUnit>> = {
  IN: 'IN',
  INCH: 'IN',
  INCHES: 'IN',
  CM: 'CM',
  CENTIMETER: 'CM',
  CENTIMETERS: 'CM',
  CENTIMETRE: 'CM',
  CENTIMETRES: 'CM',
};

/** The request's weight unit; LB when absent or blank, undefined when not a unit we know. */
export function readWeightUnit(value: string | undefined): WeightUnit | undefined {
  const key = (value ?? '').trim().toUpperCase();
  return key === '' ? 'LB' : WEIGHT_UNITS[key];
}

/** The request's length unit; IN when absent or blank, undefined when not a unit we know. */
export function readLengthUnit(value: string | undefined): LengthUnit | undefined {
  const key = (value ?? '').trim().toUpperCase();
  return key === '' ? 'IN' : LENGTH_UNITS[key];
}

export function ceilToStep(value: number, step: number): number {
  return Math.ceil(value / step - 1e-9) * step;
}

/** `value > limit`, forgiving conversion noise: 50 lb given as 22.6796185 kg is not over 50 lb. */
export function isOver(value: number, limit: number): boolean {
  return value > limit + 1e-9;
}
