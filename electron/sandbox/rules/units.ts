/**
 * Weight and length units as callers write them. The spec names KG/LB and CM/IN only as
 * examples, so the common spellings of each are accepted and anything else is reported as
 * unknown: the caller decides whether that is an error (Create Shipment) or a fallback.
 */

const POUNDS_PER_UNIT: Readonly<Record<string, number>> = {
  LB: 1,
  LBS: 1,
  POUND: 1,
  POUNDS: 1,
  KG: 2.20462262185,
  KGS: 2.20462262185,
  KILOGRAM: 2.20462262185,
  KILOGRAMS: 2.20462262185,
  OZ: 1 / 16,
  OUNCE: 1 / 16,
  OUNCES: 1 / 16,
  G: 0.00220462262185,
  GRAM: 0.00220462262185,
  GRAMS: 0.00220462262185,
};

const INCHES_PER_UNIT: Readonly<Record<string, number>> = {
  IN: 1,
  INCH: 1,
  INCHES: 1,
  FT: 12,
  FOOT: 12,
  FEET: 12,
  CM: 1 / 2.54,
  CENTIMETER: 1 / 2.54,
  CENTIMETERS: 1 / 2.54,
  MM: 1 / 25.4,
  MILLIMETER: 1 / 25.4,
  MILLIMETERS: 1 / 25.4,
  M: 100 / 2.54,
  METER: 100 / 2.54,
  METERS: 100 / 2.54,
};

function normalize(unit: string): string {
  return unit.trim().toUpperCase();
}

/** Pounds in one `unit` ("KG" → 2.2046…); an absent unit is pounds; undefined if unknown. */
export function poundsPerUnit(unit: string | undefined): number | undefined {
  if (unit === undefined || unit.trim() === '') return 1;
  return POUNDS_PER_UNIT[normalize(unit)];
}

/** Inches in one `unit` ("CM" → 0.3937…); an absent unit is inches; undefined if unknown. */
export function inchesPerUnit(unit: string | undefined): number | undefined {
  if (unit === undefined || unit.trim() === '') return 1;
  return INCHES_PER_UNIT[normalize(unit)];
}
