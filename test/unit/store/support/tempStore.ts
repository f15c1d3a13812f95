/** Real store files in a temporary folder per test, removed afterwards. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { openStationStore, type OpenStoreOptions, type StationStore } from '../../../../electron/store';

const folders: string[] = [];
const stores: StationStore[] = [];

afterEach(() => {
  for (const store of stores.splice(0)) if (store.db.open) store.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh folder that is removed after the test. */
export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'packbench-store-'));
  folders.push(folder);
  return folder;
}

/** A path for a store file in a fresh folder. */
export function tempStorePath(): string {
  return join(tempFolder(), 'station.db');
}

/** Opens a store that is closed after the test. */
export function openTempStore(path = tempStorePath(), options: OpenStoreOptions = {}): StationStore {
  const store = openStationStore(path, options);
  stores.push(store);
  return store;
}

const suiteStores: StationStore[] = [];
const suiteFolders: string[] = [];

afterAll(() => {
  for (const store of suiteStores.splice(0)) if (store.db.open) store.close();
  for (const folder of suiteFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A store shared by the tests of a file (read-only use), closed after the last one. */
export function openSuiteStore(): StationStore {
  const folder = mkdtempSync(join(tmpdir(), 'packbench-store-'));
  suiteFolders.push(folder);
  const store = openStationStore(join(folder, 'station.db'));
  suiteStores.push(store);
  return store;
}

export const T0 = Date.parse('2025-03-14T09:00:00.000Z');
