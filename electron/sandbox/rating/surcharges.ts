/**
 * Surcharges of one service for one request, in US cents before conversion. One line per
 * kind of charge (a per-package fee is summed over the packages), fuel last because it is
 * a percentage of what comes before it.
 */
import { CARRIER_TERMS, type DeclaredValueTerms } from './carrierTerms';
import { convertCents } from './currency';
import type { RatingInput } from './input';
import type { FreightService, ParcelService, ServiceDefinition } from './serviceTypes';
import { isOver } from './units';
import type { PackageFacts } from './weights';

export interface ChargeLine {
  readonly name: string;
  readonly code: string;
  readonly cents: number;
}

/** UPS and FedEx: a package this big is a "large package" and billed at least 90 lb. */
export const LARGE_PACKAGE_MIN_LB = 90;

export function isLargePackage(service: ParcelService, pkg: PackageFacts): boolean {
  return (service.carrier === 'UPS' || service.carrier === 'FEDEX') && (isOver(pkg.sidesIn[0], 96) || isOver(pkg.lengthPlusGirthIn, 130));
}

class Lines {
  private readonly totals = new Map<string, ChargeLine>();
  add(name: string, code: string, cents: number): void {
    if (cents <= 0) return;
    const line = this.totals.get(code);
    this.totals.set(code, { name, code, cents: (line?.cents ?? 0) + cents });
  }
  list(): ChargeLine[] {
    return [...this.totals.values()];
  }
}

function declaredValueCents(valueUsd: number, terms: DeclaredValueTerms): number {
  if (valueUsd <= terms.freeUpToUsd) return 0;
  return Math.max(terms.minimumCents, Math.ceil(valueUsd / 100 - 1e-9) * terms.per100Cents);
}

function addDeclaredValue(lines: Lines, service: ServiceDefinition, input: RatingInput): void {
  const terms = CARRIER_TERMS[service.carrier].declaredValue;
  for (const pkg of input.packages) {
    if (pkg.declaredValue <= 0) continue;
    const valueUsd = convertCents(Math.round(pkg.declaredValue * 100), input.originCurrency, 'USD') / 100;
    lines.add('Declared Value', 'DV', declaredValueCents(valueUsd, terms) * pkg.count);
  }
}

/** Size and weight fees: UPS/FedEx additional handling or large package, USPS nonstandard, DHL oversize/overweight. */
function addHandling(lines: Lines, service: ParcelService, input: RatingInput): void {
  for (const pkg of input.packages) {
    const [longest, second] = pkg.sidesIn;
    if (service.carrier === 'UPS' || service.carrier === 'FEDEX') {
      if (isLargePackage(service, pkg)) {
        lines.add('Large Package Surcharge', 'LPS', (input.options.residential ? 25500 : 21500) * pkg.count);
        continue;
      }
      const byWeight = isOver(pkg.weightLb, 50) ? 4200 : 0;
      const bySize = isOver(longest, 48) || isOver(second, 30) || isOver(pkg.lengthPlusGirthIn, 105) ? 2850 : 0;
      lines.add('Additional Handling', 'AHS', Math.max(byWeight, bySize) * pkg.count);
    } else if (service.carrier === 'USPS') {
      const byLength = isOver(longest, 30) ? 1800 : isOver(longest, 22) ? 400 : 0;
      const byVolume = isOver(pkg.volumeIn3, 2 * 1728) ? 3000 : 0;
      lines.add('Nonstandard Fee', 'NSF', Math.max(byLength, byVolume) * pkg.count);
    } else if (service.carrier === 'DHL') {
      if (isOver(pkg.sidesCm[0], 120)) lines.add('Oversize Piece', 'OSP', 10000 * pkg.count);
      if (isOver(pkg.weightKg, 70)) lines.add('Overweight Piece', 'OWP', 12000 * pkg.count);
    }
  }
}

function addResidential(lines: Lines, service: ParcelService, input: RatingInput): void {
  const fees = CARRIER_TERMS[service.carrier].residentialCents;
  if (!input.options.residential || fees === undefined) return;
  const perPackage = service.shipMethod === 'Ground' ? fees.ground : fees.air;
  const packages = input.packages.reduce((sum, pkg) => sum + pkg.count, 0);
  lines.add('Residential Delivery', 'RES', perPackage * packages);
}

/** LTL accessorials, asked for in the request's options (residential as for parcels). */
function addAccessorials(lines: Lines, service: FreightService, input: RatingInput, baseCents: number): void {
  const options = input.options;
  if (options.liftgateDelivery) lines.add('Liftgate Delivery', 'LGD', 9500);
  if (options.liftgatePickup) lines.add('Liftgate Pickup', 'LGP', 9500);
  if (options.residential) lines.add('Residential Delivery', 'RES', 12000);
  if (options.insideDelivery) lines.add('Inside Delivery', 'IDL', 13000);
  if (options.deliveryAppointment) lines.add('Delivery Appointment', 'APPT', 3500);
  if (service.guaranteed) lines.add('Guaranteed Delivery', 'GTD', Math.max(6000, Math.round(baseCents * 0.3)));
}

/** All surcharges of `service` for a published base charge of `baseCents` (US cents). */
export function surchargesFor(service: ServiceDefinition, input: RatingInput, baseCents: number): ChargeLine[] {
  const lines = new Lines();
  if (service.kind === 'parcel') {
    addHandling(lines, service, input);
    addResidential(lines, service, input);
  } else {
    addAccessorials(lines, service, input, baseCents);
  }
  addDeclaredValue(lines, service, input);
  const terms = CARRIER_TERMS[service.carrier];
  const others = lines.list();
  const fuelBase = baseCents + (terms.fuelOnAccessorials ? others.reduce((sum, line) => sum + line.cents, 0) : 0);
  const fuel = Math.round((fuelBase * terms.fuelPercent) / 100);
  return fuel > 0 ? [...others, { name: 'Fuel Surcharge', code: 'FSC', cents: fuel }] : others;
}
