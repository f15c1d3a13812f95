/** The rating model's answer: a value, or the service's error items (each naming its field). */
import type { ErrorItem } from '../../service/contract';

export type RatingResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: ErrorItem[] };

/** The spec's codes that rating answers with (see docs/service-decisions.md for where each belongs). */
export type RatingErrorCode = 'InvalidRequest' | 'InvalidAddress' | 'InvalidShipment' | 'RateRequestFailed';

export function ratingError(code: RatingErrorCode, message: string): ErrorItem {
  return { code, message, type: 'ValidationError' };
}

export function ok<T>(value: T): RatingResult<T> {
  return { ok: true, value };
}

export function fail<T>(...errors: ErrorItem[]): RatingResult<T> {
  return { ok: false, errors };
}

/** Numbers in messages: whole numbers as they are, others to at most two decimals. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}
