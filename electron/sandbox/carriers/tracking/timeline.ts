/**
 * The whole life of a package, from label to delivery, as timed events. Every choice (pickup
 * minute, dwell at a hub, whether something goes wrong) comes from `random`, which the
 * caller seeds from the tracking number: the same package always has the same story.
 */
import type { CarrierCode } from '../carriers';
import { CARRIER_NETWORKS } from '../hubs';
import { DAY, HOUR, MINUTE, addBusinessDays, atLocalTime, businessClock, fromBusinessClock, isBusinessDay, localDay, localHour, nextBusinessDay } from './calendar';
import { type LocatedPlace, milesBetween, utcOffsetHours } from './places';
import { type RouteStop, planRoute } from './route';
import { pick } from '../../seededRandom';
import { CARRIER_WORDING, TRACKING_EVENT_CODES as CODES, type TrackingEventCode } from './wording';

export interface Where {
  city: string;
  state: string;
  country: string;
  zip: string | undefined;
}

export interface TimedEvent {
  code: TrackingEventCode;
  description: string;
  at: number;
  where: Where;
  exception: boolean;
}

export interface TimelineInput {
  carrier: CarrierCode;
  labelCreatedAt: number;
  shipDate: number;
  transitDays: number;
  from: LocatedPlace;
  to: LocatedPlace;
}

/** About one package in twenty meets a delay, as a busy network's share of exceptions. */
export const EXCEPTION_SHARE = 0.05;
/** Labels made after this local hour are picked up the next business day. */
const LAST_PICKUP_CUTOFF_HOUR = 17.5;
/** No package is out for delivery sooner than this after pickup, whatever the time zones. */
const MIN_TRANSIT = 12 * HOUR;
/** Distance assumed for a leg with an unknown end, in miles. */
const UNKNOWN_LEG_MILES = 500;
/** Effective speeds of a leg, sorting, loading and driver hours included (ground networks cover ~600 miles a day). */
const AIR_MPH = 450;
const TRUCK_MPH = 25;
/** Shorter legs go by truck whatever the service. */
const MIN_FLOWN_MILES = 400;
/** Services at most this many days fly their long legs; international legs always fly. */
const MAX_FAST_TRANSIT_DAYS = 3;

type ExceptionKind = 'weather' | 'address' | 'customs';

function placeWhere(place: LocatedPlace): Where {
  return { city: place.city, state: place.stateProvince, country: place.country, zip: place.zipPostalCode.trim() === '' ? undefined : place.zipPostalCode };
}

function stopWhere(stop: RouteStop): Where {
  return { city: stop.city, state: stop.state, country: stop.country, zip: stop.zip };
}

/** Minutes drawn uniformly in [min, max], as milliseconds. */
function minutes(random: () => number, min: number, max: number): number {
  return (min + random() * (max - min)) * MINUTE;
}

function chooseException(random: () => number, international: boolean): ExceptionKind | undefined {
  // Both draws happen whatever the outcome, so the rest of the story does not depend on them.
  const happens = random() < EXCEPTION_SHARE;
  const kindRoll = random();
  if (!happens) return undefined;
  if (international) return kindRoll < 0.7 ? 'customs' : 'weather';
  return kindRoll < 0.5 ? 'weather' : 'address';
}

/** Hours a leg takes at the network's pace: by air when long and the service is fast, else by truck. */
function legHours(miles: number | undefined, fast: boolean): number {
  const distance = miles ?? UNKNOWN_LEG_MILES;
  return fast && distance > MIN_FLOWN_MILES ? 2 + distance / AIR_MPH : 1 + distance / TRUCK_MPH;
}

/**
 * Arrival, customs and departure events at each stop between start and end. Legs take
 * their paced time and the package waits out any spare time at the last stop (a hub holds
 * it until the night before delivery); when the window is too short for the pace, legs
 * shrink in proportion. Time runs on a clock that stops over weekends, unless the window is
 * mostly weekend (a Friday-night pickup across the world).
 */
function hubEvents(random: () => number, carrier: CarrierCode, route: readonly RouteStop[], ends: { from: LocatedPlace; to: LocatedPlace; fast: boolean }, start: number, end: number): TimedEvent[] {
  const wording = CARRIER_WORDING[carrier];
  const points = [ends.from.point, ...route.map((stop) => stop.point), ends.to.point];
  const paced = points.slice(1).map((point, i) => legHours(milesBetween(points[i], point), ends.fast) * HOUR);
  const pacedTotal = paced.reduce((sum, leg) => sum + leg, 0);
  const weekdayTime = businessClock(end) - businessClock(start);
  const skipWeekends = weekdayTime >= 4 * HOUR && weekdayTime >= (end - start) / 4;
  const toClock = skipWeekends ? businessClock : (instant: number) => instant;
  const toInstant = skipWeekends ? fromBusinessClock : (clock: number) => clock;
  const window = toClock(end) - toClock(start);
  const dwell = Math.min(3 * HOUR, (window * 0.4) / Math.max(1, route.length));
  const travel = window - dwell * route.length;
  const scale = pacedTotal > travel ? travel / pacedTotal : 1;
  const spare = travel - pacedTotal * scale;
  const events: TimedEvent[] = [];
  let clock = toClock(start);
  route.forEach((stop, i) => {
    clock += (paced[i] ?? 0) * scale;
    const where = stopWhere(stop);
    const stay = dwell * (0.6 + 0.4 * random());
    const wait = i === route.length - 1 ? spare : 0;
    events.push({ code: CODES.arrived, description: wording.arrived(stop.name), at: toInstant(clock), where, exception: false });
    // Spare time at a border is spent half in the customs queue, half waiting for the onward trip.
    if (stop.customs) events.push({ code: CODES.customsCleared, description: wording.customsCleared, at: toInstant(clock + stay * 0.6 + wait / 2), where, exception: false });
    events.push({ code: CODES.departed, description: wording.departed(stop.name), at: toInstant(clock + stay + wait), where, exception: false });
    clock += dwell + wait;
  });
  return events;
}

/** Inserts the exception after `anchor` and moves everything after it `shift` later. */
function delayAfter(events: readonly TimedEvent[], anchor: number, exception: TimedEvent, shift: number, repeat?: TimedEvent): TimedEvent[] {
  const later = events.slice(anchor + 1).map((event) => ({ ...event, at: event.at + shift }));
  const repeated = repeat === undefined ? [] : [{ ...repeat, at: repeat.at + shift }];
  return [...events.slice(0, anchor + 1), exception, ...repeated, ...later];
}

function insertException(kind: ExceptionKind, carrier: CarrierCode, events: TimedEvent[], shift: number, random: () => number): TimedEvent[] {
  const wording = CARRIER_WORDING[carrier];
  const indexOf = (code: TrackingEventCode): number => events.findIndex((event) => event.code === code);
  const midpoint = (anchor: number): number => {
    const here = events[anchor]?.at ?? 0;
    return here + ((events[anchor + 1]?.at ?? here) - here) / 2;
  };
  if (kind === 'address') {
    const anchor = indexOf(CODES.outForDelivery);
    const outForDelivery = events[anchor];
    if (outForDelivery === undefined) return events;
    const at = outForDelivery.at + minutes(random, 90, 210);
    return delayAfter(events, anchor, { code: CODES.addressCorrection, description: wording.addressCorrection, at, where: outForDelivery.where, exception: true }, shift, outForDelivery);
  }
  if (kind === 'customs') {
    const anchor = indexOf(CODES.customsCleared) - 1;
    const arrival = events[anchor];
    if (arrival === undefined) return events;
    return delayAfter(events, anchor, { code: CODES.customsHold, description: wording.customsHold, at: midpoint(anchor), where: arrival.where, exception: true }, shift);
  }
  // Weather strikes at the first hub, or at the origin when the route has none.
  const firstHub = indexOf(CODES.arrived);
  const anchor = firstHub !== -1 ? firstHub : Math.max(indexOf(CODES.originScan), indexOf(CODES.pickedUp));
  const scan = events[anchor];
  if (scan === undefined) return events;
  return delayAfter(events, anchor, { code: CODES.weatherDelay, description: wording.weatherDelay, at: midpoint(anchor), where: scan.where, exception: true }, shift);
}

/** Every event of the package's life, in order, whether or not it has happened yet. */
export function buildTimeline(input: TimelineInput, random: () => number): TimedEvent[] {
  const { carrier, from, to } = input;
  const wording = CARRIER_WORDING[carrier];
  const international = from.country !== to.country;
  const exception = chooseException(random, international);
  const origin = placeWhere(from);
  const destination = placeWhere(to);

  // The package is ready at the ship date, or when the label is bought if that is later.
  const readyAt = Math.max(input.shipDate, input.labelCreatedAt);
  // Offsets are taken on the day of each local event, so a daylight-saving change in transit keeps deliveries at local hours.
  const originOffsetOn = (day: number): number => utcOffsetHours(from, day * DAY + 12 * HOUR);
  const destinationOffsetOn = (day: number): number => utcOffsetHours(to, day * DAY + 12 * HOUR);
  const readyOffset = utcOffsetHours(from, readyAt);
  let pickupDay = localDay(readyAt, readyOffset);
  if (!isBusinessDay(pickupDay) || localHour(readyAt, readyOffset) >= LAST_PICKUP_CUTOFF_HOUR) pickupDay = nextBusinessDay(pickupDay);
  const pickedUpAt = Math.max(atLocalTime(pickupDay, 15 + 3 * random(), originOffsetOn(pickupDay)), readyAt + minutes(random, 20, 90));

  let deliveryDay = addBusinessDays(pickupDay, Math.max(1, Math.ceil(input.transitDays)));
  const outForDeliveryHour = 7.5 + 1.5 * random();
  while (atLocalTime(deliveryDay, outForDeliveryHour, destinationOffsetOn(deliveryDay)) < pickedUpAt + MIN_TRANSIT) deliveryDay = nextBusinessDay(deliveryDay);
  const deliveryOffset = destinationOffsetOn(deliveryDay);
  const outForDeliveryAt = atLocalTime(deliveryDay, outForDeliveryHour, deliveryOffset);
  const deliveredAt = Math.max(atLocalTime(deliveryDay, 10 + 8 * random(), deliveryOffset), outForDeliveryAt + minutes(random, 45, 120));

  const originScanAt = wording.originScan === undefined ? undefined : pickedUpAt + minutes(random, 90, 180);
  const destinationScanAt = outForDeliveryAt - minutes(random, 90, 210);
  const route = planRoute(CARRIER_NETWORKS[carrier], from, to, input.transitDays);
  const fast = international || input.transitDays <= MAX_FAST_TRANSIT_DAYS;
  const hubs = hubEvents(random, carrier, route, { from, to, fast }, (originScanAt ?? pickedUpAt) + 30 * MINUTE, destinationScanAt - 30 * MINUTE);

  const events: TimedEvent[] = [
    { code: CODES.labelCreated, description: wording.labelCreated, at: input.labelCreatedAt, where: origin, exception: false },
    { code: CODES.pickedUp, description: wording.pickedUp, at: pickedUpAt, where: origin, exception: false },
  ];
  if (originScanAt !== undefined && wording.originScan !== undefined) {
    events.push({ code: CODES.originScan, description: wording.originScan, at: originScanAt, where: origin, exception: false });
  }
  events.push(...hubs);
  if (wording.destinationScan !== undefined) {
    events.push({ code: CODES.destinationScan, description: wording.destinationScan, at: destinationScanAt, where: destination, exception: false });
  }
  events.push(
    { code: CODES.outForDelivery, description: wording.outForDelivery, at: outForDeliveryAt, where: destination, exception: false },
    { code: CODES.delivered, description: pick(random, wording.delivered), at: deliveredAt, where: destination, exception: false },
  );
  if (exception === undefined) return events;
  // The delay costs one business day (a Friday delivery becomes Monday's) at the same local hour.
  const delayedDay = nextBusinessDay(deliveryDay);
  const shift = (delayedDay - deliveryDay) * DAY - (destinationOffsetOn(delayedDay) - deliveryOffset) * HOUR;
  return insertException(exception, carrier, events, shift, random);
}
