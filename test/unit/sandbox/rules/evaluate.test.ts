import { describe, expect, it } from 'vitest';
import { applyBusinessRule, DEFAULT_RULE_SET, loadRuleSet } from '../../../../electron/sandbox/rules';
import type { RuleSet } from '../../../../electron/sandbox/rules';
import type { ShipmentCreate } from '../../../../electron/service/contract';
import { businessCustomer, canadianCustomer, germanCustomer, homeCustomer, shipment, warehouse } from './shipments';

const ruleOf = (body: ShipmentCreate): string | undefined => applyBusinessRule(body, DEFAULT_RULE_SET).ruleId;
const box = (weight: number, declaredValue?: number) => ({ weight, length: 12, width: 10, height: 8, type: 'Box', ...(declaredValue === undefined ? {} : { declaredValue }) });
const pallet = { weight: 400, length: 48, width: 40, height: 48, type: 'Pallet' };
const battery = { unNumber: 'UN3480', properShippingName: 'Lithium ion batteries' };
const honolulu = { ...homeCustomer, city: 'Honolulu', stateProvince: 'HI', zipPostalCode: '96813' };
const sanJuan = { ...businessCustomer, city: 'San Juan', stateProvince: 'PR', zipPostalCode: '00901', country: 'PR' };

function ruleSet(json: unknown): RuleSet {
  const loaded = loadRuleSet(json);
  if (!loaded.ok) throw new Error(loaded.issues.map((issue) => issue.message).join('; '));
  return loaded.value;
}

const FIRES_FOR: readonly (readonly [string, ShipmentCreate])[] = [
  ['dangerous-goods', shipment({ dgItems: [battery] })],
  ['ltl-freight', shipment({ packages: [pallet] })],
  ['ltl-freight', shipment({ packages: [box(160)] })],
  ['ltl-freight', shipment({ unitOfWeight: 'KG', packages: [box(60), box(60), box(60), box(60)] })],
  ['noncontiguous-us', shipment({ shipTo: honolulu })],
  ['noncontiguous-us', shipment({ shipTo: { ...homeCustomer, city: 'Anchorage', stateProvince: 'ak', zipPostalCode: '99501' } })],
  ['noncontiguous-us', shipment({ shipTo: sanJuan })],
  ['export-eei', shipment({ shipTo: germanCustomer, internationalDetail: { totalCustomValue: 4800, incoTerm1: 'DAP' } })],
  ['export-eei', shipment({ shipTo: germanCustomer, packages: [box(10, 1500), box(10, 1500)] })],
  ['international', shipment({ shipTo: germanCustomer, internationalDetail: { totalCustomValue: 900 } })],
  ['high-value', shipment({ packages: [box(4, 1800)] })],
  ['residential-ground', shipment({ shipTo: homeCustomer })],
  ['freight-billed-elsewhere', shipment({ shipmentInfo: { paymentType: 'Collect' } })],
  ['freight-billed-elsewhere', shipment({ shipmentInfo: { paymentType: 'Third Party' } })],
  ['standard-parcel', shipment()],
];

describe('each shipped rule fires for the shipment it is written for', () => {
  it.each(FIRES_FOR)('%s', (expected, body) => {
    expect(ruleOf(body)).toBe(expected);
  });

  it('every shipped rule has a shipment above that reaches it', () => {
    // A rule added to the file without a case in this table fails here.
    const reached = new Set(FIRES_FOR.map(([id]) => id));
    expect(DEFAULT_RULE_SET.rules.map((rule) => rule.id).filter((id) => !reached.has(id))).toEqual([]);
  });
});

describe('priority', () => {
  it.each([
    ['dangerous goods on a pallet go as dangerous goods', 'dangerous-goods', shipment({ dgItems: [battery], packages: [pallet] })],
    ['a pallet to Hawaii goes as freight', 'ltl-freight', shipment({ packages: [pallet], shipTo: honolulu })],
    ['a valuable box to Hawaii goes by air', 'noncontiguous-us', shipment({ packages: [box(5, 3000)], shipTo: honolulu })],
    ['a valuable export needs EEI before a signature', 'export-eei', shipment({ shipTo: germanCustomer, packages: [box(5, 3000)] })],
    ['a valuable box to Canada is only international', 'international', shipment({ shipTo: canadianCustomer, packages: [box(5, 3000)] })],
    ['a valuable box to a home needs a signature', 'high-value', shipment({ shipTo: homeCustomer, packages: [box(5, 1500)] })],
    ['a collect box to a home is home delivery', 'residential-ground', shipment({ shipTo: homeCustomer, shipmentInfo: { paymentType: 'Collect' } })],
    ['an express box to a home is standard', 'standard-parcel', shipment({ shipTo: homeCustomer, shipmentInfo: { shipMethod: 'Express' } })],
  ])('%s', (_case, expected, body) => {
    expect(ruleOf(body)).toBe(expected);
  });

  it('goes by priority, not by file order', () => {
    const rules = ruleSet({
      version: 1,
      rules: [
        { id: 'catch-all', name: 'Catch-all', priority: 0, then: {} },
        { id: 'low', name: 'Low', priority: 5, when: { fact: 'packageCount', op: '>', value: 0 }, then: {} },
        { id: 'high', name: 'High', priority: 7, when: { fact: 'packageCount', op: '>', value: 0 }, then: {} },
      ],
    });
    expect(applyBusinessRule(shipment(), rules).ruleId).toBe('high');
    expect(applyBusinessRule({ ...shipment(), packages: [] }, rules).ruleId).toBe('catch-all');
  });

  it('breaks a tie by file order', () => {
    const tied = (first: string, second: string) =>
      ruleSet({
        version: 1,
        rules: [
          { id: first, name: first, priority: 5, when: { fact: 'carrier', op: '=', value: 'UPS' }, then: {} },
          { id: second, name: second, priority: 5, when: { fact: 'carrier', op: '=', value: 'UPS' }, then: {} },
          { id: 'catch-all', name: 'Catch-all', priority: 0, then: {} },
        ],
      });
    expect(applyBusinessRule(shipment(), tied('a', 'b')).ruleId).toBe('a');
    expect(applyBusinessRule(shipment(), tied('b', 'a')).ruleId).toBe('b');
  });

  it('lets a catch-all of high priority win over everything', () => {
    const rules = ruleSet({ version: 1, rules: [{ id: 'pallet', name: 'P', priority: 1, when: { fact: 'hasPallet', op: '=', value: true }, then: {} }, { id: 'all', name: 'All', priority: 2, then: {} }] });
    expect(applyBusinessRule(shipment({ packages: [pallet] }), rules).ruleId).toBe('all');
  });
});

describe('the answer', () => {
  it('carries the rule outcome, instructions one per line', () => {
    const answer = applyBusinessRule(shipment({ dgItems: [battery], shipmentInfo: { shipMethod: 'Next Day Air', carrierAccount: 'UPS-MAIN' } }), DEFAULT_RULE_SET);
    expect(answer).toMatchObject({ success: true, ruleId: 'dangerous-goods', ruleName: 'Dangerous goods by ground', carrierAccount: 'DG-GROUND-7710', specialService: 'DangerousGoods', shipMethod: 'Ground' });
    expect(answer.instructions?.split('\n')).toEqual([
      "Attach the shipper's declaration for dangerous goods (2 signed copies) to the outside of the package",
      'Apply the hazard class label and the UN number marking',
      'Ground only: never tender to an air service',
    ]);
  });

  it("keeps the shipment's account and method when the rule leaves them unset, and says nothing for no special service", () => {
    const answer = applyBusinessRule(shipment({ shipmentInfo: { shipMethod: 'Express', carrierAccount: 'UPS-MAIN' } }), DEFAULT_RULE_SET);
    expect(answer).toMatchObject({ ruleId: 'standard-parcel', carrierAccount: 'UPS-MAIN', shipMethod: 'Express', specialService: '' });
    expect(applyBusinessRule(shipment(), DEFAULT_RULE_SET).carrierAccount).toBe('');
  });

  it('is the same for the same shipment', () => {
    const body = shipment({ shipTo: germanCustomer, packages: [pallet] });
    expect(applyBusinessRule(body, DEFAULT_RULE_SET)).toEqual(applyBusinessRule(structuredClone(body), DEFAULT_RULE_SET));
  });
});

describe('parties', () => {
  const partiesOf = (body: ShipmentCreate, rules: RuleSet = DEFAULT_RULE_SET) => applyBusinessRule(body, rules).parties ?? [];
  const names = (body: ShipmentCreate, rules?: RuleSet) => partiesOf(body, rules).map((party) => party.party);

  it('lists the shipper from shipFrom and the consignee from shipTo', () => {
    const [shipper, consignee] = partiesOf(shipment());
    expect(shipper).toEqual({ party: 'SHIPPER', companyName: warehouse.companyName, address1: warehouse.address1, city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60612' });
    expect(consignee).toMatchObject({ party: 'CONSIGNEE', companyName: 'Bay Area Outfitters', city: 'San Francisco' });
  });

  it("names a residential consignee by the contact's name", () => {
    expect(partiesOf(shipment({ shipTo: homeCustomer }))[1]).toMatchObject({ party: 'CONSIGNEE', companyName: 'Dana Whitfield' });
  });

  it('adds no BILL_TO when the shipper pays', () => {
    expect(names(shipment())).toEqual(['SHIPPER', 'CONSIGNEE']);
  });

  it('bills the consignee of a collect shipment', () => {
    const parties = partiesOf(shipment({ shipmentInfo: { paymentType: 'Collect' } }));
    expect(parties.map((party) => party.party)).toEqual(['SHIPPER', 'CONSIGNEE', 'BILL_TO']);
    expect(parties[2]).toMatchObject({ companyName: 'Bay Area Outfitters', zipPostalCode: '94105' });
  });

  it("bills the address book's third party of a third-party shipment", () => {
    expect(partiesOf(shipment({ shipmentInfo: { paymentType: 'ThirdParty' } }))[2]).toEqual({
      party: 'BILL_TO', companyName: 'Keystone Freight Audit', address1: '400 Commerce Drive', city: 'Harrisburg', stateProvince: 'PA', country: 'US', zipPostalCode: '17110',
    });
  });

  it('names only the BILL_TO party of a third-party shipment when the book has no third party', () => {
    const rules = ruleSet({ version: 1, rules: [{ id: 'd', name: 'D', priority: 0, then: {} }] });
    expect(partiesOf(shipment({ shipmentInfo: { paymentType: 'ThirdParty' } }), rules)[2]).toEqual({ party: 'BILL_TO' });
  });

  it('makes the consignee importer of record unless duties are paid by the shipper', () => {
    const dap = partiesOf(shipment({ shipTo: germanCustomer, internationalDetail: { incoTerm1: 'DAP' } }));
    expect(dap.map((party) => party.party)).toEqual(['SHIPPER', 'CONSIGNEE', 'IMPORTER_OF_RECORD']);
    expect(dap[2]).toMatchObject({ companyName: 'Nordlicht GmbH', country: 'DE' });
    const ddp = partiesOf(shipment({ shipTo: germanCustomer, internationalDetail: { incoTerm1: 'DDP' } }));
    expect(ddp[2]).toMatchObject({ party: 'IMPORTER_OF_RECORD', companyName: 'Packbench Fulfillment', country: 'US' });
  });

  it("makes the address book's agent importer of record of a DDP shipment, when it names one", () => {
    const agent = { companyName: 'EU Import Services BV', address1: 'Keizersgracht 1', city: 'Amsterdam', stateProvince: 'NH', country: 'NL', zipPostalCode: '1015 CJ' };
    const rules = ruleSet({ version: 1, addressBook: { IMPORTER_OF_RECORD: agent }, rules: [{ id: 'd', name: 'D', priority: 0, then: { parties: ['IMPORTER_OF_RECORD'] } }] });
    expect(partiesOf(shipment({ shipTo: germanCustomer, internationalDetail: { dutiesPaidBy: 'Shipper' } }), rules)).toEqual([{ party: 'IMPORTER_OF_RECORD', ...agent }]);
    expect(partiesOf(shipment({ shipTo: germanCustomer }), rules)[0]).toMatchObject({ companyName: 'Nordlicht GmbH' });
  });

  it('lists no importer of record for a domestic shipment', () => {
    const rules = ruleSet({ version: 1, rules: [{ id: 'd', name: 'D', priority: 0, then: { parties: ['SHIPPER', 'IMPORTER_OF_RECORD'] } }] });
    expect(names(shipment(), rules)).toEqual(['SHIPPER']);
  });

  it('lists address-book parties as written, in the order the rule gives', () => {
    const broker = { companyName: 'Harbor Customs Brokers', address1: '1 Port Way', city: 'Long Beach', stateProvince: 'CA', country: 'US', zipPostalCode: '90802' };
    const rules = ruleSet({ version: 1, addressBook: { CUSTOMS_BROKER: broker }, rules: [{ id: 'd', name: 'D', priority: 0, then: { parties: ['CUSTOMS_BROKER', 'CONSIGNEE'] } }] });
    const parties = partiesOf(shipment(), rules);
    expect(parties[0]).toEqual({ party: 'CUSTOMS_BROKER', ...broker });
    expect(parties.map((party) => party.party)).toEqual(['CUSTOMS_BROKER', 'CONSIGNEE']);
  });
});
