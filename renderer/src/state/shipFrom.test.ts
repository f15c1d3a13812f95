/**
 * Where the Ship screen's shipment leaves from: the one on the form kept while it is still a
 * location, else the default, else the first; found by typing; its address put on the form.
 */
import { describe, expect, it } from 'vitest';
import { FakeStation, refusal } from '../testing/fakeStation';
import { locationDetail, locationRecord, locationsPage } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { ShipForm } from './shipForm.svelte';
import { ShipFromState } from './shipFrom.svelte';

function desk(defaultId: string | null = null) {
  const station = new FakeStation()
    .answer('listLocations', () =>
      locationsPage([
        locationRecord('chi', { locationName: 'Chicago Dock', referenceId: 'WH-CHI' }),
        locationRecord('gary', { locationName: 'Gary Annex', referenceId: 'WH-GARY', city: 'Gary', stateProvince: 'IN' }),
        locationRecord('old', { locationName: 'Old Barn', active: false }),
      ]),
    )
    .answer('getLocation', ({ id }) => locationDetail(id, { locationName: id === 'gary' ? 'Gary Annex' : 'Chicago Dock', address: { address1: '1 Dock Rd', city: 'Gary', stateProvince: 'IN', zipPostalCode: '46402', country: 'us', contactName: 'Shift lead' } }));
  const form = new ShipForm();
  return { station, form, shipFrom: new ShipFromState(station, form, () => defaultId) };
}

describe('ship from', () => {
  it('chooses the desk’s default location and puts its address on the form, the country in capitals', async () => {
    const { form, shipFrom } = desk('gary');
    await shipFrom.load();
    expect(form.shipFromId).toBe('gary');
    expect(form.shipFrom).toEqual({ companyName: 'Gary Annex', address1: '1 Dock Rd', city: 'Gary', stateProvince: 'IN', zipPostalCode: '46402', country: 'US', contactName: 'Shift lead' });
    expect(shipFrom.chosen?.id).toBe('gary');
  });

  it('keeps the location on the form while it is still active; one of another connection is replaced by the first', async () => {
    const { station, form, shipFrom } = desk();
    form.setShipFrom('chi', { address1: 'x', city: 'y', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' });
    await shipFrom.load();
    expect(form.shipFromId).toBe('chi');
    expect(station.inputsOf('getLocation')).toEqual([]);
    form.setShipFrom('elsewhere', { address1: 'x', city: 'y', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' });
    await shipFrom.load();
    expect(form.shipFromId).toBe('chi');
  });

  it('finds active locations by part of their name, code or place', async () => {
    const { shipFrom } = desk();
    await shipFrom.load();
    shipFrom.setSearch(' wh-g ');
    expect(shipFrom.matching.map((loc) => loc.id)).toEqual(['gary']);
    shipFrom.setSearch('IN');
    expect(shipFrom.matching.map((loc) => loc.id)).toEqual(['gary']);
    shipFrom.setSearch('barn');
    expect(shipFrom.matching).toEqual([]);
    shipFrom.setSearch('');
    expect(shipFrom.matching.map((loc) => loc.id)).toEqual(['chi', 'gary']);
  });

  it('a location that cannot be read is said, and the form keeps where it shipped from', async () => {
    const { station, form, shipFrom } = desk();
    await shipFrom.load();
    station.answer('getLocation', ({ id }) => {
      throw refusal('notFound', `no location ${id}`);
    });
    const toasts = watchToasts();
    await shipFrom.choose('gary');
    expect(toasts).toEqual(['No location gary.']);
    expect(form.shipFromId).toBe('chi');
  });
});
