import { describe, expect, it } from 'vitest';
import { BillingDetail, parseWith } from '../../../../electron/service/contract';
import { quoteShipment, rateShop } from '../../../../electron/sandbox/rating';
import { BROOKLYN_HOME, INTERNATIONAL_DETAIL, LONDON, NOW, rateRequest, shipment } from './fixtures';
import { allRates, errorsOf, rateOf, valueOf } from './helpers';

describe('quoteShipment', () => {
  it("picks the carrier's cheapest service of the ship method and matches the rate shop figures", () => {
    const quote = valueOf(quoteShipment(shipment({ shipmentInfo: { carrier: 'UPS', shipMethod: 'Express' } }), NOW));
    const upsExpress = allRates(valueOf(rateShop(rateRequest({ shipmentInfo: { carrier: 'UPS', shipMethod: 'Express' } }), NOW)));
    const cheapest = upsExpress.reduce((best, rate) => ((rate.discountFrieght ?? 0) < (best.discountFrieght ?? 0) ? rate : best));
    expect(quote.serviceName).toBe(cheapest.serviceName);
    expect(quote.billingDetail).toEqual({
      totalFreight: cheapest.freight,
      totalDiscountFreight: cheapest.discountFrieght,
      baseCharge: cheapest.baseCharge,
      totalSurcharges: cheapest.totalSurcharges,
      totalTaxes: cheapest.totalTaxes,
      currencyCode: 'USD',
    });
    expect(parseWith(BillingDetail, quote.billingDetail).ok).toBe(true);
    expect(quote).toMatchObject({ carrier: 'UPS', carrierDisplayName: 'UPS', shipMethod: 'Express', transitDays: cheapest.transitDays, estimatedDelivery: cheapest.estimatedDelivery });
  });

  it('uses the named service level and reports billable weight per package', () => {
    const quote = valueOf(
      quoteShipment(
        shipment({
          shipmentInfo: { carrier: 'FedEx', shipMethod: 'Express', serviceLevel: 'Priority Overnight' },
          packages: [
            { weight: 5, length: 20, width: 20, height: 20 },
            { weight: 30.2, length: 10, width: 10, height: 10 },
          ],
        }),
        NOW,
      ),
    );
    expect(quote.serviceName).toBe('FEDEX_PRIORITY_OVERNIGHT');
    expect(quote.packages).toEqual([
      { index: 0, actualWeight: 5, dimensionalWeight: 57.55, billableWeight: 58, unitOfWeight: 'LB' },
      { index: 1, actualWeight: 30.2, dimensionalWeight: 7.19, billableWeight: 31, unitOfWeight: 'LB' },
    ]);
  });

  it('reads residential and currency from additionalOptions', () => {
    const quote = valueOf(quoteShipment(shipment({ shipTo: BROOKLYN_HOME, shipmentInfo: { carrier: 'FedEx', shipMethod: 'Ground' }, additionalOptions: { currencyCode: 'CAD' } }), NOW));
    expect(quote.serviceName).toBe('FEDEX_HOME_DELIVERY');
    expect(quote.surcharges.map((s) => s.code)).toContain('RES');
    expect(quote.billingDetail.currencyCode).toBe('CAD');
  });

  it('quotes DHL in kilograms for an international shipment', () => {
    const quote = valueOf(quoteShipment(shipment({ shipTo: LONDON, internationalDetail: INTERNATIONAL_DETAIL, shipmentInfo: { carrier: 'DHL Express', shipMethod: 'Express' } }), NOW));
    expect(quote.carrier).toBe('DHL');
    expect(quote.packages[0]?.unitOfWeight).toBe('KG');
    // 12 lb = 5.44 kg actual; 16×12×10 in = 31,463 cm³ → 6.29 kg dimensional: billed 6.5 kg.
    expect(quote.packages[0]).toEqual({ index: 0, actualWeight: 5.44, dimensionalWeight: 6.29, billableWeight: 6.5, unitOfWeight: 'KG' });
  });

  it('quotes a pallet with an LTL carrier', () => {
    const quote = valueOf(quoteShipment(shipment({ shipmentInfo: { carrier: 'ODFL', shipMethod: 'LTL' }, packages: [{ weight: 800, length: 48, width: 40, height: 40, type: 'Pallet', freightClass: '85' }] }), NOW));
    expect(quote.serviceName).toBe('ODFL_LTL_STANDARD');
    expect(rateOf(valueOf(rateShop(rateRequest({ packages: [{ weight: 800, length: 48, width: 40, height: 40, freightClass: '85' }] }), NOW)), 'ODFL_LTL_STANDARD').freight).toBe(quote.billingDetail.totalFreight);
  });

  it('refuses an unknown carrier, a service the carrier lacks, and a carrier with nothing for the shipment', () => {
    expect(errorsOf(quoteShipment(shipment({ shipmentInfo: { carrier: 'Pony Express', shipMethod: 'Ground' } }), NOW))[0]?.message).toMatch(/^shipmentInfo\.carrier 'Pony Express' is not a carrier/);
    expect(errorsOf(quoteShipment(shipment({ shipmentInfo: { carrier: '', shipMethod: 'Ground' } }), NOW))[0]?.message).toBe('shipmentInfo.carrier is required');
    expect(errorsOf(quoteShipment(shipment({ shipmentInfo: { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'Home Delivery' } }), NOW))[0]?.message).toMatch(/^shipmentInfo\.serviceLevel 'Home Delivery' matches no service of UPS/);
    const dhl = errorsOf(quoteShipment(shipment({ shipmentInfo: { carrier: 'DHL', shipMethod: 'Express' } }), NOW));
    expect(dhl[0]).toMatchObject({ code: 'RateRequestFailed', message: expect.stringMatching(/^shipmentInfo\.carrier 'DHL' has no service for this shipment/) as unknown });
  });
});
