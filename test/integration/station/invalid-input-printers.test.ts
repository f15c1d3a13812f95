/**
 * The station fuzz (see invalidInput.ts) for the printer list, the printer settings and the
 * print history: 1,000 seeded inputs per method against a station and a private CUPS of this
 * file's own, beside the other fuzz files.
 */
import { FUZZ_GROUPS, describeFuzz, useFuzzStation } from './invalidInput';

describeFuzz(useFuzzStation(), FUZZ_GROUPS.printers);
