import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TrackingEvent, parseWith } from '../../../../electron/service/contract';
import { CARRIER_CODES } from '../../../../electron/sandbox/carriers/carriers';
import {
  TRACKING_EVENT_CODES as CODES,
  TrackingInputError,
  trackingHistory,
  trackingStatus,
} from '../../../../electron/sandbox/carriers/trackingHistory';
import { newTrackingNumber } from '../../../../electron/sandbox/carriers/trackingNumbers';
import { seededRandom } from '../../../../electron/sandbox/seededRandom';
import {
  AUSTIN,
  BERLIN,
  CHICAGO,
  EVANSTON,
  FAR_FUTURE,
  GUADALAJARA,
  LONDON,
  NEW_YORK,
  SAN_FRANCISCO,
  TOKYO,
  TORONTO,
  VANCOUVER,
  baseInput,
  localDate,
  localHour,
  localWeekday,
  numberWith,
  zoneOf,
} from './trackingFixtures';

const PLACES = [CHICAGO, NEW_YORK, SAN_FRANCISCO, AUSTIN, EVANSTON, TORONTO, VANCOUVER, BERLIN, LONDON, TOKYO, GUADALAJARA];

const shipment = fc.record({
  carrier: fc.constantFrom(...CARRIER_CODES),
  seed: fc.integer(),
  from: fc.constantFrom(...PLACES),
  to: fc.constantFrom(...PLACES),
  shipDate: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }),
  transitDays: fc.integer({ min: 0, max: 10 }),
});

type Shipment = typeof shipment extends fc.Arbitrary<infer T> ? T : never;

function inputOf(s: Shipment, now = FAR_FUTURE) {
  const trackingNumber = newTrackingNumber(s.carrier, 'Ground', seededRandom(s.seed));
  return baseInput({ trackingNumber, carrier: s.carrier, from: s.from, to: s.to, shipDate: s.shipDate, transitDays: s.transitDays, now });
}

describe('a tracking history', () => {
  it('is the same every time for the same tracking number and inputs', () => {
    const input = baseInput();
    expect(trackingHistory(input)).toEqual(trackingHistory({ ...input, from: { ...CHICAGO }, to: { ...NEW_YORK } }));
  });

  it('differs between tracking numbers', () => {
    const histories = new Set(
      Array.from({ length: 50 }, (_, seed) => JSON.stringify(trackingHistory(baseInput({ trackingNumber: newTrackingNumber('UPS', 'Ground', seededRandom(seed)) })))),
    );
    expect(histories.size).toBe(50);
  });

  it('runs from label to delivery in strictly increasing time, every event a contract TrackingEvent', () => {
    fc.assert(
      fc.property(shipment, (s) => {
        const events = trackingHistory(inputOf(s));
        const times = events.map((event) => Date.parse(event.eventOn));
        for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] ?? Infinity);
        for (const event of events) {
          expect(parseWith(TrackingEvent, event).ok).toBe(true);
          expect(event.carrierCode).toBe(s.carrier);
        }
        expect(events[0]?.code).toBe(CODES.labelCreated);
        expect(events.at(-1)?.code).toBe(CODES.delivered);
        expect(events.filter((event) => event.code === CODES.delivered)).toHaveLength(1);
        expect(events.filter((event) => event.exception === true).length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 400 },
    );
  });

  it('shows at any moment exactly the events up to then, so it only grows', () => {
    fc.assert(
      fc.property(shipment, fc.double({ min: -0.2, max: 1.2, noNaN: true }), (s, fraction) => {
        const full = trackingHistory(inputOf(s));
        const first = Date.parse(full[0]?.eventOn ?? '');
        const last = Date.parse(full.at(-1)?.eventOn ?? '');
        const now = new Date(first + (last - first) * fraction);
        const partial = trackingHistory(inputOf(s, now));
        expect(partial).toEqual(full.filter((event) => Date.parse(event.eventOn) <= now.getTime()));
      }),
      { numRuns: 400 },
    );
  });

  it('delivers on a weekday morning-to-evening at the destination, out for delivery that same morning', () => {
    fc.assert(
      fc.property(shipment, (s) => {
        const events = trackingHistory(inputOf(s));
        const zone = zoneOf(s.to);
        const delivered = events.find((event) => event.code === CODES.delivered);
        const outForDelivery = events.filter((event) => event.code === CODES.outForDelivery).at(-1);
        if (delivered === undefined || outForDelivery === undefined) throw new Error('missing delivery events');
        expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(localWeekday(delivered.eventOn, zone));
        expect(localDate(outForDelivery.eventOn, zone)).toBe(localDate(delivered.eventOn, zone));
        expect(localHour(outForDelivery.eventOn, zone)).toBeGreaterThanOrEqual(7.5);
        expect(localHour(outForDelivery.eventOn, zone)).toBeLessThan(9);
        expect(localHour(delivered.eventOn, zone)).toBeGreaterThanOrEqual(10);
        expect(localHour(delivered.eventOn, zone)).toBeLessThan(18);
      }),
      { numRuns: 300 },
    );
  });
});

describe('delivery after the transit days', () => {
  const deliveredOn = (events: readonly TrackingEvent[], zone: string): string =>
    localDate(events.find((event) => event.code === CODES.delivered)?.eventOn ?? '', zone);

  it('delivers a Monday shipment with 3 transit days on Thursday, out for delivery that morning', () => {
    const trackingNumber = numberWith('UPS', false);
    const events = trackingHistory(baseInput({ trackingNumber }));
    expect(deliveredOn(events, 'America/New_York')).toBe('2025-06-05');
    const pickedUp = events.find((event) => event.code === CODES.pickedUp);
    expect(localDate(pickedUp?.eventOn ?? '', 'America/Chicago')).toBe('2025-06-02');
    expect(localHour(pickedUp?.eventOn ?? '', 'America/Chicago')).toBeGreaterThanOrEqual(15);
  });

  it('adds one business day when something goes wrong', () => {
    const trackingNumber = numberWith('UPS', true);
    const events = trackingHistory(baseInput({ trackingNumber }));
    expect(deliveredOn(events, 'America/New_York')).toBe('2025-06-06');
  });

  it('skips the weekend: Friday with one transit day arrives Monday', () => {
    const trackingNumber = numberWith('FEDEX', false, { shipDate: new Date('2025-06-06T14:00:00Z'), transitDays: 1 });
    const events = trackingHistory(baseInput({ carrier: 'FEDEX', trackingNumber, shipDate: new Date('2025-06-06T14:00:00Z'), transitDays: 1 }));
    expect(deliveredOn(events, 'America/New_York')).toBe('2025-06-09');
  });

  it('picks a Saturday shipment up on Monday', () => {
    const input = { shipDate: new Date('2025-06-07T15:00:00Z'), transitDays: 1 };
    const trackingNumber = numberWith('USPS', false, input);
    const events = trackingHistory(baseInput({ carrier: 'USPS', trackingNumber, ...input }));
    const pickedUp = events.find((event) => event.code === CODES.pickedUp);
    expect(localDate(pickedUp?.eventOn ?? '', 'America/Chicago')).toBe('2025-06-09');
    expect(deliveredOn(events, 'America/New_York')).toBe('2025-06-10');
  });

  it('picks up the next business day when the label is made after the afternoon cut-off', () => {
    const input = { shipDate: new Date('2025-06-02T23:30:00Z'), transitDays: 2 };
    const trackingNumber = numberWith('UPS', false, input);
    const events = trackingHistory(baseInput({ trackingNumber, ...input }));
    expect(localDate(events.find((event) => event.code === CODES.pickedUp)?.eventOn ?? '', 'America/Chicago')).toBe('2025-06-03');
    expect(deliveredOn(events, 'America/New_York')).toBe('2025-06-05');
  });

  it('rounds part days up and counts 0 transit days as 1', () => {
    const trackingNumber = numberWith('UPS', false);
    expect(deliveredOn(trackingHistory(baseInput({ trackingNumber, transitDays: 2.2 })), 'America/New_York')).toBe('2025-06-05');
    expect(deliveredOn(trackingHistory(baseInput({ trackingNumber, transitDays: 0 })), 'America/New_York')).toBe('2025-06-03');
  });

  it('shows the label when it was bought, ahead of a later ship date', () => {
    const labelCreatedAt = new Date('2025-05-30T16:00:00Z');
    const events = trackingHistory(baseInput({ labelCreatedAt }));
    expect(events[0]).toMatchObject({ code: CODES.labelCreated, eventOn: '2025-05-30T16:00:00.000Z' });
    expect(localDate(events[1]?.eventOn ?? '', 'America/Chicago')).toBe('2025-06-02');
  });

  it('puts scans in local time in Canada too (postal code read from its first three characters)', () => {
    const events = trackingHistory(baseInput({ to: VANCOUVER, transitDays: 4 }));
    const outForDelivery = events.find((event) => event.code === CODES.outForDelivery);
    expect(localHour(outForDelivery?.eventOn ?? '', 'America/Vancouver')).toBeGreaterThanOrEqual(7.5);
    expect(localHour(outForDelivery?.eventOn ?? '', 'America/Vancouver')).toBeLessThan(9);
  });
});

describe('status over time', () => {
  const trackingNumber = numberWith('UPS', false);
  const full = trackingHistory(baseInput({ trackingNumber }));
  const at = (code: string): number => Date.parse(full.find((event) => event.code === code)?.eventOn ?? '');

  it.each([
    ['before the label exists', -60_000, CODES.labelCreated, 'LabelCreated', 0],
    ['when the label is made', 0, CODES.labelCreated, 'LabelCreated', 1],
    ['after pickup', 1, CODES.pickedUp, 'PickedUp', 2],
    ['at a hub', 1, CODES.arrived, 'InTransit', undefined],
    ['out for delivery', 1, CODES.outForDelivery, 'OutForDelivery', undefined],
    ['delivered', 1, CODES.delivered, 'Delivered', full.length],
  ] as const)('%s', (_, offset, code, status, count) => {
    const now = new Date(at(code) + offset);
    const events = trackingHistory(baseInput({ trackingNumber, now }));
    expect(trackingStatus(events)).toBe(status);
    if (count !== undefined) expect(events).toHaveLength(count);
  });

  it('grows as time passes', () => {
    const counts = [0, 6, 24, 48, 72, 96, 120].map((hours) => trackingHistory(baseInput({ trackingNumber, now: new Date(Date.parse('2025-06-02T14:00:00Z') + hours * 3_600_000) })).length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1] ?? Infinity);
    expect(counts[0]).toBe(1);
    expect(counts.at(-1)).toBe(full.length);
  });

  it('reads an exception as the status while it is the latest event, and delivery as final', () => {
    const exceptional = numberWith('UPS', true);
    const events = trackingHistory(baseInput({ trackingNumber: exceptional }));
    const index = events.findIndex((event) => event.exception === true);
    expect(trackingStatus(events.slice(0, index + 1))).toBe('Exception');
    expect(trackingStatus(events)).toBe('Delivered');
    expect(trackingStatus([])).toBe('LabelCreated');
  });
});

describe('input it cannot use', () => {
  const issuesOf = (run: () => unknown): string[] => {
    try {
      run();
    } catch (error) {
      if (error instanceof TrackingInputError) return error.issues.map((issue) => issue.message);
      throw error;
    }
    return [];
  };

  it('is refused with messages naming each field', () => {
    expect(issuesOf(() => trackingHistory(baseInput({ transitDays: Number.NaN })))).toEqual(['transitDays must be a finite number']);
    expect(issuesOf(() => trackingHistory(baseInput({ carrier: String('ACME') as 'UPS' })))).toEqual(['carrier must be one of UPS, FEDEX, USPS, DHL, ODFL']);
    expect(issuesOf(() => trackingHistory(baseInput({ trackingNumber: '  ' })))).toEqual(['trackingNumber must not be empty']);
    expect(issuesOf(() => trackingHistory(baseInput({ to: { ...NEW_YORK, country: 'USA' } })))).toEqual(['to.country must be a two-letter ISO country code']);
    const invalidDate = issuesOf(() => trackingHistory(baseInput({ shipDate: new Date('not a date') })));
    expect(invalidDate).toHaveLength(1);
    expect(invalidDate[0]).toMatch(/^shipDate /);
    const { city: _city, ...withoutCity } = NEW_YORK;
    expect(issuesOf(() => trackingHistory({ ...baseInput(), to: withoutCity as typeof NEW_YORK }))).toEqual(['to.city is required']);
  });

  it('is an Error whose message lists the problems', () => {
    expect(() => trackingHistory(baseInput({ transitDays: -1 }))).toThrow(TrackingInputError);
    expect(() => trackingHistory(baseInput({ transitDays: -1 }))).toThrow(/^transitDays /);
  });
});
