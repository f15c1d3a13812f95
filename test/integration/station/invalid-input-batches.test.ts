/**
 * The station fuzz (see invalidInput.ts) for the batch methods: 1,000 seeded inputs per method
 * against a station of this file's own, beside the other fuzz files. Inputs that pass the schema
 * estimate and ship real batches of the fixtures' orders against the file's sandbox.
 */
import { FUZZ_GROUPS, describeFuzz, useFuzzStation } from './invalidInput';

describeFuzz(useFuzzStation(), FUZZ_GROUPS.batches);
