/**
 * The carriers the sandbox emulates. Every sandbox module that needs to know a carrier
 * (rating, tracking numbers, tracking history, labels) keys on these codes.
 */
export const CARRIERS = {
  UPS: { displayName: 'UPS', parcel: true },
  FEDEX: { displayName: 'FedEx', parcel: true },
  USPS: { displayName: 'USPS', parcel: true },
  DHL: { displayName: 'DHL Express', parcel: true },
  ODFL: { displayName: 'Old Dominion Freight Line', parcel: false },
} as const;

export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

const ALIASES: Readonly<Record<string, CarrierCode>> = {
  UPS: 'UPS',
  FEDEX: 'FEDEX',
  'FED EX': 'FEDEX',
  USPS: 'USPS',
  'US POSTAL SERVICE': 'USPS',
  DHL: 'DHL',
  'DHL EXPRESS': 'DHL',
  DHLEXPRESS: 'DHL',
  ODFL: 'ODFL',
  'OLD DOMINION': 'ODFL',
  'OLD DOMINION FREIGHT LINE': 'ODFL',
};

/** Reads a carrier as a caller may spell it ("FedEx", "fedex", "DHL Express"); undefined if unknown. */
export function carrierFromName(name: string): CarrierCode | undefined {
  return ALIASES[name.trim().toUpperCase().replace(/\s+/g, ' ')];
}
