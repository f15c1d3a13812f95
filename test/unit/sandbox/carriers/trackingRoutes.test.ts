import { describe, expect, it } from 'vitest';
import type { TrackingEvent } from '../../../../electron/service/contract';
import { CARRIER_CODES, type CarrierCode } from '../../../../electron/sandbox/carriers/carriers';
import { EXCEPTION_SHARE, TRACKING_EVENT_CODES as CODES, trackingHistory } from '../../../../electron/sandbox/carriers/trackingHistory';
import { newTrackingNumber } from '../../../../electron/sandbox/carriers/trackingNumbers';
import { seededRandom } from '../../../../electron/sandbox/seededRandom';
import { AUSTIN, BERLIN, CHICAGO, EVANSTON, GUADALAJARA, LONDON, NEW_YORK, SAN_FRANCISCO, TOKYO, TORONTO, ULAANBAATAR, baseInput } from './trackingFixtures';

function history(carrier: CarrierCode, overrides: Parameters<typeof baseInput>[0] = {}): TrackingEvent[] {
  return trackingHistory(baseInput({ carrier, trackingNumber: newTrackingNumber(carrier, 'Ground', seededRandom(11)), ...overrides }));
}

function hubCities(events: readonly TrackingEvent[]): string[] {
  return events.filter((event) => event.code === CODES.arrived).map((event) => `${event.city}, ${event.state || event.country}`);
}

describe('routes through real hubs', () => {
  it('flies UPS Next Day Air across the country through Worldport, Louisville', () => {
    const events = history('UPS', { to: SAN_FRANCISCO, transitDays: 1 });
    expect(hubCities(events)).toEqual(['Louisville, KY']);
    expect(events.find((event) => event.code === CODES.arrived)?.description).toContain('UPS Worldport');
  });

  it('trucks UPS Ground through the hubs nearest each end', () => {
    expect(hubCities(history('UPS', { to: SAN_FRANCISCO, transitDays: 4 }))).toEqual(['Hodgkins, IL', 'Oakland, CA']);
  });

  it('uses one hub for a short local trip', () => {
    expect(hubCities(history('UPS', { to: EVANSTON, transitDays: 1 }))).toEqual(['Hodgkins, IL']);
  });

  it('flies FedEx overnight through the Memphis World Hub', () => {
    expect(hubCities(history('FEDEX', { to: AUSTIN, transitDays: 1 }))).toEqual(['Memphis, TN']);
  });

  it('moves USPS mail between Network Distribution Centers', () => {
    const events = history('USPS', { to: SAN_FRANCISCO, transitDays: 3 });
    expect(hubCities(events)).toEqual(['Forest Park, IL', 'Richmond, CA']);
    expect(events.filter((event) => event.code === CODES.arrived).map((event) => event.description)).toEqual([
      'Arrived at USPS Regional Facility: Chicago IL Network Distribution Center',
      'Arrived at USPS Regional Facility: San Francisco CA Network Distribution Center',
    ]);
  });

  it('moves Old Dominion freight between its service centers', () => {
    const events = history('ODFL', { to: SAN_FRANCISCO, transitDays: 5 });
    expect(events.filter((event) => event.code === CODES.arrived).map((event) => event.description)).toEqual([
      'Arrived at Old Dominion Chicago Service Center',
      'Arrived at Old Dominion San Francisco Service Center',
    ]);
  });

  it('sends DHL Express to Germany through Cincinnati and Leipzig, clearing customs in Germany', () => {
    const events = history('DHL', { to: BERLIN, transitDays: 3 });
    expect(hubCities(events)).toEqual(['Hebron, KY', 'Schkeuditz, DE']);
    expect(events.find((event) => event.code === CODES.customsCleared)).toMatchObject({ city: 'Schkeuditz', country: 'DE' });
  });

  it('sends DHL Express to the UK through the East Midlands hub', () => {
    const events = history('DHL', { to: LONDON, transitDays: 3 });
    expect(hubCities(events)).toContain('Castle Donington, GB');
    expect(events.find((event) => event.code === CODES.customsCleared)?.country).toBe('GB');
  });

  it('clears imports from Mexico at the Miami gateway before the US network', () => {
    const events = history('UPS', { from: GUADALAJARA, to: NEW_YORK, transitDays: 3 });
    expect(hubCities(events)).toEqual(['Mexico City, MX', 'Miami, FL', 'Louisville, KY', 'Secaucus, NJ']);
    expect(events.find((event) => event.code === CODES.customsCleared)).toMatchObject({ city: 'Miami', country: 'US' });
  });

  it('clears UPS shipments to Canada at a Canadian hub', () => {
    const events = history('UPS', { to: TORONTO, transitDays: 3 });
    expect(events.find((event) => event.code === CODES.customsCleared)).toMatchObject({ city: 'Concord', state: 'ON', country: 'CA' });
  });

  it('hands USPS international mail over at an International Service Center and the destination gateway', () => {
    const events = history('USPS', { to: TOKYO, transitDays: 6 });
    expect(hubCities(events)).toEqual(['Chicago, IL', 'Tokyo, JP']);
    expect(events.find((event) => event.code === CODES.arrived)?.description).toBe('Processed Through Facility: ISC Chicago IL (USPS)');
    expect(events.find((event) => event.code === CODES.customsCleared)?.city).toBe('Tokyo');
  });

  it('clears customs in the destination city for a country outside the gateway table', () => {
    const events = history('FEDEX', { to: ULAANBAATAR, transitDays: 5 });
    expect(events.find((event) => event.code === CODES.customsCleared)).toMatchObject({ city: 'Ulaanbaatar', country: 'MN' });
    expect(events.at(-1)).toMatchObject({ code: CODES.delivered, city: 'Ulaanbaatar' });
  });

  it('ends every history at the recipient address, and starts it at the shipper', () => {
    for (const carrier of CARRIER_CODES) {
      const events = history(carrier, { to: SAN_FRANCISCO });
      expect(events[0]).toMatchObject({ city: 'Chicago', state: 'IL', country: 'US', zipCode: '60607' });
      expect(events.at(-1)).toMatchObject({ city: 'San Francisco', state: 'CA', country: 'US', zipCode: '94105' });
    }
  });
});

describe('exceptions', () => {
  const lanes = [
    { to: NEW_YORK, international: false },
    { to: BERLIN, international: true },
  ];
  const samples = lanes.flatMap(({ to, international }) =>
    CARRIER_CODES.flatMap((carrier) =>
      Array.from({ length: 400 }, (_, seed) => {
        const trackingNumber = newTrackingNumber(carrier, 'Ground', seededRandom(seed * 7919 + 1));
        const events = trackingHistory(baseInput({ carrier, trackingNumber, from: CHICAGO, to }));
        return { international, events, exceptions: events.filter((event) => event.exception === true) };
      }),
    ),
  );

  it(`strike about ${EXCEPTION_SHARE * 100}% of tracking numbers`, () => {
    const share = samples.filter((sample) => sample.exceptions.length > 0).length / samples.length;
    expect(share).toBeGreaterThan(EXCEPTION_SHARE * 0.7);
    expect(share).toBeLessThan(EXCEPTION_SHARE * 1.3);
  });

  it('are one event at most, marked exception, with an exception code', () => {
    for (const sample of samples) {
      expect(sample.exceptions.length).toBeLessThanOrEqual(1);
      for (const event of sample.exceptions) expect([CODES.weatherDelay, CODES.addressCorrection, CODES.customsHold]).toContain(event.code);
      for (const event of sample.events) expect(event.exception === true).toBe([CODES.weatherDelay, CODES.addressCorrection, CODES.customsHold].some((code) => code === event.code));
    }
  });

  it('are weather or address problems at home, customs holds or weather abroad', () => {
    const kinds = (international: boolean): Set<string> =>
      new Set(samples.filter((sample) => sample.international === international).flatMap((sample) => sample.exceptions.map((event) => event.code ?? '')));
    expect(kinds(false)).toEqual(new Set([CODES.weatherDelay, CODES.addressCorrection]));
    expect(kinds(true)).toContain(CODES.customsHold);
    expect(kinds(true)).not.toContain(CODES.addressCorrection);
  });

  it('hold an import at the customs facility until it is cleared', () => {
    const held = samples.find((sample) => sample.exceptions[0]?.code === CODES.customsHold);
    if (held === undefined) throw new Error('no customs hold in the sample');
    const codes = held.events.map((event) => event.code);
    const hold = codes.indexOf(CODES.customsHold);
    expect(codes[hold - 1]).toBe(CODES.arrived);
    expect(codes[hold + 1]).toBe(CODES.customsCleared);
    expect(held.events[hold]?.country).toBe('DE');
  });

  it('make the carrier go out for delivery again after an address correction', () => {
    const corrected = samples.find((sample) => sample.exceptions[0]?.code === CODES.addressCorrection);
    if (corrected === undefined) throw new Error('no address correction in the sample');
    expect(corrected.events.slice(-4).map((event) => event.code)).toEqual([CODES.outForDelivery, CODES.addressCorrection, CODES.outForDelivery, CODES.delivered]);
  });
});
