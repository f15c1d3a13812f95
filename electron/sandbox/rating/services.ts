/**
 * The service catalog: every carrier service the sandbox rates, with its lanes, limits,
 * tariff and transit. As in reality: DHL Express carries no US or Canadian domestic
 * shipments, USPS ships only from the US, FedEx Ground serves businesses and FedEx Home
 * Delivery residences, and Old Dominion (LTL) serves the US and Canada.
 */
import type { CarrierCode } from '../carriers/carriers';
import { KG_PER_LB, CM_PER_IN } from './units';
import type { DimRule } from './weights';
import type { FreightService, LaneTerms, ParcelLimits, ParcelService, ParcelTariff, RouteRestriction, ServiceDefinition, ShipMethod } from './serviceTypes';

const DIM_139: DimRule = { unit: 'LB', step: 1, divisor: 139 };
/** USPS charges size only above one cubic foot. */
const DIM_USPS: DimRule = { unit: 'LB', step: 1, divisor: 166, freeVolume: 1728 };
/** DHL Express bills in half kilograms with 5000 cm³/kg. */
const DIM_DHL: DimRule = { unit: 'KG', step: 0.5, divisor: 5000 };

const UPS_FEDEX_LIMITS: ParcelLimits = { maxWeightLb: 150, maxLengthIn: 108, maxLengthPlusGirthIn: 165 };
const DHL_LIMITS: ParcelLimits = { maxWeightLb: 300 / KG_PER_LB, maxLengthIn: 300 / CM_PER_IN, maxLengthPlusGirthIn: Number.POSITIVE_INFINITY };
const uspsLimits = (maxWeightLb: number, maxLengthPlusGirthIn: number): ParcelLimits => ({ maxWeightLb, maxLengthIn: maxLengthPlusGirthIn, maxLengthPlusGirthIn });

const tariff = (first: number, firstPerZone: number, extra: number, extraPerZone: number): ParcelTariff => ({ first, firstPerZone, extra, extraPerZone });
const terms = (t: ParcelTariff, transitDays: readonly number[]): LaneTerms => ({ tariff: t, transitDays });

const onlyFromUs: RouteRestriction = (route) => (route.from.country === 'US' ? undefined : 'USPS ships only from the US');
const businessOnly: RouteRestriction = (route, residential) =>
  route.lane === 'US' && residential ? 'FedEx Ground delivers to businesses in the US; FedEx Home Delivery serves residences' : undefined;
const residenceOnly: RouteRestriction = (_route, residential) => (residential ? undefined : 'FedEx Home Delivery serves residences only');
const sameContinent: RouteRestriction = (route) => {
  if (route.lane !== 'INTERNATIONAL') return undefined;
  const europe = (region: string) => region === 'EUW' || region === 'EUE';
  const near = (route.from.region === 'NA' && route.to.region === 'NA') || (europe(route.from.region) && europe(route.to.region));
  return near ? undefined : 'UPS Standard crosses borders only within North America or within Europe';
};
const nearZonesOnly: RouteRestriction = (route) => (route.parcelZone <= 4 ? undefined : 'DHL Express 12:00 reaches international zones 1–4 only');
const northAmericaOnly: RouteRestriction = (route) =>
  route.distanceZone === undefined ? 'Old Dominion carries freight within and between the US and Canada only' : undefined;

interface ParcelSpec {
  readonly name: string;
  readonly display: string;
  readonly description: string;
  readonly method: ShipMethod;
  readonly lanes: ParcelService['lanes'];
  readonly domestic?: LaneTerms;
  readonly international?: LaneTerms;
  readonly aliases?: readonly string[];
  readonly commitTime?: string;
  readonly restriction?: RouteRestriction;
  readonly limits?: ParcelLimits;
}

function parcelServices(carrier: CarrierCode, dim: DimRule, limits: ParcelLimits, specs: readonly ParcelSpec[], pricesTotalWeight = false): ParcelService[] {
  return specs.map((spec) => ({
    kind: 'parcel',
    carrier,
    serviceName: spec.name,
    serviceDisplayName: spec.display,
    serviceDescription: spec.description,
    shipMethod: spec.method,
    aliases: spec.aliases ?? [],
    lanes: spec.lanes,
    restriction: spec.restriction,
    commitTime: spec.commitTime,
    dim,
    limits: spec.limits ?? limits,
    domestic: spec.domestic,
    international: spec.international,
    pricesTotalWeight,
  }));
}

const GROUND_DAYS = [1, 2, 3, 3, 4, 4, 5];
const days = (n: number) => [n];

const UPS = parcelServices('UPS', DIM_139, UPS_FEDEX_LIMITS, [
  { name: 'UPS_GROUND', display: 'UPS Ground', description: 'Day-definite ground delivery in 1–5 business days', method: 'Ground', lanes: ['US'], domestic: terms(tariff(1020, 68, 70, 27), GROUND_DAYS), aliases: ['03', 'GROUND'] },
  { name: 'UPS_3_DAY_SELECT', display: 'UPS 3 Day Select', description: 'Delivery by end of the third business day', method: 'Express', lanes: ['US'], domestic: terms(tariff(2200, 260, 150, 50), days(3)), aliases: ['12', '3DAY', '3DS'] },
  { name: 'UPS_2ND_DAY_AIR', display: 'UPS 2nd Day Air', description: 'Delivery by end of the second business day', method: 'Express', lanes: ['US'], domestic: terms(tariff(2500, 330, 200, 66), days(2)), aliases: ['02', '2DAY', '2DA', 'SECONDDAYAIR'] },
  { name: 'UPS_NEXT_DAY_AIR_SAVER', display: 'UPS Next Day Air Saver', description: 'Next business day by 3:00 p.m.', method: 'Express', lanes: ['US'], domestic: terms(tariff(5500, 500, 300, 100), days(1)), aliases: ['13', 'NDAS'], commitTime: '15:00' },
  { name: 'UPS_NEXT_DAY_AIR', display: 'UPS Next Day Air', description: 'Next business day by 10:30 a.m.', method: 'Express', lanes: ['US'], domestic: terms(tariff(6200, 550, 350, 110), days(1)), aliases: ['01', 'NDA', 'OVERNIGHT', 'NEXTDAY'], commitTime: '10:30' },
  {
    name: 'UPS_STANDARD',
    display: 'UPS Standard',
    description: 'Day-definite ground delivery within a country, or across borders within North America or Europe',
    method: 'Ground',
    lanes: ['CA', 'DOMESTIC', 'INTERNATIONAL'],
    domestic: terms(tariff(1100, 90, 80, 30), [1, 2, 3, 3, 4, 5, 6]),
    international: terms(tariff(2400, 600, 160, 40), [3, 5, 6, 7, 7, 8]),
    aliases: ['11', 'GROUND'],
    restriction: sameContinent,
  },
  { name: 'UPS_EXPRESS_SAVER', display: 'UPS Express Saver', description: 'Next business day by end of day within the country', method: 'Express', lanes: ['CA', 'DOMESTIC'], domestic: terms(tariff(2600, 300, 180, 60), [1, 1, 1, 2, 2, 2, 2]), aliases: ['SAVER'] },
  { name: 'UPS_WORLDWIDE_EXPRESS', display: 'UPS Worldwide Express', description: 'International express by 10:30 a.m. to major cities', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(7500, 1500, 500, 150), [1, 2, 2, 3, 3, 4]), aliases: ['07', 'WORLDWIDEEXPRESS'], commitTime: '10:30' },
  { name: 'UPS_WORLDWIDE_SAVER', display: 'UPS Worldwide Saver', description: 'International express by end of day', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(6000, 1200, 400, 120), [1, 2, 2, 3, 3, 4]), aliases: ['65', 'SAVER'] },
  { name: 'UPS_WORLDWIDE_EXPEDITED', display: 'UPS Worldwide Expedited', description: 'Scheduled international delivery in 2–6 business days', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(5000, 1000, 350, 100), [2, 3, 4, 5, 5, 6]), aliases: ['08', 'EXPEDITED'] },
]);

const FEDEX = parcelServices('FEDEX', DIM_139, UPS_FEDEX_LIMITS, [
  { name: 'FEDEX_GROUND', display: 'FedEx Ground', description: 'Ground delivery to businesses in 1–5 business days', method: 'Ground', lanes: ['US', 'CA'], domestic: terms(tariff(1005, 70, 70, 27), GROUND_DAYS), aliases: ['GROUND'], restriction: businessOnly },
  { name: 'FEDEX_HOME_DELIVERY', display: 'FedEx Home Delivery', description: 'Ground delivery to residences in 1–5 business days', method: 'Ground', lanes: ['US'], domestic: terms(tariff(1005, 70, 70, 27), GROUND_DAYS), aliases: ['GROUNDHOMEDELIVERY', 'HOMEDELIVERY', 'GROUND'], restriction: residenceOnly },
  { name: 'FEDEX_EXPRESS_SAVER', display: 'FedEx Express Saver', description: 'Delivery by end of the third business day', method: 'Express', lanes: ['US'], domestic: terms(tariff(2150, 255, 145, 48), days(3)), aliases: ['EXPRESSSAVER', '3DAY'] },
  { name: 'FEDEX_2DAY', display: 'FedEx 2Day', description: 'Delivery by end of the second business day', method: 'Express', lanes: ['US'], domestic: terms(tariff(2480, 325, 195, 65), days(2)), aliases: ['FEDEX2DAY', '2DAY', '2NDDAY'] },
  { name: 'FEDEX_STANDARD_OVERNIGHT', display: 'FedEx Standard Overnight', description: 'Next business day by 4:30 p.m.', method: 'Express', lanes: ['US'], domestic: terms(tariff(5400, 490, 295, 98), days(1)), aliases: ['STANDARDOVERNIGHT'], commitTime: '16:30' },
  { name: 'FEDEX_PRIORITY_OVERNIGHT', display: 'FedEx Priority Overnight', description: 'Next business day by 10:30 a.m.', method: 'Express', lanes: ['US', 'CA'], domestic: terms(tariff(6150, 545, 345, 108), days(1)), aliases: ['PRIORITYOVERNIGHT', 'OVERNIGHT', 'NEXTDAY'], commitTime: '10:30' },
  { name: 'FEDEX_INTERNATIONAL_PRIORITY', display: 'FedEx International Priority', description: 'International express in 1–3 business days', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(6200, 1250, 410, 125), [1, 2, 2, 3, 3, 4]), aliases: ['INTERNATIONALPRIORITY', 'IP'] },
  { name: 'FEDEX_INTERNATIONAL_ECONOMY', display: 'FedEx International Economy', description: 'International delivery in 2–6 business days', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(4800, 950, 330, 95), [2, 4, 4, 5, 5, 6]), aliases: ['INTERNATIONALECONOMY', 'IE'] },
]);

const USPS = parcelServices('USPS', DIM_USPS, uspsLimits(70, 108), [
  { name: 'USPS_GROUND_ADVANTAGE', display: 'USPS Ground Advantage', description: 'Ground delivery in 2–5 business days', method: 'Ground', lanes: ['US'], domestic: terms(tariff(750, 55, 50, 25), [2, 3, 3, 4, 4, 5, 5]), aliases: ['GROUNDADVANTAGE', 'GROUND'], restriction: onlyFromUs, limits: uspsLimits(70, 130) },
  { name: 'USPS_PRIORITY_MAIL', display: 'USPS Priority Mail', description: 'Delivery in 1–3 business days', method: 'Express', lanes: ['US'], domestic: terms(tariff(950, 110, 90, 35), [1, 2, 2, 3, 3, 3, 3]), aliases: ['PRIORITY'], restriction: onlyFromUs },
  { name: 'USPS_PRIORITY_MAIL_EXPRESS', display: 'USPS Priority Mail Express', description: 'Overnight to 2-day delivery by 6:00 p.m.', method: 'Express', lanes: ['US'], domestic: terms(tariff(3100, 320, 250, 60), [1, 1, 1, 2, 2, 2, 2]), aliases: ['EXPRESS', 'EXPRESSMAIL'], restriction: onlyFromUs, commitTime: '18:00' },
  { name: 'USPS_PRIORITY_MAIL_INTERNATIONAL', display: 'USPS Priority Mail International', description: 'International delivery in 6–10 business days', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(3500, 500, 300, 60), [6, 7, 8, 9, 10, 10]), aliases: ['PMI'], restriction: onlyFromUs, limits: uspsLimits(66, 108) },
  { name: 'USPS_PRIORITY_MAIL_EXPRESS_INTERNATIONAL', display: 'USPS Priority Mail Express International', description: 'International delivery in 3–5 business days', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(4500, 700, 400, 80), [3, 3, 4, 5, 5, 5]), aliases: ['PMEI'], restriction: onlyFromUs, limits: uspsLimits(66, 108) },
]);

const DHL = parcelServices(
  'DHL',
  DIM_DHL,
  DHL_LIMITS,
  [
    { name: 'DHL_EXPRESS_WORLDWIDE', display: 'DHL Express Worldwide', description: 'International express by end of day', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(5500, 1100, 250, 70), [1, 2, 2, 3, 3, 4]), aliases: ['EXPRESSWORLDWIDE', 'WORLDWIDE', 'P'] },
    { name: 'DHL_EXPRESS_1200', display: 'DHL Express 12:00', description: 'International express by noon', method: 'Express', lanes: ['INTERNATIONAL'], international: terms(tariff(7000, 1300, 270, 75), [1, 2, 2, 3, 3, 4]), aliases: ['EXPRESS1200', '1200', 'T'], commitTime: '12:00', restriction: nearZonesOnly },
    { name: 'DHL_EXPRESS_DOMESTIC', display: 'DHL Express Domestic', description: 'Next business day within the country (outside the US and Canada)', method: 'Express', lanes: ['DOMESTIC'], domestic: terms(tariff(2500, 0, 150, 0), [1]), aliases: ['DOMESTICEXPRESS', 'N'] },
  ],
  true,
);

const LTL_TARIFF = {
  cwtByZone: [4500, 5600, 6900, 8200, 9500, 10800, 12000],
  minimumByZone: [16500, 17500, 18500, 19500, 21000, 22500, 24000],
  maxShipmentLb: 20000,
} as const;
const LTL_DAYS = [1, 2, 2, 3, 4, 4, 5];

function freightService(name: string, display: string, description: string, guaranteed: boolean, aliases: readonly string[]): FreightService {
  return {
    kind: 'freight',
    carrier: 'ODFL',
    serviceName: name,
    serviceDisplayName: display,
    serviceDescription: description,
    shipMethod: 'Freight',
    aliases,
    // Any lane: the restriction says where Old Dominion goes, in its own words.
    lanes: ['US', 'CA', 'DOMESTIC', 'INTERNATIONAL'],
    restriction: northAmericaOnly,
    commitTime: '17:00',
    tariff: LTL_TARIFF,
    transitDays: LTL_DAYS,
    guaranteed,
  };
}

const ODFL = [
  freightService('ODFL_LTL_STANDARD', 'OD Standard LTL', 'Less-than-truckload freight priced by NMFC class, weight and zone', false, ['LTL', 'STANDARDLTL', 'STANDARD']),
  freightService('ODFL_LTL_GUARANTEED', 'OD Guaranteed LTL', 'LTL freight with delivery guaranteed by 5:00 p.m.', true, ['GUARANTEED', 'GUARANTEEDLTL']),
];

/** Every service, in each carrier's own order (slowest first). */
export const SERVICES: readonly ServiceDefinition[] = [...UPS, ...FEDEX, ...USPS, ...DHL, ...ODFL];

const BY_NAME = new Map(SERVICES.map((service) => [service.serviceName, service]));

export function serviceByName(serviceName: string): ServiceDefinition | undefined {
  return BY_NAME.get(serviceName);
}
