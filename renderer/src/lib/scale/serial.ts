/**
 * Serial scales: their lines of text as readings. Two families are read:
 *
 *  - Mettler Toledo SICS (the answer to S, SI and SIR): "S S      0.50 kg" stable, "S D      0.52 kg"
 *    dynamic (moving), "S I" busy, "S +" overload, "S -" underload.
 *  - CAS and the many scales that copy it: "ST,GS,+  0.500kg" (ST stable, US unstable, OL
 *    overload; GS gross, NT net).
 *
 * A serial port hands over bytes as they come: a line may be split across reads and a read may
 * hold several lines, ended by CR, LF or CRLF. `LineReader` puts lines back together.
 */
import { incrementOf, type MassUnit, type ScaleReading } from './reading';

export type SerialProtocol = 'sics' | 'cas';

/** Longer than any line a scale sends: bytes without a line end past this are noise, dropped. */
const MAX_LINE = 128;

/** Unit words serial scales print, as MassUnit. */
const SERIAL_UNITS: Readonly<Record<string, MassUnit>> = {
  mg: 'mg',
  g: 'g',
  kg: 'kg',
  t: 't',
  ct: 'ct',
  lb: 'lb',
  lbs: 'lb',
  oz: 'oz',
  ozt: 'ozt',
  dwt: 'dwt',
  gn: 'gr',
  gr: 'gr',
};

function unitOf(word: string | undefined): MassUnit | null {
  return word === undefined ? null : (SERIAL_UNITS[word.toLowerCase()] ?? null);
}

/** Puts a serial stream's chunks back into lines (without their ends; empty lines are skipped). */
export class LineReader {
  #pending = '';
  // Scales speak ASCII: one byte, one character, whatever the chunking.
  readonly #decoder = new TextDecoder('latin1');

  /** The whole lines a chunk completes, in order. */
  push(chunk: Uint8Array): string[] {
    this.#pending += this.#decoder.decode(chunk, { stream: true });
    const parts = this.#pending.split(/\r\n|\r|\n/);
    // The last part has no line end yet (it is '' when the chunk ended with one).
    this.#pending = parts.pop() ?? '';
    if (this.#pending.length > MAX_LINE) this.#pending = '';
    // A CR at the end of one chunk and its LF at the start of the next make an empty line: skipped.
    return parts.filter((line) => line.trim() !== '');
  }
}

/** A SICS weight answer as a reading; undefined for any other line (acknowledgements, errors ES/ET/EL). */
export function parseSicsLine(line: string): ScaleReading | undefined {
  const match = /^\s*S\s+([SDI+-])(?:\s+(-?)\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+))?\s*$/.exec(line);
  if (match === null) return undefined;
  const [, code, sign, number, unitWord] = match;
  if (code === 'I') return { status: 'busy', weight: null, unit: null, increment: 1 };
  if (code === '+') return { status: 'overload', weight: null, unit: null, increment: 1 };
  if (code === '-') return { status: 'underZero', weight: null, unit: null, increment: 1 };
  if (number === undefined) return undefined;
  const unit = unitOf(unitWord);
  if (unit === null) return undefined;
  const weight = Number(number) * (sign === '-' ? -1 : 1);
  const status = code === 'D' ? 'motion' : weight < 0 ? 'underZero' : weight === 0 ? 'zero' : 'stable';
  return { status, weight, unit, increment: incrementOf(number) };
}

/** A CAS-style line ("ST,GS,+  0.500kg") as a reading; undefined for any other line. */
export function parseCasLine(line: string): ScaleReading | undefined {
  const match = /^\s*(ST|US|OL)\s*,\s*(GS|NT|TR|GW|NW)\s*,?\s*(?:([+-])?\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)?)?\s*$/i.exec(line);
  if (match === null) return undefined;
  const [, state, , sign, number, unitWord] = match;
  const head = (state ?? '').toUpperCase();
  if (head === 'OL') return { status: 'overload', weight: null, unit: unitOf(unitWord), increment: number === undefined ? 1 : incrementOf(number) };
  if (number === undefined) return undefined;
  const unit = unitOf(unitWord);
  if (unit === null) return undefined;
  const weight = Number(number) * (sign === '-' ? -1 : 1);
  const status = head === 'US' ? 'motion' : weight < 0 ? 'underZero' : weight === 0 ? 'zero' : 'stable';
  return { status, weight, unit, increment: incrementOf(number) };
}

/** A serial scale's stream as readings: chunks in, the readings their lines complete out. */
export class SerialScaleDecoder {
  readonly #lines = new LineReader();
  readonly #parse: (line: string) => ScaleReading | undefined;

  constructor(protocol: SerialProtocol) {
    this.#parse = protocol === 'sics' ? parseSicsLine : parseCasLine;
  }

  push(chunk: Uint8Array): ScaleReading[] {
    return this.#lines.push(chunk).flatMap((line) => {
      const reading = this.#parse(line);
      return reading === undefined ? [] : [reading];
    });
  }
}
