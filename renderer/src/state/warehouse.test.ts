/** Settings → Warehouse's state: the link read, the form sent as the station takes it, refusals at their fields, the test's words, the state followed. */
import { describe, expect, it, vi } from 'vitest';
import type { MethodInput, WarehouseView } from '../../../electron/api';
import { FAKE_WAREHOUSE_OFF, FakeStation, refusal } from '../testing/fakeStation';
import { NEW_WAREHOUSE_DRAFT, WarehouseState } from './warehouse.svelte';

const LINK = { host: 'db.warehouse.lan', port: 5432, database: 'packbench', role: 'packbench_desk', tls: 'require', caCertificate: null, deskName: 'Desk 3' } as const;
const CONNECTED: WarehouseView = { link: LINK, hasPassword: true, status: { state: 'connected', words: 'Connected to the warehouse database at db.warehouse.lan:5432 as Desk 3 (DESK1).' } };

function fill(warehouse: WarehouseState): void {
  warehouse.set('host', 'db.warehouse.lan');
  warehouse.set('deskName', 'Desk 3');
  warehouse.set('password', 's3cret-pass');
}

describe('the warehouse link', () => {
  it('starts off, with the setup script’s database and role filled in', async () => {
    const warehouse = new WarehouseState(new FakeStation());
    await warehouse.load();
    expect(warehouse.view).toEqual(FAKE_WAREHOUSE_OFF);
    expect(warehouse.configured).toBe(false);
    expect(warehouse.draft).toEqual(NEW_WAREHOUSE_DRAFT);
  });

  it('sends the form as the station takes it: the port a number, no empty certificate, the password only when typed; shows what was saved without the password', async () => {
    const station = new FakeStation().answer('saveWarehouse', () => CONNECTED);
    const warehouse = new WarehouseState(station);
    await warehouse.load();
    fill(warehouse);
    expect(await warehouse.save()).toBe(true);
    expect(station.sent.at(-1)).toEqual({ method: 'saveWarehouse', input: { ...LINK, password: 's3cret-pass' } });
    expect(warehouse.configured).toBe(true);
    expect(warehouse.draft).toEqual({ ...LINK, port: '5432', caCertificate: '', password: '' });

    // Saved again without typing the password: the stored one stands.
    warehouse.set('deskName', 'Desk Three');
    await warehouse.save();
    const again = station.sent.at(-1)?.input as MethodInput<'saveWarehouse'>;
    expect(again).not.toHaveProperty('password');
    expect(again.deskName).toBe('Desk Three');
  });

  it('refuses a port that is not a number at its field without asking the station', async () => {
    const station = new FakeStation();
    const warehouse = new WarehouseState(station);
    fill(warehouse);
    warehouse.set('port', '54x');
    expect(await warehouse.save()).toBe(false);
    expect(await warehouse.test()).toBe(false);
    expect(warehouse.errors.port).toBe('Port must be a whole number from 1 to 65535.');
    expect(station.calls).not.toContain('saveWarehouse');
    expect(station.calls).not.toContain('testWarehouse');
    warehouse.set('port', '6432');
    expect(warehouse.errors.port).toBeUndefined();
  });

  it('puts the station’s refusal at the fields it names and keeps the form as typed', async () => {
    const station = new FakeStation().answer('saveWarehouse', () => {
      throw refusal('invalidInput', 'the input is not valid', [
        { field: 'role', message: 'role must be 1 to 63 lower-case letters, digits or "_"' },
        { field: 'password', message: 'password must be typed for this server and role' },
      ]);
    });
    const warehouse = new WarehouseState(station);
    fill(warehouse);
    warehouse.set('role', 'Packer');
    expect(await warehouse.save()).toBe(false);
    expect(Object.keys(warehouse.errors).sort()).toEqual(['password', 'role']);
    expect(warehouse.draft.role).toBe('Packer');
    expect(warehouse.problem).toBeUndefined();
  });

  it('says Test connection’s answer in the station’s words, and forgets it when the form changes', async () => {
    const station = new FakeStation().answer('testWarehouse', () => ({ ok: false, message: 'Nothing answers at db.warehouse.lan:5432: is PostgreSQL running there and listening on the network (listen_addresses)?' }));
    const warehouse = new WarehouseState(station);
    fill(warehouse);
    expect(await warehouse.test()).toBe(false);
    expect(warehouse.tested?.message).toContain('Nothing answers at db.warehouse.lan:5432');
    warehouse.set('port', '6432');
    expect(warehouse.tested).toBeUndefined();
  });

  it('does one thing at a time: a second press while the first is on its way sends nothing', async () => {
    const station = new FakeStation().answer('saveWarehouse', () => CONNECTED);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    station.deliver = async (answer) => {
      await gate;
      return answer;
    };
    const warehouse = new WarehouseState(station);
    fill(warehouse);
    const first = warehouse.save();
    expect(warehouse.busy).toBe('saving');
    expect(await warehouse.save()).toBe(false);
    expect(await warehouse.turnOff()).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(station.calls.filter((m) => m === 'saveWarehouse' || m === 'turnOffWarehouse')).toEqual(['saveWarehouse']);
    expect(warehouse.busy).toBeUndefined();
  });

  it('follows the link’s state from the station’s events, and reads the link again for another connection', async () => {
    const station = new FakeStation().answer('getWarehouse', () => CONNECTED);
    const warehouse = new WarehouseState(station);
    await warehouse.load();
    warehouse.follow();
    station.emit({ type: 'warehouseState', status: { state: 'unreachable', words: 'The warehouse database at db.warehouse.lan:5432 is unreachable; this desk keeps working on its own and connects again by itself (connection refused).' } });
    expect(warehouse.status?.state).toBe('unreachable');
    station.answer('getWarehouse', () => FAKE_WAREHOUSE_OFF);
    station.emit({ type: 'connectionChanged', profileId: 'other' });
    await vi.waitFor(() => expect(warehouse.configured).toBe(false));
  });

  it('turns warehouse mode off, and says why when the station cannot', async () => {
    const station = new FakeStation().answer('getWarehouse', () => CONNECTED).answer('turnOffWarehouse', () => FAKE_WAREHOUSE_OFF);
    const warehouse = new WarehouseState(station);
    await warehouse.load();
    expect(await warehouse.turnOff()).toBe(true);
    expect(warehouse.status?.state).toBe('notConfigured');
    station.answer('turnOffWarehouse', () => {
      throw refusal('vault', 'the vault is locked');
    });
    expect(await warehouse.turnOff()).toBe(false);
    expect(warehouse.problem).toMatch(/^The vault is locked/);
  });
});
