/**
 * The settings a warehouse shares (box presets and the requested-service rules) at this desk.
 * With a warehouse linked they are the warehouse's: read from it (and copied into the desk's store,
 * which is what the desk uses, offline too) when the link connects, after a `resync`, when another
 * desk changes one, and when the Settings screen reads them; a change is written there first, from
 * the version the person's edit started from, so of two desks editing at once one wins and the
 * other is told in words and shown the newer value. While the warehouse cannot be reached the desk
 * uses its copy, and a change waits until it is back (it would be lost or overwrite another desk's).
 */
import { SHARED_DESK_SETTINGS, StationError, type SettingValue, type SharedDeskSetting, type SharedSettingsView, type SharedVersions, type WarehouseStatus } from '../api';
import { messageOf } from '../base/errors';
import type { Store } from '../store';
import { WarehouseSettingConflictError, WarehouseUnavailableError, getSharedSetting, putSharedSetting, type Warehouse } from '../warehouse';

const NAMES: Readonly<Record<SharedDeskSetting, string>> = { boxPresets: 'box presets', serviceRules: 'requested-service rules' };

export interface SharedSettingsParts {
  readonly store: Store;
  readonly log: (line: string) => void;
}

export class SharedSettings {
  #warehouse: Warehouse | undefined;
  #unsubscribe: (() => void)[] = [];

  constructor(private readonly parts: SharedSettingsParts) {}

  /** The warehouse is reached: copy its values, and follow their changes. */
  connected(warehouse: Warehouse): void {
    if (warehouse === this.#warehouse) return;
    this.disconnected();
    this.#warehouse = warehouse;
    const refresh = (keys: readonly SharedDeskSetting[]): void => void this.#copy(warehouse, keys).catch((error: unknown) => this.parts.log(`warehouse: shared settings could not be read: ${messageOf(error)}`));
    this.#unsubscribe = [
      warehouse.onChange((change) => {
        const key = SHARED_DESK_SETTINGS.find((k) => change.kind === 'settingChanged' && change.key === k);
        if (key !== undefined) refresh([key]);
      }),
      warehouse.onResync(() => refresh(SHARED_DESK_SETTINGS)),
    ];
    refresh(SHARED_DESK_SETTINGS);
  }

  disconnected(): void {
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.#warehouse = undefined;
  }

  /** Reads the warehouse's values into the desk's copy; returns their versions (null: never set there, the desk's own value stands). */
  async #copy(warehouse: Warehouse, keys: readonly SharedDeskSetting[]): Promise<Record<SharedDeskSetting, number | null>> {
    const versions: Record<SharedDeskSetting, number | null> = { boxPresets: null, serviceRules: null };
    for (const key of keys) {
      const shared = await getSharedSetting(warehouse.db, key);
      if (shared === undefined) continue;
      versions[key] = shared.version;
      this.parts.store.atomically((write) => write.setWarehouseSetting(key, shared.value as SettingValue<typeof key>));
    }
    return versions;
  }

  /** Where the shared settings come from now, the desk's copy refreshed from the warehouse when it answers; undefined without a link. */
  async view(status: WarehouseStatus): Promise<SharedSettingsView | undefined> {
    if (status.state === 'notConfigured') return undefined;
    const warehouse = this.#warehouse;
    const deskCopy = (why: string): SharedSettingsView => ({
      source: 'deskCopy',
      words: `The box presets and requested-service rules are the warehouse's; it cannot be reached now (${why.replace(/\.$/, '')}), so this desk's copy is used and they cannot be changed until it is back.`,
      versions: { boxPresets: null, serviceRules: null },
    });
    if (warehouse === undefined || status.state !== 'connected') return deskCopy(status.words);
    try {
      const versions = await this.#copy(warehouse, SHARED_DESK_SETTINGS);
      return { source: 'warehouse', words: 'The box presets and requested-service rules are the warehouse’s: a change here is a change at every desk.', versions };
    } catch (error) {
      if (error instanceof WarehouseUnavailableError) return deskCopy(messageOf(error));
      throw error;
    }
  }

  /**
   * Writes the shared settings of a change to the warehouse, each from the version given, before
   * anything is saved at the desk. A version another desk moved on is refused in words, the newer
   * value copied to the desk (so the screen shows it when it reads the settings again).
   */
  async write(status: WarehouseStatus, deskId: string, values: Partial<{ [K in SharedDeskSetting]: SettingValue<K> }>, versions: SharedVersions | undefined): Promise<void> {
    const keys = SHARED_DESK_SETTINGS.filter((key) => values[key] !== undefined);
    if (keys.length === 0 || status.state === 'notConfigured') return;
    const warehouse = this.#warehouse;
    const offline = (key: SharedDeskSetting, why: string): StationError =>
      new StationError('offline', `The ${NAMES[key]} are the warehouse's and it cannot be reached now (${why.replace(/\.$/, '')}): change them when it is back.`, [{ field: key, message: 'the warehouse cannot be reached' }]);
    const [first = 'boxPresets'] = keys;
    if (warehouse === undefined || status.state !== 'connected') throw offline(first, status.words);
    for (const key of keys) {
      try {
        await putSharedSetting(warehouse.db, deskId, key, values[key] as SettingValue<typeof key>, versions?.[key] ?? null);
      } catch (error) {
        if (error instanceof WarehouseUnavailableError) throw offline(key, messageOf(error));
        if (!(error instanceof WarehouseSettingConflictError)) throw error;
        const newer = await getSharedSetting(warehouse.db, key);
        if (newer !== undefined) this.parts.store.atomically((write) => write.setWarehouseSetting(key, newer.value as SettingValue<typeof key>));
        const by = newer === undefined ? 'another desk' : `desk ${newer.updatedBy}`;
        throw new StationError('conflict', `The ${NAMES[key]} were changed at ${by} while you edited them: theirs are shown now; make your change again.`, [{ field: key, message: `changed at ${by} meanwhile` }]);
      }
    }
  }
}
