/** Field primitives shared by every record of the service. */
import * as z from 'zod';

/**
 * ISO 8601 date-time. The spec says values are UTC; we accept any explicit offset
 * (a `Z` or `+hh:mm`) because a service that answers `+00:00` is still answering UTC,
 * and refuse local times without an offset, which would be ambiguous.
 */
export const DateTime = z.iso.datetime({ offset: true });

/**
 * A whole number carried in a query string. Numeric text becomes a number; anything else
 * is left as it is so the message says "must be a number" (and "is required" when absent)
 * instead of the NaN a plain coercion would produce.
 */
export function queryInteger(min: number, max?: number) {
  const bounded = max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max);
  return z.preprocess((value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value), bounded);
}

/** A two-letter ISO 3166-1 country code. Lower case is accepted and is not rewritten. */
export const CountryCode = z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code');

/** Amounts, weights and dimensions: finite numbers (JSON has no NaN, but a coerced form might). */
export const Amount = z.number().finite();
export const NonNegative = z.number().finite().nonnegative();

/** A free-form object whose inner fields the spec does not show (logo, remarks, dgItems, ...). */
export const OpaqueObject = z.record(z.string(), z.unknown());

/** Caller's references: keys and string values (keys seen: orderNumber, customerPO). */
export const References = z.record(z.string(), z.string());

// ---- Bounds of what a caller sends ------------------------------------------------------
// The spec shows no field lengths or ranges. The station refuses what no carrier can print or
// weigh before it queues anything, and the sandbox refuses the same with a 400 naming the
// field; answers from the service are read without these bounds (docs/service-decisions.md,
// "Field bounds").

/** Lone UTF-16 surrogates: text that cannot be encoded, printed or searched. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters other than tab, line feed and carriage return (NUL among them). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Field lengths, in UTF-16 units as JavaScript counts them. */
export const TEXT_LIMITS = {
  /** Codes and identifiers: carrier, service level, units, currency, incoterm, item ids. */
  code: 50,
  /** Postal codes. */
  postalCode: 20,
  /** Names, company names, address lines, cities, e-mail addresses, phone numbers, descriptions. */
  text: 200,
  /** Free notes and declarations. */
  notes: 2_000,
  /** Keys of `references`, and how many a shipment may carry. */
  referenceKey: 50,
  referenceCount: 25,
} as const;

/** Text a caller sends: well-formed, without control characters, at most `max` characters. */
export function text(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !LONE_SURROGATE.test(value), 'must be well-formed text (it holds half of a character)')
    .refine((value) => !CONTROL.test(value), 'must not hold control characters such as NUL');
}

/** A caller's references: at most 25 keys of at most 50 characters, values of at most 200. */
export const BoundedReferences = z
  .record(text(TEXT_LIMITS.referenceKey).min(1, 'must not be empty'), text(TEXT_LIMITS.text))
  .refine((record) => Object.keys(record).length <= TEXT_LIMITS.referenceCount, `must have at most ${TEXT_LIMITS.referenceCount} keys`);

/**
 * Weights and dimensions of a package, in the shipment's units (LB or KG, IN or CM): more
 * than nothing, and no more than a loaded pallet. A 0-inch side or a weight of 5e-324 is a
 * typing slip, not a parcel.
 */
export const MEASURE_LIMITS = {
  minWeight: 0.01,
  maxWeight: 10_000,
  minDimension: 0.1,
  maxDimension: 1_000,
  /** Declared, customs and unit values, in the shipment's currency. */
  maxValue: 10_000_000,
  /** Item and commodity quantities, and boxes of a commodity. */
  maxQuantity: 1_000_000,
} as const;

export const PackageWeight = z
  .number()
  .finite()
  .min(MEASURE_LIMITS.minWeight, `must be at least ${MEASURE_LIMITS.minWeight}`)
  .max(MEASURE_LIMITS.maxWeight, `must be at most ${MEASURE_LIMITS.maxWeight}`);
export const PackageDimension = z
  .number()
  .finite()
  .min(MEASURE_LIMITS.minDimension, `must be at least ${MEASURE_LIMITS.minDimension}`)
  .max(MEASURE_LIMITS.maxDimension, `must be at most ${MEASURE_LIMITS.maxDimension}`);
/** An item's or commodity's weight: it may weigh nothing worth stating. */
export const ItemWeight = z.number().finite().min(0, 'must not be negative').max(MEASURE_LIMITS.maxWeight, `must be at most ${MEASURE_LIMITS.maxWeight}`);
export const Money = z.number().finite().min(0, 'must not be negative').max(MEASURE_LIMITS.maxValue, `must be at most ${MEASURE_LIMITS.maxValue}`);
export const Quantity = z.number().finite().min(0, 'must not be negative').max(MEASURE_LIMITS.maxQuantity, `must be at most ${MEASURE_LIMITS.maxQuantity}`);
