/**
 * From a request (rate shop or shipment) to the checked, converted input rating works on.
 * Every problem found is reported at once, each naming its field; nothing here throws.
 */
import { LIMITS, type ErrorItem, type ShipmentAddress } from '../../service/contract';
import { defaultCurrency } from './currency';
import { fail, ok, ratingError, type RatingResult } from './errors';
import { densityClass, FREIGHT_CLASSES, normalizeFreightClass } from './freight';
import type { RatingInput } from './input';
import { readOptions, readRequestedCurrency, type OptionsField } from './options';
import { resolvePlace, type Place } from './places';
import { pickupDay } from './transit';
import { readLengthUnit, readWeightUnit, type LengthUnit, type WeightUnit } from './units';
import { measure, type PackageFacts } from './weights';
import { routeBetween } from './zones';

export interface RawPackage {
  readonly weight: number;
  readonly length: number;
  readonly width: number;
  readonly height: number;
  readonly type?: string;
  readonly freightClass?: unknown;
  readonly declaredValue?: number;
  readonly count?: number;
}

/** What rate shop and create shipment have in common, already shaped by the contract's schemas. */
export interface RatingRequest {
  readonly shipDate: string;
  readonly shipTo: ShipmentAddress;
  readonly shipFrom: ShipmentAddress;
  readonly packages: readonly RawPackage[];
  readonly unitOfWeight?: string;
  readonly unitOfLength?: string;
  readonly internationalDetail?: unknown;
  /** A top-level `currencyCode`, which the contract keeps as an unknown field. */
  readonly currencyCode?: unknown;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly optionsField: OptionsField;
}

const PALLET_TYPES = /^\s*(pallet|skid)s?\s*$/i;

/** Carriers cap declared value per package (UPS and FedEx at $50,000); the sandbox refuses more than this, in the origin's currency. */
export const MAX_DECLARED_VALUE = 100_000;

function readFreightClass(raw: unknown, index: number, errors: ErrorItem[]): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const label = typeof raw === 'string' || typeof raw === 'number' ? normalizeFreightClass(raw) : undefined;
  if (label === undefined) {
    errors.push(ratingError('InvalidShipment', `packages[${index}].freightClass ${JSON.stringify(raw)} is not an NMFC class (${FREIGHT_CLASSES.join(', ')})`));
  }
  return label;
}

function readPackages(request: RatingRequest, weightUnit: WeightUnit, lengthUnit: LengthUnit, errors: ErrorItem[]): PackageFacts[] {
  const facts: PackageFacts[] = [];
  request.packages.forEach((raw, index) => {
    if (!(raw.weight > 0)) errors.push(ratingError('InvalidShipment', `packages[${index}].weight must be more than 0`));
    if ((raw.declaredValue ?? 0) > MAX_DECLARED_VALUE) {
      errors.push(ratingError('InvalidShipment', `packages[${index}].declaredValue must be at most ${MAX_DECLARED_VALUE}`));
    }
    const freightClass = readFreightClass(raw.freightClass, index, errors);
    const pallet = freightClass !== undefined || PALLET_TYPES.test(raw.type ?? '');
    facts.push({ index, count: raw.count ?? 1, declaredValue: raw.declaredValue ?? 0, freightClass, pallet, ...measure(raw, weightUnit, lengthUnit) });
  });
  return facts;
}

/** In a freight shipment every package travels as an LTL line and needs a class: given, or from its density. */
function classifyFreight(packages: PackageFacts[], errors: ErrorItem[]): PackageFacts[] {
  return packages.map((pkg) => {
    if (pkg.freightClass !== undefined) return pkg;
    if (pkg.volumeIn3 <= 0) {
      errors.push(ratingError('InvalidShipment', `packages[${pkg.index}].freightClass is required for freight without dimensions (the class otherwise comes from the density)`));
      return pkg;
    }
    return { ...pkg, freightClass: densityClass(pkg.weightLb / (pkg.volumeIn3 / 1728)) };
  });
}

function place(address: ShipmentAddress, field: 'shipTo' | 'shipFrom', errors: ErrorItem[]): Place | undefined {
  const result = resolvePlace(address, field);
  if (result.ok) return result.value;
  errors.push(...result.errors);
  return undefined;
}

export function toRatingInput(request: RatingRequest, now: Date): RatingResult<RatingInput> {
  const errors: ErrorItem[] = [];
  const weightUnit = readWeightUnit(request.unitOfWeight);
  if (weightUnit === undefined) errors.push(ratingError('InvalidRequest', `unitOfWeight ${JSON.stringify(request.unitOfWeight)} must be LB or KG`));
  const lengthUnit = readLengthUnit(request.unitOfLength);
  if (lengthUnit === undefined) errors.push(ratingError('InvalidRequest', `unitOfLength ${JSON.stringify(request.unitOfLength)} must be IN or CM`));
  const shipDate = new Date(request.shipDate);
  if (Number.isNaN(shipDate.getTime())) errors.push(ratingError('InvalidShipment', `shipDate ${JSON.stringify(request.shipDate)} is not a valid date`));
  const from = place(request.shipFrom, 'shipFrom', errors);
  const to = place(request.shipTo, 'shipTo', errors);
  const total = request.packages.reduce((sum, pkg) => sum + (pkg.count ?? 1), 0);
  if (request.packages.length === 0) errors.push(ratingError('InvalidShipment', 'packages must have at least 1 item'));
  else if (total > LIMITS.maxPackages) errors.push(ratingError('InvalidShipment', `packages come to ${total} packages with their counts, over the limit of ${LIMITS.maxPackages} per shipment`));
  const options = readOptions(request.options, request.optionsField, request.shipTo, errors);
  const requested = readRequestedCurrency(request.currencyCode, request.options, request.optionsField, errors);
  if (weightUnit === undefined || lengthUnit === undefined || from === undefined || to === undefined) return fail(...errors);

  const route = routeBetween(from, to);
  if (route.lane === 'INTERNATIONAL' && (request.internationalDetail === undefined || request.internationalDetail === null)) {
    errors.push(ratingError('InvalidShipment', `internationalDetail is required for international shipments (${from.country} to ${to.country})`));
  }
  let packages = readPackages(request, weightUnit, lengthUnit, errors);
  const freight = packages.some((pkg) => pkg.pallet);
  if (freight) packages = classifyFreight(packages, errors);
  if (errors.length > 0) return fail(...errors);

  const originCurrency = defaultCurrency(from.country);
  return ok({
    route,
    packages,
    freight,
    weightUnit,
    lengthUnit,
    options,
    pickupDay: pickupDay(shipDate, now),
    currency: requested ?? originCurrency,
    originCurrency,
  });
}
