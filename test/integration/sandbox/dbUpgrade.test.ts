/**
 * The app keeps its embedded sandbox's records in a sandbox.sqlite in its data folder. A file
 * written by an earlier sandbox (schema 1) must open in this one with its records intact and
 * listed, searched and sorted as before.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import { SandboxClient } from '../../support/sandboxHarness';
import { location, shipment } from '../../support/shipments';

/** The schema of the first sandbox, as it created its file. */
const SCHEMA_1 = `
CREATE TABLE locations (id TEXT PRIMARY KEY, record TEXT NOT NULL, deleted INTEGER NOT NULL DEFAULT 0, created_on TEXT NOT NULL,
  created_by TEXT NOT NULL, updated_on TEXT NOT NULL, updated_by TEXT NOT NULL);
CREATE TABLE shipments (id TEXT PRIMARY KEY, status TEXT NOT NULL, ship_date TEXT NOT NULL, created_on TEXT NOT NULL,
  tracking_number TEXT NOT NULL UNIQUE, carrier TEXT NOT NULL, ship_method TEXT NOT NULL, location_name TEXT, ship_to_name TEXT,
  ship_to_city TEXT, ship_to_country TEXT, order_number TEXT, customer_po TEXT, search_text TEXT NOT NULL, record TEXT NOT NULL);
CREATE INDEX shipments_by_date ON shipments (ship_date DESC, id);
CREATE INDEX shipments_by_status ON shipments (status);
CREATE TABLE package_tracking (tracking_number TEXT PRIMARY KEY, shipment_id TEXT NOT NULL REFERENCES shipments (id));
CREATE TABLE documents (shipment_id TEXT PRIMARY KEY REFERENCES shipments (id), documents TEXT NOT NULL);
`;

function writeSchema1File(path: string): void {
  const db = new Database(path);
  db.exec(SCHEMA_1);
  const insert = db.prepare('INSERT INTO locations (id, record, deleted, created_on, created_by, updated_on, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const chicago = { ...location('WH-OLD-1'), locationName: 'Chicago Dock 10', groupId: 'midwest', tags: ['legacy'] };
  const austin = { ...location('WH-OLD-2'), locationName: 'austin dock 9', address: { ...location().address, city: 'Austin', stateProvince: 'TX', zipPostalCode: '73301' } };
  const closed = { ...location('WH-OLD-3'), locationName: 'Closed Yard', active: false };
  insert.run('loc_old1', JSON.stringify(chicago), 0, '2026-01-02T10:00:00.000Z', 'api-key', '2026-01-02T10:00:00.000Z', 'api-key');
  insert.run('loc_old2', JSON.stringify(austin), 0, '2026-01-01T10:00:00.000Z', 'client:packbench-sandbox', '2026-01-03T10:00:00.000Z', 'api-key');
  insert.run('loc_old3', JSON.stringify(closed), 1, '2026-01-03T10:00:00.000Z', 'api-key', '2026-01-04T10:00:00.000Z', 'api-key');
  db.pragma('user_version = 1');
  db.close();
}

describe('a sandbox file written by the first schema', () => {
  it('opens with its locations listed, searched and sorted, and takes new ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'packbench-upgrade-'));
    const dbPath = join(dir, 'sandbox.sqlite');
    try {
      writeSchema1File(dbPath);
      const sandbox = await startSandbox({ dbPath });
      try {
        const client = new SandboxClient(sandbox);
        const names = async (query: Record<string, string | number>) => {
          const answer = await client.call('getLocations', { query: { Page: 1, Limit: 10, ...query } });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          return (answer.json.data as { locationName: string }[]).map((l) => l.locationName);
        };
        // Digit runs compare by value, case is ignored.
        expect(await names({})).toEqual(['austin dock 9', 'Chicago Dock 10', 'Closed Yard']);
        expect(await names({ Sort: 'createdOnUtc', Order: 'DESC' })).toEqual(['Closed Yard', 'Chicago Dock 10', 'austin dock 9']);
        expect(await names({ Query: 'LEGACY' })).toEqual(['Chicago Dock 10']);
        expect(await names({ Query: 'midw' })).toEqual(['Chicago Dock 10']);
        expect(await names({ Query: 'tx', Sort: 'city' })).toEqual(['austin dock 9']);
        expect(await names({ Sort: 'active' })).toEqual(['Closed Yard', 'Chicago Dock 10', 'austin dock 9']);

        const listed = await client.call('getLocations', { query: { Page: 1, Limit: 1, Query: 'closed' } });
        expect(listed.json.data).toEqual([
          {
            id: 'loc_old3', referenceId: 'WH-OLD-3', locationName: 'Closed Yard', address1: '1200 W Fulton Market', city: 'Chicago', stateProvince: 'IL', country: 'US',
            zipPostalCode: '60607', contactName: 'Dana Reyes', defaultDescription: [], active: false, deleted: true, createdBy: 'api-key',
            createdOnUtc: '2026-01-03T10:00:00.000Z', updatedBy: 'api-key',
          },
        ]);
        expect((await client.call('getLocation', { id: 'loc_old2' })).json).toMatchObject({ id: 'loc_old2', locationName: 'austin dock 9', address: { city: 'Austin' } });

        expect((await client.call('createLocation', { body: { ...location('WH-NEW'), locationName: 'Boston Dock 1' } })).status).toBe(200);
        expect((await client.call('updateLocation', { id: 'loc_old1', body: { locationName: 'Zeta Dock' } })).status).toBe(200);
        expect(await names({})).toEqual(['austin dock 9', 'Boston Dock 1', 'Closed Yard', 'Zeta Dock']);
        expect((await client.call('createShipment', { body: shipment() })).status).toBe(200);
      } finally {
        await sandbox.close();
      }
      // Opening it again changes nothing more.
      const again = await startSandbox({ dbPath });
      const names = ((await new SandboxClient(again).call('getLocations', { query: { Page: 1, Limit: 10 } })).json.data as { locationName: string }[]).map((l) => l.locationName);
      await again.close();
      expect(names).toEqual(['austin dock 9', 'Boston Dock 1', 'Closed Yard', 'Zeta Dock']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
