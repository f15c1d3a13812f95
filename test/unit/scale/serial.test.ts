/**
 * Serial scales' byte streams (SICS and CAS-style), fed in chunks the way a serial port hands
 * them over: a line split across reads, several lines in one read, CR, LF and CRLF.
 */
import { describe, expect, it } from 'vitest';
import { LineReader, parseCasLine, parseSicsLine, SerialScaleDecoder } from '../../../renderer/src/lib/scale/serial';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('LineReader', () => {
  it('joins a line split across reads', () => {
    const lines = new LineReader();
    expect(lines.push(bytes('S S    '))).toEqual([]);
    expect(lines.push(bytes('  0.50 k'))).toEqual([]);
    expect(lines.push(bytes('g\r\n'))).toEqual(['S S      0.50 kg']);
  });

  it('gives several lines of one read in order, whatever ends them', () => {
    const lines = new LineReader();
    expect(lines.push(bytes('one\rtwo\nthree\r\nfour'))).toEqual(['one', 'two', 'three']);
    expect(lines.push(bytes('\n'))).toEqual(['four']);
  });

  it('does not make an empty line of a CRLF split between reads', () => {
    const lines = new LineReader();
    expect(lines.push(bytes('a\r'))).toEqual(['a']);
    expect(lines.push(bytes('\nb\r'))).toEqual(['b']);
    expect(lines.push(bytes('\n'))).toEqual([]);
  });

  it('drops noise that never ends a line', () => {
    const lines = new LineReader();
    lines.push(new Uint8Array(300).fill(0x41));
    expect(lines.push(bytes('S S 1.00 kg\n'))).toEqual(['S S 1.00 kg']);
  });
});

describe('SICS', () => {
  it('reads stable, dynamic, busy, overload and underload', () => {
    expect(parseSicsLine('S S      0.50 kg')).toEqual({ status: 'stable', weight: 0.5, unit: 'kg', increment: 0.01 });
    expect(parseSicsLine('S D      0.52 kg')).toEqual({ status: 'motion', weight: 0.52, unit: 'kg', increment: 0.01 });
    expect(parseSicsLine('S I')).toMatchObject({ status: 'busy', weight: null });
    expect(parseSicsLine('S +')).toMatchObject({ status: 'overload', weight: null });
    expect(parseSicsLine('S -')).toMatchObject({ status: 'underZero', weight: null });
  });

  it('reads a negative weight as under zero and zero as zero', () => {
    expect(parseSicsLine('S S     -0.35 kg')).toEqual({ status: 'underZero', weight: -0.35, unit: 'kg', increment: 0.01 });
    expect(parseSicsLine('S S -   0.35 kg')).toMatchObject({ status: 'underZero', weight: -0.35 });
    expect(parseSicsLine('S S      0.00 kg')).toMatchObject({ status: 'zero', weight: 0 });
  });

  it('reads pounds, ounces and grams', () => {
    expect(parseSicsLine('S S     12.345 lb')).toEqual({ status: 'stable', weight: 12.345, unit: 'lb', increment: 0.001 });
    expect(parseSicsLine('S S      8.4 oz')).toMatchObject({ unit: 'oz', weight: 8.4 });
    expect(parseSicsLine('S S    500 g')).toMatchObject({ unit: 'g', weight: 500, increment: 1 });
  });

  it('ignores other answers and unknown units', () => {
    expect(parseSicsLine('ES')).toBeUndefined();
    expect(parseSicsLine('Z A')).toBeUndefined();
    expect(parseSicsLine('S S 1.00 furlong')).toBeUndefined();
    expect(parseSicsLine('ST,GS,+  0.500kg')).toBeUndefined();
  });
});

describe('CAS-style lines', () => {
  it('reads stable, unstable and overload', () => {
    expect(parseCasLine('ST,GS,+  0.500kg')).toEqual({ status: 'stable', weight: 0.5, unit: 'kg', increment: 0.001 });
    expect(parseCasLine('US,GS,+  0.480kg')).toMatchObject({ status: 'motion', weight: 0.48 });
    expect(parseCasLine('OL,GS')).toMatchObject({ status: 'overload', weight: null });
    expect(parseCasLine('OL,GS,+ 99.999kg')).toMatchObject({ status: 'overload', weight: null });
  });

  it('reads net, negative, zero and pounds', () => {
    expect(parseCasLine('ST,NT,+001.25lb')).toMatchObject({ status: 'stable', weight: 1.25, unit: 'lb', increment: 0.01 });
    expect(parseCasLine('ST,GS,-  0.120kg')).toMatchObject({ status: 'underZero', weight: -0.12 });
    expect(parseCasLine('ST,GS,+  0.000kg')).toMatchObject({ status: 'zero', weight: 0 });
  });

  it('ignores other lines', () => {
    expect(parseCasLine('S S      0.50 kg')).toBeUndefined();
    expect(parseCasLine('ST,GS,+  0.500')).toBeUndefined();
  });
});

describe('SerialScaleDecoder', () => {
  it('reads a SICS stream chunked anywhere', () => {
    const decoder = new SerialScaleDecoder('sics');
    const stream = 'S D      0.48 kg\r\nS D      0.51 kg\r\nS S      0.50 kg\r\nS +\r\n';
    const readings = [];
    // Three bytes at a time: every line split across reads.
    for (let i = 0; i < stream.length; i += 3) readings.push(...decoder.push(bytes(stream.slice(i, i + 3))));
    expect(readings.map((r) => [r.status, r.weight])).toEqual([
      ['motion', 0.48],
      ['motion', 0.51],
      ['stable', 0.5],
      ['overload', null],
    ]);
  });

  it('reads a CAS stream with several lines in one read and one line over two', () => {
    const decoder = new SerialScaleDecoder('cas');
    expect(decoder.push(bytes('US,GS,+  1.020kg\nST,GS,+  1.000kg\nST,G')).map((r) => r.status)).toEqual(['motion', 'stable']);
    expect(decoder.push(bytes('S,+  1.000kg\r\n'))).toEqual([{ status: 'stable', weight: 1, unit: 'kg', increment: 0.001 }]);
  });

  it('skips lines of the other protocol and garbage', () => {
    const decoder = new SerialScaleDecoder('sics');
    expect(decoder.push(bytes('ST,GS,+  1.000kg\r\n\x00\xff junk\r\nS S 2.00 kg\r\n'))).toEqual([{ status: 'stable', weight: 2, unit: 'kg', increment: 0.01 }]);
  });
});
