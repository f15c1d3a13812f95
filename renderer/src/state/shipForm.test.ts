/**
 * The Ship form on its own: the shipment it builds in the desk's units or the messages at the
 * fields that stop it, customs across a border, what rates and the address check are for, and a
 * new order keeping only the ship-from.
 */
import { describe, expect, it } from 'vitest';
import type { StationResults } from '../../../electron/api';
import { convertLength } from '../lib/units';
import { ShipForm } from './shipForm.svelte';

const CHICAGO = { companyName: 'Demo Warehouse', address1: '233 S Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' };
const UNITS = { weight: 'LB', length: 'IN' } as const;
const GROUND = { shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'UPS_GROUND' };

function filled(country = 'US'): ShipForm {
  const form = new ShipForm();
  form.setShipFrom('loc_chicago', CHICAGO);
  form.setOrder(' #1001 ', []);
  for (const [field, value] of Object.entries({ contactName: 'Dana Whitfield', address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country })) form.setAddressField(field as 'city', value);
  for (const [field, value] of Object.entries({ weight: '2,5', length: '12', width: '10', height: '8' })) form.setPackageField(0, field as 'weight', value);
  return form;
}

describe('the Ship form', () => {
  it('builds the shipment in the desk’s units from the text as typed, with where it leaves from', () => {
    const built = filled().build(UNITS, GROUND);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.shipment).toMatchObject({
      shipFrom: CHICAGO,
      shipTo: { contactName: 'Dana Whitfield', city: 'San Francisco', country: 'US' },
      packages: [{ weight: 2.5, length: 12, width: 10, height: 8, type: 'Box' }],
      unitOfWeight: 'LB',
      references: { orderNumber: '#1001' },
      location: 'loc_chicago',
      shipmentInfo: GROUND,
    });
  });

  it('says at each field what stops it; rates need no order number', () => {
    const form = new ShipForm();
    form.setAddressField('country', 'USA');
    form.setPackageField(0, 'weight', '-1');
    form.setPackageField(0, 'declaredValue', 'lots');
    const built = form.build(UNITS, GROUND);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.errors).toMatchObject({
      shipFrom: 'Choose where this ships from',
      'shipTo.contactName': 'A name or a company is required',
      'shipTo.city': 'City is required',
      'shipTo.country': 'Country must be a two-letter code, such as US or CA',
      'packages[0].weight': 'Weight must be a number above 0',
      'packages[0].length': 'Length is required',
      'packages[0].declaredValue': 'Declared value must be a number of 0 or more',
      'references.orderNumber': 'Scan or type the order number',
    });
    const forRates = filled();
    forRates.setOrder('', []);
    expect(forRates.build(UNITS, GROUND, { forRates: true }).ok).toBe(true);
  });

  it('across a border, asks for customs, and the commodities must come to what the packages declare', () => {
    const form = filled('CA');
    expect(form.international).toBe(true);
    form.setCommodityField(0, 'description', 'T-shirt');
    form.setCommodityField(0, 'quantity', '3');
    form.setCommodityField(0, 'unitPrice', '30');
    form.setPackageField(0, 'declaredValue', '80');
    const built = form.build(UNITS, GROUND);
    expect(built.ok ? {} : built.errors).toEqual({ 'internationalDetail.totalCustomValue': 'The commodities come to 90.00 but the packages declare 80.00: make them agree' });
    form.setPackageField(0, 'declaredValue', '90');
    const again = form.build(UNITS, GROUND);
    expect(again.ok && again.shipment.internationalDetail).toMatchObject({ totalCustomValue: 90, commodities: [{ description: 'T-shirt', quantity: 3, customValue: 90, numberOfBoxes: 1 }] });
  });

  it('rates are for the form as typed: an address, a package or (abroad) a customs change is a new quote; an address check only for the address it checked', () => {
    const form = filled();
    const quoted = form.quoteKey;
    form.setCommodityField(0, 'description', 'not sent at home');
    expect(form.quoteKey).toBe(quoted);
    form.setPackageField(0, 'weight', '3');
    expect(form.quoteKey).not.toBe(quoted);

    const check: StationResults['validateAddress'] = { status: 'Valid', addressType: 'Commercial', validatedAddress: [{ address1: '500 HOWARD ST', city: 'SAN FRANCISCO', stateProvince: 'CA', zipPostalCode: '94105-1234', country: 'US' }], errors: [] };
    form.setCheck(check);
    form.setAddressField('city', ' san francisco ');
    expect(form.check?.status).toBe('Valid');
    form.acceptStandardized();
    expect(form.shipTo).toMatchObject({ contactName: 'Dana Whitfield', city: 'SAN FRANCISCO', zipPostalCode: '94105-1234' });
    expect(form.check?.status).toBe('Valid');
    form.setAddressField('zipPostalCode', '94107');
    expect(form.check).toBeUndefined();
  });

  it('a preset fills the sides in the desk’s unit; a side typed by hand is no longer the preset', () => {
    const form = new ShipForm();
    form.applyPreset(0, { code: 'BOX-M', name: 'Medium', length: 30, width: 20, height: 10, unitOfLength: 'CM' }, 'IN', (value) => convertLength(value, 'CM', 'IN'));
    expect(form.packages[0]).toMatchObject({ preset: 'BOX-M', length: '11.8', width: '7.9', height: '3.9' });
    form.setPackageField(0, 'weight', '1');
    expect(form.packages[0]?.preset).toBe('BOX-M');
    form.setPackageField(0, 'height', '5');
    expect(form.packages[0]?.preset).toBe('');
  });

  it('the next order keeps only where it ships from, with a new request key', () => {
    const form = filled();
    const key = form.requestKey;
    form.addPackage();
    form.reset();
    expect(form.shipFromId).toBe('loc_chicago');
    expect(form.orderNumber).toBe('');
    expect(form.packages).toHaveLength(1);
    expect(form.requestKey).not.toBe(key);
    form.removePackage(0);
    expect(form.packages).toEqual([{ preset: '', weight: '', length: '', width: '', height: '', declaredValue: '' }]);
  });
});
