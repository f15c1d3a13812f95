/**
 * Per-carrier commercial terms: fuel surcharge, the account's discount, and the fees that
 * depend on the carrier rather than the service. Amounts in US cents, percentages as
 * percent. The figures are round numbers of the order carriers published in 2025.
 */
import type { CarrierCode } from '../carriers/carriers';

export interface DeclaredValueTerms {
  /** Values up to this (US dollars) are covered free. */
  readonly freeUpToUsd: number;
  /** Charged per started $100 of the whole value once over the free amount. */
  readonly per100Cents: number;
  readonly minimumCents: number;
}

export interface CarrierTerms {
  readonly fuelPercent: number;
  /** Whether fuel applies to accessorial charges too (parcel carriers) or to the line haul only (LTL). */
  readonly fuelOnAccessorials: boolean;
  /** The sandbox account's discount off the published base charge. */
  readonly discountPercent: number;
  /** Per package, for ground and for air services; absent where the carrier charges none. */
  readonly residentialCents?: { readonly ground: number; readonly air: number };
  readonly declaredValue: DeclaredValueTerms;
}

export const CARRIER_TERMS: Readonly<Record<CarrierCode, CarrierTerms>> = {
  UPS: {
    fuelPercent: 18.5,
    fuelOnAccessorials: true,
    discountPercent: 18,
    residentialCents: { ground: 595, air: 645 },
    declaredValue: { freeUpToUsd: 100, per100Cents: 145, minimumCents: 435 },
  },
  FEDEX: {
    fuelPercent: 18.75,
    fuelOnAccessorials: true,
    discountPercent: 20,
    residentialCents: { ground: 590, air: 640 },
    declaredValue: { freeUpToUsd: 100, per100Cents: 150, minimumCents: 450 },
  },
  USPS: {
    fuelPercent: 0,
    fuelOnAccessorials: false,
    discountPercent: 5,
    declaredValue: { freeUpToUsd: 100, per100Cents: 280, minimumCents: 280 },
  },
  DHL: {
    fuelPercent: 27,
    fuelOnAccessorials: true,
    discountPercent: 25,
    declaredValue: { freeUpToUsd: 100, per100Cents: 100, minimumCents: 1700 },
  },
  ODFL: {
    fuelPercent: 31.5,
    fuelOnAccessorials: false,
    discountPercent: 68,
    declaredValue: { freeUpToUsd: 100, per100Cents: 100, minimumCents: 2500 },
  },
};
