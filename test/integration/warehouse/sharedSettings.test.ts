/**
 * Box presets, requested-service rules and warehouse-wide choices, set once for every desk: each
 * value checked with its schema, every desk told of a change, and a change made from a stale
 * copy refused instead of overwriting another desk's.
 */
import { describe, expect, it } from 'vitest';
import { WarehouseInputError, WarehouseRowError, WarehouseSettingConflictError, getSharedSetting, putSharedSetting, type Warehouse } from '../../../electron/warehouse';
import type { WarehouseServer } from '../../support/warehouseServer';
import { useWarehouseDesks } from './warehouseFixture';
import { ChangeRecorder } from './changeRecorder';

let server: WarehouseServer;
let desk1: Warehouse;
let desk2: Warehouse;

useWarehouseDesks(2, (desks, started) => {
  [desk1, desk2] = desks as [Warehouse, Warehouse];
  server = started;
});

const SMALL = { code: 'BOX-S', name: 'Small box', length: 8, width: 6, height: 4, unitOfLength: 'IN' as const };
const LARGE = { code: 'BOX-L', name: 'Large box', length: 18, width: 14, height: 12, unitOfLength: 'IN' as const };

describe('shared settings', () => {
  it('are set at one desk, read at every desk, and refused when changed from a stale copy', async () => {
    const seen = new ChangeRecorder(desk2);
    expect(await getSharedSetting(desk2.db, 'boxPresets')).toBeUndefined();
    expect(await putSharedSetting(desk1.db, 'D1', 'boxPresets', [SMALL], null)).toBe(1);
    expect(await seen.waitFor((c) => c.kind === 'settingChanged' && c.key === 'boxPresets', 'setting notification')).toMatchObject({ deskId: 'D1', version: 1 });
    const read = await getSharedSetting(desk2.db, 'boxPresets');
    expect(read).toMatchObject({ key: 'boxPresets', value: [SMALL], version: 1, updatedBy: 'D1' });

    // Both desks started from version 1: the first change wins, the second is told to read again.
    expect(await putSharedSetting(desk2.db, 'D2', 'boxPresets', [SMALL, LARGE], 1)).toBe(2);
    const stale = await putSharedSetting(desk1.db, 'D1', 'boxPresets', [LARGE], 1).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(WarehouseSettingConflictError);
    expect((stale as Error).message).toBe('The warehouse setting boxPresets was changed at another desk (version 2, this desk had 1): read it again and make the change once more.');
    expect((await getSharedSetting(desk1.db, 'boxPresets'))?.value).toEqual([SMALL, LARGE]);
    await expect(putSharedSetting(desk1.db, 'D1', 'boxPresets', [SMALL], null)).rejects.toBeInstanceOf(WarehouseSettingConflictError);
  });

  it('let exactly one of two desks win when both change a setting from the same version at once', async () => {
    const first = await Promise.allSettled([putSharedSetting(desk1.db, 'D1', 'preferredCarrier', 'UPS', null), putSharedSetting(desk2.db, 'D2', 'preferredCarrier', 'FedEx', null)]);
    expect(first.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(first.find((r) => r.status === 'rejected')?.reason).toBeInstanceOf(WarehouseSettingConflictError);
    for (let round = 0; round < 20; round += 1) {
      const version = (await getSharedSetting(desk1.db, 'preferredCarrier'))?.version ?? 0;
      const both = await Promise.allSettled([putSharedSetting(desk1.db, 'D1', 'preferredCarrier', 'UPS', version), putSharedSetting(desk2.db, 'D2', 'preferredCarrier', 'DHL', version)]);
      expect(both.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([version + 1]);
    }
  });

  it('check requested-service rules and refuse one that names a requested service twice', async () => {
    const rules = [
      { requestedService: 'Express', carrier: 'UPS', serviceLevel: 'UPS Next Day Air', shipMethod: 'NextDay' },
      { requestedService: 'Standard Shipping', carrier: 'USPS', serviceLevel: 'USPS Ground Advantage', shipMethod: 'Ground' },
    ];
    expect(await putSharedSetting(desk1.db, 'D1', 'requestedServiceRules', rules, null)).toBe(1);
    expect((await getSharedSetting(desk2.db, 'requestedServiceRules'))?.value).toEqual(rules);
    const twice = [...rules, { ...rules[0], requestedService: 'EXPRESS' }] as typeof rules;
    await expect(putSharedSetting(desk1.db, 'D1', 'requestedServiceRules', twice, 1)).rejects.toThrow('must not name a requested service twice');
    await expect(putSharedSetting(desk1.db, 'D1', 'claimLeaseSeconds', 5, null)).rejects.toBeInstanceOf(WarehouseInputError);
  });

  it('report a stored value this desk cannot read instead of using it', async () => {
    const owner = await server.pool('owner', { id: 'D1', name: 'Desk 1' });
    try {
      await owner.query(`INSERT INTO settings (key, value, updated_by) VALUES ('unitSystem', '"furlongs"', 'D1')`);
    } finally {
      await owner.end();
    }
    await expect(getSharedSetting(desk2.db, 'unitSystem')).rejects.toBeInstanceOf(WarehouseRowError);
  });
});
