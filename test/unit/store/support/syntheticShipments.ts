/**
 * Synthetic shipments for the search bench and large-store tests: real tracking number
 * formats (with each carrier's check digit and the shipper account a desk would use, so
 * numbers share long prefixes as real ones do), names, companies, cities and sequential
 * order numbers. Deterministic for a seed.
 */
import type { SearchRecord, ShipmentCreate, ShipmentCreateResult } from '../../../../electron/service/contract';
import { newTrackingNumber } from '../../../../electron/sandbox/carriers/trackingNumbers';
import type { CarrierCode } from '../../../../electron/sandbox/carriers/carriers';
import { ulid } from '../../../../electron/store';

export { seededRandom } from '../../../../electron/sandbox/seededRandom';

const FIRST = 'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather José Zoë Chloé Søren Ana Mei Hiroshi Priya Olumide Fatima'.split(' ');
const LAST = 'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Müller Schröder Kowalczyk Nakamura Okafor Dubois Østergaard'.split(' ');
const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Supply', 'Stark Industries', 'Wayne Enterprises', 'Hooli', 'Vandelay Industries', 'Soylent', 'Tyrell', 'Cyberdyne', 'Wonka Foods', 'Northwind Traders', 'Contoso', 'Fabrikam', 'Massive Dynamic', 'Oscorp', 'Pied Piper', 'Blue Sun', 'Los Pollos Hermanos'];
const CITIES: readonly (readonly [string, string, string, string])[] = [
  ['New York', 'NY', '10001', 'US'], ['Los Angeles', 'CA', '90012', 'US'], ['Chicago', 'IL', '60607', 'US'], ['Houston', 'TX', '77002', 'US'], ['Phoenix', 'AZ', '85004', 'US'],
  ['Philadelphia', 'PA', '19103', 'US'], ['San Antonio', 'TX', '78205', 'US'], ['San Diego', 'CA', '92101', 'US'], ['Dallas', 'TX', '75201', 'US'], ['San Jose', 'CA', '95113', 'US'],
  ['Austin', 'TX', '78701', 'US'], ['Jacksonville', 'FL', '32202', 'US'], ['Columbus', 'OH', '43215', 'US'], ['Charlotte', 'NC', '28202', 'US'], ['San Francisco', 'CA', '94105', 'US'],
  ['Indianapolis', 'IN', '46204', 'US'], ['Seattle', 'WA', '98101', 'US'], ['Denver', 'CO', '80202', 'US'], ['Boston', 'MA', '02108', 'US'], ['Nashville', 'TN', '37203', 'US'],
  ['Detroit', 'MI', '48226', 'US'], ['Portland', 'OR', '97204', 'US'], ['Las Vegas', 'NV', '89101', 'US'], ['Memphis', 'TN', '38103', 'US'], ['Louisville', 'KY', '40202', 'US'],
  ['Baltimore', 'MD', '21202', 'US'], ['Milwaukee', 'WI', '53202', 'US'], ['Albuquerque', 'NM', '87102', 'US'], ['Tucson', 'AZ', '85701', 'US'], ['Sacramento', 'CA', '95814', 'US'],
  ['Atlanta', 'GA', '30303', 'US'], ['Kansas City', 'MO', '64105', 'US'], ['Omaha', 'NE', '68102', 'US'], ['Raleigh', 'NC', '27601', 'US'], ['Miami', 'FL', '33131', 'US'],
  ['Minneapolis', 'MN', '55401', 'US'], ['Tampa', 'FL', '33602', 'US'], ['New Orleans', 'LA', '70112', 'US'], ['Toronto', 'ON', 'M5X 1A9', 'CA'], ['Montréal', 'QC', 'H3B 4W8', 'CA'],
  ['Vancouver', 'BC', 'V6C 1T2', 'CA'], ['London', 'LND', 'EC2V 7HH', 'GB'], ['Berlin', 'BE', '10117', 'DE'], ['München', 'BY', '80331', 'DE'], ['Paris', 'IDF', '75001', 'FR'],
];
const CARRIER_MIX: readonly (readonly [CarrierCode, number, readonly string[]])[] = [
  ['UPS', 0.4, ['Ground', 'Next Day Air', '2nd Day Air']],
  ['FEDEX', 0.25, ['FedEx Ground', 'FedEx 2Day']],
  ['USPS', 0.25, ['Priority Mail', 'Ground Advantage']],
  ['DHL', 0.07, ['Express Worldwide']],
  ['ODFL', 0.03, ['LTL Standard']],
];
/** A desk ships on a couple of accounts per carrier: their numbers share the account part. */
const ACCOUNTS: Readonly<Record<CarrierCode, readonly string[]>> = {
  UPS: ['A1B2C3', 'X9Y8Z7'],
  FEDEX: [''],
  USPS: ['901234567', '909876543'],
  DHL: [''],
  ODFL: [''],
};

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;

function hex(random: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += Math.floor(random() * 16).toString(16);
  return text;
}

/** Where shipments stand, with their shares: most are as created, some cancelled, archived or blocked. */
export const STATUS_MIX: readonly (readonly [string, number])[] = [
  ['Created', 0.92],
  ['Cancelled', 0.05],
  ['Archived', 0.02],
  ['Blocked', 0.01],
];

export interface SyntheticShipment {
  /** True for one made at this desk (queued, then created); false for one another desk made, seen in a search. */
  readonly local: boolean;
  readonly status: string;
  readonly stationRef: string;
  readonly serviceId: string;
  readonly createdAt: number;
  readonly carrier: CarrierCode;
  readonly trackingNumber: string;
  readonly orderNumber: string;
  readonly customerPo: string | undefined;
  readonly name: string;
  readonly company: string | undefined;
  readonly city: string;
  readonly input: ShipmentCreate;
  readonly result: ShipmentCreateResult;
  readonly searchRecord: SearchRecord;
}

const START = Date.parse('2023-01-02T14:00:00.000Z');
const SPAN = 3 * 365 * 24 * 60 * 60 * 1000;

/** The i-th of `count` shipments, spread evenly over three years, oldest first. */
export function syntheticShipment(random: () => number, i: number, count: number): SyntheticShipment {
  const createdAt = Math.floor(START + (i / count) * SPAN + random() * 60_000);
  let roll = random();
  const [carrier, , services] = CARRIER_MIX.find(([, share]) => (roll -= share) < 0) ?? CARRIER_MIX[0] ?? ['UPS', 1, ['Ground']];
  const service = pick(random, services);
  const trackingNumber = newTrackingNumber(carrier, service, random, pick(random, ACCOUNTS[carrier]) || undefined);
  const [city, state, zip, country] = pick(random, CITIES);
  const name = `${pick(random, FIRST)} ${pick(random, LAST)}`;
  const company = random() < 0.35 ? pick(random, COMPANIES) : undefined;
  const orderNumber = `SO-${String(1_000_000 + i)}`;
  const customerPo = random() < 0.4 ? `PO-45${String(Math.floor(random() * 1e8)).padStart(8, '0')}` : undefined;
  const desk = `DESK${1 + Math.floor(random() * 4)}`;
  const stationRef = `PB-${desk}-${ulid(createdAt, (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)))}`;
  const serviceId = `shp_${hex(random, 20)}`;
  const shipTo = { contactName: name, ...(company === undefined ? {} : { companyName: company }), address1: `${1 + Math.floor(random() * 9999)} Main St`, city, stateProvince: state, zipPostalCode: zip, country };
  const shipFrom = { companyName: 'Packbench Chicago DC', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60607', country: 'US' };
  const references = { orderNumber, ...(customerPo === undefined ? {} : { customerPO: customerPo }), stationRef };
  const shipDate = new Date(createdAt).toISOString();
  let statusRoll = random();
  const status = STATUS_MIX.find(([, share]) => (statusRoll -= share) < 0)?.[0] ?? 'Created';
  const input: ShipmentCreate = { shipDate, shipTo, shipFrom, shipmentInfo: { shipMethod: service, carrier }, packages: [{ weight: 1 + Math.round(random() * 400) / 10, length: 12, width: 10, height: 8 }], references };
  const result: ShipmentCreateResult = {
    success: true,
    id: serviceId,
    status,
    trackingNumber,
    carrier,
    shipMethod: service,
    references,
    packages: [{ package_Id: `pkg_${hex(random, 12)}`, trackingNumber }],
    billingDetail: { totalFreight: Math.round(random() * 9000) / 100, currencyCode: 'USD' },
  };
  const searchRecord: SearchRecord = {
    id: serviceId,
    shipmentId: serviceId,
    statusId: status,
    shipmentDate: shipDate,
    locationName: 'Chicago DC',
    totalPackage: 1,
    shipFrom,
    shipTo,
    shipmentInfo: { carrier, shipMethod: service },
    trackingNumber,
    references,
  };
  // Four desks share the account: this one (DESK1) made a quarter, the others come by sync.
  return { local: desk === 'DESK1', status, stationRef, serviceId, createdAt, carrier, trackingNumber, orderNumber, customerPo, name, company, city, input, result, searchRecord };
}
