/**
 * Tracking history of a sandbox shipment: the events a carrier would have reported by `now`.
 * Nothing is stored: the history is drawn again on every request from the tracking number
 * (which seeds every random choice) and the shipment's dates and addresses, so it is the
 * same each time and grows as `now` moves on. Timings and routing: docs/sandbox/tracking.md.
 */
import * as z from 'zod';
import { CountryCode, type FieldIssue, type TrackingEvent, parseWith } from '../../service/contract';
import { CARRIER_CODES, CARRIERS, type CarrierCode } from './carriers';
import { type Place, locatePlace } from './tracking/places';
import { hashText, seededRandom } from '../seededRandom';
import { MINUTE } from './tracking/calendar';
import { type TimedEvent, buildTimeline } from './tracking/timeline';
import { TRACKING_EVENT_CODES } from './tracking/wording';

export type { Place } from './tracking/places';
export { EXCEPTION_CODES, TRACKING_EVENT_CODES, type TrackingEventCode } from './tracking/wording';
export { EXCEPTION_SHARE } from './tracking/timeline';

export interface TrackingHistoryInput {
  trackingNumber: string;
  carrier: CarrierCode;
  /** The shipment's ship date: the package is picked up that day (or the next business day). */
  shipDate: Date;
  /** Business days from pickup to delivery (weekends skipped); fractions round up, 0 counts as 1. */
  transitDays: number;
  from: Place;
  to: Place;
  now: Date;
  /** When the label was bought, if not at the ship date: the label event shows then. */
  labelCreatedAt?: Date;
}

/** Input the history cannot be drawn from; `issues` name each field as the service's errors do. */
export class TrackingInputError extends Error {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(issues.map((issue) => issue.message).join('; '));
    this.name = 'TrackingInputError';
  }
}

const PlaceInput = z.object({
  city: z.string(),
  stateProvince: z.string(),
  country: CountryCode,
  zipPostalCode: z.string(),
});

/** Dates must be real instants: an Invalid Date would silently turn every time into NaN. */
const Instant = z.date();

const HistoryInput = z.object({
  trackingNumber: z.string().trim().min(1, 'must not be empty'),
  carrier: z.custom<CarrierCode>((value) => typeof value === 'string' && Object.hasOwn(CARRIERS, value), `must be one of ${CARRIER_CODES.join(', ')}`),
  shipDate: Instant,
  transitDays: z.number().finite().min(0).max(60),
  from: PlaceInput,
  to: PlaceInput,
  now: Instant,
  labelCreatedAt: Instant.optional(),
});

function toTrackingEvent(carrier: CarrierCode, event: TimedEvent, at: number): TrackingEvent {
  const { city, state, country, zip } = event.where;
  return {
    carrierCode: carrier,
    code: event.code,
    description: event.description,
    city,
    state,
    country,
    ...(zip === undefined ? {} : { zipCode: zip }),
    exception: event.exception,
    eventOn: new Date(at).toISOString(),
  };
}

/**
 * The events of the shipment up to `now`, oldest first, each in the contract's TrackingEvent
 * form. Throws TrackingInputError (naming the field) when the input cannot describe a shipment.
 */
export function trackingHistory(input: TrackingHistoryInput): TrackingEvent[] {
  const parsed = parseWith(HistoryInput, input);
  if (!parsed.ok) throw new TrackingInputError(parsed.issues);
  const { trackingNumber, carrier, shipDate, transitDays, from, to, now, labelCreatedAt } = parsed.value;
  const random = seededRandom(hashText(trackingNumber.trim().toUpperCase()));
  const timeline = buildTimeline(
    {
      carrier,
      labelCreatedAt: (labelCreatedAt ?? shipDate).getTime(),
      shipDate: shipDate.getTime(),
      transitDays,
      from: locatePlace(from),
      to: locatePlace(to),
    },
    random,
  );
  const cutoff = now.getTime();
  const events: TrackingEvent[] = [];
  let previous = -Infinity;
  for (const event of timeline) {
    // Scans carry whole minutes, rounded down so the label event never postdates its creation;
    // a minute apart at least, so the order always shows in the timestamps.
    const at = Math.max(Math.floor(event.at / MINUTE) * MINUTE, previous + MINUTE);
    if (at > cutoff) break;
    events.push(toTrackingEvent(carrier, event, at));
    previous = at;
  }
  return events;
}

export type TrackingStatus = 'LabelCreated' | 'PickedUp' | 'InTransit' | 'OutForDelivery' | 'Delivered' | 'Exception';

/**
 * Where a shipment stands after `events`: the latest event decides, except that a delivery
 * is final. No events means only the label exists. Anything but LabelCreated means the
 * carrier has the package, so the sandbox no longer lets the shipment be cancelled.
 */
export function trackingStatus(events: readonly TrackingEvent[]): TrackingStatus {
  let latest: TrackingEvent | undefined;
  let latestAt = -Infinity;
  for (const event of events) {
    if (event.code === TRACKING_EVENT_CODES.delivered) return 'Delivered';
    const at = Date.parse(event.eventOn);
    if (at >= latestAt) {
      latest = event;
      latestAt = at;
    }
  }
  if (latest === undefined) return 'LabelCreated';
  if (latest.exception === true) return 'Exception';
  switch (latest.code) {
    case TRACKING_EVENT_CODES.labelCreated:
      return 'LabelCreated';
    case TRACKING_EVENT_CODES.pickedUp:
      return 'PickedUp';
    case TRACKING_EVENT_CODES.outForDelivery:
      return 'OutForDelivery';
    default:
      return 'InTransit';
  }
}
