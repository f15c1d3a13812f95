/** A request as rating works on it: checked, converted, with its route and options resolved. */
import type { LengthUnit, WeightUnit } from './units';
import type { PackageFacts } from './weights';
import type { Route } from './zones';

/** Delivery options a request can ask for (see docs/sandbox/rating.md for how each is read). */
export interface RatingOptions {
  readonly residential: boolean;
  readonly liftgateDelivery: boolean;
  readonly liftgatePickup: boolean;
  readonly insideDelivery: boolean;
  readonly deliveryAppointment: boolean;
}

export interface RatingInput {
  readonly route: Route;
  readonly packages: readonly PackageFacts[];
  /** Palletized freight: only LTL services are offered. */
  readonly freight: boolean;
  /** The request's units, for messages that quote its own numbers back. */
  readonly weightUnit: WeightUnit;
  readonly lengthUnit: LengthUnit;
  readonly options: RatingOptions;
  /** UTC midnight (ms) of the day the carrier picks up: the ship date, or today if that has passed, moved past a weekend. */
  readonly pickupDay: number;
  /** Currency of the answer: requested, or the origin's. */
  readonly currency: string;
  /** Currency declared values are given in: the origin's. */
  readonly originCurrency: string;
}
