import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { MIN_SCAN_LENGTH, SCAN_KEY_GAP_MS, ScanDetector, splitHeld, type Stroke } from './scanner';

/** Keys typed `gap` ms apart from `at`, then Enter `gap` later. */
function typed(text: string, at: number, gap: number, enter = true): Stroke[] {
  const keys: Stroke[] = [...text].map((key, i) => ({ key, at: at + i * gap }));
  return enter ? [...keys, { key: 'Enter', at: at + text.length * gap }] : keys;
}

describe('the scan detector', () => {
  it('takes keys at a scanner pace ending with Enter as a scan', () => {
    const detector = new ScanDetector();
    for (const stroke of typed('SO-1002', 1000, 8, false)) detector.push(stroke);
    expect(detector.enter(1000 + 7 * 8)).toBe('SO-1002');
    expect(detector.pending).toBe(false);
  });

  it("does not take a person's keys, a late Enter or a short run for a scan", () => {
    const person = new ScanDetector();
    for (const stroke of typed('SO-1002', 1000, 120, false)) person.push(stroke);
    expect(person.enter(1000 + 7 * 120)).toBeUndefined();
    const late = new ScanDetector();
    for (const stroke of typed('SO-1002', 1000, 8, false)) late.push(stroke);
    expect(late.enter(1000 + 56 + 500)).toBeUndefined();
    const short = new ScanDetector();
    for (const stroke of typed('3', 1000, 8, false)) short.push(stroke);
    expect(short.enter(1008)).toBeUndefined();
  });

  it('starts over after a pause: only the fast run before Enter is the scan', () => {
    const detector = new ScanDetector();
    for (const stroke of [...typed('xx', 0, 8, false), ...typed('TA-1', 5000, 6, false)]) detector.push(stroke);
    expect(detector.enter(5000 + 24)).toBe('TA-1');
  });

  it('takes a space inside a scan, not a lone one', () => {
    const detector = new ScanDetector();
    expect(detector.takesSpace(100)).toBe(false);
    detector.push({ key: 'A', at: 100 });
    expect(detector.takesSpace(105)).toBe(true);
    expect(detector.takesSpace(100 + SCAN_KEY_GAP_MS + 1)).toBe(false);
  });
});

describe('keys held while an order loads', () => {
  it('come back as the scans and the keys they were, in order: "TA-1" Enter then "Zed Q" typed by a person', () => {
    const strokes = [...typed('TA-1', 0, 5), ...typed('Zed Q', 300, 150, false)];
    expect(splitHeld(strokes)).toEqual([
      { kind: 'scan', text: 'TA-1' },
      ...[...'Zed Q'].map((key, i) => ({ kind: 'key', stroke: { key, at: 300 + i * 150 } })),
    ]);
  });

  it('a second scan among keys is a scan, and a Tab or a slow Enter are keys', () => {
    const strokes: Stroke[] = [{ key: 'Tab', at: 0 }, ...typed('#1002', 100, 4), { key: '3', at: 400 }, { key: 'Enter', at: 900 }];
    expect(splitHeld(strokes)).toEqual([
      { kind: 'key', stroke: { key: 'Tab', at: 0 } },
      { kind: 'scan', text: '#1002' },
      { kind: 'key', stroke: { key: '3', at: 400 } },
      { kind: 'key', stroke: { key: 'Enter', at: 900 } },
    ]);
  });

  it('lose no key and invent none: every key is in a scan or played as itself, in order', () => {
    const stroke = fc.record({ key: fc.constantFrom('A', 'b', '1', '-', ' ', 'Enter', 'Tab', 'Backspace'), gap: fc.integer({ min: 0, max: 200 }) });
    fc.assert(
      fc.property(fc.array(stroke, { maxLength: 40 }), (picks) => {
        let at = 0;
        const strokes = picks.map(({ key, gap }) => ({ key, at: (at += gap) }));
        const replayed = splitHeld(strokes).flatMap((held) => (held.kind === 'key' ? [held.stroke.key] : [...held.text, 'Enter']));
        // A scan's text is trimmed: the spaces around it are the only keys it may drop.
        expect(replayed.filter((key) => key !== ' ')).toEqual(strokes.map((s) => s.key).filter((key) => key !== ' '));
        for (const held of splitHeld(strokes)) if (held.kind === 'scan') expect(held.text.length).toBeGreaterThanOrEqual(MIN_SCAN_LENGTH);
      }),
      { numRuns: 2000 },
    );
  });
});
