/**
 * English country names from the ICU data built into Node and Electron, in upper case as
 * the last line of an international address is written.
 */
const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Codes ICU names that are groupings, not places a parcel can go. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);

/** Looked up once per code; at most 26 × 26 entries. */
const cache = new Map<string, string | undefined>();

function lookUp(code: string): string | undefined {
  if (NOT_COUNTRIES.has(code)) return undefined;
  let name: string | undefined;
  try {
    name = names.of(code);
  } catch {
    return undefined;
  }
  return name === undefined || name === code ? undefined : name.toUpperCase();
}

/** `DE` → `GERMANY`; undefined for codes that name no country. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  if (!cache.has(code)) cache.set(code, lookUp(code));
  return cache.get(code);
}
