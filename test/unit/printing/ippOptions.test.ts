import { describe, expect, it } from 'vitest';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { jobAttributes } from '../../../electron/platform/printers/cups/ippOptions';
import { VALUE } from '../../../electron/platform/printers/cups/ippWire';

describe('job options as IPP job attributes', () => {
  it('types each option the way lp -o does', () => {
    const attributes = jobAttributes(2, {
      media: 'na_index-4x6_4x6in,roll',
      'job-priority': '60',
      'orientation-requested': '4',
      'page-ranges': '1-3,5,7-',
      'printer-resolution': '203dpi',
      'fit-to-page': 'no',
      PageSize: 'w288h432',
      Darkness: 'TRUE',
    });
    expect(attributes).toEqual([
      { name: 'copies', tag: VALUE.integer, values: [2] },
      { name: 'media', tag: VALUE.keyword, values: ['na_index-4x6_4x6in', 'roll'] },
      { name: 'job-priority', tag: VALUE.integer, values: [60] },
      { name: 'orientation-requested', tag: VALUE.enum, values: [4] },
      { name: 'page-ranges', tag: VALUE.rangeOfInteger, values: [{ lower: 1, upper: 3 }, { lower: 5, upper: 5 }, { lower: 7, upper: 0x7fffffff }] },
      { name: 'printer-resolution', tag: VALUE.resolution, values: [{ x: 203, y: 203, units: 3 }] },
      { name: 'fit-to-page', tag: VALUE.boolean, values: [false] },
      // Unknown options (PPD options among them) go as names, or booleans when they say true/false.
      { name: 'PageSize', tag: VALUE.name, values: ['w288h432'] },
      { name: 'Darkness', tag: VALUE.boolean, values: [true] },
    ]);
  });

  it('refuses values that do not fit the option, naming it', () => {
    const refusal = (options: Record<string, string>): string => {
      try {
        jobAttributes(1, options);
      } catch (error) {
        expect(error).toBeInstanceOf(PrintBackendError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ 'job-priority': 'high' })).toBe('options.job-priority must be a whole number');
    expect(refusal({ 'number-up': '99999999999' })).toBe('options.number-up must be a whole number');
    expect(refusal({ 'fit-to-page': 'maybe' })).toBe('options.fit-to-page must be true or false');
    expect(refusal({ 'page-ranges': '3-x' })).toBe('options.page-ranges must be a page range such as 1-3');
    expect(refusal({ 'printer-resolution': 'high' })).toBe('options.printer-resolution must be a resolution such as 203dpi or 300x600dpi');
    expect(refusal({ 'media-col': '{media-size={x-dimension=10160}}' })).toBe('options.media-col is a collection, which the CUPS backend does not send');
    expect(refusal({ 'document-format': 'text/plain' })).toBe('options.document-format is set by the print request itself');
    expect(refusal({ copies: '3' })).toBe('options.copies is set by the print request itself');
  });
});
