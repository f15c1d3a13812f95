/**
 * The warehouse a new sandbox ships from. A desk on the embedded sandbox can pack, rate, ship and
 * print at once, without creating a location first: the sandbox starts with this one when it has
 * none at all (a deleted one counts, so a deleted demo warehouse stays deleted).
 */
import type { LocationCreate } from '../../service/contract';
import type { SandboxDb } from './db';
import { insertLocation } from './locations';

export const DEMO_LOCATION: LocationCreate = {
  referenceId: 'WH-DEMO',
  locationName: 'Packbench Demo Warehouse',
  active: true,
  address: {
    contactName: 'Shipping Desk',
    phoneNumber1: '312-555-0142',
    address1: '2100 W Fulton St',
    city: 'Chicago',
    stateProvince: 'IL',
    country: 'US',
    zipPostalCode: '60612',
  },
  settings: { currencyCode: 'USD', unitOfWeight: 'LB', unitOfLength: 'IN', defaultTimezone: 'America/Chicago' },
  tags: ['demo'],
};

/** Adds the demo warehouse when the sandbox has never had a location; returns whether it did. */
export function seedDemoLocation(db: SandboxDb, newId: (prefix: string) => string, now: Date): boolean {
  const { n } = db.prepare('SELECT count(*) AS n FROM locations').get() as { n: number };
  if (n > 0) return false;
  insertLocation(db, { id: newId('loc'), record: DEMO_LOCATION, at: now.toISOString(), by: 'sandbox' });
  return true;
}
