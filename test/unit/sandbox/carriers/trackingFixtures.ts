/** Places, helpers and tracking numbers shared by the tracking-history tests. */
import type { CarrierCode } from '../../../../electron/sandbox/carriers/carriers';
import { type Place, type TrackingHistoryInput, trackingHistory } from '../../../../electron/sandbox/carriers/trackingHistory';
import { newTrackingNumber } from '../../../../electron/sandbox/carriers/trackingNumbers';
import { seededRandom } from '../../../../electron/sandbox/seededRandom';

export const CHICAGO: Place = { city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607' };
export const NEW_YORK: Place = { city: 'New York', stateProvince: 'NY', country: 'US', zipPostalCode: '10001-2062' };
export const SAN_FRANCISCO: Place = { city: 'San Francisco', stateProvince: 'CA', country: 'US', zipPostalCode: '94105' };
export const AUSTIN: Place = { city: 'Austin', stateProvince: 'Texas', country: 'us', zipPostalCode: '78701' };
export const EVANSTON: Place = { city: 'Evanston', stateProvince: 'IL', country: 'US', zipPostalCode: '60201' };
export const TORONTO: Place = { city: 'Toronto', stateProvince: 'ON', country: 'CA', zipPostalCode: 'M5V 3L9' };
export const VANCOUVER: Place = { city: 'Vancouver', stateProvince: 'British Columbia', country: 'CA', zipPostalCode: 'v6b 1a1' };
export const BERLIN: Place = { city: 'Berlin', stateProvince: '', country: 'DE', zipPostalCode: '10115' };
export const LONDON: Place = { city: 'London', stateProvince: '', country: 'GB', zipPostalCode: 'SW1A 1AA' };
export const TOKYO: Place = { city: 'Tokyo', stateProvince: '', country: 'JP', zipPostalCode: '100-0001' };
export const GUADALAJARA: Place = { city: 'Guadalajara', stateProvince: 'JAL', country: 'MX', zipPostalCode: '44100' };
/** A country outside the gateway table. */
export const ULAANBAATAR: Place = { city: 'Ulaanbaatar', stateProvince: '', country: 'MN', zipPostalCode: '14200' };

/** Time zones of the places above, for reading event times as local times. */
export const ZONES = new Map<Place, string>([
  [CHICAGO, 'America/Chicago'],
  [NEW_YORK, 'America/New_York'],
  [SAN_FRANCISCO, 'America/Los_Angeles'],
  [AUSTIN, 'America/Chicago'],
  [EVANSTON, 'America/Chicago'],
  [TORONTO, 'America/Toronto'],
  [VANCOUVER, 'America/Vancouver'],
  [BERLIN, 'Europe/Berlin'],
  [LONDON, 'Europe/London'],
  [TOKYO, 'Asia/Tokyo'],
  [GUADALAJARA, 'America/Mexico_City'],
]);

export function zoneOf(place: Place): string {
  const zone = ZONES.get(place);
  if (zone === undefined) throw new Error(`no zone for ${place.city}`);
  return zone;
}

/** 'YYYY-MM-DD' of an instant in a zone. */
export function localDate(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Hours since local midnight of an instant in a zone. */
export function localHour(iso: string, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' }).formatToParts(new Date(iso));
  const value = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? NaN);
  return value('hour') + value('minute') / 60;
}

export function localWeekday(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short' }).format(new Date(iso));
}

export const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

export function baseInput(overrides: Partial<TrackingHistoryInput> = {}): TrackingHistoryInput {
  return {
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    shipDate: new Date('2025-06-02T14:00:00Z'),
    transitDays: 3,
    from: CHICAGO,
    to: NEW_YORK,
    now: FAR_FUTURE,
    ...overrides,
  };
}

/** The first generated number of `carrier` whose full history has (or has not) an exception. */
export function numberWith(carrier: CarrierCode, exception: boolean, overrides: Partial<TrackingHistoryInput> = {}): string {
  for (let seed = 1; seed < 100_000; seed++) {
    const trackingNumber = newTrackingNumber(carrier, 'Ground', seededRandom(seed));
    const events = trackingHistory(baseInput({ ...overrides, carrier, trackingNumber }));
    if (events.some((event) => event.exception === true) === exception) return trackingNumber;
  }
  throw new Error('no such number');
}
