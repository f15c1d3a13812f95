/**
 * Real sort hubs, gateways and service centers of each emulated carrier, used to draw a
 * plausible route for tracking histories. Coordinates of US facilities are those of their
 * ZIP code in the `zipcodes` data (a test keeps the two in step); the others are the
 * airport's. The lists are a representative subset, not a carrier's whole network.
 */
import type { CarrierCode } from './carriers';

export interface Facility {
  /** The facility as the carrier names it in its scans. */
  name: string;
  city: string;
  /** State or province code; empty where the country has none in addresses. */
  state: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  zip?: string;
  lat: number;
  lon: number;
}

/** Parts of the world carriers run one international hub for. */
export type Region = 'NA' | 'LATAM' | 'EU' | 'UK' | 'MIDEAST' | 'AFRICA' | 'ASIA' | 'OCEANIA';

export interface CarrierNetwork {
  /** Sort hubs of the US and Canadian ground network; a domestic package passes the one nearest each end. */
  groundHubs: readonly Facility[];
  /** Where overnight and two-day air packages are sorted, when the carrier flies domestic parcels. */
  airHub?: Facility;
  /** Where international shipments leave or enter the US and Canada. */
  gateways: readonly Facility[];
  /** The hub international shipments pass through, by region of the world. */
  regionalHubs: Readonly<Partial<Record<Region, Facility>>>;
}

function at(name: string, city: string, state: string, country: string, zip: string | undefined, lat: number, lon: number): Facility {
  return zip === undefined ? { name, city, state, country, lat, lon } : { name, city, state, country, zip, lat, lon };
}

// ---- UPS ------------------------------------------------------------------------------

const UPS_WORLDPORT = at('UPS Worldport', 'Louisville', 'KY', 'US', '40209', 38.1901, -85.7519);
const UPS_MIAMI = at('UPS Miami Gateway', 'Miami', 'FL', 'US', '33122', 25.8001, -80.281);
const UPS_ONTARIO = at('UPS Ontario Hub', 'Ontario', 'CA', 'US', '91761', 34.0316, -117.6187);
const UPS_PHILADELPHIA = at('UPS Philadelphia Air Hub', 'Philadelphia', 'PA', 'US', '19153', 39.9055, -75.2444);
const UPS_CONCORD = at('UPS Concord Hub', 'Concord', 'ON', 'CA', undefined, 43.7848, -79.4811);
const UPS_COLOGNE = at('UPS Cologne/Bonn Air Hub', 'Cologne', '', 'DE', '51147', 50.8659, 7.1427);
const UPS_SHENZHEN = at('UPS Asia Pacific Air Hub', 'Shenzhen', 'GD', 'CN', undefined, 22.6393, 113.8107);

const UPS: CarrierNetwork = {
  airHub: UPS_WORLDPORT,
  groundHubs: [
    at('UPS Chicago Area Consolidation Hub', 'Hodgkins', 'IL', 'US', '60525', 41.7842, -87.8689),
    at('UPS Atlanta Hub', 'Atlanta', 'GA', 'US', '30354', 33.6675, -84.3896),
    at('UPS Mesquite Hub', 'Mesquite', 'TX', 'US', '75149', 32.7678, -96.6082),
    UPS_ONTARIO,
    at('UPS Meadowlands Hub', 'Secaucus', 'NJ', 'US', '07094', 40.791, -74.0634),
    at('UPS Earth City Hub', 'Earth City', 'MO', 'US', '63045', 38.7689, -90.4662),
    at('UPS Salt Lake City Hub', 'Salt Lake City', 'UT', 'US', '84104', 40.7499, -111.926),
    at('UPS Phoenix Hub', 'Phoenix', 'AZ', 'US', '85043', 33.4491, -112.1972),
    at('UPS Jacksonville Hub', 'Jacksonville', 'FL', 'US', '32219', 30.4034, -81.7635),
    at('UPS Oakland Hub', 'Oakland', 'CA', 'US', '94621', 37.7589, -122.1853),
    at('UPS Portland Hub', 'Portland', 'OR', 'US', '97218', 45.56, -122.6001),
    at('UPS Denver Hub', 'Denver', 'CO', 'US', '80216', 39.7835, -104.9669),
    UPS_PHILADELPHIA,
    at('UPS Minneapolis Hub', 'Minneapolis', 'MN', 'US', '55450', 44.8811, -93.2207),
    at('UPS Lenexa Hub', 'Lenexa', 'KS', 'US', '66219', 38.9536, -94.7336),
    at('UPS Houston Hub', 'Houston', 'TX', 'US', '77032', 29.9368, -95.3299),
    at('UPS Charlotte Hub', 'Charlotte', 'NC', 'US', '28208', 35.2358, -80.8964),
    at('UPS Seattle Hub', 'Seattle', 'WA', 'US', '98108', 47.5413, -122.3129),
    UPS_CONCORD,
    at('UPS Lachine Hub', 'Lachine', 'QC', 'CA', undefined, 45.4648, -73.7192),
    at('UPS Richmond Hub', 'Richmond', 'BC', 'CA', undefined, 49.1701, -123.1438),
    at('UPS Calgary Hub', 'Calgary', 'AB', 'CA', undefined, 51.0632, -114.0614),
  ],
  gateways: [UPS_WORLDPORT, UPS_MIAMI, UPS_ONTARIO, UPS_PHILADELPHIA, UPS_CONCORD],
  regionalHubs: {
    NA: UPS_WORLDPORT,
    LATAM: UPS_MIAMI,
    EU: UPS_COLOGNE,
    UK: UPS_COLOGNE,
    MIDEAST: UPS_COLOGNE,
    AFRICA: UPS_COLOGNE,
    ASIA: UPS_SHENZHEN,
    OCEANIA: UPS_SHENZHEN,
  },
};

// ---- FedEx ----------------------------------------------------------------------------

const FEDEX_WORLD_HUB = at('FedEx World Hub', 'Memphis', 'TN', 'US', '38118', 35.0514, -89.9265);
const FEDEX_INDIANAPOLIS = at('FedEx Indianapolis Hub', 'Indianapolis', 'IN', 'US', '46241', 39.7096, -86.2614);
const FEDEX_MIAMI = at('FedEx Miami Gateway', 'Miami', 'FL', 'US', '33122', 25.8001, -80.281);
const FEDEX_PARIS = at('FedEx Paris Hub', 'Roissy-en-France', '', 'FR', '95700', 49.0097, 2.5479);
const FEDEX_GUANGZHOU = at('FedEx Asia Pacific Hub', 'Guangzhou', 'GD', 'CN', undefined, 23.3924, 113.2988);
const FEDEX_MISSISSAUGA = at('FedEx Mississauga Hub', 'Mississauga', 'ON', 'CA', undefined, 43.6578, -79.6607);

const FEDEX: CarrierNetwork = {
  airHub: FEDEX_WORLD_HUB,
  groundHubs: [
    at('FedEx Ground Hagerstown Hub', 'Hagerstown', 'MD', 'US', '21740', 39.632, -77.7372),
    at('FedEx Ground Grove City Hub', 'Grove City', 'OH', 'US', '43123', 39.8814, -83.0839),
    at('FedEx Ground Chicago Hub', 'Chicago', 'IL', 'US', '60638', 41.7814, -87.7705),
    at('FedEx Ground Fontana Hub', 'Fontana', 'CA', 'US', '92335', 34.0794, -117.4551),
    at('FedEx Ground Kansas City Hub', 'Kansas City', 'KS', 'US', '66106', 39.0694, -94.7178),
    at('FedEx Ground Dallas Hub', 'Dallas', 'TX', 'US', '75241', 32.6722, -96.7774),
    at('FedEx Ground Atlanta Hub', 'Atlanta', 'GA', 'US', '30336', 33.7406, -84.5545),
    at('FedEx Ground Sacramento Hub', 'Sacramento', 'CA', 'US', '95828', 38.4826, -121.4006),
    at('FedEx Ground Pittsburgh Hub', 'Pittsburgh', 'PA', 'US', '15275', 40.4495, -80.1795),
    at('FedEx Ground Edison Hub', 'Edison', 'NJ', 'US', '08817', 40.5171, -74.3973),
    at('FedEx Ground Orlando Hub', 'Orlando', 'FL', 'US', '32824', 28.3932, -81.3622),
    at('FedEx Ground Salt Lake City Hub', 'Salt Lake City', 'UT', 'US', '84104', 40.7499, -111.926),
    at('FedEx Ground Denver Hub', 'Denver', 'CO', 'US', '80216', 39.7835, -104.9669),
    at('FedEx Ground Phoenix Hub', 'Phoenix', 'AZ', 'US', '85043', 33.4491, -112.1972),
    at('FedEx Ground Houston Hub', 'Houston', 'TX', 'US', '77032', 29.9368, -95.3299),
    at('FedEx Ground Charlotte Hub', 'Charlotte', 'NC', 'US', '28208', 35.2358, -80.8964),
    at('FedEx Ground Seattle Hub', 'Seattle', 'WA', 'US', '98108', 47.5413, -122.3129),
    at('FedEx Ground Minneapolis Hub', 'Minneapolis', 'MN', 'US', '55450', 44.8811, -93.2207),
    FEDEX_MISSISSAUGA,
    at('FedEx Dorval Hub', 'Dorval', 'QC', 'CA', undefined, 45.5103, -73.6818),
    at('FedEx Richmond Hub', 'Richmond', 'BC', 'CA', undefined, 49.178, -123.1701),
    at('FedEx Calgary Hub', 'Calgary', 'AB', 'CA', undefined, 51.0632, -114.0614),
  ],
  gateways: [
    FEDEX_WORLD_HUB,
    FEDEX_INDIANAPOLIS,
    FEDEX_MIAMI,
    at('FedEx Anchorage Hub', 'Anchorage', 'AK', 'US', '99502', 61.1661, -149.96),
    at('FedEx Oakland Hub', 'Oakland', 'CA', 'US', '94621', 37.7589, -122.1853),
    at('FedEx Newark Hub', 'Newark', 'NJ', 'US', '07114', 40.7082, -74.1891),
    FEDEX_MISSISSAUGA,
  ],
  regionalHubs: {
    NA: FEDEX_WORLD_HUB,
    LATAM: FEDEX_MIAMI,
    EU: FEDEX_PARIS,
    UK: FEDEX_PARIS,
    MIDEAST: FEDEX_PARIS,
    AFRICA: FEDEX_PARIS,
    ASIA: FEDEX_GUANGZHOU,
    OCEANIA: FEDEX_GUANGZHOU,
  },
};

// ---- USPS -----------------------------------------------------------------------------

/** USPS names each Network Distribution Center after the city it serves, not the town it stands in. */
function ndc(served: string, city: string, state: string, zip: string, lat: number, lon: number): Facility {
  return at(`${served} ${state} Network Distribution Center`, city, state, 'US', zip, lat, lon);
}

/** International Service Centers: where USPS international mail leaves and enters the country. */
function isc(served: string, city: string, state: string, zip: string, lat: number, lon: number): Facility {
  return at(`ISC ${served} ${state} (USPS)`, city, state, 'US', zip, lat, lon);
}

const USPS: CarrierNetwork = {
  groundHubs: [
    ndc('Atlanta', 'Atlanta', 'GA', '30303', 33.7525, -84.3888),
    ndc('Baltimore', 'Baltimore', 'MD', '21226', 39.2109, -76.5597),
    ndc('Chicago', 'Forest Park', 'IL', '60130', 41.8744, -87.8106),
    ndc('Cincinnati', 'Cincinnati', 'OH', '45227', 39.1539, -84.3854),
    ndc('Dallas', 'Coppell', 'TX', '75019', 32.9673, -96.9805),
    ndc('Denver', 'Denver', 'CO', '80249', 39.7783, -104.7557),
    ndc('Des Moines', 'Urbandale', 'IA', '50322', 41.6295, -93.723),
    ndc('Detroit', 'Allen Park', 'MI', '48101', 42.2522, -83.212),
    ndc('Greensboro', 'Greensboro', 'NC', '27420', 36.113, -79.7759),
    ndc('Jacksonville', 'Jacksonville', 'FL', '32099', 30.3375, -81.7686),
    ndc('Kansas City', 'Kansas City', 'KS', '66101', 39.1157, -94.6271),
    ndc('Los Angeles', 'Bell', 'CA', '90201', 33.9653, -118.1515),
    ndc('Memphis', 'Memphis', 'TN', '38101', 35.1495, -90.049),
    ndc('Minneapolis', 'Eagan', 'MN', '55121', 44.8471, -93.1543),
    ndc('New Jersey', 'Jersey City', 'NJ', '07097', 40.7328, -74.0755),
    ndc('Philadelphia', 'Philadelphia', 'PA', '19176', 39.9522, -75.1642),
    ndc('Pittsburgh', 'Warrendale', 'PA', '15086', 40.6534, -80.0795),
    ndc('San Francisco', 'Richmond', 'CA', '94804', 37.9265, -122.3342),
    ndc('Seattle', 'Federal Way', 'WA', '98003', 47.3203, -122.3117),
    ndc('Springfield', 'Springfield', 'MA', '01152', 42.1707, -72.6048),
    ndc('St. Louis', 'Hazelwood', 'MO', '63042', 38.7809, -90.3669),
  ],
  gateways: [
    isc('New York', 'Jamaica', 'NY', '11430', 40.6472, -73.7827),
    isc('Chicago', 'Chicago', 'IL', '60666', 41.85, -87.6501),
    isc('Miami', 'Miami', 'FL', '33122', 25.8001, -80.281),
    isc('Los Angeles', 'Los Angeles', 'CA', '90045', 33.9631, -118.3941),
    isc('San Francisco', 'San Francisco', 'CA', '94128', 37.6216, -122.3929),
  ],
  // Abroad, USPS hands mail to the destination country's post at its gateway.
  regionalHubs: {},
};

// ---- DHL Express ----------------------------------------------------------------------

const DHL_CINCINNATI = at('DHL Cincinnati Hub', 'Hebron', 'KY', 'US', '41048', 39.0755, -84.7007);
const DHL_MIAMI = at('DHL Miami Gateway', 'Miami', 'FL', 'US', '33122', 25.8001, -80.281);
const DHL_LEIPZIG = at('DHL Leipzig Hub', 'Schkeuditz', '', 'DE', '04435', 51.4239, 12.2364);
const DHL_HONG_KONG = at('DHL Central Asia Hub', 'Hong Kong', '', 'HK', undefined, 22.308, 113.9185);

const DHL: CarrierNetwork = {
  // DHL Express carries no US domestic parcels of its own; any it is given fly through Cincinnati.
  airHub: DHL_CINCINNATI,
  groundHubs: [],
  gateways: [
    DHL_CINCINNATI,
    at('DHL New York Gateway', 'Jamaica', 'NY', 'US', '11430', 40.6472, -73.7827),
    at('DHL Los Angeles Gateway', 'Los Angeles', 'CA', 'US', '90045', 33.9631, -118.3941),
    at('DHL Chicago Gateway', 'Chicago', 'IL', 'US', '60666', 41.85, -87.6501),
    DHL_MIAMI,
    at('DHL Toronto Gateway', 'Mississauga', 'ON', 'CA', undefined, 43.6904, -79.6238),
    at('DHL Montreal Gateway', 'Dorval', 'QC', 'CA', undefined, 45.5103, -73.6818),
    at('DHL Vancouver Gateway', 'Richmond', 'BC', 'CA', undefined, 49.178, -123.1701),
  ],
  regionalHubs: {
    NA: DHL_CINCINNATI,
    LATAM: DHL_MIAMI,
    EU: DHL_LEIPZIG,
    AFRICA: DHL_LEIPZIG,
    UK: at('DHL East Midlands Hub', 'Castle Donington', '', 'GB', 'DE74 2TR', 52.8311, -1.3281),
    MIDEAST: at('DHL Bahrain Middle East Hub', 'Muharraq', '', 'BH', undefined, 26.2708, 50.6336),
    ASIA: DHL_HONG_KONG,
    OCEANIA: DHL_HONG_KONG,
  },
};

// ---- Old Dominion ---------------------------------------------------------------------

function serviceCenter(city: string, state: string, zip: string, lat: number, lon: number): Facility {
  return at(`Old Dominion ${city} Service Center`, city, state, 'US', zip, lat, lon);
}

const ODFL_CENTERS = {
  buffalo: serviceCenter('Buffalo', 'NY', '14202', 42.887, -78.8779),
  detroit: serviceCenter('Detroit', 'MI', '48226', 42.3333, -83.0484),
  laredo: serviceCenter('Laredo', 'TX', '78040', 27.5155, -99.4986),
  seattle: serviceCenter('Seattle', 'WA', '98101', 47.6114, -122.3305),
};

const ODFL: CarrierNetwork = {
  groundHubs: [
    serviceCenter('Thomasville', 'NC', '27360', 35.8713, -80.0913),
    serviceCenter('Atlanta', 'GA', '30303', 33.7525, -84.3888),
    serviceCenter('Chicago', 'IL', '60601', 41.8858, -87.6181),
    serviceCenter('Dallas', 'TX', '75201', 32.7904, -96.8044),
    serviceCenter('Los Angeles', 'CA', '90001', 33.9731, -118.2479),
    serviceCenter('Charlotte', 'NC', '28202', 35.229, -80.8419),
    serviceCenter('Columbus', 'OH', '43215', 39.9671, -83.0044),
    serviceCenter('Indianapolis', 'IN', '46204', 39.772, -86.1535),
    serviceCenter('Memphis', 'TN', '38103', 35.144, -90.048),
    serviceCenter('Nashville', 'TN', '37201', 36.1657, -86.7781),
    serviceCenter('Houston', 'TX', '77002', 29.7594, -95.3594),
    serviceCenter('Phoenix', 'AZ', '85003', 33.4511, -112.0774),
    serviceCenter('Denver', 'CO', '80202', 39.7491, -104.9946),
    serviceCenter('Salt Lake City', 'UT', '84101', 40.7559, -111.8967),
    ODFL_CENTERS.seattle,
    serviceCenter('Portland', 'OR', '97201', 45.5078, -122.6897),
    serviceCenter('Sacramento', 'CA', '95814', 38.5804, -121.4922),
    serviceCenter('San Francisco', 'CA', '94102', 37.7813, -122.4167),
    serviceCenter('Minneapolis', 'MN', '55401', 44.9835, -93.2683),
    serviceCenter('Kansas City', 'KS', '66102', 39.1132, -94.6693),
    serviceCenter('Saint Louis', 'MO', '63101', 38.6346, -90.1913),
    ODFL_CENTERS.detroit,
    serviceCenter('Philadelphia', 'PA', '19102', 39.9489, -75.1661),
    serviceCenter('Newark', 'NJ', '07102', 40.732, -74.1765),
    serviceCenter('Boston', 'MA', '02108', 42.3576, -71.0684),
    serviceCenter('Jacksonville', 'FL', '32202', 30.3299, -81.6517),
    serviceCenter('Miami', 'FL', '33101', 25.7791, -80.1978),
    serviceCenter('Tampa', 'FL', '33602', 27.9614, -82.4597),
    serviceCenter('Harrisburg', 'PA', '17101', 40.2618, -76.8831),
    serviceCenter('Pittsburgh', 'PA', '15222', 40.4477, -79.9933),
    ODFL_CENTERS.buffalo,
    serviceCenter('Richmond', 'VA', '23219', 37.5463, -77.4378),
    serviceCenter('Oklahoma City', 'OK', '73102', 35.4726, -97.5199),
    serviceCenter('Omaha', 'NE', '68102', 41.259, -95.9409),
    serviceCenter('Milwaukee', 'WI', '53202', 43.0506, -87.8968),
    serviceCenter('Albuquerque', 'NM', '87102', 35.0818, -106.6482),
    serviceCenter('Las Vegas', 'NV', '89101', 36.1721, -115.1224),
    serviceCenter('El Paso', 'TX', '79901', 31.7584, -106.4783),
    serviceCenter('San Antonio', 'TX', '78205', 29.4237, -98.4925),
    ODFL_CENTERS.laredo,
    serviceCenter('New Orleans', 'LA', '70112', 29.9605, -90.0753),
    serviceCenter('Birmingham', 'AL', '35203', 33.521, -86.8066),
    serviceCenter('Boise', 'ID', '83702', 43.6322, -116.2052),
    serviceCenter('Spokane', 'WA', '99201', 47.6665, -117.4365),
    serviceCenter('Billings', 'MT', '59101', 45.7745, -108.5005),
    serviceCenter('Fargo', 'ND', '58102', 46.9209, -96.8318),
  ],
  // An LTL carrier crosses borders by truck: these centers hand freight to Canadian and Mexican partners.
  gateways: [ODFL_CENTERS.buffalo, ODFL_CENTERS.detroit, ODFL_CENTERS.seattle, ODFL_CENTERS.laredo],
  regionalHubs: {},
};

export const CARRIER_NETWORKS: Readonly<Record<CarrierCode, CarrierNetwork>> = { UPS, FEDEX, USPS, DHL, ODFL };
