/**
 * Packages the sandbox needs for some requests only, loaded at their first use instead of when
 * the sandbox starts: the `zipcodes` table (6 MB of JavaScript, to check, rate or track an
 * address) and bwip-js (1.6 MB, for a label's barcode). The station starts its embedded sandbox
 * at every start, and parsing these there took longer than the rest of the start together
 * (docs/store.md, "Start-up"). Loaded with Node's own `require`, so the built web host keeps
 * them out of its bundle and reads them from node_modules when first asked.
 */
import { createRequire } from 'node:module';
import type zipcodesPackage from 'zipcodes';
import type bwipPackage from 'bwip-js/node';

const load = createRequire(import.meta.url);

let zipcodesLoaded: typeof zipcodesPackage | undefined;
let bwipLoaded: typeof bwipPackage | undefined;

export function zipcodes(): typeof zipcodesPackage {
  zipcodesLoaded ??= load('zipcodes') as typeof zipcodesPackage;
  return zipcodesLoaded;
}

export function bwipjs(): typeof bwipPackage {
  bwipLoaded ??= load('bwip-js/node') as typeof bwipPackage;
  return bwipLoaded;
}
