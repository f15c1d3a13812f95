/**
 * The streaming CSV reader against what a spreadsheet writes: any table of any cells (quotes,
 * delimiters, line ends and non-Latin text inside them), written by papaparse with any of the four
 * delimiters and CRLF or LF, cut into pieces anywhere, reads back exactly (property test); plus the
 * lenient cases and the two faults it refuses.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CsvRecords, CsvShapeError } from '../../../electron/orders/csvRecords';

function readAll(pieces: readonly string[], delimiter = ',', max = 1_000_000): string[][] {
  const parser = new CsvRecords(delimiter, max);
  const out: string[][] = [];
  for (const piece of pieces) parser.push(piece, out);
  parser.end(out);
  return out;
}

/** Cuts `text` at the given places. */
const cut = (text: string, at: readonly number[]): string[] => {
  const places = [...new Set(at.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
  return [...places, text.length].map((end, i) => text.slice(i === 0 ? 0 : places[i - 1], end));
};

describe('CSV records as a stream', () => {
  it('read back any table a spreadsheet writes, however the text is cut', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', ',', ';', '\t', '|', '\n', '\r', 'ü', '日', '1') });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(',', ';', '\t', '|'),
        fc.constantFrom('\r\n', '\n'),
        fc.array(fc.nat(), { maxLength: 6 }),
        (table, delimiter, newline, at) => {
          // A row of one empty cell writes as an empty line, which reads as a row of one empty cell too.
          const text = Papa.unparse(table, { delimiter, newline, quotes: (value) => typeof value === 'string' && /[",;\t|\r\n]/.test(value) });
          expect(readAll(cut(text, at), delimiter)).toEqual(table);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a quote inside an unquoted field, joins text after a closing quote, and takes a lone CR as a line end', () => {
    expect(readAll(['a 5" tall,b\r', 'c,"d"e\n'])).toEqual([
      ['a 5" tall', 'b'],
      ['c', 'de'],
    ]);
    expect(readAll(['x,y\rz,w'])).toEqual([
      ['x', 'y'],
      ['z', 'w'],
    ]);
  });

  it('refuses a quoted field never closed, and a row past its bound even when its quote never closes', () => {
    expect(() => readAll(['a,"b\nc'])).toThrow(new CsvShapeError('quoteNotClosed'));
    expect(() => readAll(['a,"', 'x'.repeat(50), 'x'.repeat(60)], ',', 100)).toThrow(new CsvShapeError('rowTooLong'));
    expect(() => readAll([`a,${'x'.repeat(101)}\n`], ',', 100)).toThrow(new CsvShapeError('rowTooLong'));
  });
});
