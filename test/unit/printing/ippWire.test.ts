import { describe, expect, it } from 'vitest';
import { GROUP, IppFormatError, VALUE, decodeMessage, encodeMessage, findValue } from '../../../electron/platform/printers/cups/ippWire';
import type { IppCollection } from '../../../electron/platform/printers/cups/ippWire';

/** One attribute value as RFC 8010 lays it out: tag, name length, name, value length, value. */
function field(tag: number, name: string, value: Buffer): Buffer {
  const nameBytes = Buffer.from(name, 'latin1');
  const head = Buffer.alloc(3);
  head.writeUInt8(tag, 0);
  head.writeUInt16BE(nameBytes.length, 1);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(value.length, 0);
  return Buffer.concat([head, nameBytes, length, value]);
}

const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
};

/** A response head: version 2.0, status, request id 7. */
function response(status: number, ...body: Buffer[]): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt8(2, 0);
  head.writeUInt8(0, 1);
  head.writeUInt16BE(status, 2);
  head.writeUInt32BE(7, 4);
  return Buffer.concat([head, ...body, Buffer.from([GROUP.end])]);
}

describe('IPP messages (RFC 8010)', () => {
  it('writes a request head, its groups and each value exactly as the RFC lays them out', () => {
    const bytes = encodeMessage({
      version: [2, 0],
      code: 0x0002,
      requestId: 1,
      groups: [
        {
          tag: GROUP.operation,
          attributes: [
            { name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] },
            { name: 'job-name', tag: VALUE.name, values: ['Packbench PB-1 ünïcode'] },
          ],
        },
        { tag: GROUP.job, attributes: [{ name: 'media', tag: VALUE.keyword, values: ['na_index-4x6_4x6in', 'roll'] }] },
      ],
    });
    expect(bytes.subarray(0, 9)).toEqual(Buffer.from([0x02, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, GROUP.operation]));
    const charset = field(VALUE.charset, 'attributes-charset', Buffer.from('utf-8'));
    expect(bytes.subarray(9, 9 + charset.length)).toEqual(charset);
    // An additional value has an empty name; the message ends with the end tag.
    expect(bytes.includes(field(VALUE.keyword, '', Buffer.from('roll')))).toBe(true);
    expect(bytes.at(-1)).toBe(GROUP.end);
  });

  it('reads back what it writes, integers, booleans, ranges and resolutions included', () => {
    const message = {
      version: [1, 1] as const,
      code: 0x0002,
      requestId: 42,
      groups: [
        {
          tag: GROUP.job,
          attributes: [
            { name: 'copies', tag: VALUE.integer, values: [-3] },
            { name: 'fit-to-page', tag: VALUE.boolean, values: [false] },
            { name: 'page-ranges', tag: VALUE.rangeOfInteger, values: [{ lower: 1, upper: 2 }, { lower: 5, upper: 0x7fffffff }] },
            { name: 'printer-resolution', tag: VALUE.resolution, values: [{ x: 203, y: 406, units: 3 as const }] },
            { name: 'job-name', tag: VALUE.name, values: ['ünïcode label'] },
          ],
        },
      ],
    };
    expect(decodeMessage(encodeMessage(message))).toEqual(message);
  });

  it('reads collections, values with a language, dates and out-of-band values in an answer', () => {
    const size = Buffer.concat([
      field(VALUE.begCollection, 'media-col', Buffer.alloc(0)),
      field(VALUE.memberAttrName, '', Buffer.from('media-size')),
      field(VALUE.begCollection, '', Buffer.alloc(0)),
      field(VALUE.memberAttrName, '', Buffer.from('x-dimension')),
      field(VALUE.integer, '', int32(10160)),
      field(VALUE.memberAttrName, '', Buffer.from('y-dimension')),
      field(VALUE.integer, '', int32(15240)),
      field(VALUE.endCollection, '', Buffer.alloc(0)),
      field(VALUE.memberAttrName, '', Buffer.from('media-source')),
      field(VALUE.keyword, '', Buffer.from('main')),
      field(VALUE.keyword, '', Buffer.from('alternate')),
      field(VALUE.endCollection, '', Buffer.alloc(0)),
    ]);
    const language = Buffer.concat([Buffer.from([0, 2]), Buffer.from('en'), Buffer.from([0, 5]), Buffer.from('ready')]);
    // 2026-11-24 01:02:03.4 at UTC-05:00
    const date = Buffer.from([0x07, 0xea, 11, 24, 1, 2, 3, 4, 0x2d, 5, 0]);
    const answer = response(
      0x0000,
      Buffer.from([GROUP.operation]),
      field(VALUE.textWithLanguage, 'status-message', language),
      Buffer.from([GROUP.printer]),
      size,
      field(VALUE.dateTime, 'printer-current-time', date),
      field(VALUE.noValue, 'printer-alert', Buffer.alloc(0)),
      field(VALUE.integer, 'queued-job-count', int32(3)),
    );
    const message = decodeMessage(answer);
    expect(message.code).toBe(0);
    expect(message.requestId).toBe(7);
    expect(findValue(message, GROUP.operation, 'status-message')).toBe('ready');
    expect(findValue(message, GROUP.printer, 'queued-job-count')).toBe(3);
    expect(findValue(message, GROUP.printer, 'printer-alert')).toBeNull();
    expect(findValue(message, GROUP.printer, 'printer-current-time')).toEqual(new Date(Date.UTC(2026, 10, 24, 6, 2, 3, 400)));
    const col = findValue(message, GROUP.printer, 'media-col') as IppCollection;
    expect(col.members.map((m) => m.name)).toEqual(['media-size', 'media-source']);
    const sizeCol = col.members[0]?.values[0] as IppCollection;
    expect(sizeCol.members.map((m) => [m.name, m.values])).toEqual([
      ['x-dimension', [10160]],
      ['y-dimension', [15240]],
    ]);
    expect(col.members[1]?.values).toEqual(['main', 'alternate']);
  });

  it('refuses a message cut short, a value of the wrong size, and values that do not fit their tag', () => {
    const whole = response(0x0406, Buffer.from([GROUP.operation]), field(VALUE.integer, 'job-id', int32(5)));
    expect(() => decodeMessage(whole.subarray(0, whole.length - 3))).toThrow(IppFormatError);
    expect(() => decodeMessage(response(0, Buffer.from([GROUP.job]), field(VALUE.integer, 'job-id', Buffer.from([1, 2]))))).toThrow(/needs 4 octets/);
    expect(() => decodeMessage(response(0, Buffer.from([GROUP.job]), field(VALUE.keyword, '', Buffer.from('x'))))).toThrow(/no attribute before it/);
    const encode = (tag: number, value: string | number): Buffer =>
      encodeMessage({ version: [2, 0], code: 2, requestId: 1, groups: [{ tag: GROUP.job, attributes: [{ name: 'copies', tag, values: [value] }] }] });
    expect(() => encode(VALUE.integer, 'two')).toThrow(/copies does not fit/);
    expect(() => encode(VALUE.integer, 2 ** 31)).toThrow(IppFormatError);
    expect(() => encode(VALUE.keyword, 'x'.repeat(40_000))).toThrow(/too long/);
  });
});
