/** The warehouse's pure pieces: how a holder is said, entry ids, search folding, connection settings. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { WarehouseConnectionSettings, derivedEntryId, holderWords } from '../../../electron/warehouse';
import { poolConfig } from '../../../electron/warehouse/connection';
import { foldForSearch } from '../../../electron/warehouse/history';
import { parseChange } from '../../../electron/warehouse/changes';

const AT_10_42 = Date.UTC(2025, 2, 14, 10, 42, 31);

describe('who holds an order, in words', () => {
  it('says the desk and the time it claimed the order, in the desk\'s time zone', () => {
    const holder = { deskId: 'D3', deskName: 'Desk 3', claimedAt: AT_10_42, leaseUntil: AT_10_42 + 90_000, live: true };
    expect(holderWords(holder, 'UTC')).toBe('being packed at Desk 3 since 10:42');
    expect(holderWords(holder, 'America/Chicago')).toBe('being packed at Desk 3 since 05:42');
    expect(holderWords({ ...holder, live: false }, 'UTC')).toBe('was being packed at Desk 3 since 10:42; its claim ran out at 10:44 (the desk stopped renewing it), so it can be taken over');
  });
});

describe('derived entry ids', () => {
  it('are UUIDs, the same for the same event and different for another', () => {
    const id = derivedEntryId('ship', 'PB-D1-01J0000000000000000000000');
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(derivedEntryId('ship', 'PB-D1-01J0000000000000000000000')).toBe(id);
    expect(derivedEntryId('void', 'PB-D1-01J0000000000000000000000')).not.toBe(id);
  });
});

describe('search folding', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('Jürgen MÜLLER Ñandú')).toBe('jurgen muller nandu');
  });
});

describe('changes as received', () => {
  it('are read when they are a known change, and ignored otherwise', () => {
    expect(parseChange('{"kind":"orderReleased","deskId":"D1","orderNumber":"SO-1","at":12.5}')).toEqual({ kind: 'orderReleased', deskId: 'D1', orderNumber: 'SO-1', at: 12.5 });
    expect(parseChange('{"kind":"orderReleased","deskId":"D1"}')).toBeUndefined();
    expect(parseChange('not json')).toBeUndefined();
    expect(parseChange(undefined)).toBeUndefined();
  });
});

describe('connection settings', () => {
  const settings = { host: 'db.warehouse.lan', port: 5432, database: 'packbench', role: 'packbench_desk', tls: 'verify-full', caCertificate: null } as const;

  it('refuse a role or database that is not a plain identifier, and a port out of range', () => {
    expect(WarehouseConnectionSettings.safeParse({ ...settings, role: 'desk"; DROP' }).success).toBe(false);
    expect(WarehouseConnectionSettings.safeParse({ ...settings, database: 'Pack Bench' }).success).toBe(false);
    expect(WarehouseConnectionSettings.safeParse({ ...settings, port: 70_000 }).success).toBe(false);
    expect(WarehouseConnectionSettings.safeParse({ ...settings, caCertificate: 'hello' }).success).toBe(false);
    expect(WarehouseConnectionSettings.safeParse(settings).success).toBe(true);
  });

  it('become a pool that checks the certificate and host name by default, sets the session limits, keeps connections for the next scan, and holds no password it was not given', () => {
    const config = poolConfig(settings, undefined, { id: 'D1', name: 'Desk 1' });
    expect(config.ssl).toEqual({ rejectUnauthorized: true, servername: 'db.warehouse.lan' });
    expect(config).not.toHaveProperty('password');
    expect(config.options).toBe('-c search_path=packbench -c statement_timeout=15000 -c lock_timeout=10000 -c idle_in_transaction_session_timeout=5000');
    expect(config.application_name).toBe('packbench desk D1');
    // Two connections kept open between scans, never more than the pool may hold.
    expect([config.min, config.max]).toEqual([2, 4]);
    // A network that drops packets silently is noticed: no answer in 20 s gives the connection up
    // (keep-alive probes do not run while a statement waits for its answer).
    expect([config.query_timeout, config.keepAlive]).toEqual([20_000, true]);
    expect(poolConfig(settings, undefined, { id: 'D1', name: 'Desk 1' }, { max: 1 })).toMatchObject({ min: 1, max: 1 });
    expect(poolConfig({ ...settings, tls: 'require' }, 'pw', { id: 'D1', name: 'Desk 1' }).ssl).toEqual({ rejectUnauthorized: false });
    expect(poolConfig({ ...settings, tls: 'disable' }, 'pw', { id: 'D1', name: 'Desk 1' }).ssl).toBe(false);
  });
});
