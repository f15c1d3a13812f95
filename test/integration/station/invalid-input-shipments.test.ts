/**
 * The station fuzz (see invalidInput.ts) for the shipment and outbox methods: 1,000 seeded
 * inputs per method against a station of this file's own, beside the other fuzz files.
 */
import { FUZZ_GROUPS, describeFuzz, useFuzzStation } from './invalidInput';

describeFuzz(useFuzzStation(), FUZZ_GROUPS.shipments);
