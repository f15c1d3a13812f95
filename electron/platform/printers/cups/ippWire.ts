/**
 * The IPP message format (RFC 8010 section 3): a version, an operation or status code, a request
 * id, attribute groups, the end tag, then the document. Only what talking to a CUPS scheduler
 * needs: the encoder writes the value syntaxes a Print-Job request carries; the decoder reads
 * every syntax, collections included, so an answer with attributes we do not use still parses.
 */

/** Delimiter tags open an attribute group (RFC 8010 3.5.1). */
export const GROUP = {
  operation: 0x01,
  job: 0x02,
  end: 0x03,
  printer: 0x04,
  unsupported: 0x05,
} as const;

/** Value tags (RFC 8010 3.5.2). */
export const VALUE = {
  unsupported: 0x10,
  unknown: 0x12,
  noValue: 0x13,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  octetString: 0x30,
  dateTime: 0x31,
  resolution: 0x32,
  rangeOfInteger: 0x33,
  begCollection: 0x34,
  textWithLanguage: 0x35,
  nameWithLanguage: 0x36,
  endCollection: 0x37,
  text: 0x41,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  uriScheme: 0x46,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
  memberAttrName: 0x4a,
  extension: 0x7f,
} as const;

export interface IppRange {
  readonly lower: number;
  readonly upper: number;
}

export interface IppResolution {
  readonly x: number;
  readonly y: number;
  /** 3 = dots per inch, 4 = dots per centimetre. */
  readonly units: 3 | 4;
}

export interface IppCollection {
  readonly members: readonly IppAttribute[];
}

/** null stands for an out-of-band value (unsupported, unknown, no-value). */
export type IppValue = number | boolean | string | IppRange | IppResolution | Date | Uint8Array | IppCollection | null;

export interface IppAttribute {
  readonly name: string;
  /** The value tag of the first value; additional values may carry their own. */
  readonly tag: number;
  readonly values: readonly IppValue[];
}

export interface IppGroup {
  readonly tag: number;
  readonly attributes: readonly IppAttribute[];
}

export interface IppMessage {
  readonly version: readonly [number, number];
  /** operation-id in a request, status-code in a response. */
  readonly code: number;
  readonly requestId: number;
  readonly groups: readonly IppGroup[];
}

export class IppFormatError extends Error {
  override name = 'IppFormatError';
}

const STRING_TAGS = new Set<number>([
  VALUE.text,
  VALUE.name,
  VALUE.keyword,
  VALUE.uri,
  VALUE.uriScheme,
  VALUE.charset,
  VALUE.naturalLanguage,
  VALUE.mimeMediaType,
  VALUE.memberAttrName,
]);
const MAX_SHORT = 0x7fff;

/** Writes a request or response without its document; the caller sends the document after it. */
export function encodeMessage(message: IppMessage): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt8(message.version[0], 0);
  head.writeUInt8(message.version[1], 1);
  head.writeUInt16BE(message.code, 2);
  head.writeUInt32BE(message.requestId, 4);
  parts.push(head);
  for (const group of message.groups) {
    parts.push(Buffer.from([group.tag]));
    for (const attribute of group.attributes) {
      if (attribute.values.length === 0) throw new IppFormatError(`${attribute.name} has no value`);
      attribute.values.forEach((value, index) => {
        parts.push(encodeValue(index === 0 ? attribute.name : '', attribute.tag, value));
      });
    }
  }
  parts.push(Buffer.from([GROUP.end]));
  return Buffer.concat(parts);
}

function encodeValue(name: string, tag: number, value: IppValue): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const valueBytes = valueOctets(name, tag, value);
  if (nameBytes.length > MAX_SHORT || valueBytes.length > MAX_SHORT) throw new IppFormatError(`${name || 'a value'} is too long for IPP`);
  const out = Buffer.alloc(1 + 2 + nameBytes.length + 2 + valueBytes.length);
  out.writeUInt8(tag, 0);
  out.writeUInt16BE(nameBytes.length, 1);
  nameBytes.copy(out, 3);
  out.writeUInt16BE(valueBytes.length, 3 + nameBytes.length);
  valueBytes.copy(out, 5 + nameBytes.length);
  return out;
}

function valueOctets(name: string, tag: number, value: IppValue): Buffer {
  const wrong = (): IppFormatError => new IppFormatError(`${name || 'a value'} does not fit value tag 0x${tag.toString(16)}`);
  if (tag === VALUE.integer || tag === VALUE.enum) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) throw wrong();
    const out = Buffer.alloc(4);
    out.writeInt32BE(value);
    return out;
  }
  if (tag === VALUE.boolean) {
    if (typeof value !== 'boolean') throw wrong();
    return Buffer.from([value ? 1 : 0]);
  }
  if (tag === VALUE.rangeOfInteger) {
    if (!isRange(value)) throw wrong();
    const out = Buffer.alloc(8);
    out.writeInt32BE(value.lower, 0);
    out.writeInt32BE(value.upper, 4);
    return out;
  }
  if (tag === VALUE.resolution) {
    if (!isResolution(value)) throw wrong();
    const out = Buffer.alloc(9);
    out.writeInt32BE(value.x, 0);
    out.writeInt32BE(value.y, 4);
    out.writeInt8(value.units, 8);
    return out;
  }
  if (STRING_TAGS.has(tag)) {
    if (typeof value !== 'string') throw wrong();
    return Buffer.from(value, 'utf8');
  }
  if (tag === VALUE.octetString) {
    if (typeof value === 'string') return Buffer.from(value, 'utf8');
    if (value instanceof Uint8Array) return Buffer.from(value);
    throw wrong();
  }
  if (tag >= 0x10 && tag <= 0x1f) return Buffer.alloc(0);
  throw new IppFormatError(`value tag 0x${tag.toString(16)} of ${name || 'a value'} cannot be written`);
}

function isRange(value: IppValue): value is IppRange {
  return typeof value === 'object' && value !== null && 'lower' in value && 'upper' in value;
}

function isResolution(value: IppValue): value is IppResolution {
  return typeof value === 'object' && value !== null && 'units' in value;
}

/** Reads a whole message; anything after the end tag (a document) is ignored. */
export function decodeMessage(bytes: Uint8Array): IppMessage {
  const reader = new Reader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const version: readonly [number, number] = [reader.u8(), reader.u8()];
  const code = reader.u16();
  const requestId = reader.u32();
  const groups: IppGroup[] = [];
  let delimiter = reader.u8();
  while (delimiter !== GROUP.end) {
    if (delimiter > 0x0f) throw new IppFormatError(`expected an attribute group, found value tag 0x${delimiter.toString(16)}`);
    const attributes: { name: string; tag: number; values: IppValue[] }[] = [];
    let tag = reader.u8();
    while (tag > 0x0f) {
      const name = reader.text(reader.u16());
      const value = decodeValue(reader, tag);
      const last = attributes.at(-1);
      if (name === '') {
        if (last === undefined) throw new IppFormatError('an additional value has no attribute before it');
        last.values.push(value);
      } else {
        attributes.push({ name, tag, values: [value] });
      }
      tag = reader.u8();
    }
    groups.push({ tag: delimiter, attributes });
    delimiter = tag;
  }
  return { version, code, requestId, groups };
}

function decodeValue(reader: Reader, tag: number): IppValue {
  const length = reader.u16();
  if (tag === VALUE.begCollection) {
    reader.skip(length);
    return readCollection(reader);
  }
  return valueFrom(reader.bytes(length), tag);
}

/** A collection's members follow its begCollection value, each as memberAttrName then its value(s). */
function readCollection(reader: Reader): IppCollection {
  const members: { name: string; tag: number; values: IppValue[] }[] = [];
  for (;;) {
    const tag = reader.u8();
    const nameLength = reader.u16();
    reader.skip(nameLength);
    if (tag === VALUE.endCollection) {
      reader.skip(reader.u16());
      return { members };
    }
    if (tag === VALUE.memberAttrName) {
      const memberName = reader.text(reader.u16());
      const valueTag = reader.u8();
      reader.skip(reader.u16());
      members.push({ name: memberName, tag: valueTag, values: [decodeValue(reader, valueTag)] });
      continue;
    }
    const last = members.at(-1);
    if (last === undefined) throw new IppFormatError('a collection value has no member name');
    last.values.push(decodeValue(reader, tag));
  }
}

function valueFrom(bytes: Buffer, tag: number): IppValue {
  const need = (length: number): void => {
    if (bytes.length !== length) throw new IppFormatError(`value tag 0x${tag.toString(16)} needs ${String(length)} octets, has ${String(bytes.length)}`);
  };
  if (tag >= 0x10 && tag <= 0x1f) return null;
  switch (tag) {
    case VALUE.integer:
    case VALUE.enum:
      need(4);
      return bytes.readInt32BE(0);
    case VALUE.boolean:
      need(1);
      return bytes[0] !== 0;
    case VALUE.rangeOfInteger:
      need(8);
      return { lower: bytes.readInt32BE(0), upper: bytes.readInt32BE(4) };
    case VALUE.resolution:
      need(9);
      return { x: bytes.readInt32BE(0), y: bytes.readInt32BE(4), units: bytes[8] === 4 ? 4 : 3 };
    case VALUE.dateTime:
      need(11);
      return dateFrom(bytes);
    case VALUE.textWithLanguage:
    case VALUE.nameWithLanguage: {
      // language length, language, text length, text: the text is what callers read.
      const languageLength = bytes.readUInt16BE(0);
      const textLength = bytes.readUInt16BE(2 + languageLength);
      return bytes.toString('utf8', 4 + languageLength, 4 + languageLength + textLength);
    }
    default:
      return STRING_TAGS.has(tag) ? bytes.toString('utf8') : new Uint8Array(bytes);
  }
}

/** RFC 2579 DateAndTime: year, month, day, hour, minutes, seconds, deci-seconds, UTC direction, hours, minutes. */
function dateFrom(bytes: Buffer): Date {
  const utc = Date.UTC(bytes.readUInt16BE(0), (bytes[2] ?? 1) - 1, bytes[3], bytes[4], bytes[5], bytes[6], (bytes[7] ?? 0) * 100);
  const offsetMinutes = ((bytes[9] ?? 0) * 60 + (bytes[10] ?? 0)) * (bytes[8] === 0x2d ? -1 : 1);
  return new Date(utc - offsetMinutes * 60_000);
}

class Reader {
  private offset = 0;
  constructor(private readonly buffer: Buffer) {}

  private take(length: number): number {
    if (this.offset + length > this.buffer.length) throw new IppFormatError('the IPP message ends too soon');
    const at = this.offset;
    this.offset += length;
    return at;
  }
  u8(): number {
    return this.buffer.readUInt8(this.take(1));
  }
  u16(): number {
    return this.buffer.readUInt16BE(this.take(2));
  }
  u32(): number {
    return this.buffer.readUInt32BE(this.take(4));
  }
  bytes(length: number): Buffer {
    const at = this.take(length);
    return this.buffer.subarray(at, at + length);
  }
  text(length: number): string {
    return this.bytes(length).toString('utf8');
  }
  skip(length: number): void {
    this.take(length);
  }
}

/** The first value of an attribute in the first group with that tag that has it. */
export function findValue(message: IppMessage, groupTag: number, name: string): IppValue | undefined {
  for (const group of message.groups) {
    if (group.tag !== groupTag) continue;
    const attribute = group.attributes.find((a) => a.name === name);
    if (attribute !== undefined) return attribute.values[0];
  }
  return undefined;
}

/** Every value of an attribute (job-state-reasons is a set), from the first group with that tag that has it. */
export function findValues(message: IppMessage, groupTag: number, name: string): readonly IppValue[] {
  for (const group of message.groups) {
    if (group.tag !== groupTag) continue;
    const attribute = group.attributes.find((a) => a.name === name);
    if (attribute !== undefined) return attribute.values;
  }
  return [];
}

/** The value of an attribute in one group: a CUPS-Get-Printers answer holds one printer group per queue. */
export function valueIn(group: IppGroup, name: string): IppValue | undefined {
  return group.attributes.find((a) => a.name === name)?.values[0];
}
