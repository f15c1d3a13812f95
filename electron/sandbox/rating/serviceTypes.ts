/** The shape of the service catalog (services.ts holds the data). */
import type { CarrierCode } from '../carriers/carriers';
import type { DimRule } from './weights';
import type { Lane, Route } from './zones';

export type ShipMethod = 'Ground' | 'Express' | 'Freight';
export const SHIP_METHODS: readonly ShipMethod[] = ['Ground', 'Express', 'Freight'];

/**
 * A parcel tariff as a formula rather than a table: price of the first billing unit,
 * plus each further unit, both rising with the zone. Monotone in zone and weight by
 * construction, which is what real tariffs are too. All amounts in US cents.
 */
export interface ParcelTariff {
  readonly first: number;
  readonly firstPerZone: number;
  readonly extra: number;
  readonly extraPerZone: number;
}

/** Price and speed on one kind of lane; zones count from 2 (domestic) or 1 (international). */
export interface LaneTerms {
  readonly tariff: ParcelTariff;
  /** Business days by zone, lowest zone first; the last entry serves any farther zone. */
  readonly transitDays: readonly number[];
}

export interface ParcelLimits {
  readonly maxWeightLb: number;
  readonly maxLengthIn: number;
  readonly maxLengthPlusGirthIn: number;
}

/** LTL tariff: a class-100 rate per hundredweight for the lightest weight break, by zone 2–8. */
export interface FreightTariff {
  readonly cwtByZone: readonly number[];
  readonly minimumByZone: readonly number[];
  readonly maxShipmentLb: number;
}

/** Why a service is not offered for this route, or undefined when it is. */
export type RouteRestriction = (route: Route, residential: boolean) => string | undefined;

interface ServiceCommon {
  readonly carrier: CarrierCode;
  readonly serviceName: string;
  readonly serviceDisplayName: string;
  readonly serviceDescription: string;
  readonly shipMethod: ShipMethod;
  /** Other names a caller may use in `shipmentInfo.serviceLevel` (carrier codes, short forms). */
  readonly aliases: readonly string[];
  readonly lanes: readonly Lane[];
  readonly restriction?: RouteRestriction;
  /** Local time of the delivery commitment ("10:30"); end of day (20:00) when absent. */
  readonly commitTime?: string;
}

export interface ParcelService extends ServiceCommon {
  readonly kind: 'parcel';
  readonly dim: DimRule;
  readonly limits: ParcelLimits;
  readonly domestic?: LaneTerms;
  readonly international?: LaneTerms;
  /** DHL prices the shipment's total billable weight; the others price each package. */
  readonly pricesTotalWeight?: boolean;
}

export interface FreightService extends ServiceCommon {
  readonly kind: 'freight';
  readonly tariff: FreightTariff;
  /** Business days by distance zone 2–8. */
  readonly transitDays: readonly number[];
  /** Guaranteed delivery: a surcharge on top of the standard tariff. */
  readonly guaranteed: boolean;
}

export type ServiceDefinition = ParcelService | FreightService;
