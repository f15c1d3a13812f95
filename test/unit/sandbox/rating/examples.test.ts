import { describe, expect, it } from 'vitest';
import { parseWith, RateShopResponse } from '../../../../electron/service/contract';
import { rateShop } from '../../../../electron/sandbox/rating';
import { address, BROOKLYN_HOME, CHICAGO, INTERNATIONAL_DETAIL, LONDON, NOW, rateRequest } from './fixtures';
import { allRates, cents, errorsOf, rateOf, serviceNames, taxLines, valueOf } from './helpers';

const surchargeCodes = (rate: { surcharges?: { code?: string }[] }) => (rate.surcharges ?? []).map((s) => s.code);

describe('rate shop examples', () => {
  it('answers a domestic parcel with UPS, FedEx and USPS services that parse with the contract', () => {
    const response = valueOf(rateShop(rateRequest(), NOW));
    expect(parseWith(RateShopResponse, response).ok).toBe(true);
    expect(response.responses.map((entry) => entry.carrierName)).toEqual(['UPS', 'FEDEX', 'USPS']);
    expect(serviceNames(response)).toContain('UPS_GROUND');
    expect(serviceNames(response)).toContain('USPS_PRIORITY_MAIL_EXPRESS');
  });

  it('adds a residential surcharge only when the delivery is residential', () => {
    const business = rateOf(valueOf(rateShop(rateRequest(), NOW)), 'UPS_GROUND');
    const home = rateOf(valueOf(rateShop(rateRequest({ shipTo: BROOKLYN_HOME }), NOW)), 'UPS_GROUND');
    const flaggedHome = rateOf(valueOf(rateShop(rateRequest({ specialService: { residential: true } }), NOW)), 'UPS_GROUND');
    const flaggedBusiness = rateOf(valueOf(rateShop(rateRequest({ shipTo: BROOKLYN_HOME, specialService: { residential: false } }), NOW)), 'UPS_GROUND');
    const validatedHome = rateOf(valueOf(rateShop(rateRequest({ shipTo: { ...rateRequest().shipTo, addressType: 'Residential' } }), NOW)), 'UPS_GROUND');
    expect(surchargeCodes(business)).not.toContain('RES');
    expect(surchargeCodes(flaggedBusiness)).not.toContain('RES');
    for (const rate of [home, flaggedHome, validatedHome]) expect(surchargeCodes(rate)).toContain('RES');
    expect(home.freight).toBeGreaterThan(business.freight);
  });

  it('offers FedEx Home Delivery to residences and FedEx Ground to businesses', () => {
    expect(serviceNames(valueOf(rateShop(rateRequest(), NOW)))).toContain('FEDEX_GROUND');
    expect(serviceNames(valueOf(rateShop(rateRequest(), NOW)))).not.toContain('FEDEX_HOME_DELIVERY');
    const home = serviceNames(valueOf(rateShop(rateRequest({ shipTo: BROOKLYN_HOME }), NOW)));
    expect(home).toContain('FEDEX_HOME_DELIVERY');
    expect(home).not.toContain('FEDEX_GROUND');
  });

  it('gives a pallet with a freightClass LTL rates only, and a higher class costs more', () => {
    const pallet = (freightClass: string) => rateRequest({ packages: [{ weight: 1200, length: 48, width: 40, height: 48, type: 'Pallet', freightClass }] });
    const class70 = valueOf(rateShop(pallet('70'), NOW));
    const class150 = valueOf(rateShop(pallet('150'), NOW));
    expect(class70.responses.map((entry) => entry.carrierName)).toEqual(['ODFL']);
    expect(allRates(class70).every((rate) => rate.shipMethod === 'Freight')).toBe(true);
    const standard70 = rateOf(class70, 'ODFL_LTL_STANDARD');
    const standard150 = rateOf(class150, 'ODFL_LTL_STANDARD');
    expect(standard150.baseCharge).toBeGreaterThan(standard70.baseCharge ?? 0);
    expect(standard150.freight).toBeGreaterThan(standard70.freight);
  });

  it('charges an LTL minimum for a light pallet and lists requested accessorials', () => {
    const response = valueOf(
      rateShop(rateRequest({ packages: [{ weight: 60, length: 40, width: 40, height: 20, freightClass: '50' }], specialService: { liftgateDelivery: true, insideDelivery: true } }), NOW),
    );
    const rate = rateOf(response, 'ODFL_LTL_STANDARD');
    expect(rate.baseCharge).toBeGreaterThanOrEqual(165);
    expect(surchargeCodes(rate)).toEqual(expect.arrayContaining(['LGD', 'IDL', 'FSC']));
    expect(surchargeCodes(rate)).not.toContain('RES');
  });

  it('gives a pallet without a class the class of its density', () => {
    // 500 lb on 48×40×48 in is 9.4 lb/ft³: class 100; the same pallet given class 100 must cost the same.
    const byDensity = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 500, length: 48, width: 40, height: 48, type: 'pallet' }] }), NOW)), 'ODFL_LTL_STANDARD');
    const byClass = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 500, length: 48, width: 40, height: 48, freightClass: '100' }] }), NOW)), 'ODFL_LTL_STANDARD');
    expect(byDensity.freight).toBe(byClass.freight);
  });

  it('offers DHL Express only for international shipments', () => {
    const domestic = valueOf(rateShop(rateRequest(), NOW));
    expect(domestic.responses.map((entry) => entry.carrierName)).not.toContain('DHL');
    const international = valueOf(rateShop(rateRequest({ shipTo: LONDON, internationalDetail: INTERNATIONAL_DETAIL }), NOW));
    expect(international.responses.map((entry) => entry.carrierName)).toContain('DHL');
    expect(serviceNames(international)).toEqual(expect.arrayContaining(['DHL_EXPRESS_WORLDWIDE', 'UPS_WORLDWIDE_SAVER', 'FEDEX_INTERNATIONAL_PRIORITY', 'USPS_PRIORITY_MAIL_INTERNATIONAL']));
    expect(serviceNames(international)).not.toContain('UPS_GROUND');
  });

  it('requires internationalDetail for an international rate request', () => {
    const errors = errorsOf(rateShop(rateRequest({ shipTo: LONDON }), NOW));
    expect(errors[0]?.code).toBe('InvalidShipment');
    expect(errors[0]?.message).toMatch(/^internationalDetail is required/);
  });

  it('converts to a requested currency, top-level or in specialService', () => {
    const usd = rateOf(valueOf(rateShop(rateRequest(), NOW)), 'UPS_GROUND');
    const eur = rateOf(valueOf(rateShop(rateRequest({ currencyCode: 'EUR' }), NOW)), 'UPS_GROUND');
    const gbp = rateOf(valueOf(rateShop(rateRequest({ specialService: { currencyCode: 'gbp' } }), NOW)), 'UPS_GROUND');
    expect(usd.currencycode).toBe('USD');
    expect(eur.currencycode).toBe('EUR');
    expect(gbp.currencycode).toBe('GBP');
    expect(eur.surcharges?.every((s) => s.currencyCode === 'EUR')).toBe(true);
    expect(Math.abs(cents(eur.baseCharge) - Math.round(cents(usd.baseCharge) * 0.92))).toBeLessThanOrEqual(1);
    expect(Math.abs(cents(gbp.freight) - Math.round(cents(usd.freight) * 0.79))).toBeLessThanOrEqual(3);
  });

  it('refuses a currency it does not know, naming the field', () => {
    const errors = errorsOf(rateShop(rateRequest({ specialService: { currencyCode: 'XYZ' } }), NOW));
    expect(errors[0]?.message).toMatch(/^specialService\.currencyCode "XYZ" is not a currency/);
  });

  it('rates a Canadian origin in CAD with GST/HST by destination province', () => {
    const toronto = address('M5V 3L9', 'CA', { companyName: 'A' });
    const ottawa = address('K1A 0B1', 'CA', { companyName: 'B' });
    const montreal = address('H2Y 1C6', 'CA', { companyName: 'C' });
    const calgary = address('T2P 1J9', 'CA', { companyName: 'D' });
    const ontario = rateOf(valueOf(rateShop(rateRequest({ shipFrom: toronto, shipTo: ottawa }), NOW)), 'UPS_STANDARD');
    expect(ontario.currencycode).toBe('CAD');
    expect(ontario.taxes).toEqual([expect.objectContaining({ code: 'HST' })]);
    expect(cents(ontario.totalTaxes)).toBe(Math.round((cents(ontario.baseCharge) + cents(ontario.totalSurcharges)) * 0.13));
    const quebec = rateOf(valueOf(rateShop(rateRequest({ shipFrom: toronto, shipTo: montreal }), NOW)), 'UPS_STANDARD');
    expect(taxLines(quebec).map((t) => t.code)).toEqual(['GST', 'QST']);
    const alberta = rateOf(valueOf(rateShop(rateRequest({ shipFrom: toronto, shipTo: calgary }), NOW)), 'UPS_STANDARD');
    expect(taxLines(alberta).map((t) => t.code)).toEqual(['GST']);
  });

  it('charges UK VAT and German VAT on domestic shipments, none on exports', () => {
    const uk = rateOf(valueOf(rateShop(rateRequest({ shipFrom: LONDON, shipTo: address('M1 1AE', 'GB', { companyName: 'X' }) }), NOW)), 'UPS_STANDARD');
    expect(uk.currencycode).toBe('GBP');
    expect(cents(uk.totalTaxes)).toBe(Math.round((cents(uk.baseCharge) + cents(uk.totalSurcharges)) * 0.2));
    const germany = rateOf(valueOf(rateShop(rateRequest({ shipFrom: address('10115', 'DE', { companyName: 'X' }), shipTo: address('80331', 'DE', { companyName: 'Y' }) }), NOW)), 'DHL_EXPRESS_DOMESTIC');
    expect(germany.currencycode).toBe('EUR');
    expect(germany.taxes).toEqual([expect.objectContaining({ code: 'VAT' })]);
    const exportRate = rateOf(valueOf(rateShop(rateRequest({ shipFrom: LONDON, shipTo: CHICAGO, internationalDetail: INTERNATIONAL_DETAIL }), NOW)), 'DHL_EXPRESS_WORLDWIDE');
    expect(exportRate.totalTaxes).toBe(0);
  });

  it('names the field of an unknown postal code or country', () => {
    const shipTo = errorsOf(rateShop(rateRequest({ shipTo: address('00000') }), NOW));
    expect(shipTo).toEqual([expect.objectContaining({ code: 'InvalidAddress', message: expect.stringMatching(/^shipTo\.zipPostalCode /) as unknown })]);
    const shipFrom = errorsOf(rateShop(rateRequest({ shipFrom: address('ABCDE') }), NOW));
    expect(shipFrom[0]?.message).toMatch(/^shipFrom\.zipPostalCode 'ABCDE' is not a US ZIP code/);
    const canada = errorsOf(rateShop(rateRequest({ shipTo: address('Z9Z 9Z9', 'CA') }), NOW));
    expect(canada[0]?.message).toMatch(/^shipTo\.zipPostalCode /);
    const uk = errorsOf(rateShop(rateRequest({ shipTo: address('NOT A CODE', 'GB'), internationalDetail: INTERNATIONAL_DETAIL }), NOW));
    expect(uk[0]?.message).toMatch(/^shipTo\.zipPostalCode 'NOT A CODE' is not a valid GB postal code/);
    const country = errorsOf(rateShop(rateRequest({ shipTo: address('12345', 'XX') }), NOW));
    expect(country[0]?.message).toMatch(/^shipTo\.country 'XX' is not an ISO 3166 country code/);
  });

  it('accepts ZIP+4 and Canadian codes without a space or in lower case', () => {
    expect(rateShop(rateRequest({ shipTo: address('10001-1234', 'US', { companyName: 'A' }) }), NOW).ok).toBe(true);
    expect(rateShop(rateRequest({ shipFrom: address('m5v3l9', 'CA'), shipTo: address('k1a 0b1', 'CA') }), NOW).ok).toBe(true);
  });

  it('leaves out services an overweight parcel exceeds', () => {
    const names = serviceNames(valueOf(rateShop(rateRequest({ packages: [{ weight: 100, length: 20, width: 20, height: 20 }] }), NOW)));
    expect(names).toContain('UPS_GROUND');
    expect(names.some((name) => name.startsWith('USPS'))).toBe(false);
  });

  it("answers a parcel over every limit with the spec's advice", () => {
    const errors = errorsOf(rateShop(rateRequest({ packages: [{ weight: 900, length: 40, width: 40, height: 40 }] }), NOW));
    expect(errors).toEqual([
      { code: 'RateRequestFailed', message: "packages[0].weight 900 LB exceeds every parcel service's limit; ship it as a pallet with a freightClass", type: 'ValidationError' },
    ]);
    const metric = errorsOf(rateShop(rateRequest({ unitOfWeight: 'KG', unitOfLength: 'CM', packages: [{ weight: 400, length: 100, width: 100, height: 100 }] }), NOW));
    expect(metric[0]?.message).toBe("packages[0].weight 400 KG exceeds every parcel service's limit; ship it as a pallet with a freightClass");
  });

  it('bills the dimensional weight of a light, bulky box with each carrier divisor', () => {
    // 20×20×20 in = 8000 in³: 57.55 → 58 lb at 139 (UPS), 48.19 → 49 lb at 166 (USPS).
    const response = valueOf(rateShop(rateRequest({ packages: [{ weight: 5, length: 20, width: 20, height: 20 }] }), NOW));
    const heavy = valueOf(rateShop(rateRequest({ packages: [{ weight: 58, length: 10, width: 10, height: 10 }] }), NOW));
    expect(rateOf(response, 'UPS_GROUND').baseCharge).toBe(rateOf(heavy, 'UPS_GROUND').baseCharge);
    const usps49 = valueOf(rateShop(rateRequest({ packages: [{ weight: 49, length: 10, width: 10, height: 10 }] }), NOW));
    expect(rateOf(response, 'USPS_GROUND_ADVANTAGE').baseCharge).toBe(rateOf(usps49, 'USPS_GROUND_ADVANTAGE').baseCharge);
  });

  it('multiplies a rate package by its count', () => {
    const one = rateOf(valueOf(rateShop(rateRequest(), NOW)), 'UPS_GROUND');
    const three = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 12, length: 16, width: 12, height: 10, count: 3 }] }), NOW)), 'UPS_GROUND');
    expect(cents(three.baseCharge)).toBe(3 * cents(one.baseCharge));
  });

  it('adds additional handling, large package and declared value surcharges', () => {
    const heavy = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 60, length: 20, width: 20, height: 20 }] }), NOW)), 'UPS_GROUND');
    expect(surchargeCodes(heavy)).toContain('AHS');
    const large = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 20, length: 100, width: 12, height: 12 }] }), NOW)), 'UPS_GROUND');
    expect(surchargeCodes(large)).toContain('LPS');
    expect(surchargeCodes(large)).not.toContain('AHS');
    const insured = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 12, length: 16, width: 12, height: 10, declaredValue: 450 }] }), NOW)), 'UPS_GROUND');
    expect(insured.surcharges).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'DV', amount: 7.25 })]));
    const cheap = rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 12, length: 16, width: 12, height: 10, declaredValue: 100 }] }), NOW)), 'UPS_GROUND');
    expect(surchargeCodes(cheap)).not.toContain('DV');
  });

  it('counts transit in business days from the ship date, skipping the weekend', () => {
    // Shipped Friday 2026-03-06: next-day services deliver Monday the 9th; Chicago to New York is Eastern time (UTC-5).
    const response = valueOf(rateShop(rateRequest(), NOW));
    const nextDayAir = rateOf(response, 'UPS_NEXT_DAY_AIR');
    expect(nextDayAir.transitDays).toBe('1');
    expect(nextDayAir.estimatedDelivery).toBe('2026-03-09T15:30:00Z');
    const twoDay = rateOf(response, 'UPS_2ND_DAY_AIR');
    expect(twoDay.estimatedDelivery).toBe('2026-03-11T01:00:00Z');
  });

  it('rates a past ship date as shipping today', () => {
    const past = rateOf(valueOf(rateShop(rateRequest({ shipDate: '2026-01-02T10:00:00Z' }), NOW)), 'UPS_NEXT_DAY_AIR');
    // Today is Thursday 2026-03-05: delivery Friday the 6th.
    expect(past.estimatedDelivery).toBe('2026-03-06T15:30:00Z');
  });

  it('reports bad units and package values by field, all at once', () => {
    const errors = errorsOf(rateShop(rateRequest({ unitOfWeight: 'stone', packages: [{ weight: 0, length: 1, width: 1, height: 1, freightClass: '45' }] }), NOW));
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^unitOfWeight "stone" must be LB or KG/)]);
    const packageErrors = errorsOf(rateShop(rateRequest({ packages: [{ weight: 0, length: 1, width: 1, height: 1 }, { weight: 1, length: 1, width: 1, height: 1, freightClass: '45' }] }), NOW));
    expect(packageErrors.map((e) => e.message)).toEqual([
      'packages[0].weight must be more than 0',
      expect.stringMatching(/^packages\[1\]\.freightClass "45" is not an NMFC class/),
    ]);
    expect(errorsOf(rateShop(rateRequest({ packages: [] }), NOW))[0]?.message).toBe('packages must have at least 1 item');
    expect(errorsOf(rateShop(rateRequest({ specialService: { residential: 'yes' } }), NOW))[0]?.message).toBe('specialService.residential must be true or false');
  });

  it('rates metric input on a threshold exactly like its imperial twin', () => {
    // 50 lb is not over the 50 lb handling threshold; a 12 in cube is not over USPS's free cubic foot.
    const imperial = valueOf(rateShop(rateRequest({ packages: [{ weight: 50, length: 12, width: 12, height: 12 }] }), NOW));
    const metric = valueOf(rateShop(rateRequest({ unitOfWeight: 'KG', unitOfLength: 'CM', packages: [{ weight: 50 * 0.45359237, length: 30.48, width: 30.48, height: 30.48 }] }), NOW));
    expect(surchargeCodes(rateOf(metric, 'UPS_GROUND'))).not.toContain('AHS');
    expect(allRates(metric).map((r) => [r.serviceName, r.freight])).toEqual(allRates(imperial).map((r) => [r.serviceName, r.freight]));
  });
});
