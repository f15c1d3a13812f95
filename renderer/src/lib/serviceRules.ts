/**
 * The shop's requested service ("Standard Shipping", "Express", "Next Day") read through the
 * desk's rules (Settings): which rule it falls under, which of the rates that rule chooses, and
 * why, in words the packer reads beside the chosen rate. A generic name never becomes a premium
 * service: a name no rule knows gets the cheapest rate, and says so.
 */
import type { NamedService, ServiceRule } from '../../../electron/api';

/** What the chooser needs of a rate. */
export interface RateChoiceInput {
  readonly id: string;
  readonly carrierName: string;
  readonly serviceName: string;
  readonly shipMethod: string;
  readonly price: number;
  readonly transitDays: number | undefined;
}

export interface RateChoice {
  /** The rate chosen, or undefined when the rule names a service none of the rates is. */
  readonly id: string | undefined;
  /** Why, for the packer. */
  readonly reason: string;
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');

/** The rule for a requested service: the one with a name all of whose words it holds, the most words winning, the first among equals. */
export function ruleFor(requested: string, rules: readonly ServiceRule[]): { rule: ServiceRule; name: string } | undefined {
  const asked = new Set(wordsOf(requested));
  let best: { rule: ServiceRule; name: string; words: number } | undefined;
  for (const rule of rules) {
    for (const name of rule.names) {
      const words = wordsOf(name);
      if (words.length === 0 || !words.every((word) => asked.has(word))) continue;
      if (best === undefined || words.length > best.words) best = { rule, name, words: words.length };
    }
  }
  return best === undefined ? undefined : { rule: best.rule, name: best.name };
}

const cheapestOf = <R extends RateChoiceInput>(rates: readonly R[]): R | undefined =>
  [...rates].sort((a, b) => a.price - b.price || (a.transitDays ?? 99) - (b.transitDays ?? 99))[0];

const isExpress = (rate: RateChoiceInput): boolean => rate.shipMethod.toLowerCase() !== 'ground';

const days = (n: number): string => `${String(n)} day${n === 1 ? '' : 's'}`;

/** The rate a named service is among the rates, if it is offered. */
export function rateOfService<R extends RateChoiceInput>(rates: readonly R[], service: NamedService): R | undefined {
  const same = (a: string, b: string): boolean => a.toUpperCase().replace(/[^A-Z0-9]/g, '') === b.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return rates.find((rate) => same(rate.carrierName, service.carrier) && same(rate.serviceName, service.serviceLevel));
}

/**
 * Chooses among `rates` for an order that asked for `requested` (none: the cheapest). A rule that
 * asks for speed none of the rates meets chooses the fastest of those it allows, and says so.
 */
export function chooseRate(rates: readonly RateChoiceInput[], requested: string | undefined, rules: readonly ServiceRule[]): RateChoice {
  if (rates.length === 0) return { id: undefined, reason: 'No rates' };
  const cheapest = cheapestOf(rates);
  if (requested === undefined || requested.trim() === '') return { id: cheapest?.id, reason: 'Cheapest' };
  const quoted = `“${requested.trim()}”`;
  const found = ruleFor(requested, rules);
  if (found === undefined) return { id: cheapest?.id, reason: `Cheapest: no rule says what ${quoted} means (Settings: requested services)` };
  const { choice } = found.rule;
  if (choice.kind === 'service') {
    const rate = rateOfService(rates, choice.service);
    return rate === undefined
      ? { id: undefined, reason: `${quoted} means ${choice.service.displayName}, which is not offered for this shipment: choose a rate` }
      : { id: rate.id, reason: `${choice.service.displayName}: the service ${quoted} means` };
  }
  const allowed = choice.expressOnly ? rates.filter(isExpress) : rates;
  const within = choice.withinDays;
  const inTime = within === null ? allowed : allowed.filter((rate) => rate.transitDays !== undefined && rate.transitDays <= within);
  const kind = `${choice.expressOnly ? 'express ' : ''}`;
  const promise = within === null ? '' : ` arriving within ${days(within)}`;
  const pick = cheapestOf(inTime);
  if (pick !== undefined) return { id: pick.id, reason: `Cheapest ${kind}service${promise}: what ${quoted} asks for` };
  const fastest = [...allowed].sort((a, b) => (a.transitDays ?? 99) - (b.transitDays ?? 99) || a.price - b.price)[0];
  if (fastest === undefined) return { id: undefined, reason: `${quoted} asks for an express service and none is offered for this shipment: choose a rate` };
  return { id: fastest.id, reason: `Fastest ${kind}service: none arrives within ${days(within ?? 0)} as ${quoted} asks` };
}

/** The service to ship with when no rates can be had: the rule's own, else the desk's default. */
export function serviceWithoutRates(requested: string | undefined, rules: readonly ServiceRule[], fallback: NamedService): { service: NamedService; reason: string } {
  const found = requested === undefined ? undefined : ruleFor(requested, rules);
  if (found !== undefined) {
    const { rule } = found;
    const named = rule.choice.kind === 'service' ? rule.choice.service : rule.offline;
    if (named !== null) return { service: named, reason: `${named.displayName}: the service for “${requested ?? ''}” when no rates can be had` };
  }
  return { service: fallback, reason: `${fallback.displayName}: the desk's service when no rates can be had` };
}
