/** Small readers over rating answers, failing loudly when the answer is not what a test needs. */
import * as z from 'zod';
import { parseWith, Surcharge, type ErrorItem, type Rate, type RateShopResponse } from '../../../../electron/service/contract';
import type { RatingResult } from '../../../../electron/sandbox/rating';

export function valueOf<T>(result: RatingResult<T>): T {
  if (!result.ok) throw new Error(`expected rates, got errors: ${result.errors.map((e) => e.message).join(' | ')}`);
  return result.value;
}

export function errorsOf<T>(result: RatingResult<T>): ErrorItem[] {
  if (result.ok) throw new Error('expected errors, got an answer');
  return result.errors;
}

export function allRates(response: RateShopResponse): (Rate & { carrier: string })[] {
  return response.responses.flatMap((entry) => entry.rates.map((rate) => ({ ...rate, carrier: entry.carrierName })));
}

export function rateOf(response: RateShopResponse, serviceName: string): Rate {
  const rate = allRates(response).find((r) => r.serviceName === serviceName);
  if (rate === undefined) throw new Error(`no ${serviceName} in ${allRates(response).map((r) => r.serviceName).join(', ')}`);
  return rate;
}

export function serviceNames(response: RateShopResponse): string[] {
  return allRates(response).map((rate) => rate.serviceName);
}

export const cents = (amount: number | undefined): number => Math.round((amount ?? 0) * 100);

/** The itemized taxes a rate carries as an extra field (same shape as a surcharge). */
export function taxLines(rate: Rate): Surcharge[] {
  const parsed = parseWith(z.array(Surcharge), rate.taxes ?? []);
  if (!parsed.ok) throw new Error(`taxes do not parse: ${parsed.issues.map((i) => i.message).join(', ')}`);
  return parsed.value;
}
