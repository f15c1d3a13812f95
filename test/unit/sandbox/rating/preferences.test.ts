import { describe, expect, it } from 'vitest';
import { rateShop } from '../../../../electron/sandbox/rating';
import { INTERNATIONAL_DETAIL, LONDON, NOW, rateRequest } from './fixtures';
import { allRates, errorsOf, serviceNames, valueOf } from './helpers';

const withInfo = (shipmentInfo: { carrier?: string; serviceLevel?: string; shipMethod?: string }) => rateRequest({ shipmentInfo });

describe('preferences', () => {
  it('limits the answer to the preferred carrier, however it is spelled', () => {
    for (const carrier of ['fedex', 'Fed Ex', 'FEDEX']) {
      const response = valueOf(rateShop(withInfo({ carrier }), NOW));
      expect(response.responses.map((entry) => entry.carrierName)).toEqual(['FEDEX']);
    }
  });

  it('matches a service level by code, display name or loose form', () => {
    expect(serviceNames(valueOf(rateShop(withInfo({ serviceLevel: 'UPS_NEXT_DAY_AIR' }), NOW)))).toEqual(['UPS_NEXT_DAY_AIR']);
    expect(serviceNames(valueOf(rateShop(withInfo({ serviceLevel: 'FedEx 2Day' }), NOW)))).toEqual(['FEDEX_2DAY']);
    expect(serviceNames(valueOf(rateShop(withInfo({ carrier: 'UPS', serviceLevel: 'next day air saver' }), NOW)))).toEqual(['UPS_NEXT_DAY_AIR_SAVER']);
    expect(serviceNames(valueOf(rateShop(withInfo({ carrier: 'UPS', serviceLevel: '03' }), NOW)))).toEqual(['UPS_GROUND']);
    expect(serviceNames(valueOf(rateShop(withInfo({ serviceLevel: 'Ground' }), NOW))).sort()).toEqual(['FEDEX_GROUND', 'UPS_GROUND', 'USPS_GROUND_ADVANTAGE']);
  });

  it('filters by ship method, with synonyms', () => {
    const express = allRates(valueOf(rateShop(withInfo({ shipMethod: 'Air' }), NOW)));
    expect(express.length).toBeGreaterThan(5);
    expect(express.every((rate) => rate.shipMethod === 'Express')).toBe(true);
    const ground = allRates(valueOf(rateShop(withInfo({ carrier: 'USPS', shipMethod: 'ground' }), NOW)));
    expect(ground.map((rate) => rate.serviceName)).toEqual(['USPS_GROUND_ADVANTAGE']);
  });

  it('names the field of a preference that matches nothing', () => {
    const carrier = errorsOf(rateShop(withInfo({ carrier: 'Purolator' }), NOW));
    expect(carrier[0]).toMatchObject({ code: 'InvalidShipment', message: expect.stringMatching(/^shipmentInfo\.carrier 'Purolator' is not a carrier/) as unknown });
    const level = errorsOf(rateShop(withInfo({ carrier: 'UPS', serviceLevel: 'Priority Mail' }), NOW));
    expect(level[0]?.message).toMatch(/^shipmentInfo\.serviceLevel 'Priority Mail' matches no service of UPS \(UPS Ground, /);
    const method = errorsOf(rateShop(withInfo({ shipMethod: 'Boat' }), NOW));
    expect(method[0]?.message).toMatch(/^shipmentInfo\.shipMethod 'Boat' must be Ground, Express or Freight/);
    const conflict = errorsOf(rateShop(withInfo({ serviceLevel: 'UPS Next Day Air', shipMethod: 'Ground' }), NOW));
    expect(conflict[0]?.message).toMatch(/^shipmentInfo\.shipMethod 'Ground' matches nothing in shipmentInfo\.serviceLevel 'UPS Next Day Air' \(UPS Next Day Air: Express\)/);
  });

  it('says why a preferred carrier or service has nothing for this shipment', () => {
    const dhl = errorsOf(rateShop(withInfo({ carrier: 'DHL' }), NOW));
    expect(dhl[0]).toMatchObject({ code: 'RateRequestFailed', message: expect.stringMatching(/^shipmentInfo\.carrier 'DHL' has no service for this shipment: DHL Express Worldwide ships only internationally/) as unknown });
    const ground = errorsOf(rateShop(rateRequest({ shipTo: LONDON, internationalDetail: INTERNATIONAL_DETAIL, shipmentInfo: { serviceLevel: 'UPS Ground' } }), NOW));
    expect(ground[0]?.message).toBe("shipmentInfo.serviceLevel 'UPS Ground' is not offered for this shipment: UPS Ground ships only within the US");
    const heavy = errorsOf(rateShop(rateRequest({ packages: [{ weight: 90, length: 10, width: 10, height: 10 }], shipmentInfo: { carrier: 'USPS' } }), NOW));
    expect(heavy[0]?.message).toMatch(/^shipmentInfo\.carrier 'USPS' has no service for this shipment: packages\[0\]\.weight 90 LB is over the 70 LB limit of USPS Ground Advantage/);
  });
});
