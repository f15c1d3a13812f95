import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  LATEST_SCHEMA_VERSION,
  StoreCorruptError,
  StoreTooNewError,
  checkIntegrity,
  isCorruptionError,
  openStationStore,
  outbox,
  quarantineCorruptStore,
  shipments,
} from '../../../electron/store';
import { shipmentInput } from './support/samples';
import { T0, openTempStore, tempFolder, tempStorePath } from './support/tempStore';

/** Overwrites the middle of a table's root page, as a failing disk would. */
function damageTable(path: string, table: string): void {
  const db = new Database(path);
  const { rootpage, size } = db.prepare('SELECT rootpage, (SELECT page_size FROM pragma_page_size) AS size FROM sqlite_schema WHERE name = ?').get(table) as {
    rootpage: number;
    size: number;
  };
  db.close();
  const bytes = readFileSync(path);
  bytes.fill(0xa5, (rootpage - 1) * size + 8, (rootpage - 1) * size + 400);
  writeFileSync(path, bytes);
}

/**
 * A damaged store as a crash leaves it: database, WAL with unsaved commits, and -shm,
 * copied while a connection still had them open.
 */
function crashedDamagedStore(): string {
  const source = tempStorePath();
  storeWithOutboxItems(source);
  damageTable(source, 'outbox');
  const writer = new Database(source);
  writer.pragma('wal_autocheckpoint = 0');
  writer.prepare("INSERT INTO settings (key, value) VALUES ('deskId', '\"D7\"')").run();
  const path = tempStorePath();
  for (const suffix of ['', '-wal', '-shm']) copyFileSync(`${source}${suffix}`, `${path}${suffix}`);
  writer.close();
  return path;
}

function storeWithOutboxItems(path: string): void {
  const store = openStationStore(path);
  for (let i = 0; i < 20; i++) outbox.queueShipment(store.db, { stationRef: `PB-T-${i}`, input: shipmentInput(), now: T0 + i });
  store.close();
}

describe('opening the store', () => {
  it('sets WAL, FULL synchronous, foreign keys and a busy timeout, and migrates to the latest schema', () => {
    const store = openTempStore();
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(store.integrityChecked).toBe('full');
  });

  it('keeps what was written across close and reopen', () => {
    const path = tempStorePath();
    storeWithOutboxItems(path);
    const store = openTempStore(path);
    expect(outbox.counts(store.db).pending).toBe(20);
    expect(shipments.getByStationRef(store.db, 'PB-T-3')?.status).toBe('queued');
  });

  it('passes the clock it was given to its callers', () => {
    const store = openTempStore(tempStorePath(), { now: () => T0 });
    expect(store.now()).toBe(T0);
  });
});

describe('a damaged store', () => {
  it('is refused with StoreCorruptError saying what to do, and the file is left as it was', () => {
    const path = tempStorePath();
    storeWithOutboxItems(path);
    damageTable(path, 'outbox');
    const before = readFileSync(path);
    let thrown: unknown;
    try {
      openStationStore(path);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StoreCorruptError);
    const message = (thrown as Error).message;
    expect(message).toContain(path);
    expect(message).toContain('move it aside');
    expect(message).toContain('nothing is deleted');
    expect(message).toContain('send it to Packbench support');
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(isCorruptionError(thrown)).toBe(true);
  });

  it('is found by the critical-tables check when the damage is in the outbox', () => {
    const path = tempStorePath();
    storeWithOutboxItems(path);
    damageTable(path, 'outbox');
    expect(() => openStationStore(path, { integrity: 'critical' })).toThrow(StoreCorruptError);
  });

  it('damage in the shipments cache passes the critical check but not the full one', () => {
    const path = tempStorePath();
    storeWithOutboxItems(path);
    damageTable(path, 'shipments');
    const store = openTempStore(path, { integrity: 'critical' });
    expect(checkIntegrity(store.db, 'full').length).toBeGreaterThan(0);
  });

  it('a file that is not a database at all is the same error', () => {
    const path = tempStorePath();
    writeFileSync(path, 'these are the packing notes, not a database\n'.repeat(200));
    expect(() => openStationStore(path)).toThrow(StoreCorruptError);
    expect(readFileSync(path, 'utf8')).toContain('packing notes');
  });

  it('is moved aside with its WAL and shared-memory files, every byte kept, and a fresh store opens in its place', () => {
    const path = crashedDamagedStore();
    const files = ['', '-wal', '-shm'].map((suffix) => readFileSync(`${path}${suffix}`));
    expect(files[1]?.length).toBeGreaterThan(0);
    expect(() => openStationStore(path)).toThrow(StoreCorruptError);
    // The failed open read the WAL but did not checkpoint it into the damaged file.
    ['', '-wal'].forEach((suffix, i) => expect(readFileSync(`${path}${suffix}`).equals(files[i] ?? Buffer.alloc(0))).toBe(true));

    const moved = quarantineCorruptStore(path, T0);
    expect(moved).toBe(`${path}.corrupt-2025-03-14T09-00-00-000Z`);
    expect(readFileSync(moved).equals(files[0] ?? Buffer.alloc(0))).toBe(true);
    expect(readFileSync(`${moved}-wal`).equals(files[1] ?? Buffer.alloc(0))).toBe(true);
    expect(existsSync(`${moved}-shm`)).toBe(true);
    expect(existsSync(path) || existsSync(`${path}-wal`) || existsSync(`${path}-shm`)).toBe(false);

    const fresh = openTempStore(path);
    expect(outbox.counts(fresh.db).pending).toBe(0);
  });

  it('a second quarantine in the same millisecond does not overwrite the first', () => {
    const path = tempStorePath();
    writeFileSync(path, 'first');
    const first = quarantineCorruptStore(path, T0);
    writeFileSync(path, 'second');
    const second = quarantineCorruptStore(path, T0);
    expect(second).not.toBe(first);
    expect(readFileSync(first, 'utf8')).toBe('first');
    expect(readFileSync(second, 'utf8')).toBe('second');
  });
});

describe('a store from a newer Packbench', () => {
  it('is refused with the update message and left untouched', () => {
    const path = tempStorePath();
    const raw = new Database(path);
    raw.exec('CREATE TABLE from_the_future (x)');
    raw.pragma('user_version = 99');
    raw.close();
    const before = readFileSync(path);
    expect(() => openStationStore(path)).toThrow(new StoreTooNewError(99, LATEST_SCHEMA_VERSION));
    expect(() => openStationStore(path)).toThrow(`this data was written by a newer Packbench (schema 99, this one knows ${LATEST_SCHEMA_VERSION}): update Packbench`);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

describe('who may read the store', () => {
  const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

  it('creates the file, its -wal and -shm 0600 and its folder 0700 even under a permissive umask', () => {
    const previous = process.umask(0o022);
    try {
      const path = join(tempFolder(), 'new-folder', 'station.db');
      const store = openStationStore(path);
      store.db.prepare("INSERT INTO settings (key, value) VALUES ('deskId', '\"D1\"')").run();
      expect({ file: mode(path), wal: mode(`${path}-wal`), shm: mode(`${path}-shm`), folder: mode(dirname(path)) }).toEqual({ file: '600', wal: '600', shm: '600', folder: '700' });
      store.close();
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a file and a folder that already exist readable by others', () => {
    const folder = join(tempFolder(), 'profiles', 'acme');
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(folder, 0o755);
    const path = join(folder, 'station.db');
    openStationStore(path).close();
    chmodSync(path, 0o644);
    writeFileSync(`${path}-wal`, '');
    chmodSync(`${path}-wal`, 0o644);
    const store = openStationStore(path);
    expect({ file: mode(path), wal: mode(`${path}-wal`), folder: mode(folder) }).toEqual({ file: '600', wal: '600', folder: '700' });
    store.close();
  });
});
