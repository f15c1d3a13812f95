/** The desk's own settings (printer choices have their own methods). */
import type { StationHandlers, StationSettings } from '../../api';
import { getSetting, setSetting } from '../../store/settings';
import type { Db } from '../../store/statements';
import type { StationContext } from '../station';

function settingsOf(db: Db): StationSettings {
  return {
    deskId: getSetting(db, 'deskId'),
    labelRetentionDays: getSetting(db, 'labelRetentionDays'),
    autoPrintLabels: getSetting(db, 'autoPrintLabels'),
  };
}

export function settingsHandlers(station: StationContext): Pick<StationHandlers, 'getSettings' | 'updateSettings'> {
  const db = () => station.connection().store.db;
  return {
    getSettings: () => settingsOf(db()),
    updateSettings: (patch) => {
      const store = db();
      // All or nothing: a patch that fails half-way must not leave half of it saved.
      store.transaction(() => {
        if (patch.deskId !== undefined) setSetting(store, 'deskId', patch.deskId);
        if (patch.labelRetentionDays !== undefined) setSetting(store, 'labelRetentionDays', patch.labelRetentionDays);
        if (patch.autoPrintLabels !== undefined) setSetting(store, 'autoPrintLabels', patch.autoPrintLabels);
      })();
      return settingsOf(store);
    },
  };
}
