/**
 * The caller's preferences (`shipmentInfo.carrier`, `serviceLevel`, `shipMethod`) as a
 * filter on the catalog. A carrier is read by any spelling `carrierFromName` knows; a
 * service level matches a service's code (UPS_GROUND), display name (UPS Ground), that
 * name without the carrier (Ground) or a known short form (2Day, 03); a method matches
 * Ground, Express or Freight and a few synonyms. A preference matching nothing is an error.
 */
import { CARRIERS, carrierFromName, type CarrierCode } from '../carriers/carriers';
import { fail, ok, ratingError, type RatingErrorCode, type RatingResult } from './errors';
import { SERVICES } from './services';
import type { ServiceDefinition, ShipMethod } from './serviceTypes';

export interface Preferences {
  readonly carrier?: string;
  readonly serviceLevel?: string;
  readonly shipMethod?: string;
}

export type PreferenceField = 'shipmentInfo.carrier' | 'shipmentInfo.serviceLevel' | 'shipmentInfo.shipMethod';

export interface Candidates {
  readonly services: readonly ServiceDefinition[];
  /** The most specific preference given, to name in a "nothing offered" message. */
  readonly narrowest?: { readonly field: PreferenceField; readonly value: string };
  readonly carrier?: CarrierCode;
}

/** Upper case, letters and digits only: "2nd Day Air" and "2ND_DAY_AIR" compare equal. */
export function looseKey(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function serviceKeys(service: ServiceDefinition): Set<string> {
  const carrier = looseKey(service.carrier);
  const carrierDisplay = looseKey(CARRIERS[service.carrier].displayName);
  const name = looseKey(service.serviceName);
  const display = looseKey(service.serviceDisplayName);
  const keys = [name, display, ...service.aliases.map(looseKey)];
  for (const prefix of [carrier, carrierDisplay]) {
    if (name.startsWith(prefix) && name.length > prefix.length) keys.push(name.slice(prefix.length));
    if (display.startsWith(prefix) && display.length > prefix.length) keys.push(display.slice(prefix.length));
  }
  return new Set(keys);
}

const KEYS = new Map(SERVICES.map((service) => [service, serviceKeys(service)]));

const METHODS: Readonly<Record<string, readonly ShipMethod[]>> = {
  GROUND: ['Ground'],
  EXPRESS: ['Express'],
  AIR: ['Express'],
  FREIGHT: ['Freight'],
  LTL: ['Freight'],
  PARCEL: ['Ground', 'Express'],
  SMALLPARCEL: ['Ground', 'Express'],
};

const blank = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';

/** Services the preferences allow; `code` is the error code for a preference that names nothing. */
export function candidatesFor(preferences: Preferences, code: RatingErrorCode): RatingResult<Candidates> {
  const { carrier: carrierName, serviceLevel, shipMethod } = preferences;
  let services: readonly ServiceDefinition[] = SERVICES;
  let narrowest: Candidates['narrowest'];
  let carrier: CarrierCode | undefined;

  if (!blank(carrierName)) {
    carrier = carrierFromName(carrierName);
    if (carrier === undefined) {
      const known = Object.values(CARRIERS).map((entry) => entry.displayName).join(', ');
      return fail(ratingError(code, `shipmentInfo.carrier '${carrierName}' is not a carrier the service rates (${known})`));
    }
    const chosen = carrier;
    services = services.filter((service) => service.carrier === chosen);
    narrowest = { field: 'shipmentInfo.carrier', value: carrierName };
  }

  if (!blank(serviceLevel)) {
    const key = looseKey(serviceLevel);
    const matching = services.filter((service) => KEYS.get(service)?.has(key) === true);
    if (matching.length === 0) {
      const scope = carrier === undefined ? 'any carrier' : `${CARRIERS[carrier].displayName} (${services.map((service) => service.serviceDisplayName).join(', ')})`;
      return fail(ratingError(code, `shipmentInfo.serviceLevel '${serviceLevel}' matches no service of ${scope}`));
    }
    services = matching;
    narrowest = { field: 'shipmentInfo.serviceLevel', value: serviceLevel };
  }

  if (!blank(shipMethod)) {
    const methods = METHODS[looseKey(shipMethod)];
    if (methods === undefined) {
      return fail(ratingError(code, `shipmentInfo.shipMethod '${shipMethod}' must be Ground, Express or Freight (also accepted: Air, LTL, Parcel)`));
    }
    const matching = services.filter((service) => methods.includes(service.shipMethod));
    if (matching.length === 0) {
      const what = narrowest === undefined ? 'no service' : `nothing in ${narrowest.field} '${narrowest.value}' (${[...new Set(services.map((s) => `${s.serviceDisplayName}: ${s.shipMethod}`))].join(', ')})`;
      return fail(ratingError(code, `shipmentInfo.shipMethod '${shipMethod}' matches ${what}`));
    }
    services = matching;
    narrowest ??= { field: 'shipmentInfo.shipMethod', value: shipMethod };
  }
  return ok({ services, narrowest, carrier });
}
