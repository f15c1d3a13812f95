/**
 * The text side of local search, shared by the index (what a shipment is found by) and the
 * query (what the packer typed), so both sides cut identifiers the same way.
 *
 * The FTS5 table has three columns (tokenizer unicode61, prefix index 2, 3 and 4):
 *  - words: every searchable value as written (names, cities, identifiers);
 *  - ids:   identifiers with their separators removed, so "SO1234" finds "SO-1234567";
 *  - tails: those identifiers reversed, so the last digits of a tracking number are a
 *           prefix query ("23456784" → tails : "48765432"*), the fast kind.
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

export interface SearchFields {
  /** Tracking numbers, the service id, the station reference, order numbers, POs, other references. */
  readonly identifiers: readonly (string | null | undefined)[];
  /** Recipient name, company and city. */
  readonly names: readonly (string | null | undefined)[];
}

export interface SearchDocument {
  readonly words: string;
  readonly ids: string;
  readonly tails: string;
}

function present(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value.trim() !== ''))];
}

export function searchDocument(fields: SearchFields): SearchDocument {
  const identifiers = present(fields.identifiers);
  const compacts = [...new Set(identifiers.map(compactIdentifier).filter((id) => id !== ''))];
  // An identifier without separators is already one token in `words`: only the others need `ids`.
  const separated = identifiers.filter((id) => /[^\p{L}\p{N}]/u.test(id)).map(compactIdentifier);
  return {
    words: [...identifiers, ...present(fields.names)].join('\n'),
    ids: [...new Set(separated)].filter((id) => id !== '').join(' '),
    tails: compacts.map(reversed).join(' '),
  };
}

/** Words shorter than this match whole tokens only: a one-letter prefix would match half the index. */
export const MIN_PREFIX_LENGTH = 2;
/** Words at least this long also match the end of identifiers ("the last digits"). */
export const MIN_TAIL_LENGTH = 4;
/** Grouped digits joined to at least this many characters are also searched as one identifier. */
export const MIN_GROUPED_LENGTH = 8;
/** Words beyond this many are ignored: a pasted paragraph is not a search. */
export const MAX_QUERY_WORDS = 12;

/** A phrase in FTS5 query syntax: inside double quotes only `"` is special, and it is doubled. */
function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The FTS5 MATCH expression for what a packer typed, or null when it holds nothing to
 * search for. Every word becomes a quoted phrase, so the query syntax (`*`, `-`, `^`,
 * `:`, `NEAR`, `AND`/`OR`/`NOT`, parentheses) typed by a person is searched as text,
 * never obeyed. Words are ANDed; each matches as a prefix, or as the end of an identifier.
 */
export function matchExpression(text: string): string | null {
  const terms: string[] = [];
  const words = text.replace(/\p{Cc}/gu, ' ').split(/\s+/u);
  for (const word of words) {
    const compact = compactIdentifier(word);
    if (compact === '') continue;
    terms.push(wordTerm(word, compact));
    if (terms.length === MAX_QUERY_WORDS) break;
  }
  if (terms.length === 0) return null;
  const all = terms.join(' AND ');
  // A number typed in groups as printed ("9400 1118 9922 …") is also tried as one identifier.
  const joined = compactIdentifier(words.slice(0, MAX_QUERY_WORDS).join(''));
  return terms.length > 1 && joined.length >= MIN_GROUPED_LENGTH && /\p{N}/u.test(joined) ? `(${all}) OR ${wordTerm(joined, joined)}` : all;
}

function wordTerm(word: string, compact: string): string {
  const forward = `{words ids} : ${phrase(word)}${compact.length >= MIN_PREFIX_LENGTH ? '*' : ''}`;
  return compact.length >= MIN_TAIL_LENGTH ? `(${forward} OR tails : ${phrase(reversed(compact))}*)` : forward;
}
