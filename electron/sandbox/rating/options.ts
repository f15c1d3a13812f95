/**
 * Options a request carries outside the spec's fields: whether delivery is residential,
 * LTL accessorials, and the currency asked for. A rate request carries them in
 * `specialService`, a shipment in `additionalOptions` (both open objects in the spec);
 * the currency may also be a top-level `currencyCode`.
 */
import type { ErrorItem, ShipmentAddress } from '../../service/contract';
import { CURRENCY_CODES, isSupportedCurrency } from './currency';
import { ratingError } from './errors';
import type { RatingOptions } from './input';

export type OptionsField = 'specialService' | 'additionalOptions';

const FLAG_NAMES = ['residential', 'liftgateDelivery', 'liftgatePickup', 'insideDelivery', 'deliveryAppointment'] as const;
type Flag = (typeof FLAG_NAMES)[number];
/** Shorter spellings a caller may use for the same flag. */
const FLAG_ALIASES: Readonly<Record<string, Flag>> = { liftgate: 'liftgateDelivery', appointment: 'deliveryAppointment' };

function readFlag(options: Readonly<Record<string, unknown>>, key: string, field: OptionsField, errors: ErrorItem[]): boolean | undefined {
  const value = options[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  errors.push(ratingError('InvalidShipment', `${field}.${key} must be true or false`));
  return undefined;
}

/**
 * Residential delivery: an explicit `residential` flag wins; then an `addressType` on shipTo
 * (what address validation reports: Residential or Commercial); otherwise a shipTo without
 * a companyName is a residence, as carriers' own rating tools assume.
 */
function isResidential(flag: boolean | undefined, shipTo: ShipmentAddress): boolean {
  if (flag !== undefined) return flag;
  const addressType = typeof shipTo.addressType === 'string' ? shipTo.addressType.trim().toUpperCase() : '';
  if (addressType === 'RESIDENTIAL') return true;
  if (addressType === 'COMMERCIAL') return false;
  return (shipTo.companyName ?? '').trim() === '';
}

export function readOptions(options: Readonly<Record<string, unknown>> | undefined, field: OptionsField, shipTo: ShipmentAddress, errors: ErrorItem[]): RatingOptions {
  const source = options ?? {};
  const flags: Partial<Record<Flag, boolean>> = {};
  for (const name of FLAG_NAMES) flags[name] = readFlag(source, name, field, errors);
  for (const [alias, name] of Object.entries(FLAG_ALIASES)) flags[name] ??= readFlag(source, alias, field, errors);
  return {
    residential: isResidential(flags.residential, shipTo),
    liftgateDelivery: flags.liftgateDelivery ?? false,
    liftgatePickup: flags.liftgatePickup ?? false,
    insideDelivery: flags.insideDelivery ?? false,
    deliveryAppointment: flags.deliveryAppointment ?? false,
  };
}

/** The currency asked for: top-level `currencyCode`, else the options' `currencyCode`; undefined when none. */
export function readRequestedCurrency(topLevel: unknown, options: Readonly<Record<string, unknown>> | undefined, field: OptionsField, errors: ErrorItem[]): string | undefined {
  const [value, name] = topLevel !== undefined && topLevel !== null ? [topLevel, 'currencyCode'] : [options?.currencyCode, `${field}.currencyCode`];
  if (value === undefined || value === null || value === '') return undefined;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (isSupportedCurrency(code)) return code;
  errors.push(ratingError('InvalidRequest', `${name} ${JSON.stringify(value)} is not a currency the service rates in (${CURRENCY_CODES.join(', ')})`));
  return undefined;
}
