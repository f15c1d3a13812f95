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
