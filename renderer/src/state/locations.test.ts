/**
 * The Locations screen's state: a page of locations as asked for (or the station's copy offline),
 * one opened in the editor, and the writes, whose refusals land at the editor's fields.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeStation, refusal } from '../testing/fakeStation';
import { locationDetail, locationRecord, locationsPage } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { LocationForm } from './locationForm.svelte';
import { LocationsState, PAGE_SIZE } from './locations.svelte';

function desk(total = 3) {
  const station = new FakeStation()
    .answer('listLocations', ({ page }) => locationsPage([locationRecord(`loc${String(page)}`)], { totalCount: total, page: page }))
    .answer('getLocation', ({ id }) => locationDetail(id))
    .answer('createLocation', () => ({ id: 'new1' }))
    .answer('updateLocation', ({ id }) => ({ id }))
    .answer('deleteLocation', ({ id }) => ({ id }));
  return { station, locations: new LocationsState(station) };
}

/** A new location's form with every required field filled in. */
function filledForm(): LocationForm {
  const form = new LocationForm();
  form.set('location', 'locationName', 'East Annex');
  form.set('location', 'referenceId', 'WH-EAST');
  for (const [key, value] of Object.entries({ address1: '1 Dock Rd', city: 'Gary', stateProvince: 'IN', zipPostalCode: '46402', country: 'US' })) form.set('address', key, value);
  return form;
}

describe('the location list', () => {
  it('reads a page as asked: the text trimmed, the sort and order, from the first page again after each change', async () => {
    const { station, locations } = desk(60);
    await locations.load();
    expect(locations.pages).toBe(3);
    locations.goTo(9);
    await vi.waitFor(() => expect(locations.page).toBe(3));
    locations.search('  east ');
    locations.sortBy('city', 'desc');
    await vi.waitFor(() => expect(station.inputsOf('listLocations').at(-1)).toEqual({ page: 1, pageSize: PAGE_SIZE, sort: 'city', order: 'desc', query: 'east' }));
    expect(locations.page).toBe(1);
  });

  it('says when it is the station’s copy, and a list that could not be read in a toast', async () => {
    const { station, locations } = desk();
    station.answer('listLocations', () => locationsPage([locationRecord('a')], { fromCache: true }));
    await locations.load();
    expect(locations.fromCache).toBe(true);
    station.answer('listLocations', () => {
      throw refusal('authentication', 'the service refused the credentials');
    });
    const toasts = watchToasts();
    await locations.load();
    expect(toasts).toEqual(['The service refused the credentials. An admin has to fix the connection (Connections).']);
    expect(locations.records.map((r) => r.id)).toEqual(['a']);
  });
});

describe('the location editor', () => {
  it('a new location is created, said, and opened again as the service keeps it', async () => {
    const { station, locations } = desk();
    const form = filledForm();
    expect(await locations.save(form)).toEqual({ saved: true, id: 'new1' });
    expect(station.inputsOf('createLocation')[0]?.location).toMatchObject({ locationName: 'East Annex', referenceId: 'WH-EAST', active: true, address: { city: 'Gary' } });
    expect(locations.notice).toBe('Location East Annex created.');
    expect(locations.form?.editing?.id).toBe('new1');
  });

  it('the service’s refusal lands at the fields it names (in a toast when the form has no such field); a form with a required field empty sends nothing', async () => {
    const { station, locations } = desk();
    station.answer('createLocation', () => {
      throw refusal('rejected', 'the location was refused', [{ field: 'location.address.zipPostalCode', message: 'is not a postal code of IN' }]);
    });
    const toasts = watchToasts();
    const form = filledForm();
    expect(await locations.save(form)).toEqual({ saved: false });
    expect(form.errors).toEqual({ 'address.zipPostalCode': 'is not a postal code of IN' });
    expect(form.saving).toBe(false);
    expect(toasts).toEqual([]);

    station.answer('createLocation', () => {
      throw refusal('rejected', 'the location was refused', [{ field: 'location.parentId', message: 'is not a location' }]);
    });
    expect(await locations.save(filledForm())).toEqual({ saved: false });
    expect(toasts).toEqual(['The location was refused.']);

    const empty = new LocationForm();
    expect(await locations.save(empty)).toEqual({ saved: false });
    expect(station.inputsOf('createLocation')).toHaveLength(2);
    expect(empty.errors.locationName).toBe('Location name is needed');
  });

  it('opens a location whole; one that cannot be read is said and nothing opens', async () => {
    const { station, locations } = desk();
    expect(await locations.open('loc9')).toBe(true);
    expect(locations.form?.value('address', 'city')).toBe('Chicago');
    station.answer('getLocation', ({ id }) => {
      throw refusal('notFound', `no location ${id}`);
    });
    const toasts = watchToasts();
    expect(await locations.open('gone')).toBe(false);
    expect(toasts).toEqual(['No location gone.']);
    expect(locations.opening).toBeUndefined();
  });

  it('deleting the location in the editor closes it, says so and reads the list again', async () => {
    const { station, locations } = desk();
    await locations.open('loc1');
    const detail = locations.form?.editing;
    if (detail === undefined) throw new Error('not opened');
    expect(await locations.remove(detail)).toBe(true);
    expect(locations.form).toBeUndefined();
    expect(locations.notice).toBe('Location Warehouse loc1 deleted.');
    expect(station.inputsOf('listLocations')).toHaveLength(1);
  });

  it('another connection closes the editor and goes back to the first page', () => {
    const { station, locations } = desk(60);
    locations.follow();
    locations.goTo(2);
    locations.startNew();
    station.emit({ type: 'connectionChanged', profileId: 'hq' });
    expect(locations.form).toBeUndefined();
    expect(locations.page).toBe(1);
  });
});
