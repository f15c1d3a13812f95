/**
 * The text side of local search, shared by the index (what a shipment is found by) and the
 * query (what the packer typed), so both sides cut text the same way.
 *
 * A shipment is found by:
 *  - keys:  every identifier and reference without separators, lower case ("so202400917"),
 *           and a reference from each later part on ("202400917", "00917"), so a word
 *           matches the start of any of them;
 *  - tails: the last characters of each, reversed ("the last digits": "23456784" →
 *           "48765432…"), so a word matches the end of any of them;
 *  - words: the words of the recipient's name, company and city, folded ("müller" → "muller"),
 *           so a word matches the start of any of them.
 * A typed word matches a shipment when it matches any of the three; every word must match.
 */

/** Lower case, diacritics and everything but letters and digits removed. */
export function compactIdentifier(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Reversed by code point (an astral character stays whole). */
export function reversed(text: string): string {
  return Array.from(text).reverse().join('');
}

/** The words of a text, folded as the index keeps them: lower case, diacritics removed, split at anything but letters and digits. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

export interface SearchFields {
  /** Tracking numbers, the service id, the station reference. */
  readonly identifiers: readonly (string | null | undefined)[];
  /** Order numbers, POs, other reference values: what people type, also from a later part on. */
  readonly references: readonly (string | null | undefined)[];
  /** Recipient name, company and city. */
  readonly names: readonly (string | null | undefined)[];
}

/** What the index holds of one shipment. Sorted and without repeats, so two entries compare as text. */
export interface SearchEntry {
  readonly keys: readonly string[];
  readonly tails: readonly string[];
  readonly words: readonly string[];
}

/** Tails are kept to this many characters; a longer typed ending is checked against the shipment itself. */
export const TAIL_LENGTH = 10;
/** Words shorter than this match whole keys and words only: a one-letter prefix would match half the index. */
export const MIN_PREFIX_LENGTH = 2;
/** Words at least this long also match the end of identifiers ("the last digits"). */
export const MIN_TAIL_LENGTH = 4;
/** Grouped digits joined to at least this many characters are also searched as one identifier. */
export const MIN_GROUPED_LENGTH = 8;
/** Words beyond this many are ignored: a pasted paragraph is not a search. */
export const MAX_QUERY_WORDS = 12;

function present(values: readonly (string | null | undefined)[]): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

const sortedSet = (values: Iterable<string>): string[] => [...new Set(values)].filter((value) => value !== '').sort();

/** "SO-2024-00917" → "202400917", "00917": the reference from each later part on. */
function laterParts(reference: string): string[] {
  const parts = reference.split(/[^\p{L}\p{N}]+/u).filter((part) => compactIdentifier(part) !== '');
  return parts.slice(1).map((_, i) => compactIdentifier(parts.slice(i + 1).join('')));
}

export function searchEntry(fields: SearchFields): SearchEntry {
  const identifiers = present(fields.identifiers);
  const references = present(fields.references);
  const compacts = sortedSet([...identifiers, ...references].map(compactIdentifier));
  return {
    keys: sortedSet([...compacts, ...references.flatMap(laterParts)]),
    tails: sortedSet(compacts.filter((id) => Array.from(id).length >= MIN_TAIL_LENGTH).map((id) => tailKey(id))),
    words: sortedSet(present(fields.names).flatMap(wordsOf)),
  };
}

/** The tail kept for an identifier, or looked up for a typed ending: reversed, at most TAIL_LENGTH characters. */
export function tailKey(compact: string): string {
  return Array.from(reversed(compact)).slice(0, TAIL_LENGTH).join('');
}

export function sameEntry(a: SearchEntry, b: SearchEntry): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((value, i) => value === y[i]);
  return same(a.keys, b.keys) && same(a.tails, b.tails) && same(a.words, b.words);
}

/** One typed word, cut for each part of the index. */
export interface QueryWord {
  /** Matched against the start of keys: a prefix from MIN_PREFIX_LENGTH characters, else a whole key. */
  readonly key: string;
  /** Matched against the end of identifiers, when the word is long enough. */
  readonly tail: string | null;
  /** Its words: all but the last whole, the last as a prefix from MIN_PREFIX_LENGTH characters when `wordsPrefix`. */
  readonly words: readonly string[];
  /**
   * Whether its last word may be the start of a name's word: only the last word typed is. A
   * space after a word says it is whole, and a whole word is one doclist where its completions
   * ("jack": jackson, jacksonville) would be several to merge.
   */
  readonly wordsPrefix: boolean;
}

/** What to look for: shipments matching every word of one of the alternatives. */
export interface SearchQuery {
  readonly alternatives: readonly (readonly QueryWord[])[];
}

function queryWord(text: string): QueryWord | undefined {
  const key = compactIdentifier(text);
  if (key === '') return undefined;
  return { key, tail: Array.from(key).length >= MIN_TAIL_LENGTH ? key : null, words: wordsOf(text), wordsPrefix: false };
}

/**
 * What a packer typed, as words to look for, or null when it holds nothing to search for.
 * Nothing typed is syntax: every character is either part of a word or a separator.
 */
export function parseQuery(text: string): SearchQuery | null {
  const typed = text.replace(/\p{Cc}/gu, ' ').split(/\s+/u).slice(0, MAX_QUERY_WORDS * 4);
  const words: QueryWord[] = [];
  for (const word of typed) {
    const parsed = queryWord(word);
    if (parsed !== undefined) words.push(parsed);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  if (words.length === 0) return null;
  words.push({ ...(words.pop() as QueryWord), wordsPrefix: true });
  // A number typed in groups as printed ("9400 1118 9922 …") is also tried as one identifier.
  const joined = compactIdentifier(typed.join(''));
  const grouped = words.length > 1 && joined.length >= MIN_GROUPED_LENGTH && /\p{N}/u.test(joined) ? queryWord(joined) : undefined;
  return { alternatives: grouped === undefined ? [words] : [words, [{ ...grouped, words: [] }]] };
}

/** Whether the last of a typed word's words is looked for as the start of a word: when it may be one and is long enough. */
export function lastWordIsPrefix(word: Pick<QueryWord, 'words' | 'wordsPrefix'>): boolean {
  const last = word.words.at(-1);
  return word.wordsPrefix && last !== undefined && Array.from(last).length >= MIN_PREFIX_LENGTH;
}

/** Whether a shipment's words match a typed word's: all whole, but the last as a prefix when lastWordIsPrefix. */
export function wordsMatch(stored: readonly string[], typed: Pick<QueryWord, 'words' | 'wordsPrefix'>): boolean {
  const last = typed.words.length - 1;
  const prefix = lastWordIsPrefix(typed);
  return typed.words.length > 0 && typed.words.every((w, i) => (i === last && prefix ? stored.some((word) => word.startsWith(w)) : stored.includes(w)));
}

/** A word as an FTS5 string: the index's words hold only letters and digits, so quoting is all it needs. */
export function ftsString(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}
