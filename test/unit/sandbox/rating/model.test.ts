import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARRIER_CODES } from '../../../../electron/sandbox/carriers/carriers';
import { SERVICES } from '../../../../electron/sandbox/rating';
import { densityClass, FREIGHT_CLASSES, freightBaseCharge, normalizeFreightClass } from '../../../../electron/sandbox/rating/freight';
import { resolvePlace } from '../../../../electron/sandbox/rating/places';
import { addBusinessDays, estimatedDelivery, pickupDay } from '../../../../electron/sandbox/rating/transit';
import { internationalZone, routeBetween, zoneForDistance } from '../../../../electron/sandbox/rating/zones';
import { address } from './fixtures';

function place(zip: string, country = 'US') {
  const result = resolvePlace(address(zip, country), 'shipTo');
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.value;
}

describe('catalog', () => {
  it('has unique service names, every carrier, and terms for every lane a parcel service claims', () => {
    const names = SERVICES.map((s) => s.serviceName);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(SERVICES.map((s) => s.carrier))).toEqual(new Set(CARRIER_CODES));
    for (const service of SERVICES) {
      if (service.kind !== 'parcel') continue;
      for (const lane of service.lanes) expect(lane === 'INTERNATIONAL' ? service.international : service.domestic, `${service.serviceName} ${lane}`).toBeDefined();
    }
  });
});

describe('zones', () => {
  it('bands distances into zones 2–8', () => {
    expect([0, 150, 151, 300, 600, 1000, 1400, 1800, 1801, 5000].map(zoneForDistance)).toEqual([2, 2, 3, 3, 4, 5, 6, 7, 8, 8]);
  });

  it('measures real distances between ZIP codes', () => {
    expect(routeBetween(place('60607'), place('53202')).parcelZone).toBe(2); // Chicago–Milwaukee, ~80 mi
    expect(routeBetween(place('60607'), place('10001')).parcelZone).toBe(5); // Chicago–New York, ~710 mi
    expect(routeBetween(place('10001'), place('90012')).parcelZone).toBe(8); // coast to coast
    const crossBorder = routeBetween(place('48226'), place('M5V 3L9', 'CA'));
    expect(crossBorder.lane).toBe('INTERNATIONAL');
    expect(crossBorder.parcelZone).toBe(1);
    expect(crossBorder.distanceZone).toBe(3); // Detroit–Toronto, ~210 mi
  });

  it('prices international zones region to region', () => {
    expect(internationalZone('NA', 'NA')).toBe(1);
    expect(internationalZone('NA', 'EUW')).toBe(3);
    expect(internationalZone('NA', 'ROW')).toBe(6);
  });
});

describe('freight', () => {
  it('reads class labels loosely and refuses non-classes', () => {
    expect(normalizeFreightClass('Class 77.50')).toBe('77.5');
    expect(normalizeFreightClass(92.5)).toBe('92.5');
    expect(normalizeFreightClass('070')).toBe('70');
    expect(normalizeFreightClass('45')).toBeUndefined();
    expect(FREIGHT_CLASSES).toHaveLength(18);
  });

  it('classes by density, denser freight in lower classes', () => {
    expect(densityClass(60)).toBe('50');
    expect(densityClass(9.4)).toBe('100');
    expect(densityClass(0.5)).toBe('400');
  });

  it('charges 447 lb and 449 lb alike when both pay as 500 lb (deficit weight)', () => {
    const tariff = { cwtByZone: [4500, 5600, 6900, 8200, 9500, 10800, 12000], minimumByZone: [16500, 17500, 18500, 19500, 21000, 22500, 24000], maxShipmentLb: 20000 };
    expect(freightBaseCharge(tariff, 6, [{ freightClass: '92.5', weightLb: 447 }])).toBe(freightBaseCharge(tariff, 6, [{ freightClass: '92.5', weightLb: 449 }]));
  });

  it('never charges less for heavier freight of the same class (deficit weight)', () => {
    const tariff = { cwtByZone: [4500, 5600, 6900, 8200, 9500, 10800, 12000], minimumByZone: [16500, 17500, 18500, 19500, 21000, 22500, 24000], maxShipmentLb: 20000 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 19000 }), fc.integer({ min: 1, max: 1000 }), fc.constantFrom(...FREIGHT_CLASSES), fc.integer({ min: 2, max: 8 }), (weight, more, freightClass, zone) => {
        const lighter = freightBaseCharge(tariff, zone, [{ freightClass, weightLb: weight }]);
        const heavier = freightBaseCharge(tariff, zone, [{ freightClass, weightLb: weight + more }]);
        expect(heavier).toBeGreaterThanOrEqual(lighter);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('transit', () => {
  it('moves a weekend ship date to Monday and skips weekends in transit', () => {
    const saturday = new Date('2026-03-07T12:00:00Z');
    const monday = Date.UTC(2026, 2, 9);
    expect(pickupDay(saturday, saturday)).toBe(monday);
    expect(addBusinessDays(monday, 5)).toBe(Date.UTC(2026, 2, 16));
    expect(estimatedDelivery(monday, 1, '10:30', -8)).toBe('2026-03-10T18:30:00Z');
    expect(estimatedDelivery(monday, 1, undefined, 1)).toBe('2026-03-10T19:00:00Z');
  });
});
