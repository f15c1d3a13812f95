/**
 * Countries as order files write them: a two-letter ISO code ("US", "de"), an English name
 * ("United States", "Germany") or a common short form ("USA", "UK"). Names come from the ICU data
 * built into Node and Electron, so no list is kept here.
 */
const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Codes ICU names that are groupings, not places a parcel can go, or not ISO's own (UK is GB). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'UK']);

const ALIASES: Readonly<Record<string, string>> = {
  USA: 'US',
  'UNITED STATES OF AMERICA': 'US',
  'U.S.A.': 'US',
  'U.S.': 'US',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
};

function nameOf(code: string): string | undefined {
  if (NOT_COUNTRIES.has(code)) return undefined;
  try {
    const name = displayNames.of(code);
    return name === undefined || name === code ? undefined : name;
  } catch {
    return undefined;
  }
}

let known: { byName: Map<string, string>; codes: Set<string> } | undefined;

/** Every country ICU names, by its name in upper case, and their codes (built once, on first use: a file asks for thousands). */
function countries(): { byName: Map<string, string>; codes: Set<string> } {
  if (known !== undefined) return known;
  known = { byName: new Map(), codes: new Set() };
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = nameOf(code);
      if (name === undefined) continue;
      known.byName.set(name.toUpperCase(), code);
      known.codes.add(code);
    }
  }
  return known;
}

/** The ISO code of a country as a file writes it, or undefined when it names no country. */
export function countryCode(written: string): string | undefined {
  const text = written.trim().toUpperCase();
  const alias = ALIASES[text];
  if (alias !== undefined) return alias;
  if (/^[A-Z]{2}$/.test(text)) return countries().codes.has(text) ? text : undefined;
  return countries().byName.get(text);
}
