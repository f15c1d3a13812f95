import type { NamedService } from '../../../electron/api';

/**
 * Carriers as rates name them (`carrierName`), with the name rates show: the service's parcel and
 * freight carriers. The preferred carrier must be one of these names to match any rate.
 */
export const KNOWN_CARRIERS: readonly { readonly name: string; readonly displayName: string }[] = [
  { name: 'UPS', displayName: 'UPS' },
  { name: 'FEDEX', displayName: 'FedEx' },
  { name: 'USPS', displayName: 'USPS' },
  { name: 'DHL', displayName: 'DHL Express' },
  { name: 'ODFL', displayName: 'Old Dominion Freight Line' },
];

/**
 * Services as rates name them, for a rule or the offline service to name one outright: the
 * carrier and its service code are what Ship sends; the display name is what the packer reads.
 */
export const KNOWN_SERVICES: readonly NamedService[] = [
  { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' },
  { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_3_DAY_SELECT', displayName: 'UPS 3 Day Select' },
  { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_2ND_DAY_AIR', displayName: 'UPS 2nd Day Air' },
  { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_NEXT_DAY_AIR_SAVER', displayName: 'UPS Next Day Air Saver' },
  { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_NEXT_DAY_AIR', displayName: 'UPS Next Day Air' },
  { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_WORLDWIDE_EXPEDITED', displayName: 'UPS Worldwide Expedited' },
  { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_WORLDWIDE_SAVER', displayName: 'UPS Worldwide Saver' },
  { carrier: 'FEDEX', shipMethod: 'Ground', serviceLevel: 'FEDEX_GROUND', displayName: 'FedEx Ground' },
  { carrier: 'FEDEX', shipMethod: 'Ground', serviceLevel: 'FEDEX_HOME_DELIVERY', displayName: 'FedEx Home Delivery' },
  { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_EXPRESS_SAVER', displayName: 'FedEx Express Saver' },
  { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_2DAY', displayName: 'FedEx 2Day' },
  { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_STANDARD_OVERNIGHT', displayName: 'FedEx Standard Overnight' },
  { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_PRIORITY_OVERNIGHT', displayName: 'FedEx Priority Overnight' },
  { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_INTERNATIONAL_ECONOMY', displayName: 'FedEx International Economy' },
  { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_INTERNATIONAL_PRIORITY', displayName: 'FedEx International Priority' },
  { carrier: 'USPS', shipMethod: 'Ground', serviceLevel: 'USPS_GROUND_ADVANTAGE', displayName: 'USPS Ground Advantage' },
  { carrier: 'USPS', shipMethod: 'Express', serviceLevel: 'USPS_PRIORITY_MAIL', displayName: 'USPS Priority Mail' },
  { carrier: 'USPS', shipMethod: 'Express', serviceLevel: 'USPS_PRIORITY_MAIL_EXPRESS', displayName: 'USPS Priority Mail Express' },
  { carrier: 'USPS', shipMethod: 'Express', serviceLevel: 'USPS_PRIORITY_MAIL_INTERNATIONAL', displayName: 'USPS Priority Mail International' },
  { carrier: 'DHL', shipMethod: 'Express', serviceLevel: 'DHL_EXPRESS_WORLDWIDE', displayName: 'DHL Express Worldwide' },
];

/** How a named service is told apart in a list: its carrier and service code. */
export const serviceKey = (service: Pick<NamedService, 'carrier' | 'serviceLevel'>): string => `${service.carrier}:${service.serviceLevel}`;
