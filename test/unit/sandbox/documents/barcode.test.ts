import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRINTER_DOT, QUIET_ZONE_MODULES, encodeCode128, placeCode128 } from '../../../../electron/sandbox/documents/barcode';
import { TRACKING_NUMBERS } from './fixtures';

/** Start (11) + check (11) + stop (13) modules around the data. */
const FRAME_MODULES = 35;

describe('encodeCode128', () => {
  it('packs digits two to a symbol character (code set C)', () => {
    // 12 digits: 6 data characters of 11 modules each.
    expect(encodeCode128(TRACKING_NUMBERS.FEDEX).modules).toBe(6 * 11 + FRAME_MODULES);
    expect(encodeCode128(TRACKING_NUMBERS.USPS).modules).toBe(11 * 11 + FRAME_MODULES);
    expect(encodeCode128(TRACKING_NUMBERS.DHL).modules).toBe(5 * 11 + FRAME_MODULES);
  });

  it('gives bars that start at 0, do not overlap and end at the symbol width', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\x21-\x7E]{1,30}$/), (text) => {
        const symbol = encodeCode128(text);
        expect(symbol.bars[0]?.start).toBe(0);
        for (let i = 1; i < symbol.bars.length; i += 1) {
          const previous = symbol.bars[i - 1];
          const bar = symbol.bars[i];
          expect(bar && previous && bar.start > previous.start + previous.width).toBe(true);
        }
        const last = symbol.bars.at(-1);
        expect(last && last.start + last.width).toBe(symbol.modules);
        // Every Code 128 pattern is 3 bars and 3 spaces, the stop pattern has one bar more.
        expect(symbol.bars.length % 3).toBe(1);
      }),
      { numRuns: 50 },
    );
  });

  it('says which text it could not encode', () => {
    expect(() => encodeCode128('東京')).toThrow(/cannot encode "東京" as Code 128/);
  });
});

describe('placeCode128', () => {
  it('uses 3-dot modules (14.8 mil at 203 dpi) for every carrier format', () => {
    for (const trackingNumber of Object.values(TRACKING_NUMBERS)) {
      expect(placeCode128(encodeCode128(trackingNumber), 8, 272)?.dotsPerModule).toBe(3);
    }
  });

  it('falls back to 2-dot modules for a long alphanumeric number, and gives up past that', () => {
    expect(placeCode128(encodeCode128('ALPHA-NUMERIC-REF-ABCDEFG'), 8, 272)?.dotsPerModule).toBe(2);
    expect(placeCode128(encodeCode128('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn'), 8, 272)).toBeUndefined();
  });

  it('starts on the printer dot grid and keeps both quiet zones inside the box', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{4,24}$/), fc.double({ min: 0, max: 20, noNaN: true }), (text, boxLeft) => {
        const boxWidth = 272;
        const placement = placeCode128(encodeCode128(text), boxLeft, boxWidth);
        if (placement === undefined) return;
        const dots = placement.x / PRINTER_DOT;
        expect(Math.abs(dots - Math.round(dots))).toBeLessThan(1e-9);
        const quiet = QUIET_ZONE_MODULES * placement.moduleWidth;
        expect(placement.x - quiet).toBeGreaterThanOrEqual(boxLeft - 1e-9);
        expect(placement.x + placement.symbolWidth + quiet).toBeLessThanOrEqual(boxLeft + boxWidth + 1e-9);
      }),
    );
  });
});
