/** The locations to choose among, by name: every page read, the deleted left out, the inactive kept apart, the station's copy said. */
import { describe, expect, it } from 'vitest';
import { FakeStation, refusal } from '../testing/fakeStation';
import { locationRecord, locationsPage } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { LocationChoices, locationLabel } from './locationChoices.svelte';

describe('location choices', () => {
  it('reads page after page sorted by name until every location is read', async () => {
    const all = Array.from({ length: 230 }, (_, i) => locationRecord(`loc${String(i).padStart(3, '0')}`));
    const station = new FakeStation().answer('listLocations', ({ page = 1, pageSize = 100 }) => locationsPage(all.slice((page - 1) * pageSize, page * pageSize), { totalCount: all.length, page }));
    const choices = new LocationChoices(station);
    await choices.load();
    expect(station.inputsOf('listLocations')).toEqual([1, 2, 3].map((page) => ({ page, pageSize: 100, sort: 'locationName', order: 'asc' })));
    expect(choices.all).toHaveLength(230);
    expect(choices.loading).toBe(false);
  });

  it('leaves deleted locations out, and inactive ones out of those a shipment can leave from', async () => {
    const station = new FakeStation().answer('listLocations', () =>
      locationsPage([locationRecord('a'), locationRecord('b', { active: false }), locationRecord('c', { deleted: true })], { fromCache: true }),
    );
    const choices = new LocationChoices(station);
    await choices.load();
    expect(choices.all.map((loc) => loc.id)).toEqual(['a', 'b']);
    expect(choices.active.map((loc) => loc.id)).toEqual(['a']);
    expect(choices.fromCache).toBe(true);
  });

  it('a list that cannot be read is said, and what was read before stays', async () => {
    const station = new FakeStation().answer('listLocations', () => locationsPage([locationRecord('a')]));
    const choices = new LocationChoices(station);
    await choices.load();
    station.answer('listLocations', () => {
      throw refusal('authentication', 'the service refused the credentials');
    });
    const toasts = watchToasts();
    await choices.load();
    expect(toasts).toEqual(['The service refused the credentials. An admin has to fix the connection (Connections).']);
    expect(choices.all.map((loc) => loc.id)).toEqual(['a']);
  });

  it('names a location by its name and where it is', () => {
    expect(locationLabel(locationRecord('a', { locationName: 'Main', city: 'Chicago', stateProvince: 'IL' }))).toBe('Main — Chicago, IL');
    expect(locationLabel(locationRecord('b', { locationName: undefined, referenceId: 'WH-2', city: '', stateProvince: undefined }))).toBe('WH-2');
  });
});
