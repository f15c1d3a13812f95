/** The desk's settings: read once, their units, a change saved whole or refused, read again for another connection. */
import { describe, expect, it, vi } from 'vitest';
import { StationCallError } from '../lib/station';
import { FAKE_SETTINGS, FakeStation, refusal } from '../testing/fakeStation';
import { SettingsState } from './settings.svelte';

describe('the desk’s settings', () => {
  it('gives the units of the desk’s unit system (imperial until read)', async () => {
    const station = new FakeStation();
    station.settings = { ...FAKE_SETTINGS, unitSystem: 'metric' };
    const settings = new SettingsState(station);
    expect(settings.units).toEqual({ weight: 'LB', length: 'IN' });
    await settings.load();
    expect(settings.units).toEqual({ weight: 'KG', length: 'CM' });
  });

  it('keeps what the station saved; a refusal is thrown for the form and changes nothing', async () => {
    const station = new FakeStation();
    const settings = new SettingsState(station);
    await settings.load();
    station.answer('updateSettings', (patch) => ({ ...FAKE_SETTINGS, ...patch, deskId: 'PACK2' }));
    await settings.update({ deskId: 'pack2' });
    expect(settings.current?.deskId).toBe('PACK2');

    station.answer('updateSettings', () => {
      throw refusal('invalidInput', 'the settings were not saved', [{ field: 'deskId', message: 'must be 1 to 12 letters or digits' }]);
    });
    await expect(settings.update({ deskId: '!!' })).rejects.toBeInstanceOf(StationCallError);
    expect(settings.current?.deskId).toBe('PACK2');
  });

  it('reads them again when another connection becomes active, and when the warehouse link changes state', async () => {
    const station = new FakeStation();
    const settings = new SettingsState(station);
    await settings.load();
    settings.follow();
    station.settings = { ...FAKE_SETTINGS, deskId: 'HQ' };
    station.emit({ type: 'connectionChanged', profileId: 'hq' });
    await vi.waitFor(() => expect(settings.current?.deskId).toBe('HQ'));
    const words = "The box presets and requested-service rules are the warehouse's; it cannot be reached now (it stopped), so this desk's copy is used and they cannot be changed until it is back.";
    station.settings = { ...station.settings, shared: { source: 'deskCopy', words, versions: { boxPresets: null, serviceRules: null } } };
    station.emit({ type: 'warehouseState', status: { state: 'unreachable', words: 'it stopped' } });
    await vi.waitFor(() => expect(settings.current?.shared?.words).toBe(words));
  });
});
