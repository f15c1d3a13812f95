/** The desk's own settings (printer choices have their own methods). */
import { DESK_SETTING_KEYS, type DeskSettingKey, type StationHandlers, type StationSettings } from '../../api';
import { getSetting, setSetting } from '../../store/settings';
import type { Db } from '../../store/statements';
import type { StationContext } from '../context';

function settingsOf(db: Db): StationSettings {
  return Object.fromEntries(DESK_SETTING_KEYS.map((key) => [key, getSetting(db, key)])) as StationSettings;
}

/** Sets one key of a patch; the key and its value belong together (the patch schema checked both). */
function setOne<K extends DeskSettingKey>(db: Db, key: K, value: StationSettings[K]): void {
  setSetting(db, key, value);
}

export function settingsHandlers(station: StationContext): Pick<StationHandlers, 'getSettings' | 'updateSettings'> {
  const db = () => station.connection().store.db;
  return {
    getSettings: () => settingsOf(db()),
    updateSettings: (patch) => {
      const store = db();
      // All or nothing: a patch that fails half-way must not leave half of it saved.
      store.transaction(() => {
        for (const key of DESK_SETTING_KEYS) {
          const value = patch[key];
          if (value !== undefined) setOne(store, key, value);
        }
      })();
      return settingsOf(store);
    },
  };
}
