/**
 * Street lines in postal form: USPS Publication 28 for the US, its Canada Post counterpart
 * for Canada, plain clean-up elsewhere. A line is read as
 *
 *   [house number] [pre-directional] name [suffix] [post-directional] [unit designator range]...
 *
 * and only the parts in those positions are abbreviated, so a street *named* North keeps its
 * name (`100 North Street` → `100 NORTH ST`) and `Avenue of the Americas` keeps its Avenue.
 * Every rule maps its output onto itself, so standardizing a standardized line changes nothing.
 */
import { compoundDirectional, DIRECTIONALS, type StreetRules } from './abbreviations';
import { cleanText, words } from './text';

export type LineKind = 'empty' | 'street' | 'poBox' | 'route' | 'military' | 'unit' | 'other';

export interface StandardLine {
  readonly text: string;
  readonly kind: LineKind;
  /** The house number as written (`500`, `123-45`, `12 1/2`), when the line starts with one. */
  readonly houseNumber: string | undefined;
  /** Standard unit designators found on the line (`STE`, `APT`, `#`). */
  readonly units: readonly string[];
}

/** A secondary range: something with a digit (`300`, `5B`, `12-C`) or a single letter. */
const RANGE = /^(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)*$|^[A-Z]$/;
const ORDINAL = /^(\d+)(?:ST|ND|RD|TH)$/;
const FRACTION = /^\d+\/\d+$/;
const STARTS_WITH_DIGIT = /^\d/;

function isRange(token: string | undefined): boolean {
  return token !== undefined && RANGE.test(token);
}

/** What may follow a designator: a range, or a directional (`STE NORTH`, `REAR W`). */
function isUnitValue(token: string | undefined): boolean {
  return isRange(token) || (token !== undefined && DIRECTIONALS.has(token));
}

/**
 * `#` only means something in front of a range, and after a designator it repeats it
 * (`APT # 5` is `APT 5`); every other `#` is dropped.
 */
function tidyHashes(tokens: readonly string[], rules: StreetRules): string[] {
  const out: string[] = [];
  tokens.forEach((token, i) => {
    if (token === '#') {
      if (!isRange(tokens[i + 1])) return;
      const previous = out[out.length - 1];
      if (previous !== undefined && rules.units.has(previous)) return;
    }
    out.push(token);
  });
  return out;
}

function isFloorWord(token: string | undefined, rules: StreetRules): boolean {
  return token !== undefined && rules.units.get(token)?.standard === rules.floor;
}

/**
 * `3RD FLOOR` at `i`. Not when the floor word has its own number (`3RD FL 5`): that is how
 * `3RD` in front of an already standardized `FL 5` reads, and must stay as it is.
 */
function ordinalFloorAt(tokens: readonly string[], i: number, rules: StreetRules): boolean {
  return ORDINAL.test(tokens[i] ?? '') && isFloorWord(tokens[i + 1], rules) && !isUnitValue(tokens[i + 2]);
}

/**
 * Whether the unit part of the line starts at `i`. Designators that need no number (`REAR`,
 * `LOBBY`) count only as the last word, right after a street suffix, on a line long enough
 * to have a number and a name before them: `100 Main St Front` gets its FRNT while
 * `100 Lake Front` stays a street.
 */
function unitStartsAt(tokens: readonly string[], i: number, rules: StreetRules): boolean {
  const token = tokens[i];
  if (token === undefined) return false;
  const next = tokens[i + 1];
  if (token === '#') return isRange(next);
  if (ordinalFloorAt(tokens, i, rules)) return true;
  const designator = rules.units.get(token);
  if (designator === undefined) return false;
  if (isUnitValue(next)) return true;
  return !designator.needsRange && next === undefined && i >= 3 && rules.suffixes.has(tokens[i - 1] ?? '');
}

/** `3RD FLOOR` → `FL 3`, `SUITE` → `STE`; ranges and other words are kept as written. */
function standardizeUnitWords(tokens: readonly string[], rules: StreetRules): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const ordinal = ORDINAL.exec(token);
    if (ordinal && ordinalFloorAt(tokens, i, rules)) {
      out.push(rules.floor, ordinal[1] ?? token);
      i++;
      continue;
    }
    out.push(rules.units.get(token)?.standard ?? token);
  }
  // `# 3RD FLOOR` became `# FL 3`, where the `#` no longer stands before a range.
  return tidyHashes(out, rules);
}

/** A name after the directional is a real name unless it is a lone suffix (`NORTH ST`). */
function isNameLeft(name: readonly string[], rules: StreetRules): boolean {
  return name.length >= 2 || (name.length === 1 && !rules.suffixes.has(name[0] ?? ''));
}

/** House numbers written as words (`One Microsoft Way`), which USPS writes in digits. */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN', 'ELEVEN', 'TWELVE'].map((word, i) => [word, String(i + 1)]),
);

/** House number, directionals and suffix of the street part (no units left in it). */
function standardizeStreetWords(tokens: readonly string[], rules: StreetRules): { words: string[]; houseNumber: string | undefined } {
  let houseNumber: string | undefined;
  let start = 0;
  // Only with a name after it: `ONE WAY` alone may be the street's name.
  const first = tokens.length >= 3 ? (NUMBER_WORDS.get(tokens[0] ?? '') ?? tokens[0]) : tokens[0];
  if (first !== undefined && STARTS_WITH_DIGIT.test(first)) {
    houseNumber = first;
    start = 1;
    const fraction = tokens[1];
    if (fraction !== undefined && FRACTION.test(fraction)) {
      houseNumber = `${first} ${fraction}`;
      start = 2;
    }
  }
  const name = tokens.slice(start);

  let post: string | undefined;
  if (name.length >= 3) {
    post = compoundDirectional(name[name.length - 2] ?? '', name[name.length - 1] ?? '');
    if (post !== undefined) name.splice(name.length - 2);
  }
  if (post === undefined && name.length >= 2) {
    post = DIRECTIONALS.get(name[name.length - 1] ?? '');
    if (post !== undefined) name.pop();
  }

  let pre: string | undefined;
  if (name.length >= 3) {
    const compound = compoundDirectional(name[0] ?? '', name[1] ?? '');
    if (compound !== undefined && isNameLeft(name.slice(2), rules)) {
      pre = compound;
      name.splice(0, 2);
    }
  }
  if (pre === undefined && name.length >= 2) {
    const single = DIRECTIONALS.get(name[0] ?? '');
    if (single !== undefined && isNameLeft(name.slice(1), rules)) {
      pre = single;
      name.shift();
    }
  }

  // Only the last word of a name of two or more words is its suffix: `100 AVENUE` keeps its word.
  if (name.length >= 2) {
    const last = name.length - 1;
    const suffix = rules.suffixes.get(name[last] ?? '');
    if (suffix !== undefined) name[last] = suffix;
  }

  const out: string[] = [];
  if (houseNumber !== undefined) out.push(houseNumber);
  if (pre !== undefined) out.push(pre);
  out.push(...name);
  if (post !== undefined) out.push(post);
  return { words: out, houseNumber };
}

const PO_BOX_OPENINGS: readonly (readonly string[])[] = [['POST', 'OFFICE', 'BOX'], ['P', 'O', 'BOX'], ['PO', 'BOX'], ['POBOX'], ['BOX']];

function startsWith(tokens: readonly string[], opening: readonly string[]): boolean {
  return opening.every((word, i) => tokens[i] === word);
}

/** `P.O. Box 12`, `Post Office Box 12`, `Box 12` → `PO BOX 12`. */
function poBox(tokens: readonly string[]): string[] | undefined {
  for (const opening of PO_BOX_OPENINGS) {
    // A bare `BOX` needs a number after it: `BOX N` may be a street called Box, north part.
    if (startsWith(tokens, opening) && (opening.length > 1 || /\d/.test(tokens[1] ?? ''))) return ['PO', 'BOX', ...tokens.slice(opening.length)];
  }
  return undefined;
}

const ROUTE_OPENINGS: readonly (readonly [readonly string[], string])[] = [
  [['RURAL', 'ROUTE'], 'RR'],
  [['R', 'R'], 'RR'],
  [['RR'], 'RR'],
  [['HIGHWAY', 'CONTRACT'], 'HC'],
  [['HC'], 'HC'],
];

/** Rural routes and highway contract routes: `Rural Route 2 Box 15` → `RR 2 BOX 15`. */
function route(tokens: readonly string[]): string[] | undefined {
  for (const [opening, standard] of ROUTE_OPENINGS) {
    if (startsWith(tokens, opening) && isRange(tokens[opening.length])) return [standard, ...tokens.slice(opening.length)];
  }
  return undefined;
}

/** Overseas military lines (`PSC 1234 BOX 5678`, `UNIT 2050 BOX 4190`) have no street. */
function isMilitary(tokens: readonly string[]): boolean {
  const first = tokens[0];
  return (first === 'PSC' || first === 'CMR' || first === 'UNIT') && isRange(tokens[1]) && tokens[2] === 'BOX';
}

function unitsOf(tokens: readonly string[], rules: StreetRules): string[] {
  return tokens.filter((token) => token === '#' || rules.units.get(token)?.standard === token);
}

function line(tokens: readonly string[], kind: LineKind, houseNumber: string | undefined, units: readonly string[]): StandardLine {
  return { text: tokens.join(' '), kind: tokens.length === 0 ? 'empty' : kind, houseNumber, units };
}

/**
 * Address line 1. With `rules` undefined (countries whose postal rules the sandbox does not
 * know) the line is only cleaned: upper case, no punctuation, single spaces.
 */
export function standardizeStreetLine(raw: string, rules: StreetRules | undefined): StandardLine {
  const cleaned = words(cleanText(raw));
  if (rules === undefined) return line(cleaned, 'other', undefined, []);

  let tokens = tidyHashes(cleaned, rules);
  // A unit written first (`Apt 5, 123 Main St`) goes after the street, where Pub 28 wants it.
  const [first, second, third] = tokens;
  if (first !== undefined && (first === '#' || rules.units.has(first)) && isRange(second) && third !== undefined && STARTS_WITH_DIGIT.test(third)) {
    tokens = tidyHashes([...tokens.slice(2), first, second ?? ''], rules);
  }
  // A `#` before the house number (`#5 Main St`) is not a unit.
  while (tokens[0] === '#' || tokens[1] === '#') tokens.splice(tokens[0] === '#' ? 0 : 1, 1);

  const box = poBox(tokens);
  if (box) return line(box, 'poBox', undefined, []);
  const rural = route(tokens);
  if (rural) return line(rural, 'route', undefined, []);
  if (isMilitary(tokens)) return line(tokens, 'military', undefined, []);

  let split = tokens.length;
  for (let i = 2; i < tokens.length; i++) {
    if (unitStartsAt(tokens, i, rules)) {
      split = i;
      break;
    }
  }
  const street = standardizeStreetWords(tokens.slice(0, split), rules);
  const units = standardizeUnitWords(tokens.slice(split), rules);
  return line([...street.words, ...units], 'street', street.houseNumber, unitsOf(units, rules));
}

/**
 * Address line 2: most often a unit (`Suite 300` → `STE 300`, `#5` → `# 5`, `3rd Floor` →
 * `FL 3`); a line that starts with a house number is read as a street line; anything else
 * (`C/O Jane Doe`, `Attn Receiving`) is only cleaned.
 */
export function standardizeSecondLine(raw: string, rules: StreetRules | undefined): StandardLine {
  const cleaned = words(cleanText(raw));
  if (rules === undefined) return line(cleaned, 'other', undefined, []);

  const tokens = tidyHashes(cleaned, rules);
  const [first] = tokens;
  if (first === undefined) return line([], 'empty', undefined, []);
  const startsWithUnit = first === '#' || rules.units.has(first) || ordinalFloorAt(tokens, 0, rules);
  if (startsWithUnit) {
    const units = standardizeUnitWords(tokens, rules);
    return line(units, 'unit', undefined, unitsOf(units, rules));
  }
  if (STARTS_WITH_DIGIT.test(first)) return standardizeStreetLine(tokens.join(' '), rules);
  return line(tokens, 'other', undefined, []);
}
