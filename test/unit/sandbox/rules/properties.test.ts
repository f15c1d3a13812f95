import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { applyBusinessRule, DEFAULT_RULE_SET, deriveFacts, FACT_TYPES, loadRuleSet, OPERATORS_BY_TYPE, ruleMatches } from '../../../../electron/sandbox/rules';
import type { FactName, RuleSet } from '../../../../electron/sandbox/rules';
import { ApplyRuleResponse, parseWith, ShipmentCreate } from '../../../../electron/service/contract';

const text = fc.string({ maxLength: 12 });
const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);
const amount = fc.double({ min: 0, max: 10_000, noNaN: true, noDefaultInfinity: true });
/** A package side: from 0.1 (the contract's least) to 1,000. */
const side = fc.double({ min: 0.1, max: 1_000, noNaN: true, noDefaultInfinity: true });

/** Mostly the common case, sometimes anything: so that every shipped rule gets its turn. */
const mostly = <T>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<T>) => fc.oneof({ arbitrary: usual, weight: 6 }, { arbitrary: other, weight: 1 });

const address = fc.record(
  {
    companyName: fc.option(oneOf('Acme', 'Nordlicht GmbH', '', '  '), { nil: undefined }),
    contactName: fc.option(text, { nil: undefined }),
    address1: text,
    city: text,
    stateProvince: mostly(oneOf('IL', 'CA', 'OH', 'ny'), fc.oneof(oneOf('AK', 'hi', 'PR', 'ON', 'HH'), text)),
    zipPostalCode: text,
    country: mostly(oneOf('US', 'us'), fc.oneof(oneOf('CA', 'DE', 'PR', 'GU', 'MX'), fc.stringMatching(/^[A-Za-z]{2}$/))),
  },
  { requiredKeys: ['address1', 'city', 'stateProvince', 'zipPostalCode', 'country'] },
);

const pkg = fc.record(
  {
    weight: mostly(fc.double({ min: 0.01, max: 70, noNaN: true, noDefaultInfinity: true }), fc.double({ min: 0.01, max: 600, noNaN: true, noDefaultInfinity: true })),
    length: side,
    width: side,
    height: side,
    type: mostly(oneOf('Box', 'Envelope', 'Tube'), fc.oneof(oneOf('Pallet', 'pallet'), text)),
    declaredValue: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1001, max: 10_000 }), amount),
  },
  { requiredKeys: ['weight', 'length', 'width', 'height'] },
);

/** Create Shipment bodies, spread over the corners the shipped rules care about. */
const shipments = fc.record(
  {
    shipDate: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
    shipTo: address,
    shipFrom: address,
    shipmentInfo: fc.record(
      {
        shipMethod: fc.oneof(oneOf('Ground', 'ground', 'Express', '2nd Day Air'), text),
        carrier: fc.oneof(oneOf('UPS', 'FedEx', 'usps', 'DHL Express', 'ODFL'), text),
        carrierAccount: text,
        paymentType: fc.oneof(oneOf('Prepaid', 'Collect', 'ThirdParty', 'Third Party', 'Recipient'), text),
      },
      { requiredKeys: ['shipMethod', 'carrier'] },
    ),
    packages: fc.array(pkg, { minLength: 1, maxLength: 4 }),
    references: fc.dictionary(oneOf('orderNumber', 'customerPO', 'CustomerPO', 'batch'), text),
    internationalDetail: fc.record({
      dutiesPaidBy: fc.oneof(oneOf('Sender', 'Recipient', 'Shipper'), text),
      totalCustomValue: fc.oneof(fc.integer({ min: 0, max: 2500 }), fc.integer({ min: 2501, max: 20_000 }), amount),
      incoTerm1: fc.oneof(oneOf('DDP', 'DAP', 'ddu'), text),
      commodities: fc.array(fc.record({ customValue: amount, quantity: amount, unitPrice: amount }, { requiredKeys: [] }), { maxLength: 3 }),
    }, { requiredKeys: [] }),
    notes: text,
    unitOfWeight: fc.oneof(oneOf('LB', 'KG', 'kg', 'OZ', 'G', 'lbs'), text),
    unitOfLength: fc.oneof(oneOf('IN', 'CM', 'mm'), text),
    dgItems: mostly<Record<string, unknown>[]>(fc.constant([]), fc.array(fc.dictionary(text, fc.jsonValue({ maxDepth: 1 })), { minLength: 1, maxLength: 2 })),
    additionalOptions: fc.dictionary(text, fc.jsonValue({ maxDepth: 1 })),
  },
  { requiredKeys: ['shipDate', 'shipTo', 'shipFrom', 'shipmentInfo', 'packages'] },
);

/** Only bodies the contract accepts: a generator slip would otherwise test nothing. */
const validShipments = shipments.map((body) => {
  const parsed = parseWith(ShipmentCreate, body);
  if (!parsed.ok) throw new Error(`generated an invalid body: ${parsed.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.value;
});

describe('Apply Business Rule on any valid Create Shipment body', () => {
  it('answers with an ApplyRuleResponse naming a rule of the set', () => {
    const ids = new Set(DEFAULT_RULE_SET.rules.map((rule) => rule.id));
    fc.assert(
      fc.property(validShipments, (body) => {
        const answer = applyBusinessRule(body, DEFAULT_RULE_SET);
        expect(parseWith(ApplyRuleResponse, answer).ok).toBe(true);
        expect(answer.success).toBe(true);
        expect(ids.has(answer.ruleId ?? '')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('picks a matching rule with no matching rule above it (higher priority, or equal and earlier in the file)', () => {
    fc.assert(
      fc.property(validShipments, (body) => {
        const facts = deriveFacts(body);
        const rules = DEFAULT_RULE_SET.rules;
        const winnerIndex = rules.findIndex((rule) => rule.id === applyBusinessRule(body, DEFAULT_RULE_SET).ruleId);
        const winner = rules[winnerIndex];
        expect(winner !== undefined && ruleMatches(winner, facts)).toBe(true);
        const above = rules.filter((rule, index) => winner !== undefined && (rule.priority > winner.priority || (rule.priority === winner.priority && index < winnerIndex)));
        expect(above.filter((rule) => ruleMatches(rule, facts)).map((rule) => rule.id)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('lists BILL_TO only when someone other than the shipper pays, and an importer of record only across a border', () => {
    fc.assert(
      fc.property(validShipments, (body) => {
        const facts = deriveFacts(body);
        const answer = applyBusinessRule(body, DEFAULT_RULE_SET);
        const asked = DEFAULT_RULE_SET.rules.find((rule) => rule.id === answer.ruleId)?.then.parties ?? [];
        const listed = (answer.parties ?? []).map((party) => party.party);
        expect(listed.includes('BILL_TO')).toBe(asked.includes('BILL_TO') && facts.payer !== 'SHIPPER');
        expect(listed.includes('IMPORTER_OF_RECORD')).toBe(asked.includes('IMPORTER_OF_RECORD') && facts.isInternational);
        expect(listed.includes('SHIPPER')).toBe(asked.includes('SHIPPER'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('any well-formed rule file', () => {
  const numberFacts = (Object.keys(FACT_TYPES) as FactName[]).filter((fact) => FACT_TYPES[fact] === 'number');
  const factsOf = (type: string) => (Object.keys(FACT_TYPES) as FactName[]).filter((fact) => FACT_TYPES[fact] === type);
  const comparison = fc.oneof(
    fc.record({ fact: fc.constantFrom(...numberFacts), op: fc.constantFrom(...OPERATORS_BY_TYPE.number.filter((op) => op !== 'in')), value: amount }),
    fc.record({ fact: fc.constantFrom(...numberFacts), op: fc.constant('in'), value: fc.array(amount, { minLength: 1, maxLength: 3 }) }),
    fc.record({ fact: fc.constantFrom(...factsOf('boolean')), op: fc.constantFrom(...OPERATORS_BY_TYPE.boolean), value: fc.boolean() }),
    fc.record({ fact: fc.constantFrom(...factsOf('text')), op: fc.constantFrom('=', '!=', 'contains'), value: text }),
    fc.record({ fact: fc.constantFrom(...factsOf('text')), op: fc.constant('in'), value: fc.array(text, { minLength: 1, maxLength: 3 }) }),
    fc.record({ fact: fc.constantFrom(...factsOf('list')), op: fc.constant('contains'), value: text }),
  );
  const { condition } = fc.letrec<{ condition: unknown }>((tie) => ({
    condition: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      comparison,
      fc.record({ all: fc.array(tie('condition'), { maxLength: 3 }) }),
      fc.record({ any: fc.array(tie('condition'), { maxLength: 3 }) }),
      fc.record({ not: tie('condition') }),
    ),
  }));
  const ruleFiles = fc.array(fc.record({ priority: fc.integer({ min: -5, max: 5 }), when: condition }), { maxLength: 6 }).map((rules) => ({
    version: 1,
    rules: [
      ...rules.map((rule, index) => ({ id: `r${index}`, name: `Rule ${index}`, ...rule, then: { instructions: [`step ${index}`] } })),
      { id: 'catch-all', name: 'Catch-all', priority: -10, then: {} },
    ],
  }));

  it('loads, and answers every valid shipment with a rule of its own', () => {
    fc.assert(
      fc.property(ruleFiles, validShipments, (file, body) => {
        const loaded = loadRuleSet(file);
        if (!loaded.ok) throw new Error(loaded.issues.map((issue) => issue.message).join('; '));
        const ruleSet: RuleSet = loaded.value;
        const answer = applyBusinessRule(body, ruleSet);
        expect(parseWith(ApplyRuleResponse, answer).ok).toBe(true);
        expect(ruleSet.rules.map((rule) => rule.id)).toContain(answer.ruleId);
      }),
      { numRuns: 300 },
    );
  });
});
