import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { CARRIER_CODES } from '../../../../electron/sandbox/carriers/carriers';
import { CARRIER_NETWORKS, type Facility } from '../../../../electron/sandbox/carriers/hubs';
import { GATEWAY_COUNTRIES, gatewayOf, regionOf } from '../../../../electron/sandbox/carriers/countryGateways';
import { timeZoneOf, zoneOffsetHours } from '../../../../electron/sandbox/carriers/timeZones';

function facilitiesOf(code: (typeof CARRIER_CODES)[number]): Facility[] {
  const network = CARRIER_NETWORKS[code];
  return [...network.groundHubs, ...network.gateways, ...Object.values(network.regionalHubs), ...(network.airHub === undefined ? [] : [network.airHub])];
}

describe('carrier facilities', () => {
  it.each(CARRIER_CODES)('%s: every US facility sits where the zipcodes data puts its ZIP code', (code) => {
    for (const facility of facilitiesOf(code).filter((f) => f.country === 'US')) {
      const zip = zipcodes.lookup(facility.zip ?? '');
      expect(zip, facility.name).toBeDefined();
      expect(zip?.state, facility.name).toBe(facility.state);
      expect(zip?.latitude, facility.name).toBeCloseTo(facility.lat, 3);
      expect(zip?.longitude, facility.name).toBeCloseTo(facility.lon, 3);
    }
  });

  it.each(CARRIER_CODES)('%s: every Canadian facility sits in its forward sortation area', (code) => {
    for (const facility of facilitiesOf(code).filter((f) => f.country === 'CA')) {
      const near = Object.values(zipcodes.codes).some(
        (area) => area.country === 'Canada' && Math.abs(area.latitude - facility.lat) < 0.001 && Math.abs(area.longitude - facility.lon) < 0.001,
      );
      expect(near, facility.name).toBe(true);
    }
  });

  it.each(CARRIER_CODES)('%s: every facility has a name, a city, a country code and a position on Earth', (code) => {
    for (const facility of facilitiesOf(code)) {
      expect(facility.name.length).toBeGreaterThan(0);
      expect(facility.city.length).toBeGreaterThan(0);
      expect(facility.country).toMatch(/^[A-Z]{2}$/);
      expect(Math.abs(facility.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(facility.lon)).toBeLessThanOrEqual(180);
    }
  });

  it('gives the parcel carriers their domestic air hubs', () => {
    expect(CARRIER_NETWORKS.UPS.airHub?.city).toBe('Louisville');
    expect(CARRIER_NETWORKS.FEDEX.airHub?.city).toBe('Memphis');
    expect(CARRIER_NETWORKS.USPS.groundHubs).toHaveLength(21);
  });
});

describe('country gateways and time zones', () => {
  it('know a few dozen countries, each with a region and a valid time zone', () => {
    expect(GATEWAY_COUNTRIES.length).toBeGreaterThanOrEqual(40);
    for (const country of GATEWAY_COUNTRIES) {
      expect(regionOf(country), country).toBeDefined();
      expect(gatewayOf(country)?.country).toBe(country);
      const zone = timeZoneOf(country, undefined);
      expect(zone, country).toBeDefined();
      expect(() => zoneOffsetHours(zone ?? '', Date.UTC(2025, 5, 1))).not.toThrow();
    }
  });

  it('return the same gateway object each time, so routes can compare by identity', () => {
    expect(gatewayOf('GB')).toBe(gatewayOf('GB'));
    expect(gatewayOf('ZZ')).toBeUndefined();
  });

  it('read daylight saving from the zone', () => {
    expect(zoneOffsetHours('America/New_York', Date.UTC(2025, 5, 1))).toBe(-4);
    expect(zoneOffsetHours('America/New_York', Date.UTC(2025, 0, 1))).toBe(-5);
    expect(zoneOffsetHours('Asia/Kolkata', Date.UTC(2025, 0, 1))).toBe(5.5);
    expect(zoneOffsetHours('Europe/London', Date.UTC(2025, 0, 1))).toBe(0);
    expect(timeZoneOf('US', 'AZ')).toBe('America/Phoenix');
    expect(timeZoneOf('CA', 'BC')).toBe('America/Vancouver');
  });
});
