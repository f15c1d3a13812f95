/**
 * A few well-known multi-tenant towers, so that a parcel addressed to one without a suite or
 * floor is flagged the way a delivery-point check would flag it. A real service knows every
 * such building from the USPS delivery-point file; this short list stands in for it.
 */
const TOWERS: ReadonlyMap<string, string> = new Map(Object.entries({
  '10118|350 5TH AVE': 'Empire State Building',
  '10118|350 FIFTH AVE': 'Empire State Building',
  '10007|285 FULTON ST': 'One World Trade Center',
  '10007|1 WORLD TRADE CTR': 'One World Trade Center',
  '10020|30 ROCKEFELLER PLZ': '30 Rockefeller Plaza',
  '60606|233 S WACKER DR': 'Willis Tower',
  '60611|875 N MICHIGAN AVE': '875 North Michigan Avenue',
  '94105|415 MISSION ST': 'Salesforce Tower',
  '90071|633 W 5TH ST': 'U.S. Bank Tower',
  '77002|600 TRAVIS ST': 'JPMorgan Chase Tower',
}));

/** The building's name when `street` (standardized, without a unit) at `zip5` is a known tower. */
export function knownTower(zip5: string, street: string): string | undefined {
  return TOWERS.get(`${zip5}|${street}`);
}
