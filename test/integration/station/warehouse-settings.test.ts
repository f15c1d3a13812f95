/**
 * Settings → Warehouse through the whole station (the web host's HTTP API) against a private
 * PostgreSQL set up with the warehouse's setup script: the link kept in the desk's store and the
 * password in its vault, Test connection in words, the link's state as events (connected, the
 * server stopped and started again, a schema too new or too old), turning warehouse mode off,
 * bad input refused field by field, and the password never leaving the main process.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarehouseLinkInput, WarehouseStateName } from '../../../electron/api';
import { migrateWarehouse, WAREHOUSE_MIGRATIONS, WAREHOUSE_SCHEMA_VERSION, listDesks } from '../../../electron/warehouse';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';
import { ADMIN_DESK, startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';

let server: WarehouseServer;
let station: StationHarness;
let input: WarehouseLinkInput & { password: string };

beforeAll(async () => {
  server = await startWarehouseServer();
  station = await startStationHarness({ printing: 'none' });
  input = { ...server.settings('desk'), deskName: 'Desk 1', password: server.roles.desk.password };
}, 120_000);

afterAll(async () => {
  await station?.close();
  await server?.stop();
});

const withoutPassword = ({ password: _password, ...link }: WarehouseLinkInput) => link;

/** The next `warehouseState` event in `state` after event index `from`. */
function nextState(state: WarehouseStateName, from: number) {
  return station.waitForEvent('warehouseState', (event) => event.status.state === state, from, 30_000);
}

/** Every file under `dir`, read whole. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

describe('Settings → Warehouse', () => {
  it('starts with warehouse mode off: no link, no password, the desk alone', async () => {
    expect(await station.value('getWarehouse', {})).toEqual({ link: null, hasPassword: false, status: { state: 'notConfigured', words: 'Warehouse mode is off: this desk works alone.' } });
  });

  it('tests a link before it is saved: a wrong password, then the right one, each in words; nothing is kept', async () => {
    const wrong = await station.value('testWarehouse', { ...input, password: 'not-the-password' });
    expect(wrong).toEqual({ ok: false, message: `PostgreSQL at 127.0.0.1:${String(server.postgres.port)} refused the password of role packbench_desk: set the password again in Settings → Warehouse.` });
    const right = await station.value('testWarehouse', input);
    expect(right.ok).toBe(true);
    expect(right.message).toMatch(new RegExp(`^Connected to PostgreSQL \\d+[.\\d]* .*at 127\\.0\\.0\\.1:${String(server.postgres.port)} as packbench_desk, not encrypted; warehouse schema ${WAREHOUSE_SCHEMA_VERSION}, up to date\\.$`));
    expect(await station.value('getWarehouse', {})).toMatchObject({ link: null, hasPassword: false, status: { state: 'notConfigured' } });
  });

  it('refuses a test without a password when none is stored, naming the field', async () => {
    const refused = await station.call('testWarehouse', withoutPassword(input));
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'password' }] } });
  });

  it('saves the link, connects, registers the desk under its id and name, and says so as an event', async () => {
    const from = station.events.length;
    const saved = await station.value('saveWarehouse', input);
    expect(saved).toEqual({
      link: withoutPassword(input),
      hasPassword: true,
      status: { state: 'connected', words: `Connected to the warehouse database at 127.0.0.1:${String(server.postgres.port)} as Desk 1 (DESK1).` },
    });
    await nextState('connected', from);
    expect(station.events.slice(from).filter((e) => e.type === 'warehouseState').map((e) => e.status.state)).toEqual(['connecting', 'connected']);
    const owner = await server.pool('owner', ADMIN_DESK);
    try {
      expect((await listDesks(owner)).map((d) => [d.id, d.name])).toContainEqual(['DESK1', 'Desk 1']);
    } finally {
      await owner.end();
    }
  });

  it('opens the warehouse by itself when the profile opens with a link set up', async () => {
    const from = station.events.length;
    // Switching to the active profile closes its working set and opens it again, as a restart does.
    await station.value('switchProfile', { profileId: 'sandbox' });
    await nextState('connected', from);
    expect(await station.value('getWarehouse', {})).toMatchObject({ link: withoutPassword(input), hasPassword: true, status: { state: 'connected' } });
  });

  it('keeps the stored password for the same server and role, and never sends it to another', async () => {
    const renamed = await station.value('saveWarehouse', { ...withoutPassword(input), deskName: 'Desk One' });
    expect(renamed).toMatchObject({ link: { deskName: 'Desk One' }, hasPassword: true, status: { state: 'connected' } });
    for (const moved of [{ port: server.postgres.port + 1 }, { host: 'localhost' }, { role: 'packbench_owner' }, { database: 'other' }]) {
      const refused = await station.call('saveWarehouse', { ...withoutPassword(input), ...moved });
      expect(refused, JSON.stringify(moved)).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'password' }] } });
      const tested = await station.call('testWarehouse', { ...withoutPassword(input), ...moved });
      expect(tested.ok, JSON.stringify(moved)).toBe(false);
    }
    expect((await station.value('getWarehouse', {})).link).toMatchObject({ port: server.postgres.port, host: '127.0.0.1', deskName: 'Desk One' });
  });

  it('says the warehouse is unreachable, with the cause, when PostgreSQL stops, and connected when it is back', async () => {
    const from = station.events.length;
    await server.postgres.stopServer('fast');
    const down = await nextState('unreachable', from);
    expect(down.status.words).toContain(`The warehouse database at 127.0.0.1:${String(server.postgres.port)} is unreachable; this desk keeps working on its own and connects again by itself`);
    expect((await station.value('getWarehouse', {})).status.state).toBe('unreachable');
    // The desk goes on: its own settings still answer.
    expect((await station.value('getSettings', {})).deskId).toBe('DESK1');
    // Opened while the server is down (the profile reopens): unreachable, with the cause, and tried again by itself.
    const reopened = station.events.length;
    await station.value('switchProfile', { profileId: 'sandbox' });
    const refused = await nextState('unreachable', reopened);
    expect(refused.status.words).toBe(
      `The warehouse database at 127.0.0.1:${String(server.postgres.port)} is unreachable; this desk keeps working on its own and connects again by itself: ` +
        `Nothing answers at 127.0.0.1:${String(server.postgres.port)}: is PostgreSQL running there and listening on the network (listen_addresses)?`,
    );
    const back = station.events.length;
    await server.postgres.startServer();
    await nextState('connected', back);
    expect((await station.value('getWarehouse', {})).status.state).toBe('connected');
  });

  it('says a schema too new or too old in words, and does not use it', async () => {
    await server.newDatabase('newer');
    const owner = await server.pool('owner', ADMIN_DESK, { database: 'newer' });
    try {
      await migrateWarehouse(owner, WAREHOUSE_MIGRATIONS);
      await owner.query(`INSERT INTO packbench.schema_migrations (version, name) VALUES (9, 'from the future')`);
    } finally {
      await owner.end();
    }
    const newer = await station.value('saveWarehouse', { ...input, database: 'newer' });
    expect(newer.status).toEqual({ state: 'schemaTooNew', words: `The warehouse database was updated by a newer Packbench (schema 9, this desk knows ${WAREHOUSE_SCHEMA_VERSION}): update Packbench on this desk.` });

    await server.newDatabase('behind');
    const behind = await station.value('saveWarehouse', { ...input, database: 'behind' });
    expect(behind.status.state).toBe('schemaTooOld');
    expect(behind.status.words).toContain(`The warehouse database is at schema 0 and this Packbench needs ${WAREHOUSE_SCHEMA_VERSION}, but the role packbench_desk may not change the schema`);
  });

  it('refuses bad input field by field, and keeps what was saved', async () => {
    const before = await station.value('getWarehouse', {});
    const refused = await station.callAny('saveWarehouse', { ...input, host: '', port: 70_000, database: 'Pack Bench', tls: 'maybe', caCertificate: 'hello', deskName: ' ', sslmode: 'off' });
    expect(refused.ok).toBe(false);
    const fields = refused.ok ? [] : refused.error.fields.map((f) => f.field);
    // An unknown key is named too: a typo never passes as an option silently ignored.
    expect(new Set(fields)).toEqual(new Set(['host', 'port', 'database', 'tls', 'caCertificate', 'deskName', 'sslmode']));
    expect(await station.value('getWarehouse', {})).toEqual(before);
  });

  it('turns warehouse mode off: the link and its password are forgotten, the desk works alone', async () => {
    await station.value('saveWarehouse', input);
    const from = station.events.length;
    const off = await station.value('turnOffWarehouse', {});
    expect(off).toEqual({ link: null, hasPassword: false, status: { state: 'notConfigured', words: 'Warehouse mode is off: this desk works alone.' } });
    await nextState('notConfigured', from);
    expect(await station.call('testWarehouse', withoutPassword(input))).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('never lets the password out of the main process: not in answers, events, logs, the store or the vault file in plain text', async () => {
    await station.value('saveWarehouse', input);
    const secret = server.roles.desk.password;
    expect(secret.length).toBeGreaterThan(8);
    expect(station.responseTexts.join('\n')).not.toContain(secret);
    expect(station.eventStreamText()).not.toContain(secret);
    expect(station.logLines.join('\n')).not.toContain(secret);
    const files = filesUnder(station.dataDir);
    expect(files.some((f) => f.file.endsWith('station.sqlite'))).toBe(true);
    expect(files.filter((f) => f.bytes.includes(secret)).map((f) => f.file)).toEqual([]);
    const view = await station.post('getWarehouse', '{}');
    expect(view.text).not.toMatch(/password"\s*:/);
  });
});
