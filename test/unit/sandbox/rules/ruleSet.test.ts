import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { DEFAULT_RULE_SET, FACT_NAMES, loadRuleSet, loadRuleSetText, MAX_NESTING } from '../../../../electron/sandbox/rules';

const shippedText = readFileSync(new URL('../../../../resources/sandbox/business-rules.json', import.meta.url), 'utf8');
const shipped = (): { rules: Record<string, unknown>[]; addressBook?: Record<string, unknown> } & Record<string, unknown> =>
  JSON.parse(shippedText) as { rules: Record<string, unknown>[] };

/** A small valid file: one comparison rule and a catch-all. */
function minimal(overrides: Record<string, unknown> = {}, when: unknown = { fact: 'totalWeightLb', op: '>', value: 150 }): Record<string, unknown> {
  return {
    version: 1,
    rules: [
      { id: 'heavy', name: 'Heavy', priority: 10, when, then: { shipMethod: 'LTL' } },
      { id: 'default', name: 'Default', priority: 0, then: {} },
    ],
    ...overrides,
  };
}

function messagesOf(json: unknown): string[] {
  const loaded = loadRuleSet(json);
  expect(loaded.ok).toBe(false);
  return loaded.ok ? [] : loaded.issues.map((issue) => issue.message);
}

describe('the shipped rule file', () => {
  it('loads, and is what DEFAULT_RULE_SET holds', () => {
    const loaded = loadRuleSetText(shippedText);
    expect(loaded.ok && loaded.value).toEqual(DEFAULT_RULE_SET);
    expect(DEFAULT_RULE_SET.rules.length).toBeGreaterThanOrEqual(8);
  });

  it('ends with a catch-all of the lowest priority', () => {
    const last = DEFAULT_RULE_SET.rules.at(-1);
    expect(last?.when).toBeUndefined();
    expect(Math.min(...DEFAULT_RULE_SET.rules.map((rule) => rule.priority))).toBe(last?.priority);
  });

  it('is documented: every rule id and every fact appears in docs/sandbox/business-rules.md', () => {
    const doc = readFileSync(new URL('../../../../docs/sandbox/business-rules.md', import.meta.url), 'utf8');
    for (const name of [...DEFAULT_RULE_SET.rules.map((rule) => rule.id), ...FACT_NAMES]) expect(doc, name).toContain(`\`${name}\``);
  });
});

describe('a file that is wrong', () => {
  it.each([
    ['an operator that does not exist', minimal({}, { all: [{ fact: 'totalWeightLb', op: 'gt', value: 1 }] }), 'rules[0].when.all[0].op must be one of "=", "!=", ">", ">=", "<", "<=", "in", "contains"'],
    ['an operator the fact type cannot take', minimal({}, { fact: 'shipToCountry', op: '>', value: 'US' }), 'rules[0].when.op must be one of "=", "!=", "in", "contains" for the text fact shipToCountry'],
    ['an unknown fact', minimal({}, { any: [{ not: { fact: 'weight', op: '>', value: 1 } }] }), 'rules[0].when.any[0].not.fact must name a known fact'],
    ['a value of the wrong type', minimal({}, { fact: 'totalWeightLb', op: '>', value: '150' }), 'rules[0].when.value must be a number (totalWeightLb is a number fact)'],
    ['a boolean compared with text', minimal({}, { fact: 'hasPallet', op: '=', value: 'yes' }), 'rules[0].when.value must be true or false'],
    ['"in" without a list', minimal({}, { fact: 'shipToState', op: 'in', value: 'AK' }), 'rules[0].when.value must be a non-empty list of strings for "in"'],
    ['"in" with an empty list', minimal({}, { fact: 'packageCount', op: 'in', value: [] }), 'rules[0].when.value must be a non-empty list of numbers for "in"'],
    ['a list of mixed types', minimal({}, { fact: 'packageCount', op: 'in', value: [1, '2'] }), 'rules[0].when.value must be a non-empty list of numbers for "in"'],
    ['a comparison without an operator', minimal({}, { fact: 'packageCount', value: 1 }), 'rules[0].when.op is required'],
    ['a comparison without a value', minimal({}, { fact: 'packageCount', op: '=' }), 'rules[0].when.value is required'],
    ['an empty condition', minimal({}, {}), 'rules[0].when must have one of the keys all, any, not, fact'],
    ['two forms in one condition', minimal({}, { all: [], any: [] }), 'rules[0].when must have only one of the keys all, any, not, fact (found all, any)'],
    ['an operator on a group', minimal({}, { all: [], op: '=' }), 'rules[0].when.op belongs to a fact comparison, not to an "all" condition'],
    ['a misspelt key', minimal({}, { fact: 'packageCount', op: '=', vaule: 1 }), 'rules[0].when.vaule is not a known field'],
    ['a wrong version', minimal({ version: 2 }), 'version must be 1'],
    ['no version', minimal({ version: undefined }), 'version is required'],
    ['no rules', minimal({ rules: [] }), 'rules must have at least 1 item'],
    ['no catch-all', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, when: { fact: 'packageCount', op: '>', value: 0 }, then: {} }] }), 'rules must include a catch-all rule'],
    ['a repeated id', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, then: {} }, { id: 'a', name: 'B', priority: 0, then: {} }] }), 'rules[1].id repeats the id of rules[0] ("a")'],
    ['an id with spaces', minimal({ rules: [{ id: 'a b', name: 'A', priority: 1, then: {} }] }), 'rules[0].id must be letters, digits'],
    ['a fractional priority', minimal({ rules: [{ id: 'a', name: 'A', priority: 1.5, then: {} }] }), 'rules[0].priority must be an integer'],
    ['a rule without a name', minimal({ rules: [{ id: 'a', name: ' ', priority: 1, then: {} }] }), 'rules[0].name must not be empty'],
    ['a rule without an outcome', minimal({ rules: [{ id: 'a', name: 'A', priority: 1 }] }), 'rules[0].then is required'],
    ['an unknown outcome field', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, then: { carrier: 'UPS' } }] }), 'rules[0].then.carrier is not a known field'],
    ['instructions as one string', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, then: { instructions: 'Tape it' } }] }), 'rules[0].then.instructions must be an array'],
    ['an unknown party', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, then: { parties: ['SHIPPER', 'BROKER'] } }] }), 'rules[0].then.parties[1] must be one of SHIPPER, CONSIGNEE, BILL_TO, IMPORTER_OF_RECORD or a key of addressBook, not "BROKER"'],
    ['a repeated party', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, then: { parties: ['SHIPPER', 'SHIPPER'] } }] }), 'rules[0].then.parties[1] repeats SHIPPER'],
    ['a lower-case party', minimal({ rules: [{ id: 'a', name: 'A', priority: 1, then: { parties: ['shipper'] } }] }), 'rules[0].then.parties[0] must be an upper-case party name'],
    ['an address-book entry for the shipper', minimal({ addressBook: { SHIPPER: { companyName: 'A', address1: 'B', city: 'C', stateProvince: 'D', country: 'US', zipPostalCode: '1' } } }), 'addressBook.SHIPPER cannot be set: SHIPPER is taken from the shipment'],
    ['an address-book key in lower case', minimal({ addressBook: { broker: { companyName: 'A', address1: 'B', city: 'C', stateProvince: 'D', country: 'US', zipPostalCode: '1' } } }), 'addressBook.broker is not a valid key'],
    ['an incomplete address-book entry', minimal({ addressBook: { BROKER: { companyName: 'A' } } }), 'addressBook.BROKER.address1 is required'],
    ['an unknown top-level field', minimal({ rule: [] }), 'rule is not a known field'],
    ['something that is not an object', ['rules'], 'body must be an object'],
  ])('names the field: %s', (_case, json, expected) => {
    expect(messagesOf(json).join('\n')).toContain(expected);
  });

  it('reports every problem of a file, not only the first', () => {
    const file = shipped();
    const [first, second] = file.rules;
    if (first === undefined || second === undefined) throw new Error('the shipped file has fewer than two rules');
    first.priority = 'high';
    second.when = { fact: 'totalWeightLb', op: '~', value: 1 };
    const messages = messagesOf(file);
    expect(messages).toContain('rules[0].priority must be a number');
    expect(messages.some((message) => message.startsWith('rules[1].when.op must be one of'))).toBe(true);
  });

  it('refuses nesting deeper than the limit without exhausting the stack', () => {
    let when: unknown = { fact: 'packageCount', op: '=', value: 1 };
    for (let depth = 0; depth < 10_000; depth += 1) when = { not: when };
    const messages = messagesOf(minimal({}, when));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^rules\\[0\\]\\.when(\\.not)+ is nested more than ${MAX_NESTING} levels deep$`));
  });

  it('accepts nesting up to a sensible depth', () => {
    let when: unknown = { fact: 'packageCount', op: '=', value: 1 };
    for (let depth = 0; depth < 20; depth += 1) when = { not: when };
    expect(loadRuleSet(minimal({}, when)).ok).toBe(true);
  });

  it('reports a JSON syntax error as one issue on the whole file', () => {
    const loaded = loadRuleSetText('{ "version": 1, ');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) {
      expect(loaded.issues).toHaveLength(1);
      expect(loaded.issues[0]?.message).toMatch(/^rule file is not valid JSON: /);
    }
  });

  it('never throws, whatever JSON it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const loaded = loadRuleSet(json);
        return !loaded.ok && loaded.issues.length > 0 && loaded.issues.every((issue) => issue.message.length > 0);
      }),
    );
  });

  it('never throws on near-miss files: the shipped rules with one value replaced', () => {
    const paths = (value: unknown, path: (string | number)[] = []): (string | number)[][] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, child]) => [[...path, Array.isArray(value) ? Number(key) : key], ...paths(child, [...path, Array.isArray(value) ? Number(key) : key])]) : [];
    const all = paths(shipped());
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.jsonValue(), (path, replacement) => {
        const file: unknown = shipped();
        let parent: unknown = file;
        for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[key];
        (parent as Record<string | number, unknown>)[path.at(-1) ?? ''] = replacement;
        const loaded = loadRuleSet(file);
        return loaded.ok || loaded.issues.every((issue) => issue.message.startsWith(issue.field === '' ? 'body ' : issue.field));
      }),
      { numRuns: 500 },
    );
  });
});

describe('a file that is right', () => {
  it('fills in the defaults: no instructions, and SHIPPER, CONSIGNEE, BILL_TO as parties', () => {
    const loaded = loadRuleSet(minimal());
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.value.rules[1]?.then).toEqual({ instructions: [], parties: ['SHIPPER', 'CONSIGNEE', 'BILL_TO'] });
      expect(loaded.value.addressBook).toEqual({});
    }
  });

  it('keeps the rules in file order', () => {
    const loaded = loadRuleSet(minimal({ rules: [{ id: 'z', name: 'Z', priority: 0, then: {} }, { id: 'a', name: 'A', priority: 9, then: {} }] }));
    expect(loaded.ok && loaded.value.rules.map((rule) => rule.id)).toEqual(['z', 'a']);
  });

  it('accepts every operator on the fact types it applies to', () => {
    const when = {
      all: [
        { fact: 'totalWeightLb', op: '>=', value: 1 },
        { fact: 'packageCount', op: 'in', value: [1, 2] },
        { fact: 'residential', op: '!=', value: false },
        { fact: 'notes', op: 'contains', value: 'fragile' },
        { fact: 'shipToState', op: 'in', value: ['AK'] },
        { fact: 'packageTypes', op: 'contains', value: 'PALLET' },
      ],
    };
    expect(loadRuleSet(minimal({}, when)).ok).toBe(true);
  });
});
