/**
 * Tracking as the store reads it: the status worked out in SQL from the latest event, held
 * against the sandbox's own reading of the histories it draws, and the recording of Track
 * Shipment answers, which says exactly which shipments' stored tracking changed.
 */
import { describe, expect, it } from 'vitest';
import type { TrackingStatus } from '../../../electron/api';
import type { TrackingEvent } from '../../../electron/service/contract';
import { trackingHistory, trackingStatus } from '../../../electron/sandbox/carriers/trackingHistory';
import { newTrackingNumber } from '../../../electron/sandbox/carriers/trackingNumbers';
import type { CarrierCode } from '../../../electron/sandbox/carriers/carriers';
import { seededRandom } from '../../../electron/sandbox/seededRandom';
import { shipments, tracking, type Db } from '../../../electron/store';
import { searchRecord } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const HOUR = 3_600_000;
const CHICAGO = { city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60607' };
const PLACES = [
  { city: 'San Francisco', stateProvince: 'CA', country: 'US', zipPostalCode: '94105' },
  { city: 'Miami', stateProvince: 'FL', country: 'US', zipPostalCode: '33131' },
  { city: 'Toronto', stateProvince: 'ON', country: 'CA', zipPostalCode: 'M5X 1A9' },
  { city: 'Berlin', stateProvince: 'BE', country: 'DE', zipPostalCode: '10117' },
];

/** A cached shipment the service has, with no tracking yet. */
function cached(db: Db, serviceId: string): string {
  return shipments.upsertFromSearch(db, searchRecord({ id: serviceId, shipmentId: serviceId, references: {} }), T0).stationRef;
}

const answer = (serviceId: string, events: TrackingEvent[]) => ({ success: true, shipment_Id: serviceId, events });

describe('the tracking status, read in SQL', () => {
  it('is the sandbox\'s own status for every history it draws, at every stage', () => {
    const { db } = openTempStore();
    const random = seededRandom(7);
    const carriers: readonly CarrierCode[] = ['UPS', 'FEDEX', 'USPS', 'DHL'];
    const seen = new Set<string>();
    // One transaction: a commit per recorded answer would spend the test on disk syncs.
    db.transaction(() => {
      // Enough numbers that some meet an exception (about 5%, decided by the number alone).
      for (let n = 0; n < 160; n++) {
        const carrier = carriers[n % carriers.length] ?? 'UPS';
        const trackingNumber = newTrackingNumber(carrier, 'Ground', random);
        const shipDate = new Date(Date.UTC(2025, 2, 3 + (n % 10), 14));
        const input = { trackingNumber, carrier, shipDate, transitDays: 1 + (n % 5), from: CHICAGO, to: PLACES[n % PLACES.length] ?? CHICAGO };
        const serviceId = `shp_sandbox_${n}`;
        cached(db, serviceId);
        // The history at any earlier moment is a prefix of the whole one: each prefix is a stage.
        const whole = trackingHistory({ ...input, now: new Date(shipDate.getTime() + 30 * 24 * HOUR) });
        for (let length = 0; length <= whole.length; length++) {
          const events = whole.slice(0, length);
          tracking.recordTrackingAnswer(db, [serviceId], [answer(serviceId, events)], T0);
          const expected = trackingStatus(events);
          expect(tracking.trackingStatusOf(db, serviceId), `${trackingNumber} after ${length} events: ${JSON.stringify(events.at(-1))}`).toBe(expected);
          seen.add(expected);
        }
      }
    })();
    expect([...seen].sort()).toEqual(['Delivered', 'Exception', 'InTransit', 'LabelCreated', 'OutForDelivery', 'PickedUp']);
  });

  it.each([
    ['a return to the sender, by code', { code: 'RS', description: 'Returning package to shipper' }, 'Returned'],
    ['a return to the sender, by words', { code: 'X', description: 'Return to Sender: refused by recipient' }, 'Returned'],
    ['a failed delivery, by code', { code: 'DELIVERY_ATTEMPTED', description: 'Attempted' }, 'DeliveryFailed'],
    ['a failed delivery, by words', { code: 'NA', description: 'Delivery attempt made, no access to the building' }, 'DeliveryFailed'],
    ['an exception flag', { code: 'CUSTOMS_HOLD', description: 'Clearance delay', exception: true }, 'Exception'],
    ['a voided label', { code: 'VOIDED', description: 'Shipment cancelled by the shipper; label voided' }, 'Voided'],
    ['a scan the station does not know', { code: 'SORTED', description: 'Sorted' }, 'InTransit'],
  ] as const)('reads %s', (_what, latest, status: TrackingStatus) => {
    const { db } = openTempStore();
    cached(db, 'shp_words');
    const events: TrackingEvent[] = [
      { code: 'PICKED_UP', description: 'Picked up', eventOn: '2025-03-14T18:00:00Z' },
      { ...latest, eventOn: '2025-03-15T09:00:00+02:00' },
    ];
    tracking.recordTrackingAnswer(db, ['shp_words'], [answer('shp_words', events)], T0);
    expect(tracking.trackingStatusOf(db, 'shp_words')).toBe(status);
  });

  it('takes the latest event by its time (offsets honoured), not by its place in the list', () => {
    const { db } = openTempStore();
    cached(db, 'shp_order');
    const events: TrackingEvent[] = [
      // 10:30 in UTC: later than the out-for-delivery scan at 12:00+02:00 (10:00 UTC).
      { code: 'WEATHER_DELAY', description: 'Delay', exception: true, eventOn: '2025-03-15T10:30:00Z' },
      { code: 'OUT_FOR_DELIVERY', description: 'Out for delivery', eventOn: '2025-03-15T12:00:00+02:00' },
    ];
    tracking.recordTrackingAnswer(db, ['shp_order'], [answer('shp_order', events)], T0);
    expect(tracking.trackingStatusOf(db, 'shp_order')).toBe('Exception');
  });
});

describe('recording Track Shipment answers', () => {
  const picked: TrackingEvent = { code: 'PICKED_UP', description: 'Picked up', eventOn: '2025-03-14T18:00:00Z' };
  const arrived: TrackingEvent = { code: 'ARRIVED_AT_FACILITY', description: 'Arrived at Facility: Hodgkins, IL', eventOn: '2025-03-15T02:00:00Z' };
  const delivered: TrackingEvent = { code: 'DELIVERED', description: 'Delivered: Front Door', eventOn: '2025-03-16T14:00:00Z' };

  it('tells a change once: the first record, a new event, a delivery; nothing for the same answer again', () => {
    const { db } = openTempStore();
    const ref = cached(db, 'shp_a');
    const record = (events: TrackingEvent[]) => tracking.recordTrackingAnswer(db, ['shp_a'], [answer('shp_a', events)], T0);
    expect(record([picked])).toEqual({ kept: 1, changes: [{ stationRef: ref, status: 'PickedUp', delivered: false, events: 1 }] });
    expect(record([picked])).toEqual({ kept: 1, changes: [] });
    expect(record([picked, arrived])).toEqual({ kept: 1, changes: [{ stationRef: ref, status: 'InTransit', delivered: false, events: 2 }] });
    expect(record([picked, arrived])).toEqual({ kept: 1, changes: [] });
    expect(record([picked, arrived, delivered])).toEqual({ kept: 1, changes: [{ stationRef: ref, status: 'Delivered', delivered: true, events: 3 }] });
    expect(record([picked, arrived, delivered])).toEqual({ kept: 1, changes: [] });
  });

  it('a changed event with the same count is a change; a new lastUpdateOnUtc alone is not', () => {
    const { db } = openTempStore();
    const ref = cached(db, 'shp_b');
    tracking.recordTrackingAnswer(db, ['shp_b'], [answer('shp_b', [picked, arrived])], T0);
    const stamped = { ...answer('shp_b', [picked, arrived]), lastUpdateOnUtc: '2025-03-15T03:00:00Z' };
    expect(tracking.recordTrackingAnswer(db, ['shp_b'], [stamped], T0 + 1).changes).toEqual([]);
    const held: TrackingEvent = { ...arrived, code: 'CUSTOMS_HOLD', description: 'Clearance delay', exception: true };
    expect(tracking.recordTrackingAnswer(db, ['shp_b'], [answer('shp_b', [picked, held])], T0 + 2).changes).toEqual([{ stationRef: ref, status: 'Exception', delivered: false, events: 2 }]);
  });

  it('matches records by the id they name or their place; skips failures and shipments it does not have', () => {
    const { db } = openTempStore();
    const first = cached(db, 'shp_1');
    const second = cached(db, 'shp_2');
    const result = tracking.recordTrackingAnswer(
      db,
      ['shp_1', 'shp_2', 'shp_3', 'shp_unknown'],
      [
        { success: true, events: [picked] },
        { success: true, shipment_Id: 'shp_2', events: [picked, arrived] },
        { success: false, shipment_Id: 'shp_3', message: 'not found' },
        { success: true, shipment_Id: 'shp_unknown', events: [picked] },
      ],
      T0,
    );
    expect(result).toEqual({
      kept: 2,
      changes: [
        { stationRef: first, status: 'PickedUp', delivered: false, events: 1 },
        { stationRef: second, status: 'InTransit', delivered: false, events: 2 },
      ],
    });
  });

  it('still refreshes a shipment whose tracking did not change, so refreshes take every shipment in turn', () => {
    const { db } = openTempStore();
    cached(db, 'shp_c');
    tracking.recordTrackingAnswer(db, ['shp_c'], [answer('shp_c', [picked])], T0);
    tracking.recordTrackingAnswer(db, ['shp_c'], [answer('shp_c', [picked])], T0 + 60_000);
    expect(shipments.getByServiceId(db, 'shp_c')?.updatedAt).toBe(T0 + 60_000);
  });
});
