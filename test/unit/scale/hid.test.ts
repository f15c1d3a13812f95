/**
 * HID point-of-sale scale data reports as the scales send them (report 3: status, unit, signed
 * exponent, 16-bit little-endian weight), byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { isHidScale, parseHidScaleReport, SCALE_USAGE_PAGE } from '../../../renderer/src/lib/scale/hid';

const report = (...bytes: number[]): Uint8Array => Uint8Array.from(bytes);

describe('HID scale data report', () => {
  it('reads a stable weight in ounces at a tenth (a shipping scale set to oz)', () => {
    // 4 stable, 11 ounce, 0xFF = 10^-1, 0x0145 = 325 → 32.5 oz
    expect(parseHidScaleReport(3, report(0x04, 0x0b, 0xff, 0x45, 0x01))).toEqual({ status: 'stable', weight: 32.5, unit: 'oz', increment: 0.1 });
  });

  it('reads grams at exponent 0 and kilograms at 10^-3', () => {
    expect(parseHidScaleReport(3, report(0x04, 0x02, 0x00, 0xe8, 0x03))).toEqual({ status: 'stable', weight: 1000, unit: 'g', increment: 1 });
    expect(parseHidScaleReport(3, report(0x04, 0x03, 0xfd, 0xf4, 0x01))).toEqual({ status: 'stable', weight: 0.5, unit: 'kg', increment: 0.001 });
  });

  it('reads a pound weight at a hundredth', () => {
    // 12 pound, 0xFE = 10^-2, 0x0203 = 515 → 5.15 lb
    expect(parseHidScaleReport(3, report(0x04, 0x0c, 0xfe, 0x03, 0x02))).toMatchObject({ status: 'stable', weight: 5.15, unit: 'lb' });
  });

  it('names every status of the tables', () => {
    const statuses = [1, 2, 3, 4, 5, 6, 7, 8].map((s) => parseHidScaleReport(3, report(s, 0x02, 0x00, 0x10, 0x00))?.status);
    expect(statuses).toEqual(['fault', 'zero', 'motion', 'stable', 'underZero', 'overload', 'needsCalibration', 'needsRezero']);
  });

  it('names every unit of the tables', () => {
    const units = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((u) => parseHidScaleReport(3, report(0x04, u, 0x00, 0x01, 0x00))?.unit);
    expect(units).toEqual(['mg', 'g', 'kg', 'ct', 'tael', 'gr', 'dwt', 't', 'ton', 'ozt', 'oz', 'lb']);
  });

  it('keeps a moving weight as motion, with its weight', () => {
    expect(parseHidScaleReport(3, report(0x03, 0x0b, 0xff, 0x20, 0x00))).toEqual({ status: 'motion', weight: 3.2, unit: 'oz', increment: 0.1 });
  });

  it('reads under zero as a negative weight and overload without a weight', () => {
    expect(parseHidScaleReport(3, report(0x05, 0x0b, 0xff, 0x0c, 0x00))).toEqual({ status: 'underZero', weight: -1.2, unit: 'oz', increment: 0.1 });
    expect(parseHidScaleReport(3, report(0x06, 0x0b, 0xff, 0xff, 0xff))).toEqual({ status: 'overload', weight: null, unit: 'oz', increment: 0.1 });
  });

  it('reads a full 16-bit weight little-endian', () => {
    expect(parseHidScaleReport(3, report(0x04, 0x02, 0x00, 0xff, 0xff))?.weight).toBe(65535);
  });

  it('ignores other reports, short reports and unknown statuses', () => {
    expect(parseHidScaleReport(4, report(0x04, 0x0b, 0xff, 0x45, 0x01))).toBeUndefined();
    expect(parseHidScaleReport(3, report(0x04, 0x0b, 0xff, 0x45))).toBeUndefined();
    expect(parseHidScaleReport(3, report(0x00, 0x0b, 0xff, 0x45, 0x01))).toBeUndefined();
    expect(parseHidScaleReport(3, report(0x09, 0x0b, 0xff, 0x45, 0x01))).toBeUndefined();
  });
});

describe('a HID device is a scale', () => {
  it('when a collection is on usage page 0x8D', () => {
    expect(SCALE_USAGE_PAGE).toBe(0x8d);
    expect(isHidScale([{ usagePage: 0x01 }, { usagePage: 0x8d }])).toBe(true);
    expect(isHidScale([{ usagePage: 0x01 }])).toBe(false);
    expect(isHidScale([])).toBe(false);
    expect(isHidScale(undefined)).toBe(false);
  });
});
