import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, StoreTooNewError, openStationStore, runMigrations, schemaVersion, type Db, type Migration } from '../../../electron/store';
import { assertMigrationOrder } from '../../../electron/store/migrations';
import { T0, tempStorePath } from './support/tempStore';

/** sqlite_schema with root pages left out and whitespace folded: what a migration made. */
function describeSchema(db: Db): string {
  const rows = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as {
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }[];
  return `${rows.map((row) => `${row.type} ${row.name} ON ${row.tbl_name}\n  ${(row.sql ?? '(automatic)').replace(/\s+/g, ' ').trim()}`).join('\n')}\n`;
}

function rawDb(): Db {
  return new Database(tempStorePath());
}

const step = (version: number, name = `step ${version}`, up: (db: Db) => void = () => undefined): Migration => ({ version, name, up });

describe('the migration list', () => {
  it('accepts strictly increasing whole versions from 1', () => {
    expect(() => assertMigrationOrder([step(1), step(2), step(5)])).not.toThrow();
    expect(() => assertMigrationOrder(MIGRATIONS)).not.toThrow();
  });

  it('refuses a repeated or decreasing version, naming the offender', () => {
    expect(() => assertMigrationOrder([step(1), step(1, 'again')])).toThrow('migration 1 ("again") has version 1 after version 1: versions must strictly increase');
    expect(() => assertMigrationOrder([step(2), step(1)])).toThrow('versions must strictly increase');
  });

  it('refuses versions that are not whole numbers from 1, and nameless steps', () => {
    expect(() => assertMigrationOrder([step(0)])).toThrow('versions are whole numbers from 1');
    expect(() => assertMigrationOrder([step(1.5)])).toThrow('versions are whole numbers from 1');
    expect(() => assertMigrationOrder([step(1, ' ')])).toThrow('migration 1 has no name');
  });
});

describe('the runner', () => {
  it('refuses a database newer than its last migration and changes nothing', () => {
    const db = rawDb();
    db.pragma('user_version = 7');
    expect(() => runMigrations(db, MIGRATIONS)).toThrow(StoreTooNewError);
    expect(schemaVersion(db)).toBe(7);
    expect(db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()).toEqual({ n: 0 });
  });

  it('runs each migration in its own transaction with its version: a failing step leaves the last whole one', () => {
    const db = rawDb();
    const migrations = [
      step(1, 'first', (d) => d.exec('CREATE TABLE first (x)')),
      step(2, 'second', (d) => {
        d.exec('CREATE TABLE second (x)');
        throw new Error('disk full');
      }),
    ];
    expect(() => runMigrations(db, migrations)).toThrow('disk full');
    expect(schemaVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all();
    expect(tables).toEqual([{ name: 'first' }]);
  });

  it('applies only the missing steps, and nothing on a second run', () => {
    const db = rawDb();
    const seen: number[] = [];
    const migrations = [1, 2, 3].map((v) => step(v, `v${v}`, () => seen.push(v)));
    expect(runMigrations(db, migrations, 2)).toEqual({ from: 0, to: 2, applied: ['1 v1', '2 v2'] });
    expect(runMigrations(db, migrations)).toEqual({ from: 2, to: 3, applied: ['3 v3'] });
    expect(runMigrations(db, migrations)).toEqual({ from: 3, to: 3, applied: [] });
    expect(seen).toEqual([1, 2, 3]);
  });
});

/**
 * Rows a store at each version holds, and how to see they survived the next migration.
 * A file at version 0 is one the app has never written: an empty file (a backup tool or an
 * installer may leave one) must come out as an empty store of the current schema.
 */
const SAMPLES: Record<number, { seed(db: Db): void; check(db: Db): void }> = {
  0: {
    seed: () => undefined,
    check: (db) => {
      for (const table of ['settings', 'locations', 'shipments', 'documents', 'print_jobs', 'outbox']) {
        expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
      }
    },
  },
};

describe.each(MIGRATIONS.map((migration) => [migration.version, migration] as const))('migration %i', (version, migration) => {
  it(`"${migration.name}" makes the schema in schema-v${version}.snapshot.txt`, async () => {
    const db = rawDb();
    runMigrations(db, MIGRATIONS, version);
    expect(schemaVersion(db)).toBe(version);
    await expect(describeSchema(db)).toMatchFileSnapshot(`./schema-v${version}.snapshot.txt`);
  });

  it(`keeps the rows of a version ${version - 1} store`, () => {
    const path = tempStorePath();
    const db = new Database(path);
    runMigrations(db, MIGRATIONS, version - 1);
    const sample = SAMPLES[version - 1];
    expect(sample, `test/unit/store/migrations.test.ts needs SAMPLES[${version - 1}]`).toBeDefined();
    sample?.seed(db);
    runMigrations(db, MIGRATIONS, version);
    expect(schemaVersion(db)).toBe(version);
    sample?.check(db);
    db.close();
  });
});

describe('a current store', () => {
  it('opens again without migrating and keeps its rows', () => {
    const path = tempStorePath();
    const first = openStationStore(path);
    first.db.prepare("INSERT INTO settings (key, value) VALUES ('deskId', '\"D2\"')").run();
    first.db.prepare('INSERT INTO locations (id, updated_at) VALUES (?, ?)').run('loc_9', T0);
    first.close();
    const again = openStationStore(path);
    expect(again.db.prepare('SELECT value FROM settings').all()).toEqual([{ value: '"D2"' }]);
    expect(again.db.prepare('SELECT id FROM locations').all()).toEqual([{ id: 'loc_9' }]);
    again.close();
  });
});
