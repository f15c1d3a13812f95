/** The desk's settings screen (printer choices have their own methods): the desk's own and the warehouse's shared ones. */
import { DESK_SETTING_KEYS, type DeskSettingKey, type SettingValue, type SettingsView, type StationHandlers, type StationSettings } from '../../api';
import { isWarehouseSetting, type DeskSetting, type StoreReads, type StoreWrites } from '../../store';
import type { StationContext } from '../context';

/** Each key from its part of the store: the desk's, or the warehouse's. */
function settingsOf(read: StoreReads): StationSettings {
  return Object.fromEntries(DESK_SETTING_KEYS.map((key) => [key, isWarehouseSetting(key) ? read.warehouseSetting(key) : read.deskSetting(key)])) as StationSettings;
}

/** Sets one key of a patch in its part of the store; the key and its value belong together (the patch schema checked both). */
function setOne<K extends DeskSettingKey>(write: StoreWrites, key: K, value: StationSettings[K]): void {
  if (isWarehouseSetting(key)) write.setWarehouseSetting(key, value);
  else write.setDeskSetting<DeskSetting>(key, value as SettingValue<DeskSetting>);
}

/** The settings, with where the shared ones come from when a warehouse is linked (read from it first). */
async function view(station: StationContext): Promise<SettingsView> {
  const connection = station.connection();
  const shared = await connection.sharedSettings.view(connection.warehouse.status);
  return { ...settingsOf(connection.store.read), ...(shared === undefined ? {} : { shared }) };
}

export function settingsHandlers(station: StationContext): Pick<StationHandlers, 'getSettings' | 'updateSettings'> {
  return {
    getSettings: () => view(station),
    updateSettings: async ({ sharedVersions, ...patch }) => {
      const connection = station.connection();
      const { store } = connection;
      // The warehouse's settings first: a change refused there saves nothing here.
      await connection.sharedSettings.write(connection.warehouse.status, store.read.deskSetting('deskId'), { boxPresets: patch.boxPresets, serviceRules: patch.serviceRules }, sharedVersions);
      const renamed = patch.deskId !== undefined && patch.deskId !== store.read.deskSetting('deskId');
      // The warehouse knows this desk by its id: the order it holds is given back under the old one.
      const held = connection.claims.held;
      if (renamed && held !== undefined) await connection.claims.release(held);
      // All or nothing: a patch that fails half-way must not leave half of it saved.
      store.atomically((write) => {
        for (const key of DESK_SETTING_KEYS) {
          const value = patch[key];
          if (value !== undefined) setOne(write, key, value);
        }
      });
      // …and the link opens again under the new id (a desk alone has nothing to open).
      if (renamed && store.read.deskSetting('warehouse') !== null) await connection.openWarehouse();
      return view(station);
    },
  };
}
