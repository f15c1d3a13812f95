/**
 * The facts a business rule can test, derived from a Create Shipment body. Rules never see
 * the raw body: facts put weights in pounds, lengths in inches, codes in upper case and
 * spelling variants ("Third Party", "THIRD_PARTY") under one value, so a rule file stays short
 * and does not break when a caller changes how it writes a field.
 */
import type { ShipmentAddress, ShipmentCreate } from '../../service/contract';
import { carrierFromName } from '../carriers/carriers';
import { inchesPerUnit, poundsPerUnit } from './units';

export type FactType = 'number' | 'boolean' | 'text' | 'list';

/** Every fact and its type; the loader refuses a rule that names anything else. */
export const FACT_TYPES = {
  totalWeightLb: 'number',
  packageCount: 'number',
  maxPackageWeightLb: 'number',
  longestSideIn: 'number',
  maxDeclaredValue: 'number',
  totalDeclaredValue: 'number',
  customsValue: 'number',
  isInternational: 'boolean',
  isDDP: 'boolean',
  hasDangerousGoods: 'boolean',
  hasPallet: 'boolean',
  residential: 'boolean',
  hasCustomerPO: 'boolean',
  hasOrderNumber: 'boolean',
  shipToCountry: 'text',
  shipToState: 'text',
  shipFromCountry: 'text',
  shipFromState: 'text',
  carrier: 'text',
  shipMethod: 'text',
  serviceLevel: 'text',
  paymentType: 'text',
  payer: 'text',
  incoterm: 'text',
  notes: 'text',
  packageTypes: 'list',
  referenceKeys: 'list',
} as const satisfies Readonly<Record<string, FactType>>;

export type FactName = keyof typeof FACT_TYPES;
export const FACT_NAMES = Object.keys(FACT_TYPES) as [FactName, ...FactName[]];

type ValueOfType<T extends FactType> = T extends 'number' ? number : T extends 'boolean' ? boolean : T extends 'text' ? string : readonly string[];
export type FactValue = number | boolean | string | readonly string[];
export type Facts = { readonly [K in FactName]: ValueOfType<(typeof FACT_TYPES)[K]> };

/** Who receives the freight bill. */
export type Payer = 'SHIPPER' | 'CONSIGNEE' | 'THIRD_PARTY';

/** Letters and digits only, upper case: "Third Party", "third_party" and "THIRDPARTY" meet. */
function squash(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const CONSIGNEE_PAYS = new Set(['COLLECT', 'RECIPIENT', 'RECEIVER', 'CONSIGNEE', 'FREIGHTCOLLECT']);
const THIRD_PARTY_PAYS = new Set(['THIRDPARTY', '3RDPARTY', 'THIRD', 'THIRDPARTYBILLING']);
const SHIPPER_PAYS = new Set(['PREPAID', 'SENDER', 'SHIPPER', 'PREPAY', 'FREIGHTPREPAID']);

/**
 * Reads `paymentType`. Anything not recognised as collect or third party is the shipper's
 * bill: prepaid is what a carrier assumes when no payment type is given.
 */
export function payerOf(paymentType: string | undefined): Payer {
  const key = squash(paymentType ?? '');
  if (CONSIGNEE_PAYS.has(key)) return 'CONSIGNEE';
  if (THIRD_PARTY_PAYS.has(key)) return 'THIRD_PARTY';
  return 'SHIPPER';
}

function code(text: string | undefined): string {
  return (text ?? '').trim().toUpperCase();
}

function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function max(values: readonly number[]): number {
  return values.reduce((most, value) => Math.max(most, value), 0);
}

/** True when the customs section says the shipper pays duties (DDP). */
function shipperPaysDuties(shipment: ShipmentCreate): boolean {
  const detail = shipment.internationalDetail;
  if (detail === undefined) return false;
  return code(detail.incoTerm1) === 'DDP' || SHIPPER_PAYS.has(squash(detail.dutiesPaidBy ?? ''));
}

/**
 * Customs value: the declared total when given, else the sum of the commodity lines, each
 * its `customValue` or, failing that, quantity × unit price.
 */
function customsValueOf(shipment: ShipmentCreate): number {
  const detail = shipment.internationalDetail;
  if (detail === undefined) return 0;
  if (detail.totalCustomValue !== undefined) return detail.totalCustomValue;
  return sum((detail.commodities ?? []).map((line) => line.customValue ?? (line.quantity ?? 0) * (line.unitPrice ?? 0)));
}

function hasReference(references: Readonly<Record<string, string>>, key: string): boolean {
  return Object.entries(references).some(([name, value]) => name.toLowerCase() === key.toLowerCase() && !isBlank(value));
}

function isResidential(address: ShipmentAddress): boolean {
  return isBlank(address.companyName);
}

/**
 * Derives every fact of `shipment`. An unknown weight or length unit is read as pounds or
 * inches, the service's defaults: whether such a unit is acceptable is Create Shipment's
 * question, and a rule preview should still answer.
 */
export function deriveFacts(shipment: ShipmentCreate): Facts {
  const lb = poundsPerUnit(shipment.unitOfWeight) ?? 1;
  const inches = inchesPerUnit(shipment.unitOfLength) ?? 1;
  const packages = shipment.packages;
  const weightsLb = packages.map((pkg) => pkg.weight * lb);
  const declared = packages.map((pkg) => pkg.declaredValue ?? 0);
  const references = shipment.references ?? {};
  const info = shipment.shipmentInfo;
  const shipToCountry = code(shipment.shipTo.country);
  const shipFromCountry = code(shipment.shipFrom.country);
  const isInternational = shipToCountry !== shipFromCountry;
  return {
    totalWeightLb: sum(weightsLb),
    packageCount: packages.length,
    maxPackageWeightLb: max(weightsLb),
    longestSideIn: max(packages.map((pkg) => Math.max(pkg.length, pkg.width, pkg.height) * inches)),
    maxDeclaredValue: max(declared),
    totalDeclaredValue: sum(declared),
    customsValue: customsValueOf(shipment),
    isInternational,
    isDDP: isInternational && shipperPaysDuties(shipment),
    hasDangerousGoods: (shipment.dgItems ?? []).length > 0,
    hasPallet: packages.some((pkg) => code(pkg.type) === 'PALLET'),
    residential: isResidential(shipment.shipTo),
    hasCustomerPO: hasReference(references, 'customerPO'),
    hasOrderNumber: hasReference(references, 'orderNumber'),
    shipToCountry,
    shipToState: code(shipment.shipTo.stateProvince),
    shipFromCountry,
    shipFromState: code(shipment.shipFrom.stateProvince),
    carrier: carrierFromName(info.carrier) ?? code(info.carrier),
    shipMethod: info.shipMethod.trim(),
    serviceLevel: (info.serviceLevel ?? '').trim(),
    paymentType: (info.paymentType ?? '').trim(),
    payer: payerOf(info.paymentType),
    incoterm: code(shipment.internationalDetail?.incoTerm1),
    notes: (shipment.notes ?? '').trim(),
    packageTypes: [...new Set(packages.map((pkg) => code(pkg.type)).filter((type) => type !== ''))],
    referenceKeys: Object.keys(references),
  };
}
