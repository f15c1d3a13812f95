/**
 * Making caller text printable with the PDF standard fonts and fitting it into a box.
 *
 * The standard fonts (Helvetica and friends) need no font file, which keeps a label small
 * and fast, but they only know the WinAnsi character set. Addresses arrive in any script,
 * so every string goes through `printable` first: characters WinAnsi has stay as they are
 * (é, ñ, ß, €), accented letters it lacks lose their accent (ő → o), a few letters get a
 * conventional Latin spelling (ł → l), and anything else becomes `?` instead of crashing
 * the encoder.
 */
import type { PDFFont } from 'pdf-lib';

/** Letters that Unicode decomposition does not reduce to a WinAnsi base letter. */
const LATIN_FALLBACKS: Readonly<Record<string, string>> = {
  'ł': 'l', 'Ł': 'L', 'đ': 'd', 'Đ': 'D', 'ħ': 'h', 'Ħ': 'H', 'ı': 'i', 'ŀ': 'l', 'Ŀ': 'L',
  'ŋ': 'n', 'Ŋ': 'N', 'ŧ': 't', 'Ŧ': 'T', 'ĸ': 'k', 'ſ': 's', 'ǝ': 'e', 'ə': 'e', 'Ə': 'E',
  '‐': '-', '‑': '-', '‒': '-', '−': '-', '′': "'", '″': '"', '‹': '<', '›': '>',
};

const REPLACEMENT = '?';
const ELLIPSIS = '…';

let winAnsiCodePoints: ReadonlySet<number> | undefined;

/** WinAnsi is shared by every non-symbol standard font, so the set is built once per process. */
function supportedCodePoints(font: PDFFont): ReadonlySet<number> {
  winAnsiCodePoints ??= new Set(font.getCharacterSet());
  return winAnsiCodePoints;
}

function isPrintableBy(text: string, supported: ReadonlySet<number>): boolean {
  for (const ch of text) {
    if (!supported.has(ch.codePointAt(0) ?? -1)) return false;
  }
  return true;
}

function transliterate(ch: string, supported: ReadonlySet<number>): string {
  const fallback = LATIN_FALLBACKS[ch];
  if (fallback !== undefined) return fallback;
  // NFKD also folds full-width forms (Ａ → A) and ligatures (ﬁ → fi) to plain letters.
  const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return base !== '' && isPrintableBy(base, supported) ? base : REPLACEMENT;
}

/**
 * The text as the font can print it: whitespace runs (tabs, newlines) collapse to one
 * space, control characters go, and characters outside WinAnsi are transliterated or
 * replaced. Never throws.
 */
export function printable(font: PDFFont, text: string): string {
  const supported = supportedCodePoints(font);
  const collapsed = text.normalize('NFC').replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if (isPrintableBy(collapsed, supported)) return collapsed;
  let out = '';
  for (const ch of collapsed) out += supported.has(ch.codePointAt(0) ?? -1) ? ch : transliterate(ch, supported);
  return out;
}

/** Advance widths per font name, per character, at 1 pt. */
const advanceWidths = new Map<string, Map<string, number>>();

/**
 * The width the text really takes when drawn. pdf-lib's `widthOfTextAtSize` adds kerning
 * pairs, but a plain `Tj` does not apply them, so right-aligned text measured that way
 * overhangs its box by a point or two. Summing single characters gives the drawn width,
 * and remembering them makes measuring a cheap lookup instead of a glyph encoding.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let widths = advanceWidths.get(font.name);
  if (widths === undefined) {
    widths = new Map();
    advanceWidths.set(font.name, widths);
  }
  let total = 0;
  for (const ch of text) {
    let width = widths.get(ch);
    if (width === undefined) {
      width = font.widthOfTextAtSize(ch, 1);
      widths.set(ch, width);
    }
    total += width;
  }
  return total * size;
}

export interface FittedText {
  readonly text: string;
  readonly size: number;
  readonly width: number;
}

/** The longest prefix of `text` that, followed by an ellipsis, fits in `maxWidth`. */
function truncateToWidth(font: PDFFont, text: string, size: number, maxWidth: number): FittedText {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(font, text.slice(0, mid).trimEnd() + ELLIPSIS, size) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  const cut = low === 0 ? '' : text.slice(0, low).trimEnd() + ELLIPSIS;
  return { text: cut, size, width: cut === '' ? 0 : textWidth(font, cut, size) };
}

/**
 * Fits already printable text on one line: shrinks it down to `minSize` first (a slightly
 * smaller street name is better than a cut one), then cuts it with an ellipsis.
 */
export function fitLine(font: PDFFont, text: string, size: number, maxWidth: number, minSize = size): FittedText {
  const width = textWidth(font, text, size);
  if (width <= maxWidth) return { text, size, width };
  // Width grows linearly with size; round down to a half point so the result surely fits.
  const shrunk = Math.max(minSize, Math.floor(((size * maxWidth) / width) * 2) / 2);
  if (shrunk < size) {
    const shrunkWidth = textWidth(font, text, shrunk);
    if (shrunkWidth <= maxWidth) return { text, size: shrunk, width: shrunkWidth };
  }
  return truncateToWidth(font, text, Math.min(size, shrunk), maxWidth);
}

/** Splits a word wider than the line at the last character that still fits. */
function breakLongWord(font: PDFFont, word: string, size: number, maxWidth: number): [string, string] {
  let end = 1;
  while (end < word.length && textWidth(font, word.slice(0, end + 1), size) <= maxWidth) end += 1;
  return [word.slice(0, end), word.slice(end)];
}

/**
 * Wraps printable text into at most `maxLines` lines no wider than `maxWidth`; whatever
 * does not fit ends the last line with an ellipsis.
 */
export function wrapLines(font: PDFFont, text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  const words = text.split(' ').filter((word) => word !== '');
  let current = '';
  while (words.length > 0 && lines.length < maxLines) {
    const word = words[0] ?? '';
    const candidate = current === '' ? word : `${current} ${word}`;
    if (textWidth(font, candidate, size) <= maxWidth) {
      current = candidate;
      words.shift();
    } else if (current === '') {
      const [head, rest] = breakLongWord(font, word, size, maxWidth);
      lines.push(head);
      words[0] = rest;
    } else {
      lines.push(current);
      current = '';
    }
  }
  if (current !== '' && lines.length < maxLines) lines.push(current);
  if (words.length > 0 && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = truncateToWidth(font, `${lines[last] ?? ''} ${words.join(' ')}`, size, maxWidth).text;
  }
  return lines;
}
