import { describe, expect, it } from 'vitest';
import { deriveFacts, payerOf } from '../../../../electron/sandbox/rules';
import { canadianCustomer, germanCustomer, homeCustomer, shipment } from './shipments';

describe('weights and sizes', () => {
  it('converts kilograms to pounds', () => {
    const facts = deriveFacts(shipment({ unitOfWeight: 'KG', packages: [{ weight: 10, length: 1, width: 1, height: 1 }, { weight: 50, length: 1, width: 1, height: 1 }] }));
    expect(facts.totalWeightLb).toBeCloseTo(132.277, 3);
    expect(facts.maxPackageWeightLb).toBeCloseTo(110.231, 3);
    expect(facts.packageCount).toBe(2);
  });

  it('reads the unit without regard to case or spelling', () => {
    expect(deriveFacts(shipment({ unitOfWeight: 'kgs', packages: [{ weight: 1, length: 1, width: 1, height: 1 }] })).totalWeightLb).toBeCloseTo(2.2046, 4);
    expect(deriveFacts(shipment({ unitOfWeight: 'oz', packages: [{ weight: 32, length: 1, width: 1, height: 1 }] })).totalWeightLb).toBe(2);
  });

  it('takes pounds when the unit is absent or unknown', () => {
    expect(deriveFacts(shipment({ packages: [{ weight: 7, length: 1, width: 1, height: 1 }] })).totalWeightLb).toBe(7);
    expect(deriveFacts(shipment({ unitOfWeight: 'STONE', packages: [{ weight: 7, length: 1, width: 1, height: 1 }] })).totalWeightLb).toBe(7);
  });

  it('converts the longest side to inches', () => {
    expect(deriveFacts(shipment({ unitOfLength: 'CM', packages: [{ weight: 1, length: 127, width: 20, height: 10 }] })).longestSideIn).toBeCloseTo(50, 6);
  });

  it('answers zero for a shipment without packages (the contract refuses one; the facts stay defined)', () => {
    const facts = deriveFacts({ ...shipment(), packages: [] });
    expect([facts.packageCount, facts.totalWeightLb, facts.maxPackageWeightLb, facts.maxDeclaredValue, facts.totalDeclaredValue]).toEqual([0, 0, 0, 0, 0]);
  });

  it('sums and maximises declared values, an absent value counting as zero', () => {
    const facts = deriveFacts(shipment({ packages: [{ weight: 1, length: 1, width: 1, height: 1, declaredValue: 700 }, { weight: 1, length: 1, width: 1, height: 1 }, { weight: 1, length: 1, width: 1, height: 1, declaredValue: 1200 }] }));
    expect(facts.totalDeclaredValue).toBe(1900);
    expect(facts.maxDeclaredValue).toBe(1200);
  });
});

describe('destination', () => {
  it('is international when the countries differ, compared without regard to case', () => {
    expect(deriveFacts(shipment({ shipTo: germanCustomer })).isInternational).toBe(true);
    expect(deriveFacts(shipment({ shipTo: { ...canadianCustomer, country: 'us' } })).isInternational).toBe(false);
    expect(deriveFacts(shipment()).isInternational).toBe(false);
  });

  it('upper-cases country and state codes', () => {
    const facts = deriveFacts(shipment({ shipTo: { ...homeCustomer, stateProvince: ' hi ', country: 'us' } }));
    expect([facts.shipToCountry, facts.shipToState, facts.shipFromCountry, facts.shipFromState]).toEqual(['US', 'HI', 'US', 'IL']);
  });

  it('is residential when the consignee has no company name, blank included', () => {
    expect(deriveFacts(shipment({ shipTo: homeCustomer })).residential).toBe(true);
    expect(deriveFacts(shipment({ shipTo: { ...homeCustomer, companyName: '   ' } })).residential).toBe(true);
    expect(deriveFacts(shipment()).residential).toBe(false);
  });
});

describe('customs', () => {
  it('takes the declared customs total when given', () => {
    expect(deriveFacts(shipment({ shipTo: germanCustomer, internationalDetail: { totalCustomValue: 3100, commodities: [{ customValue: 5 }] } })).customsValue).toBe(3100);
  });

  it('otherwise sums the commodity lines, from quantity and unit price where no value is given', () => {
    const facts = deriveFacts(shipment({ shipTo: germanCustomer, internationalDetail: { commodities: [{ customValue: 1000 }, { quantity: 3, unitPrice: 600 }, {}] } }));
    expect(facts.customsValue).toBe(2800);
  });

  it('is DDP when the incoterm says so or the shipper pays duties, and only across a border', () => {
    expect(deriveFacts(shipment({ shipTo: germanCustomer, internationalDetail: { incoTerm1: 'ddp' } })).isDDP).toBe(true);
    expect(deriveFacts(shipment({ shipTo: germanCustomer, internationalDetail: { dutiesPaidBy: 'Sender' } })).isDDP).toBe(true);
    expect(deriveFacts(shipment({ shipTo: germanCustomer, internationalDetail: { incoTerm1: 'DAP', dutiesPaidBy: 'Recipient' } })).isDDP).toBe(false);
    expect(deriveFacts(shipment({ internationalDetail: { incoTerm1: 'DDP' } })).isDDP).toBe(false);
  });
});

describe('contents, payment and references', () => {
  it('sees dangerous goods only when dgItems has an item', () => {
    expect(deriveFacts(shipment({ dgItems: [{ unNumber: 'UN3481' }] })).hasDangerousGoods).toBe(true);
    expect(deriveFacts(shipment({ dgItems: [] })).hasDangerousGoods).toBe(false);
    expect(deriveFacts(shipment()).hasDangerousGoods).toBe(false);
  });

  it('sees a pallet whatever its case, and lists package types once each', () => {
    const facts = deriveFacts(shipment({ packages: [{ weight: 1, length: 1, width: 1, height: 1, type: 'pallet' }, { weight: 1, length: 1, width: 1, height: 1, type: 'Box' }, { weight: 1, length: 1, width: 1, height: 1, type: 'BOX' }] }));
    expect(facts.hasPallet).toBe(true);
    expect(facts.packageTypes).toEqual(['PALLET', 'BOX']);
  });

  it('names the payer from the many spellings of paymentType', () => {
    expect(['Prepaid', 'SENDER', '', undefined, 'Bartered'].map(payerOf)).toEqual(['SHIPPER', 'SHIPPER', 'SHIPPER', 'SHIPPER', 'SHIPPER']);
    expect(['Collect', 'recipient', 'Freight Collect'].map(payerOf)).toEqual(['CONSIGNEE', 'CONSIGNEE', 'CONSIGNEE']);
    expect(['ThirdParty', 'Third Party', 'THIRD_PARTY', '3rd-party'].map(payerOf)).toEqual(['THIRD_PARTY', 'THIRD_PARTY', 'THIRD_PARTY', 'THIRD_PARTY']);
  });

  it('finds a customer PO only when it has a value, whatever the key case', () => {
    expect(deriveFacts(shipment({ references: { CustomerPO: 'PO-77' } })).hasCustomerPO).toBe(true);
    expect(deriveFacts(shipment({ references: { customerPO: ' ' } })).hasCustomerPO).toBe(false);
    expect(deriveFacts(shipment({ references: { orderNumber: 'SO-1' } })).referenceKeys).toEqual(['orderNumber']);
  });

  it('reads the carrier as its code', () => {
    expect(deriveFacts(shipment({ shipmentInfo: { carrier: 'FedEx' } })).carrier).toBe('FEDEX');
    expect(deriveFacts(shipment({ shipmentInfo: { carrier: 'old dominion' } })).carrier).toBe('ODFL');
    expect(deriveFacts(shipment({ shipmentInfo: { carrier: 'Acme Couriers' } })).carrier).toBe('ACME COURIERS');
  });
});
