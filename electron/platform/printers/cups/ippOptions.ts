/**
 * Job options ("media=na_index-4x6_4x6in", "sides=one-sided") as IPP job attributes, typed the
 * way `lp -o` types them (libcups' option table): a known option gets its IPP syntax, an unknown
 * one is a boolean when it says true or false and a name otherwise, which is how CUPS passes PPD
 * options such as "PageSize=w288h432" on to the driver. Collection values (media-col) are refused
 * rather than half-encoded.
 */
import { PrintBackendError } from '../backend';
import { VALUE } from './ippWire';
import type { IppAttribute, IppValue } from './ippWire';

interface Syntax {
  readonly tag: number;
  /** Comma-separated values become several values, as lp does for these. */
  readonly multi?: true;
}

const INTEGER: Syntax = { tag: VALUE.integer };
const BOOLEAN: Syntax = { tag: VALUE.boolean };
const KEYWORD: Syntax = { tag: VALUE.keyword };
const NAME: Syntax = { tag: VALUE.name };

/** The job options in libcups' table (cups/encode.c); everything else is typed by its value. */
const SYNTAX: Readonly<Record<string, Syntax>> = {
  copies: INTEGER,
  finishings: { tag: VALUE.enum, multi: true },
  'fit-to-page': BOOLEAN,
  fitplot: BOOLEAN,
  gamma: INTEGER,
  hue: INTEGER,
  'job-account-id': NAME,
  'job-accounting-user-id': NAME,
  'job-cancel-after': INTEGER,
  'job-hold-until': KEYWORD,
  'job-priority': INTEGER,
  'job-sheets': { tag: VALUE.name, multi: true },
  landscape: BOOLEAN,
  media: { tag: VALUE.keyword, multi: true },
  'media-color': KEYWORD,
  'media-key': KEYWORD,
  'media-type': KEYWORD,
  mirror: BOOLEAN,
  'natural-scaling': INTEGER,
  'number-up': INTEGER,
  'orientation-requested': { tag: VALUE.enum },
  'page-bottom': INTEGER,
  'page-left': INTEGER,
  'page-ranges': { tag: VALUE.rangeOfInteger, multi: true },
  'page-right': INTEGER,
  'page-top': INTEGER,
  pages: { tag: VALUE.rangeOfInteger, multi: true },
  penwidth: INTEGER,
  ppi: INTEGER,
  prettyprint: BOOLEAN,
  'print-quality': { tag: VALUE.enum },
  'printer-resolution': { tag: VALUE.resolution },
  resolution: { tag: VALUE.resolution },
  saturation: INTEGER,
  scaling: INTEGER,
  sides: KEYWORD,
  wrap: BOOLEAN,
  'x-dimension': INTEGER,
  'y-dimension': INTEGER,
};

/** Set by the backend itself in the operation group; as job options they would contradict it. */
const RESERVED = new Set(['attributes-charset', 'attributes-natural-language', 'printer-uri', 'requesting-user-name', 'job-name', 'document-format', 'raw']);
const COLLECTIONS = new Set(['media-col', 'media-size', 'overrides']);

function bad(name: string, what: string): PrintBackendError {
  return new PrintBackendError('failed', `options.${name} ${what}`);
}

function integerOf(name: string, text: string): number {
  if (!/^-?\d{1,10}$/.test(text)) throw bad(name, 'must be a whole number');
  const value = Number(text);
  if (value < -0x80000000 || value > 0x7fffffff) throw bad(name, 'is out of range');
  return value;
}

function valueOf(name: string, syntax: Syntax, text: string): IppValue {
  switch (syntax.tag) {
    case VALUE.integer:
    case VALUE.enum:
      return integerOf(name, text);
    case VALUE.boolean:
      if (/^(true|on|yes)$/i.test(text)) return true;
      if (/^(false|off|no)$/i.test(text)) return false;
      throw bad(name, 'must be true or false');
    case VALUE.rangeOfInteger: {
      const match = /^(\d*)-(\d*)$|^(\d+)$/.exec(text);
      if (match === null || text === '-') throw bad(name, 'must be a page range such as 1-3');
      if (match[3] !== undefined) return { lower: integerOf(name, match[3]), upper: integerOf(name, match[3]) };
      return { lower: match[1] ? integerOf(name, match[1]) : 1, upper: match[2] ? integerOf(name, match[2]) : 0x7fffffff };
    }
    case VALUE.resolution: {
      const match = /^(\d+)(?:x(\d+))?(dpi|dpc|dpcm)$/i.exec(text);
      if (match === null) throw bad(name, 'must be a resolution such as 203dpi or 300x600dpi');
      const x = integerOf(name, match[1] ?? '');
      return { x, y: match[2] !== undefined ? integerOf(name, match[2]) : x, units: /^dpi$/i.test(match[3] ?? '') ? 3 : 4 };
    }
    default:
      return text;
  }
}

/** One IPP job attribute per option, values checked; `copies` comes first, from the request. */
export function jobAttributes(copies: number, options: Readonly<Record<string, string>>): IppAttribute[] {
  const attributes: IppAttribute[] = [{ name: 'copies', tag: VALUE.integer, values: [copies] }];
  for (const [name, text] of Object.entries(options)) {
    if (RESERVED.has(name) || name === 'copies') throw bad(name, 'is set by the print request itself');
    if (COLLECTIONS.has(name)) throw bad(name, 'is a collection, which the CUPS backend does not send');
    const syntax = SYNTAX[name] ?? (/^(true|false)$/i.test(text) ? BOOLEAN : NAME);
    const parts = syntax.multi === true ? text.split(',') : [text];
    attributes.push({ name, tag: syntax.tag, values: parts.map((part) => valueOf(name, syntax, part)) });
  }
  return attributes;
}
