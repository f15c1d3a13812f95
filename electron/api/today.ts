/**
 * The day at a glance (`getToday`): what this desk shipped today and this week, what it cost,
 * what is still waiting, and what needs a person. Every figure comes from the active
 * connection's store, counted in SQL (electron/store/today.ts); docs/station-api.md says what
 * each one counts.
 */
import * as z from 'zod';
import type { DeliveryProblemStatus } from './tracking';

/** True when the host's time zone database knows `name` (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, as `getToday` takes it. */
export const TimeZoneName = z
  .string()
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_+/-]*$/, 'must be an IANA time zone name such as Europe/Berlin or America/Chicago')
  .refine(isTimeZone, 'is not a time zone this computer knows: use an IANA name such as Europe/Berlin or America/Chicago');

/** At most this many delivery exceptions are listed, most recent first. */
export const DELIVERY_EXCEPTIONS_SHOWN = 50;

/** What one carrier cost in one currency over a period (amounts to the cent). */
export interface CarrierSpend {
  readonly carrier: string | null;
  /** The billing currency the service named; null when its answer named none. */
  readonly currency: string | null;
  readonly amount: number;
  /** Shipments whose charge is in `amount`. */
  readonly shipments: number;
}

/** This week's charges per package, in one currency. */
export interface PackageCost {
  readonly currency: string | null;
  readonly amount: number;
  readonly packages: number;
  /** `amount / packages`, to the cent. */
  readonly averagePerPackage: number;
}

/** A shipment whose latest tracking event says it will not arrive as planned. */
export interface DeliveryException {
  readonly stationRef: string;
  readonly trackingNumber: string | null;
  readonly orderNumber: string | null;
  readonly carrier: string | null;
  readonly status: DeliveryProblemStatus;
  /** The latest event's description and time (ISO 8601), as the carrier reported them. */
  readonly description: string | null;
  readonly eventOn: string | null;
}

export interface DayAtAGlance {
  /** The IANA time zone the days and the week were counted in. */
  readonly timeZone: string;
  /** The station's time the figures were taken at (ms). */
  readonly now: number;
  /** Today in that zone, from its local midnight to the next one (ms; `to` excluded). */
  readonly today: {
    readonly from: number;
    readonly to: number;
    readonly shipments: number;
    /** Of today's shipments, those the service does not have yet (queued, refused or unsure). */
    readonly unsent: number;
    readonly spend: readonly CarrierSpend[];
  };
  /** This week in that zone, from Monday's local midnight to the next Monday's. */
  readonly week: {
    readonly from: number;
    readonly to: number;
    readonly shipments: number;
    readonly spend: readonly CarrierSpend[];
    readonly costPerPackage: readonly PackageCost[];
  };
  readonly outbox: {
    /** Items still to send or settle: pending, sending, unsure. */
    readonly waiting: number;
    /** Items that wait for a person: refused, or unsure after the lookups. */
    readonly needsPerson: number;
  };
  readonly deliveryExceptions: readonly DeliveryException[];
  /** Failed prints nobody has retried or dismissed yet. */
  readonly printProblems: number;
}
