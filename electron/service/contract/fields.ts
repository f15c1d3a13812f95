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
