/**
 * Rates and business-rule answers for batches, asked of the service once and kept a while. A rate
 * is kept by what its price depends on (the destination's postal code and country, a residence or
 * not, the box and the weight band: plan.ts), so orders to the same place in the same band
 * share one request; a rule answer is kept by the whole shipment it judged (the rules may read any
 * of it), so an estimate followed by the ship asks each order's rule once. Answers are kept 15
 * minutes (rates and rules change, a desk's day does not wait on them); a request that failed on
 * the way is forgotten, so the next estimate asks again.
 */
import type { BatchService, OfferedRate } from '../api';

export type { OfferedRate };
import type { ApplyRuleResponse, RateShopRequest, RateShopResponse, ShipmentCreate } from '../service/contract';
import type { ServiceClient } from '../service/client/client';
import { ServiceError } from '../service/client/errors';

/** How long an answer is used again. */
export const QUOTE_TTL_MS = 15 * 60_000;

export type RateAnswer = { readonly ok: true; readonly rates: readonly OfferedRate[] } | { readonly ok: false; readonly message: string };
export type RuleAnswer = { readonly ok: true; readonly rule: ApplyRuleResponse } | { readonly ok: false; readonly message: string };

function flatten(answer: RateShopResponse): OfferedRate[] {
  return answer.responses.flatMap((carrier) =>
    carrier.rates.map((rate) => ({
      carrier: carrier.carrierName,
      serviceLevel: rate.serviceName,
      serviceDisplayName: rate.serviceDisplayName ?? rate.serviceName,
      shipMethod: rate.shipMethod ?? rate.serviceName,
      price: rate.discountFrieght ?? rate.freight,
      currency: rate.currencycode ?? null,
    })),
  );
}

/** A refusal of the content is the order's answer; anything transient is the whole call's failure. */
function refusalOrThrow(error: unknown): { readonly ok: false; readonly message: string } {
  if (error instanceof ServiceError && !error.transient && error.kind !== 'authentication' && error.kind !== 'permission') return { ok: false, message: error.message };
  throw error;
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The offered rate of a chosen service, by its carrier and its code (or display name), any case. */
export function rateOfService(rates: readonly OfferedRate[], service: Extract<BatchService, { kind: 'service' }>): OfferedRate | undefined {
  const carrier = squash(service.carrier);
  const level = squash(service.serviceLevel);
  return rates.find((rate) => squash(rate.carrier) === carrier && (squash(rate.serviceLevel) === level || squash(rate.serviceDisplayName) === level));
}

/**
 * The cheapest rate of the ship method the rules named, as the Ship screen's Apply rule chooses it:
 * a rate whose method is that method, or whose name says it ("2nd Day Air", "LTL").
 */
export function cheapestOfMethod(rates: readonly OfferedRate[], shipMethod: string): OfferedRate | undefined {
  const method = squash(shipMethod);
  if (method === '') return undefined;
  const matches = rates.filter((rate) => squash(rate.shipMethod) === method || squash(rate.serviceDisplayName).includes(method));
  return [...matches].sort((a, b) => a.price - b.price)[0];
}

/** Runs `task` over `items`, at most `limit` at a time; rejects with the first failure. */
export async function inTurns<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Kept answers beyond this many are dropped when stale, so a long day does not grow the maps without end. */
const KEPT_MAX = 5_000;

interface Kept<T> {
  readonly at: number;
  readonly answer: Promise<T>;
}

export class BatchQuotes {
  private readonly rates = new Map<string, Kept<RateAnswer>>();
  private readonly rules = new Map<string, Kept<RuleAnswer>>();

  constructor(
    private readonly client: () => Pick<ServiceClient, 'rateShop' | 'applyRule'>,
    private readonly now: () => number,
  ) {}

  /** The kept answer for a rate key, if it is fresh. */
  keptRate(key: string): Promise<RateAnswer> | undefined {
    return this.fresh(this.rates, key);
  }

  /** The rates for `key`, asking the service with `request` unless a fresh answer is kept. */
  rate(key: string, request: RateShopRequest): { readonly answer: Promise<RateAnswer>; readonly asked: boolean } {
    const kept = this.fresh(this.rates, key);
    if (kept !== undefined) return { answer: kept, asked: false };
    const answer = this.client()
      .rateShop(request)
      .then((response): RateAnswer => ({ ok: true, rates: flatten(response) }), refusalOrThrow);
    return { answer: this.keep(this.rates, key, answer), asked: true };
  }

  /** What the business rules say of `shipment`, asking the service unless a fresh answer is kept. */
  rule(shipment: ShipmentCreate): { readonly answer: Promise<RuleAnswer>; readonly asked: boolean } {
    // The same shipment on another day is the same question: the date alone does not make it new.
    const { shipDate: _date, ...judged } = shipment;
    const key = JSON.stringify(judged);
    const kept = this.fresh(this.rules, key);
    if (kept !== undefined) return { answer: kept, asked: false };
    const answer = this.client()
      .applyRule(shipment)
      .then((rule): RuleAnswer => ({ ok: true, rule }), refusalOrThrow);
    return { answer: this.keep(this.rules, key, answer), asked: true };
  }

  private fresh<T>(map: Map<string, Kept<T>>, key: string): Promise<T> | undefined {
    const kept = map.get(key);
    if (kept === undefined) return undefined;
    if (this.now() - kept.at < QUOTE_TTL_MS) return kept.answer;
    map.delete(key);
    return undefined;
  }

  private keep<T>(map: Map<string, Kept<T>>, key: string, answer: Promise<T>): Promise<T> {
    if (map.size >= KEPT_MAX) for (const [old, entry] of map) if (this.now() - entry.at >= QUOTE_TTL_MS) map.delete(old);
    const kept = { at: this.now(), answer };
    map.set(key, kept);
    // A request that failed on the way says nothing about the shipment: the next call asks again.
    answer.catch(() => {
      if (map.get(key) === kept) map.delete(key);
    });
    return answer;
  }
}
