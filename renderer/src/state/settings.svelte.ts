/**
 * The desk's settings, read once and kept current: the units the desk weighs and measures in,
 * its box presets, the default ship-from location, auto-print. Screens read them from here;
 * the Settings screen changes them through `update`.
 */
import type { MethodInput, SettingsView } from '../../../electron/api';
import { UNITS_OF } from '../lib/units';
import type { StationClient } from '../lib/station';

export class SettingsState {
  #settings = $state<SettingsView | undefined>();

  constructor(private readonly station: StationClient) {}

  get current(): SettingsView | undefined {
    return this.#settings;
  }

  get units(): { readonly weight: 'LB' | 'KG'; readonly length: 'IN' | 'CM' } {
    return UNITS_OF[this.#settings?.unitSystem ?? 'imperial'];
  }

  async load(): Promise<void> {
    const result = await this.station.call('getSettings', {});
    if (result.ok) this.#settings = result.value;
  }

  /** Saves a change; throws the station's error (for the form to show at its fields). */
  async update(patch: MethodInput<'updateSettings'>): Promise<SettingsView> {
    const saved = await this.station.value('updateSettings', patch);
    this.#settings = saved;
    return saved;
  }

  /** Read again for another connection, and when the warehouse link changes state (its shared settings, or the desk's copy of them). */
  follow(): () => void {
    const stops = [this.station.on('connectionChanged', () => void this.load()), this.station.on('warehouseState', () => void this.load())];
    return () => stops.forEach((stop) => stop());
  }
}
