/**
 * One location's form: what is sent for a new location, and for an edit only what changed (a
 * nested section whole, an emptied field as "" to clear it), with the station's messages at the
 * fields they name.
 */
import { describe, expect, it } from 'vitest';
import { locationDetail } from '../testing/records';
import { LocationForm } from './locationForm.svelte';

describe('a location’s form', () => {
  it('a new location: every required field asked for by its label, then the record with what is filled in', () => {
    const form = new LocationForm();
    expect(form.build()).toEqual({ ok: false });
    expect(form.errors).toMatchObject({ locationName: 'Location name is needed', referenceId: 'Reference id is needed', 'address.city': 'City is needed' });
    form.set('location', 'locationName', ' East ');
    expect(form.errors.locationName).toBeUndefined();
    form.set('location', 'referenceId', 'WH-E');
    form.set('location', 'tags', 'dock\n\n  cold  ');
    for (const [key, value] of Object.entries({ address1: '1 Dock Rd', city: 'Gary', stateProvince: 'IN', zipPostalCode: '46402', country: 'US' })) form.set('address', key, value);
    const built = form.build();
    expect(built).toEqual({ ok: true, location: { locationName: 'East', referenceId: 'WH-E', active: true, tags: ['dock', 'cold'], address: { address1: '1 Dock Rd', city: 'Gary', stateProvince: 'IN', zipPostalCode: '46402', country: 'US' } } });
  });

  it('an edit sends the fields that changed, a changed section whole, and an emptied field as "" to clear it', () => {
    const form = new LocationForm(locationDetail('loc1', { groupId: 'north', address: { address1: '233 S Wacker Dr', address2: 'Dock 4', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' } }));
    expect(form.dirty).toBe(false);
    expect(form.build()).toEqual({ ok: true, changes: {} });
    form.set('location', 'groupId', '');
    form.set('address', 'address2', '');
    expect(form.dirty).toBe(true);
    expect(form.build()).toEqual({ ok: true, changes: { groupId: '', address: { address1: '233 S Wacker Dr', address2: '', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' } } });
  });

  it('a billing address can be added to a location but not taken off one that has it', () => {
    const without = new LocationForm(locationDetail('a'));
    without.billing = true;
    expect(without.billing).toBe(true);
    expect(without.dirty).toBe(true);
    const withBilling = new LocationForm(locationDetail('b', { billingAddress: { address1: '1 Pay St', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60601', country: 'US' } }));
    withBilling.billing = false;
    expect(withBilling.billing).toBe(true);
  });

  it('the station’s message about one entry of a list stands at the list, and goes when the list is changed', () => {
    const form = new LocationForm(locationDetail('a'));
    form.setErrors({ 'tags[2]': 'must be at most 40 characters', 'address.city': 'is required' });
    expect(form.errors).toEqual({ tags: 'must be at most 40 characters', 'address.city': 'is required' });
    form.set('location', 'tags', 'short');
    expect(form.errors).toEqual({ 'address.city': 'is required' });
  });
});
