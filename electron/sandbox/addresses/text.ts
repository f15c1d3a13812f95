/**
 * Text clean-up shared by every address field: the postal form is upper case, without
 * punctuation, with single spaces. Each function here is idempotent (cleaning clean text
 * changes nothing), which the standardization rules rely on.
 */

/** Characters that survive clean-up besides letters, marks and digits. */
const APOSTROPHES = /['’‘`´]/g;
const NOT_KEPT = /[^\p{L}\p{M}\p{N}#\-/\s]/gu;
/** A hyphen or slash is kept only between two letters or digits (`123-45`, `1/2`, `5-B`). */
const STRAY_JOINER = /(?<![\p{L}\p{M}\p{N}])[-/]|[-/](?![\p{L}\p{N}])/gu;
const HASHES = /#+/g;
const SPACES = /\s+/g;

/**
 * Upper case, punctuation removed, whitespace collapsed. Apostrophes join the letters on
 * either side (`O'Farrell` → `OFARRELL`, as in the USPS files); `#` becomes a word of its own
 * so the unit rules can see it.
 */
export function cleanText(raw: string): string {
  return raw
    .toUpperCase()
    .replace(APOSTROPHES, '')
    .replace(NOT_KEPT, ' ')
    .replace(STRAY_JOINER, ' ')
    .replace(HASHES, ' # ')
    .replace(SPACES, ' ')
    .trim();
}

/** Upper case with collapsed whitespace and nothing else: for postal codes and names. */
export function squeeze(raw: string): string {
  return raw.toUpperCase().replace(SPACES, ' ').trim();
}

/** Accents dropped (`QUÉBEC` → `QUEBEC`) for look-ups in tables written in plain ASCII. */
export function withoutAccents(text: string): string {
  // Most addresses are plain ASCII: skip the Unicode work for them.
  return /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of a cleaned line. */
export function words(clean: string): string[] {
  return clean === '' ? [] : clean.split(' ');
}

/**
 * Spelling variants a person uses for the same place name: SAINT/ST, FORT/FT, MOUNT/MT and
 * the directions. Used only to compare names, never to rewrite them.
 */
const CITY_WORD_FORMS: Readonly<Record<string, string>> = {
  SAINT: 'ST',
  SAINTE: 'STE',
  FORT: 'FT',
  MOUNT: 'MT',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

/** A key under which two spellings of one city compare equal (`St. Louis` = `SAINT LOUIS`). */
export function cityKey(city: string): string {
  return words(withoutAccents(cleanText(city)).replace(/[-/]/g, ' ').replace(SPACES, ' ').trim())
    .map((word) => CITY_WORD_FORMS[word] ?? word)
    .join(' ');
}
