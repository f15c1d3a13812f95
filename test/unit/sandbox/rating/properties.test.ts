import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ErrorItem, parseWith, RateShopResponse, type RateShopRequest } from '../../../../electron/service/contract';
import { carrierFromName } from '../../../../electron/sandbox/carriers/carriers';
import { rateShop, SERVICES } from '../../../../electron/sandbox/rating';
import { resolvePlace } from '../../../../electron/sandbox/rating/places';
import { KG_PER_LB, CM_PER_IN } from '../../../../electron/sandbox/rating/units';
import { billableWeight, measure } from '../../../../electron/sandbox/rating/weights';
import { routeBetween } from '../../../../electron/sandbox/rating/zones';
import { address, CA_POSTALS, CHICAGO, INTERNATIONAL_DETAIL, LONDON, NOW, rateRequest, US_ZIPS } from './fixtures';
import { allRates, cents, taxLines, valueOf } from './helpers';

const RUNS = { numRuns: 150 };

const parcel = fc.record({
  weight: fc.double({ min: 0.1, max: 140, noNaN: true }),
  length: fc.double({ min: 1, max: 40, noNaN: true }),
  width: fc.double({ min: 1, max: 30, noNaN: true }),
  height: fc.double({ min: 1, max: 30, noNaN: true }),
  count: fc.integer({ min: 1, max: 4 }),
});

const usZip = fc.constantFrom(...US_ZIPS);
const business = (zip: string) => address(zip, 'US', { companyName: 'Acme' });

/** Domestic US, Canadian, cross-border, transatlantic and European domestic requests, parcels or pallets, any currency. */
const anyRequest: fc.Arbitrary<RateShopRequest> = fc
  .record({
    lane: fc.constantFrom('us', 'ca', 'us-ca', 'us-gb', 'gb', 'de'),
    from: usZip,
    to: usZip,
    caFrom: fc.constantFrom(...CA_POSTALS),
    caTo: fc.constantFrom(...CA_POSTALS),
    packages: fc.array(parcel, { minLength: 1, maxLength: 3 }),
    pallet: fc.option(fc.constantFrom('50', '70', '92.5', '125', '250', '500'), { nil: undefined }),
    residential: fc.option(fc.boolean(), { nil: undefined }),
    currency: fc.option(fc.constantFrom('USD', 'EUR', 'CAD', 'GBP', 'MXN'), { nil: undefined }),
    metric: fc.boolean(),
  })
  .map((r) => {
    const ends: Record<string, [ReturnType<typeof address>, ReturnType<typeof address>]> = {
      us: [business(r.from), address(r.to)],
      ca: [address(r.caFrom, 'CA'), address(r.caTo, 'CA', { companyName: 'B' })],
      'us-ca': [business(r.from), address(r.caTo, 'CA')],
      'us-gb': [business(r.from), LONDON],
      gb: [LONDON, address('M1 1AE', 'GB')],
      de: [address('10115', 'DE'), address('80331', 'DE', { companyName: 'Y' })],
    };
    const [shipFrom, shipTo] = ends[r.lane] ?? [CHICAGO, LONDON];
    const packages = r.packages.map((p) => (r.pallet === undefined ? p : { ...p, weight: p.weight * 5, length: 48, width: 40, freightClass: r.pallet }));
    return rateRequest({
      shipFrom,
      shipTo,
      packages,
      unitOfWeight: r.metric ? 'KG' : 'LB',
      unitOfLength: r.metric ? 'CM' : 'IN',
      internationalDetail: shipFrom.country === shipTo.country ? undefined : INTERNATIONAL_DETAIL,
      specialService: { ...(r.residential === undefined ? {} : { residential: r.residential }), ...(r.currency === undefined ? {} : { currencyCode: r.currency }) },
    });
  });

describe('rating properties', () => {
  it('bills at least the actual weight, whatever the carrier rule', () => {
    const rules = [...new Set(SERVICES.flatMap((s) => (s.kind === 'parcel' ? [s.dim] : [])))];
    fc.assert(
      fc.property(parcel, fc.constantFrom(...rules), fc.boolean(), (p, rule, metric) => {
        const facts = { index: 0, count: 1, declaredValue: 0, pallet: false, ...measure(p, metric ? 'KG' : 'LB', metric ? 'CM' : 'IN') };
        const weight = billableWeight(facts, rule);
        expect(weight.billable).toBeGreaterThanOrEqual(weight.actual);
        expect(weight.billable).toBeGreaterThanOrEqual(weight.dimensional);
      }),
      RUNS,
    );
  });

  it('rates KG/CM input like the same package in LB/IN', () => {
    fc.assert(
      fc.property(parcel, usZip, fc.boolean(), (p, zip, international) => {
        const base = international ? { shipTo: LONDON, internationalDetail: INTERNATIONAL_DETAIL } : { shipTo: business(zip) };
        const imperial = valueOf(rateShop(rateRequest({ ...base, packages: [p] }), NOW));
        const metricPackage = { weight: p.weight * KG_PER_LB, length: p.length * CM_PER_IN, width: p.width * CM_PER_IN, height: p.height * CM_PER_IN, count: p.count };
        const metric = valueOf(rateShop(rateRequest({ ...base, packages: [metricPackage], unitOfWeight: 'KG', unitOfLength: 'CM' }), NOW));
        const a = allRates(imperial);
        const b = allRates(metric);
        expect(b.map((r) => r.serviceName)).toEqual(a.map((r) => r.serviceName));
        a.forEach((rate, i) => expect(Math.abs(cents(rate.freight) - cents(b[i]?.freight))).toBeLessThanOrEqual(1));
      }),
      RUNS,
    );
  });

  it('keeps freight = baseCharge + totalSurcharges + totalTaxes, surcharges summed, and discount ≤ freight', () => {
    fc.assert(
      fc.property(anyRequest, (request) => {
        const result = rateShop(request, NOW);
        if (!result.ok) return;
        for (const rate of allRates(result.value)) {
          expect(cents(rate.freight)).toBe(cents(rate.baseCharge) + cents(rate.totalSurcharges) + cents(rate.totalTaxes));
          expect(cents(rate.totalSurcharges)).toBe((rate.surcharges ?? []).reduce((sum, s) => sum + cents(s.amount), 0));
          expect(cents(rate.totalTaxes)).toBe(taxLines(rate).reduce((sum, s) => sum + cents(s.amount), 0));
          expect(rate.discountFrieght).toBeLessThanOrEqual(rate.freight);
          expect(rate.discountFrieght).toBeGreaterThan(0);
          // Money has at most two decimals.
          for (const amount of [rate.freight, rate.discountFrieght, rate.baseCharge, rate.totalSurcharges, rate.totalTaxes]) expect(cents(amount) / 100).toBe(amount);
        }
      }),
      RUNS,
    );
  });

  it('never charges less for a farther zone on the same service', () => {
    const zoneOf = (from: string, to: string) => {
      const a = resolvePlace(business(from), 'shipFrom');
      const b = resolvePlace(business(to), 'shipTo');
      if (!a.ok || !b.ok) throw new Error('fixture ZIP unknown');
      return routeBetween(a.value, b.value).parcelZone;
    };
    fc.assert(
      fc.property(usZip, usZip, usZip, parcel, fc.option(fc.constantFrom('70', '150'), { nil: undefined }), (origin, near, far, p, freightClass) => {
        const [zoneA, zoneB] = [zoneOf(origin, near), zoneOf(origin, far)];
        fc.pre(zoneA < zoneB);
        const pkg = freightClass === undefined ? p : { ...p, weight: p.weight * 10, freightClass };
        const request = (to: string) => rateRequest({ shipFrom: business(origin), shipTo: business(to), packages: [pkg] });
        const nearRates = allRates(valueOf(rateShop(request(near), NOW)));
        const farRates = allRates(valueOf(rateShop(request(far), NOW)));
        for (const rate of nearRates) {
          const farther = farRates.find((r) => r.serviceName === rate.serviceName);
          if (farther !== undefined) expect(farther.freight).toBeGreaterThanOrEqual(rate.freight);
        }
      }),
      RUNS,
    );
  });

  it('answers a preferred carrier with that carrier only, or an error naming shipmentInfo.carrier', () => {
    const spellings = fc.constantFrom('ups', 'UPS', 'FedEx', 'fed ex', 'usps', 'US Postal Service', 'DHL Express', 'dhl', 'Old Dominion', 'ODFL');
    fc.assert(
      fc.property(anyRequest, spellings, (request, carrier) => {
        const result = rateShop({ ...request, shipmentInfo: { carrier } }, NOW);
        if (result.ok) {
          expect(result.value.responses.map((entry) => entry.carrierName)).toEqual([carrierFromName(carrier)]);
        } else {
          expect(result.errors.some((e) => e.message.startsWith('shipmentInfo.carrier'))).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('answers every request with a response the contract parses, or with field-named errors', () => {
    fc.assert(
      fc.property(anyRequest, (request) => {
        const result = rateShop(request, NOW);
        if (result.ok) {
          expect(parseWith(RateShopResponse, result.value).ok).toBe(true);
          expect(result.value.responses.length).toBeGreaterThan(0);
        } else {
          expect(result.errors.length).toBeGreaterThan(0);
          for (const error of result.errors) {
            expect(parseWith(ErrorItem, error).ok).toBe(true);
            expect(error.type).toBe('ValidationError');
          }
        }
      }),
      RUNS,
    );
  });

  it('never throws and never answers a non-finite amount, whatever the numbers', () => {
    const extreme = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e300, noNaN: true, noDefaultInfinity: true }), fc.double({ min: 0, max: 1e-6, noNaN: true }));
    const pkg = fc.record({
      weight: extreme,
      length: extreme,
      width: extreme,
      height: extreme,
      declaredValue: fc.option(extreme, { nil: undefined }),
      freightClass: fc.option(fc.constantFrom('50', '500', 'x'), { nil: undefined }),
      count: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(pkg, { minLength: 0, maxLength: 3 }), usZip, fc.boolean(), (packages, zip, metric) => {
        const result = rateShop(rateRequest({ packages, shipTo: business(zip), unitOfWeight: metric ? 'kg' : undefined, unitOfLength: metric ? 'cm' : undefined }), NOW);
        if (!result.ok) return;
        expect(parseWith(RateShopResponse, result.value).ok).toBe(true);
        for (const rate of allRates(result.value)) expect(Number.isFinite(rate.freight) && Number.isFinite(rate.discountFrieght)).toBe(true);
      }),
      RUNS,
    );
  });
});
