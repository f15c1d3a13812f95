import { describe, expect, it } from 'vitest';
import { MEDIA, MediaError, parseMedia } from '../../../electron/printing/media';

describe('printer media', () => {
  it('knows the named sizes in points', () => {
    expect(Object.values(MEDIA).map(({ name, width, height }) => [name, width, height])).toEqual([
      ['4x6', 288, 432],
      ['4x4', 288, 288],
      ['4x8', 288, 576],
      ['A6', 297.64, 419.53],
      ['Letter', 612, 792],
      ['A4', 595.28, 841.89],
    ]);
  });

  it('reads a named size, ignoring case and spaces', () => {
    expect(parseMedia('4x6')).toEqual(MEDIA['4x6']);
    expect(parseMedia(' letter ')).toEqual(MEDIA.Letter);
    expect(parseMedia('a4')).toEqual(MEDIA.A4);
  });

  it('reads a custom size and turns a landscape one portrait', () => {
    expect(parseMedia({ width: 216, height: 144 })).toEqual({ name: 'custom', width: 144, height: 216 });
    expect(parseMedia({ width: 144, height: 216 })).toEqual({ name: 'custom', width: 144, height: 216 });
  });

  it.each([
    ['an unknown name', '5x7', 'printer.media "5x7" is not a known media size: use one of 4x6, 4x4, 4x8, A6, Letter, A4, or {width, height} in points'],
    ['a number', 46, 'printer.media must be one of 4x6, 4x4, 4x8, A6, Letter, A4, or {width, height} in points'],
    ['nothing', undefined, 'printer.media must be one of 4x6, 4x4, 4x8, A6, Letter, A4, or {width, height} in points'],
    ['a missing height', { width: 288 }, 'printer.media.height is required'],
    ['a width given as text', { width: '288', height: 432 }, 'printer.media.width must be a number of points'],
    ['a size too small', { width: 10, height: 432 }, 'printer.media.width must be between 36 and 3456 points'],
    ['a size too large', { width: 288, height: 99999 }, 'printer.media.height must be between 36 and 3456 points'],
    ['an infinite size', { width: 288, height: Infinity }, 'printer.media.height must be a number of points'],
    ['unknown fields', { width: 288, height: 432, units: 'mm' }, 'printer.media has unknown fields: units'],
  ])('refuses %s with a clear message', (_what, config, message) => {
    expect(() => parseMedia(config, 'printer.media')).toThrow(new MediaError(message));
  });
});
