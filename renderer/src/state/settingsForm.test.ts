/**
 * The Settings form: the station's settings as typed, only what changed sent in one save, what
 * stops a save said at its field, rows that keep their key as they move, and a form with changes
 * parked while another screen is shown, for the connection it was made under.
 */
import { describe, expect, it } from 'vitest';
import type { NamedService, SettingsView } from '../../../electron/api';
import { serviceKey } from '../lib/carriers';
import { FAKE_SETTINGS, FakeStation, refusal } from '../testing/fakeStation';
import { watchToasts } from '../testing/toasts';
import { SettingsState } from './settings.svelte';
import { MAX_PRESETS, SettingsForm, parkSettingsForm, takeParkedSettingsForm } from './settingsForm.svelte';

const PALLET: NamedService = { carrier: 'ODFL', shipMethod: 'Freight', serviceLevel: 'ODFL_LTL', displayName: 'Old Dominion LTL' };

async function desk(settings: SettingsView = FAKE_SETTINGS) {
  const station = new FakeStation();
  station.settings = settings;
  station.answer('updateSettings', (patch) => (station.settings = { ...station.settings, ...patch } as typeof settings));
  const state = new SettingsState(station);
  await state.load();
  const form = new SettingsForm(state);
  if (state.current !== undefined) form.rebase(state.current);
  return { station, state, form };
}

describe('the warehouse’s settings in the form', () => {
  const SHARED = { source: 'warehouse', words: 'The box presets and requested-service rules are the warehouse’s: a change here is a change at every desk.', versions: { boxPresets: 4, serviceRules: null } } as const;

  it('a change of the box presets names the versions read; other settings alone do not', async () => {
    const { station, form } = await desk({ ...FAKE_SETTINGS, shared: SHARED });
    form.set('sounds', false);
    expect(await form.save()).toBe('saved');
    form.setPresetField(0, 'name', 'Little box');
    expect(await form.save()).toBe('saved');
    expect(form.sharedWords).toBe(SHARED.words);
    expect(station.inputsOf('updateSettings')).toEqual([{ sounds: false }, { boxPresets: [{ ...FAKE_SETTINGS.boxPresets[0], name: 'Little box' }, FAKE_SETTINGS.boxPresets[1]], sharedVersions: { boxPresets: 4, serviceRules: null } }]);
  });

  it('another desk’s change meanwhile is said in words, and theirs are shown to change again', async () => {
    const { station, form } = await desk({ ...FAKE_SETTINGS, shared: SHARED });
    const theirs = [{ code: 'BOX-XL', name: 'Desk 3’s box', length: 20, width: 16, height: 12, unitOfLength: 'IN' as const }];
    station.answer('updateSettings', () => {
      station.settings = { ...station.settings, boxPresets: theirs, shared: { ...SHARED, versions: { boxPresets: 5, serviceRules: null } } };
      throw refusal('conflict', 'The box presets were changed at desk DESK3 while you edited them: theirs are shown now; make your change again.', [{ field: 'boxPresets', message: 'changed at desk DESK3 meanwhile' }]);
    });
    form.setPresetField(0, 'name', 'Little box');
    const toasts = watchToasts();
    expect(await form.save()).toBe('refused');
    expect(toasts).toEqual(['The box presets were changed at desk DESK3 while you edited them: theirs are shown now; make your change again.']);
    expect(form.draft?.boxPresets.map((row) => row.name)).toEqual(['Desk 3’s box']);
    expect(form.dirty).toBe(false);
  });
});

describe('the settings form', () => {
  it('sends only the settings that changed, in one save; a form as the station keeps it sends nothing', async () => {
    const { station, form } = await desk();
    expect(await form.save()).toBe('unchanged');
    form.set('deskId', ' PACK2 ');
    form.set('sounds', false);
    expect(form.dirty).toBe(true);
    expect(await form.save()).toBe('saved');
    expect(station.inputsOf('updateSettings')).toEqual([{ deskId: 'PACK2', sounds: false }]);
    expect(form.dirty).toBe(false);
    expect(form.draft?.deskId).toBe('PACK2');
  });

  it('numbers that are not numbers stop the save at their fields; the station’s words land at theirs, and a field typed in again loses its word', async () => {
    const { station, form } = await desk();
    form.set('labelRetentionDays', 'a month');
    form.setPresetField(0, 'width', 'wide');
    expect(await form.save()).toBe('refused');
    expect(form.errors).toEqual({ labelRetentionDays: 'Label retention must be a whole number of days', 'boxPresets[0].width': 'Width must be a number' });
    expect(station.inputsOf('updateSettings')).toEqual([]);

    form.set('labelRetentionDays', '400');
    form.setPresetField(0, 'width', '6');
    station.answer('updateSettings', () => {
      throw refusal('invalidInput', 'the settings were not saved', [{ field: 'labelRetentionDays', message: 'must be at most 365' }]);
    });
    const toasts = watchToasts();
    expect(await form.save()).toBe('refused');
    expect(form.errors).toEqual({ labelRetentionDays: 'must be at most 365' });
    expect(toasts).toEqual([]);
    form.set('labelRetentionDays', '90');
    expect(form.errors).toEqual({});
  });

  it('box presets: a new row after another in the desk’s unit, codes upper case, moves that keep each row’s key, at most the station’s limit', async () => {
    const { form } = await desk({ ...FAKE_SETTINGS, unitSystem: 'metric' });
    const at = form.addPreset(0);
    expect(at).toBe(1);
    form.setPresetField(1, 'code', 'box-l');
    const row = form.draft?.boxPresets[1];
    expect(row).toMatchObject({ code: 'BOX-L', unitOfLength: 'CM' });
    expect(form.movePreset(1, 1)).toBe(2);
    expect(form.draft?.boxPresets[2]?.key).toBe(row?.key);
    expect(form.movePreset(2, 1)).toBe(2);
    form.removePreset(2);
    while ((form.draft?.boxPresets.length ?? MAX_PRESETS) < MAX_PRESETS) form.addPreset();
    expect(form.addPreset()).toBeUndefined();
  });

  it('a reordered preset list is a change; put back as it was, it is none', async () => {
    const { form } = await desk();
    form.movePreset(0, 1);
    expect(form.dirty).toBe(true);
    form.movePreset(1, -1);
    expect(form.dirty).toBe(false);
  });

  it('requested-service rules: days within 1 to 10, at least one name, a rule naming one service outright sends that service', async () => {
    const { station, form } = await desk();
    const at = form.addRule() ?? -1;
    form.setRuleField(at, 'withinDays', '12');
    expect(await form.save()).toBe('refused');
    expect(form.errors).toEqual({ [`serviceRules[${String(at)}].names`]: 'Name at least one requested service (commas between names)', [`serviceRules[${String(at)}].withinDays`]: 'Days must be a whole number from 1 to 10, or empty for any' });
    form.setRuleField(at, 'names', 'Next Day, Overnight ,');
    form.setRuleField(at, 'withinDays', '');
    form.setRuleField(at, 'kind', 'service');
    form.setRuleField(at, 'service', serviceKey({ carrier: 'FEDEX', serviceLevel: 'FEDEX_PRIORITY_OVERNIGHT' }));
    expect(await form.save()).toBe('saved');
    const rules = station.inputsOf('updateSettings')[0]?.serviceRules;
    expect(rules?.at(-1)).toEqual({ names: ['Next Day', 'Overnight'], choice: { kind: 'service', service: { carrier: 'FEDEX', shipMethod: 'Express', serviceLevel: 'FEDEX_PRIORITY_OVERNIGHT', displayName: 'FedEx Priority Overnight' } }, offline: null });
  });

  it('offers a service the settings name beside the known ones', async () => {
    const { form } = await desk({ ...FAKE_SETTINGS, defaultService: PALLET });
    expect(form.services.at(-1)).toEqual(PALLET);
    expect(form.draft?.defaultService).toBe(serviceKey(PALLET));
  });

  it('the station’s settings changing under a form with changes keep the changes and say the form is out of date; Discard shows the station’s', async () => {
    const { state, form } = await desk();
    form.set('deskId', 'MINE');
    form.rebase({ ...FAKE_SETTINGS, deskId: 'HQ' });
    expect(form.stale).toBe(true);
    expect(form.draft?.deskId).toBe('MINE');
    form.discard();
    expect(form.draft?.deskId).toBe('HQ');
    expect(form.stale).toBe(false);
    expect(state.current?.deskId).toBe('DESK1');
  });

  it('a form with changes is parked for its connection only; a clean one is not parked', async () => {
    const { form } = await desk();
    parkSettingsForm(form, 'sandbox');
    expect(takeParkedSettingsForm('sandbox')).toEqual({ dropped: false });
    form.set('deskId', 'MINE');
    parkSettingsForm(form, 'sandbox');
    expect(takeParkedSettingsForm('sandbox').form).toBe(form);
    expect(takeParkedSettingsForm('sandbox')).toEqual({ dropped: false });
    parkSettingsForm(form, 'sandbox');
    expect(takeParkedSettingsForm('prod')).toEqual({ dropped: true });
  });
});
