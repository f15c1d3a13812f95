import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { PackCheck, codeKey } from './packCheck.svelte';

const items = [
  { sku: 'TS-BLU-M', barcode: null, description: 'T-shirt', quantity: 2, unitPrice: null, unitWeightGrams: null },
  { sku: 'MUG-ENM', barcode: '036000291452', description: 'Mug', quantity: 1, unitPrice: null, unitWeightGrams: null },
];

describe('packing verification', () => {
  it('reads codes as scanners send them: any case, spaces, a UPC-A as its EAN-13', () => {
    expect(codeKey(' ts-blu-m ')).toBe('TS-BLU-M');
    expect(codeKey('0036000291452')).toBe(codeKey('036000291452'));
    expect(codeKey('0')).toBe('0');
  });

  it('is active only when asked and every item has a code; off, everything is satisfied', () => {
    const check = new PackCheck();
    check.load(items, true);
    expect(check.active).toBe(true);
    check.load([...items, { sku: null, barcode: null, description: 'Gift card', quantity: 1, unitPrice: null, unitWeightGrams: null }], true);
    expect(check.active).toBe(false);
    expect(check.satisfied).toBe(true);
    check.load(items, false);
    expect(check.active).toBe(false);
  });

  it('never counts more than ordered, and is satisfied exactly when every item is in or overridden', () => {
    const scans = fc.array(fc.constantFrom('TS-BLU-M', 'ts-blu-m', 'MUG-ENM', '0036000291452', 'WRONG-1'), { maxLength: 12 });
    fc.assert(
      fc.property(scans, fc.boolean(), (codes, override) => {
        const check = new PackCheck();
        check.load(items, true);
        const counted = { TS: 0, MUG: 0 };
        for (const code of codes) {
          const result = check.scan(code);
          const which = code.toUpperCase().startsWith('TS') ? 'TS' : code === 'WRONG-1' ? undefined : 'MUG';
          if (which === undefined) expect(result.kind).toBe('notInOrder');
          else if (counted[which] < (which === 'TS' ? 2 : 1)) {
            expect(result.kind).toBe('packed');
            counted[which] += 1;
          } else expect(result.kind).toBe('tooMany');
        }
        expect(check.lines.map((l) => l.scanned)).toEqual([counted.TS, counted.MUG]);
        if (override) check.overrideWith('');
        expect(check.satisfied).toBe(override || (counted.TS === 2 && counted.MUG === 1));
      }),
      { numRuns: 1000 },
    );
  });
});
