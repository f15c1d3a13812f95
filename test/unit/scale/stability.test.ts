/**
 * When a weight is the parcel's: stable and held for a settle, counted in readings or in the
 * scale's own milliseconds (timestamps given here, no clock, no sleeps); and unit conversions.
 */
import { describe, expect, it } from 'vitest';
import type { ScaleReading } from '../../../renderer/src/lib/scale/reading';
import { statusWords } from '../../../renderer/src/lib/scale/reading';
import { StableWeight } from '../../../renderer/src/lib/scale/stability';
import { convertWeight, gramsIn } from '../../../renderer/src/lib/scale/units';

const stable = (weight: number, unit: ScaleReading['unit'] = 'kg', increment = 0.01): ScaleReading => ({ status: 'stable', weight, unit, increment });
const moving = (weight: number): ScaleReading => ({ status: 'motion', weight, unit: 'kg', increment: 0.01 });

describe('StableWeight', () => {
  it('settles after three stable readings of the same weight, once', () => {
    const scale = new StableWeight({ readings: 3, ms: 10_000 });
    expect(scale.push(stable(0.5), 0).kind).toBe('settling');
    expect(scale.push(stable(0.5), 10).kind).toBe('settling');
    const third = scale.push(stable(0.5), 20);
    expect(third).toMatchObject({ kind: 'settled', grams: 500 });
    expect(scale.push(stable(0.5), 30).kind).toBe('held');
    expect(scale.push(stable(0.5), 40).kind).toBe('held');
  });

  it('settles when the same weight has held for the time, before the count', () => {
    const scale = new StableWeight({ readings: 10, ms: 300 });
    expect(scale.push(stable(0.5), 1000).kind).toBe('settling');
    expect(scale.push(stable(0.5), 1299).kind).toBe('settling');
    expect(scale.push(stable(0.5), 1300)).toMatchObject({ kind: 'settled', grams: 500 });
  });

  it('never settles while the scale says it moves', () => {
    const scale = new StableWeight({ readings: 2, ms: 100 });
    for (let at = 0; at < 2000; at += 100) expect(scale.push(moving(0.5), at).kind).toBe('waiting');
  });

  it('counts a weight within one increment as the same, and starts again when it changes by more', () => {
    const scale = new StableWeight({ readings: 3, ms: 10_000 });
    scale.push(stable(0.5), 0);
    scale.push(stable(0.51), 1);
    expect(scale.push(stable(0.5), 2).kind).toBe('settled');
    const other = new StableWeight({ readings: 3, ms: 10_000 });
    other.push(stable(0.5), 0);
    other.push(stable(0.6), 1);
    expect(other.push(stable(0.6), 2).kind).toBe('settling');
    expect(other.push(stable(0.6), 3)).toMatchObject({ kind: 'settled', grams: 600 });
  });

  it('starts again after motion: the count is of consecutive readings', () => {
    const scale = new StableWeight({ readings: 3, ms: 10_000 });
    scale.push(stable(0.5), 0);
    scale.push(stable(0.5), 1);
    scale.push(moving(0.5), 2);
    expect(scale.push(stable(0.5), 3).kind).toBe('settling');
  });

  it('gives the next parcel after the scale went back to zero', () => {
    const scale = new StableWeight({ readings: 2, ms: 10_000 });
    scale.push(stable(0.5), 0);
    expect(scale.push(stable(0.5), 1).kind).toBe('settled');
    expect(scale.push({ status: 'zero', weight: 0, unit: 'kg', increment: 0.01 }, 2).kind).toBe('waiting');
    scale.push(stable(0.5), 3);
    expect(scale.push(stable(0.5), 4).kind).toBe('settled');
  });

  it('never settles under zero, at zero, over capacity or without a weight', () => {
    const scale = new StableWeight({ readings: 1, ms: 0 });
    expect(scale.push({ status: 'underZero', weight: -0.2, unit: 'kg', increment: 0.01 }, 0).kind).toBe('waiting');
    expect(scale.push({ status: 'zero', weight: 0, unit: 'kg', increment: 0.01 }, 1).kind).toBe('waiting');
    expect(scale.push({ status: 'overload', weight: null, unit: 'kg', increment: 0.01 }, 2).kind).toBe('waiting');
    expect(scale.push({ status: 'stable', weight: 1, unit: null, increment: 0.01 }, 3).kind).toBe('waiting');
  });
});

describe('conversions to the shipment unit', () => {
  it('converts to pounds and kilograms at two decimals', () => {
    expect(convertWeight(32.5, 'oz', 'LB')).toBe(2.03);
    expect(convertWeight(32.5, 'oz', 'KG')).toBe(0.92);
    expect(convertWeight(0.5, 'kg', 'LB')).toBe(1.1);
    expect(convertWeight(1000, 'g', 'KG')).toBe(1);
    expect(convertWeight(5.15, 'lb', 'LB')).toBe(5.15);
    expect(convertWeight(5.15, 'lb', 'KG')).toBe(2.34);
    expect(convertWeight(2500, 'mg', 'KG')).toBe(0);
    expect(convertWeight(1, 't', 'KG')).toBe(1000);
    expect(convertWeight(1, 'ton', 'LB')).toBe(2000);
    expect(convertWeight(12, 'ozt', 'LB')).toBe(0.82);
    expect(convertWeight(7000, 'gr', 'LB')).toBe(1);
    expect(gramsIn(453.59237, 'LB')).toBe(1);
  });
});

describe('status words', () => {
  it('says each status so a packer can act', () => {
    expect(statusWords('motion')).toBe('The scale is moving: hold the parcel still');
    expect(statusWords('overload')).toBe("Over the scale's capacity: weigh it on a bigger scale");
    expect(statusWords('underZero')).toMatch(/Below zero/);
    expect(statusWords('zero')).toMatch(/put the parcel on the scale/);
  });
});
