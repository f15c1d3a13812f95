import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { conditionHolds, deriveFacts, loadRuleSet } from '../../../../electron/sandbox/rules';
import type { Condition, Facts } from '../../../../electron/sandbox/rules';
import { businessCustomer, germanCustomer, homeCustomer, shipment } from './shipments';

/** Loads `when` through a rule file, so every condition tested is one a file can hold. */
function condition(when: unknown): Condition {
  const loaded = loadRuleSet({ version: 1, rules: [{ id: 'r', name: 'R', priority: 1, when, then: {} }, { id: 'd', name: 'D', priority: 0, then: {} }] });
  if (!loaded.ok) throw new Error(loaded.issues.map((issue) => issue.message).join('; '));
  const found = loaded.value.rules[0]?.when;
  if (found === undefined) throw new Error('the rule lost its condition');
  return found;
}

// 10 lb box, prepaid UPS Ground to a home in Ohio, notes and two package types.
const facts: Facts = deriveFacts(
  shipment({
    shipTo: homeCustomer,
    notes: 'FRAGILE - glass inside',
    packages: [
      { weight: 10, length: 12, width: 10, height: 8, type: 'Box', declaredValue: 100 },
      { weight: 5, length: 6, width: 6, height: 6, type: 'Tube' },
    ],
  }),
);
const holds = (when: unknown): boolean => conditionHolds(condition(when), facts);

describe('comparisons', () => {
  it.each([
    [{ fact: 'totalWeightLb', op: '=', value: 15 }, true],
    [{ fact: 'totalWeightLb', op: '!=', value: 15 }, false],
    [{ fact: 'totalWeightLb', op: '>', value: 15 }, false],
    [{ fact: 'totalWeightLb', op: '>=', value: 15 }, true],
    [{ fact: 'totalWeightLb', op: '<', value: 15.5 }, true],
    [{ fact: 'totalWeightLb', op: '<=', value: 14.9 }, false],
    [{ fact: 'packageCount', op: 'in', value: [2, 3] }, true],
    [{ fact: 'packageCount', op: 'in', value: [1, 3] }, false],
    [{ fact: 'residential', op: '=', value: true }, true],
    [{ fact: 'residential', op: '!=', value: true }, false],
    [{ fact: 'shipMethod', op: '=', value: 'GROUND' }, true],
    [{ fact: 'shipToState', op: '!=', value: 'oh' }, false],
    [{ fact: 'shipToState', op: 'in', value: ['ak', 'OH'] }, true],
    [{ fact: 'notes', op: 'contains', value: 'glass' }, true],
    [{ fact: 'notes', op: 'contains', value: 'metal' }, false],
    [{ fact: 'packageTypes', op: 'contains', value: 'tube' }, true],
    [{ fact: 'packageTypes', op: 'contains', value: 'TUB' }, false],
    [{ fact: 'referenceKeys', op: 'contains', value: 'ORDERNUMBER' }, true],
  ])('%j is %s', (when, expected) => {
    expect(holds(when)).toBe(expected);
  });
});

describe('groups', () => {
  const yes = { fact: 'residential', op: '=', value: true };
  const no = { fact: 'residential', op: '=', value: false };

  it('all: every part holds; an empty all holds', () => {
    expect(holds({ all: [yes, yes] })).toBe(true);
    expect(holds({ all: [yes, no] })).toBe(false);
    expect(holds({ all: [] })).toBe(true);
  });

  it('any: some part holds; an empty any does not', () => {
    expect(holds({ any: [no, yes] })).toBe(true);
    expect(holds({ any: [no, no] })).toBe(false);
    expect(holds({ any: [] })).toBe(false);
  });

  it('not: the opposite', () => {
    expect(holds({ not: yes })).toBe(false);
    expect(holds({ not: { not: yes } })).toBe(true);
  });

  it('nest', () => {
    expect(holds({ all: [{ any: [no, { fact: 'carrier', op: '=', value: 'UPS' }] }, { not: { fact: 'isInternational', op: '=', value: true } }] })).toBe(true);
  });
});

describe('laws of the language, on random shipments and comparisons', () => {
  const shipments = fc.record({
    weight: fc.double({ min: 0.01, max: 2000, noNaN: true }),
    international: fc.boolean(),
    residential: fc.boolean(),
  }).map(({ weight, international, residential }) =>
    deriveFacts(shipment({ packages: [{ weight, length: 1, width: 1, height: 1 }], shipTo: international ? germanCustomer : residential ? homeCustomer : businessCustomer })),
  );
  const comparisons = fc.oneof(
    fc.record({ fact: fc.constant('totalWeightLb'), op: fc.constantFrom('=', '!=', '>', '>=', '<', '<='), value: fc.double({ min: 0, max: 2000, noNaN: true }) }),
    fc.record({ fact: fc.constantFrom('isInternational', 'residential'), op: fc.constantFrom('=', '!='), value: fc.boolean() }),
    fc.record({ fact: fc.constant('shipToCountry'), op: fc.constantFrom('=', '!=', 'contains'), value: fc.constantFrom('US', 'de', 'U', '') }),
  );

  it('not negates, all and any agree with every and some', () => {
    fc.assert(
      fc.property(shipments, fc.array(comparisons, { maxLength: 4 }), (shipmentFacts, parts) => {
        const each = parts.map((part) => conditionHolds(condition(part), shipmentFacts));
        expect(conditionHolds(condition({ all: parts }), shipmentFacts)).toBe(each.every(Boolean));
        expect(conditionHolds(condition({ any: parts }), shipmentFacts)).toBe(each.some(Boolean));
        for (const [index, part] of parts.entries()) expect(conditionHolds(condition({ not: part }), shipmentFacts)).toBe(!each[index]);
      }),
      { numRuns: 200 },
    );
  });

  it('> and <= split every number, as do = and !=', () => {
    fc.assert(
      fc.property(shipments, fc.double({ min: 0, max: 2000, noNaN: true }), (shipmentFacts, value) => {
        const test = (op: string): boolean => conditionHolds(condition({ fact: 'totalWeightLb', op, value }), shipmentFacts);
        expect(test('>')).toBe(!test('<='));
        expect(test('<')).toBe(!test('>='));
        expect(test('=')).toBe(!test('!='));
      }),
      { numRuns: 200 },
    );
  });
});
