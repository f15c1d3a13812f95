/**
 * A barcode scanner is a keyboard that types fast and ends with Enter. This tells its keys from a
 * person's by their time stamps (when each key was pressed, not when a busy page handled it), so
 * a scan lands as a scan whatever has the focus, and keys that arrive while an order loads are
 * kept in order and played back after it, never dropped or sent to the wrong field.
 */

/** Scanners send keys a few milliseconds apart; people rarely keep under this between keys. */
export const SCAN_KEY_GAP_MS = 45;
/** Shorter runs are a person's quick keys ("3" for a box preset, "OK"), not a scan. */
export const MIN_SCAN_LENGTH = 3;

/** A key as it was pressed: `key` as KeyboardEvent names it, `at` its time stamp in ms. */
export interface Stroke {
  readonly key: string;
  readonly at: number;
  readonly shift?: boolean;
}

/** A printable key: one character, which a scan is made of. */
export const isPrintable = (key: string): boolean => [...key].length === 1;

/**
 * Follows keys that reach something a scan cannot mean (a button, a result, a list): printable
 * keys typed at a scanner's pace build up a scan, and Enter right after them ends it.
 */
export class ScanDetector {
  #text = '';
  #last = Number.NEGATIVE_INFINITY;

  /** Whether keys are building up a possible scan now. */
  get pending(): boolean {
    return this.#text !== '';
  }

  /** A printable key: kept as part of a scan when it comes at a scanner's pace after the last. */
  push(stroke: Stroke): void {
    if (stroke.at - this.#last > SCAN_KEY_GAP_MS) this.#text = '';
    this.#text += stroke.key;
    this.#last = stroke.at;
  }

  /** Whether a space now would be part of the scan under way (else it is a press of a button). */
  takesSpace(at: number): boolean {
    return this.#text !== '' && at - this.#last <= SCAN_KEY_GAP_MS;
  }

  /** Enter: the scan it ends, or undefined when the keys before it were not a scan. Starts over either way. */
  enter(at: number): string | undefined {
    const text = this.#text;
    const fast = at - this.#last <= SCAN_KEY_GAP_MS;
    this.clear();
    return fast && text.trim().length >= MIN_SCAN_LENGTH ? text.trim() : undefined;
  }

  clear(): void {
    this.#text = '';
    this.#last = Number.NEGATIVE_INFINITY;
  }
}

/** What keys held while an order loaded come to: scans, and the other keys one by one. */
export type Held = { readonly kind: 'scan'; readonly text: string } | { readonly kind: 'key'; readonly stroke: Stroke };

/**
 * Splits held keys, in the order they were pressed, into scans (printable keys at a scanner's
 * pace, at least MIN_SCAN_LENGTH of them, ended by an Enter at that pace) and single keys for
 * whatever has the focus once the order is on screen.
 */
export function splitHeld(strokes: readonly Stroke[]): Held[] {
  const out: Held[] = [];
  let i = 0;
  while (i < strokes.length) {
    let j = i;
    let text = '';
    while (j < strokes.length && isPrintable(strokes[j]?.key ?? '') && (j === i || (strokes[j]?.at ?? 0) - (strokes[j - 1]?.at ?? 0) <= SCAN_KEY_GAP_MS)) {
      text += strokes[j]?.key ?? '';
      j += 1;
    }
    const enter = strokes[j];
    const previous = strokes[j - 1];
    if (j > i && enter?.key === 'Enter' && previous !== undefined && enter.at - previous.at <= SCAN_KEY_GAP_MS && text.trim().length >= MIN_SCAN_LENGTH) {
      out.push({ kind: 'scan', text: text.trim() });
      i = j + 1;
      continue;
    }
    const stroke = strokes[i];
    if (stroke !== undefined) out.push({ kind: 'key', stroke });
    i += 1;
  }
  return out;
}
