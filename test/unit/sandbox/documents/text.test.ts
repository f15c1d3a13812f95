import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import { fitLine, printable, textWidth, wrapLines } from '../../../../electron/sandbox/documents/text';

let font: PDFFont;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  font = await doc.embedFont(StandardFonts.Helvetica);
});

describe('printable', () => {
  it('keeps characters the standard fonts have', () => {
    expect(printable(font, 'Zoë Ñúñez, Straße 5, 20 €')).toBe('Zoë Ñúñez, Straße 5, 20 €');
  });

  it('drops accents the standard fonts lack and spells a few letters the Latin way', () => {
    expect(printable(font, 'Łódź Ostrava-Třinec Ærøskøbing Kraków')).toBe('Lódz Ostrava-Trinec Ærøskøbing Kraków');
    expect(printable(font, 'Ｔｏｋｙｏ ﬁne')).toBe('Tokyo fine');
  });

  it('replaces what has no Latin form with a question mark', () => {
    expect(printable(font, '東京 Москва 📦')).toBe('?? ?????? ?');
  });

  it('collapses tabs, newlines and control characters to single spaces', () => {
    expect(printable(font, '  1200\tIndustrial\r\n\u0000Pkwy  ')).toBe('1200 Industrial Pkwy');
  });

  it('always returns text the font can encode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(() => font.encodeText(printable(font, text))).not.toThrow();
      }),
    );
  });
});

describe('textWidth', () => {
  it('is the sum of the advance widths, without kerning (which a plain Tj does not apply)', () => {
    const sum = [...'AVATAR'].reduce((total, ch) => total + font.widthOfTextAtSize(ch, 10), 0);
    expect(textWidth(font, 'AVATAR', 10)).toBeCloseTo(sum, 6);
    expect(textWidth(font, 'AVATAR', 10)).toBeGreaterThan(font.widthOfTextAtSize('AVATAR', 10));
  });
});

describe('fitLine', () => {
  it('leaves text that fits alone', () => {
    expect(fitLine(font, 'Springfield', 12, 200, 8)).toMatchObject({ text: 'Springfield', size: 12 });
  });

  it('shrinks before it cuts', () => {
    const fitted = fitLine(font, 'Featherstonehaugh', 12, textWidth(font, 'Featherstonehaugh', 10), 8);
    expect(fitted.text).toBe('Featherstonehaugh');
    expect(fitted.size).toBeLessThan(12);
    expect(fitted.size).toBeGreaterThanOrEqual(8);
  });

  it('cuts with an ellipsis once the smallest size is reached', () => {
    const fitted = fitLine(font, 'Bartholomew Featherstonehaugh-Cholmondeley', 12, 100, 10);
    expect(fitted.size).toBe(10);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect('Bartholomew Featherstonehaugh-Cholmondeley'.startsWith(fitted.text.slice(0, -1))).toBe(true);
  });

  it('never returns text wider than the box', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 6, max: 30 }), fc.integer({ min: 0, max: 300 }), (raw, size, maxWidth) => {
        const fitted = fitLine(font, printable(font, raw), size, maxWidth, 6);
        expect(fitted.width).toBeLessThanOrEqual(maxWidth + 1e-9);
        expect(textWidth(font, fitted.text, fitted.size)).toBeCloseTo(fitted.width, 9);
      }),
    );
  });
});

describe('wrapLines', () => {
  it('wraps at spaces and keeps every word when there is room', () => {
    const lines = wrapLines(font, 'Stainless steel fasteners assorted sizes boxed', 9, 90, 5);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('Stainless steel fasteners assorted sizes boxed');
  });

  it('ends the last line with an ellipsis when the text does not fit in the lines allowed', () => {
    const lines = wrapLines(font, 'one two three four five six seven eight nine ten eleven twelve', 9, 60, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
  });

  it('breaks a word longer than a line', () => {
    const lines = wrapLines(font, 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch', 9, 80, 10);
    expect(lines.join('')).toBe('Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch');
  });

  it('never returns more lines than allowed, nor a line wider than the box', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.integer({ min: 20, max: 300 }), fc.integer({ min: 1, max: 4 }), (raw, maxWidth, maxLines) => {
        const lines = wrapLines(font, printable(font, raw), 9, maxWidth, maxLines);
        expect(lines.length).toBeLessThanOrEqual(maxLines);
        for (const line of lines) expect(textWidth(font, line, 9)).toBeLessThanOrEqual(maxWidth + 1e-9);
      }),
    );
  });
});
