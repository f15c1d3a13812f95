import { describe, expect, it } from 'vitest';
import type { NamedService, ServiceRule } from '../../../electron/api';
import { DEFAULT_SERVICE_RULES, SETTING_DEFAULTS } from '../../../electron/store/settings';
import { chooseRate, ruleFor, serviceWithoutRates, type RateChoiceInput } from './serviceRules';

const rate = (carrierName: string, serviceName: string, shipMethod: string, price: number, transitDays: number | undefined): RateChoiceInput => ({
  id: `${carrierName}:${serviceName}`,
  carrierName,
  serviceName,
  shipMethod,
  price,
  transitDays,
});

/** What the sandbox quoted for a Boston order from Chicago: the shape the finding was seen with. */
const RATES = [
  rate('FedEx', 'FEDEX_STANDARD_OVERNIGHT', 'Express', 70.6, 1),
  rate('UPS', 'UPS_GROUND', 'Ground', 9.4, 3),
  rate('USPS', 'USPS_GROUND_ADVANTAGE', 'Ground', 8.17, 4),
  rate('UPS', 'UPS_2ND_DAY_AIR', 'Express', 24.1, 2),
  rate('USPS', 'USPS_PRIORITY_MAIL', 'Express', 11.2, 2),
  rate('UPS', 'UPS_NEXT_DAY_AIR_SAVER', 'Express', 55.3, 1),
];

const chosen = (requested: string | undefined, rules: readonly ServiceRule[] = DEFAULT_SERVICE_RULES): string | undefined => chooseRate(RATES, requested, rules).id;

describe('the default rules', () => {
  it('give the cheapest for generic names, never a premium service', () => {
    for (const name of ['Standard Shipping', 'Standard', 'Free Shipping', 'Economy', 'Ground', 'Standard Overnight']) {
      expect(chosen(name), name).toBe('USPS:USPS_GROUND_ADVANTAGE');
    }
  });

  it('say why the rate was chosen', () => {
    expect(chooseRate(RATES, 'Standard Shipping', DEFAULT_SERVICE_RULES).reason).toBe('Cheapest service: what “Standard Shipping” asks for');
    expect(chooseRate(RATES, undefined, DEFAULT_SERVICE_RULES).reason).toBe('Cheapest');
  });

  it('never answer Express with a ground service', () => {
    expect(chosen('Express')).toBe('USPS:USPS_PRIORITY_MAIL');
    expect(chosen('Expedited Shipping')).toBe('USPS:USPS_PRIORITY_MAIL');
    expect(chooseRate(RATES, 'Express', DEFAULT_SERVICE_RULES).reason).toBe('Cheapest express service arriving within 3 days: what “Express” asks for');
  });

  it('keep the promise of days a name makes', () => {
    expect(chosen('Next Day')).toBe('UPS:UPS_NEXT_DAY_AIR_SAVER');
    expect(chosen('Overnight Shipping')).toBe('UPS:UPS_NEXT_DAY_AIR_SAVER');
    expect(chosen('2-Day Shipping')).toBe('USPS:USPS_PRIORITY_MAIL');
  });

  it('choose the fastest allowed when nothing meets the promise, and say so', () => {
    const slow = RATES.filter((r) => r.transitDays !== 1);
    const choice = chooseRate(slow, 'Next Day', DEFAULT_SERVICE_RULES);
    expect(choice.id).toBe('USPS:USPS_PRIORITY_MAIL');
    expect(choice.reason).toBe('Fastest express service: none arrives within 1 day as “Next Day” asks');
  });

  it('take the cheapest for a name no rule knows, and say so', () => {
    const choice = chooseRate(RATES, 'Super Saver Deluxe', DEFAULT_SERVICE_RULES);
    expect(choice.id).toBe('USPS:USPS_GROUND_ADVANTAGE');
    expect(choice.reason).toMatch(/^Cheapest: no rule says what “Super Saver Deluxe” means/);
  });
});

describe('a rule', () => {
  const UPS_GROUND: NamedService = { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' };
  const rules: ServiceRule[] = [{ names: ['UPS Ground'], choice: { kind: 'service', service: UPS_GROUND }, offline: null }, ...DEFAULT_SERVICE_RULES];

  it('matches on more words before fewer, and the first among equals', () => {
    expect(ruleFor('UPS Ground', rules)?.name).toBe('UPS Ground');
    expect(ruleFor('Standard Overnight', DEFAULT_SERVICE_RULES)?.name).toBe('Standard');
    expect(ruleFor('Next Day Air', DEFAULT_SERVICE_RULES)?.name).toBe('Next Day');
    expect(ruleFor('Pickup in store', DEFAULT_SERVICE_RULES)).toBeUndefined();
  });

  it('that names a service chooses it, or none when it is not offered', () => {
    expect(chosen('UPS Ground', rules)).toBe('UPS:UPS_GROUND');
    const none = chooseRate(RATES.filter((r) => r.carrierName !== 'UPS'), 'UPS Ground', rules);
    expect(none).toEqual({ id: undefined, reason: '“UPS Ground” means UPS Ground, which is not offered for this shipment: choose a rate' });
  });
});

describe('without rates', () => {
  it("ships with the rule's own offline service, else the desk's default", () => {
    const fallback = SETTING_DEFAULTS.defaultService;
    expect(serviceWithoutRates('Next Day', DEFAULT_SERVICE_RULES, fallback).service.serviceLevel).toBe('UPS_NEXT_DAY_AIR_SAVER');
    expect(serviceWithoutRates('Standard Shipping', DEFAULT_SERVICE_RULES, fallback).service).toEqual(fallback);
    expect(serviceWithoutRates(undefined, DEFAULT_SERVICE_RULES, fallback)).toEqual({ service: fallback, reason: "UPS Ground: the desk's service when no rates can be had" });
  });
});
