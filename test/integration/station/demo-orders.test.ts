/**
 * A new desk on the Sandbox connection finds the demo orders waiting: seeded once, when the
 * sandbox profile's store is new, never into a production profile's store, and never again after
 * the desk has worked with them. The station opens on its own data folder with the embedded
 * sandbox, as `npm start` opens it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MethodInput, StationMethod, StationResults } from '../../../electron/api';
import type { AddressValidationResponse } from '../../../electron/service/contract';
import { FileVault } from '../../../electron/platform/vault';
import { DEMO_ORDERS } from '../../../electron/station/demoOrders';
import { openStation, type Station } from '../../../electron/station/station';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'packbench-demo-'));
  dirs.push(dataDir);
  return dataDir;
}

/** Opens the station on `dataDir`, runs `use` with it, and closes it whatever happened. */
async function withStation(dataDir: string, use: (station: Station) => Promise<void>, options: { demoOrders?: boolean } = {}): Promise<void> {
  const station = await openStation({ dataDir, vault: await FileVault.open(join(dataDir, 'vault')), ...options });
  try {
    await use(station);
  } finally {
    await station.close();
  }
}

async function value<M extends StationMethod>(station: Station, method: M, input: MethodInput<M>): Promise<StationResults[M]> {
  const answer = await station.call(method, input);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value as StationResults[M];
}

describe('the demo orders of the Sandbox connection', () => {
  it('are there on a new desk: one domestic, one of several items, one abroad, one with an address the check flags', async () => {
    await withStation(newDataDir(), async (station) => {
      const { orders, total } = await value(station, 'listOrders', { status: 'open' });
      expect(total).toBe(4);
      expect(orders.map((o) => o.orderNumber).sort()).toEqual(['DEMO-1001', 'DEMO-1002', 'DEMO-1003', 'DEMO-1004']);

      const domestic = await value(station, 'getOrder', { orderNumber: 'DEMO-1001' });
      expect(domestic).toMatchObject({ status: 'open', shipTo: { country: 'US', city: 'San Francisco' }, estimatedWeightGrams: 450 });
      const several = await value(station, 'getOrder', { orderNumber: 'DEMO-1002' });
      expect(several.items.length).toBeGreaterThan(1);
      expect(several.estimatedWeightGrams).toBe(2 * 200 + 900 + 3 * 150);
      // Abroad from the demo warehouse (Chicago): the desk shows customs for it.
      expect((await value(station, 'listOrders', { international: true })).orders.map((o) => o.orderNumber)).toEqual(['DEMO-1003']);
      expect((await value(station, 'getOrder', { orderNumber: 'DEMO-1003' })).items.every((item) => item.unitPrice !== null && item.unitWeightGrams !== null)).toBe(true);

      // Every demo address is one the sandbox knows, except DEMO-1004's, whose ZIP code is New York's.
      for (const order of DEMO_ORDERS) {
        const { shipTo } = order;
        const checked: AddressValidationResponse = await value(station, 'validateAddress', {
          address: { address1: shipTo.address1, city: shipTo.city, stateProvince: shipTo.stateProvince, zipPostalCode: shipTo.zipPostalCode, country: shipTo.country },
        });
        if (order.orderNumber === 'DEMO-1004') {
          expect(checked.status).not.toBe('Verified');
          expect((checked.warnings ?? []).join(' ')).toMatch(/10001 is in NEW YORK/);
        } else {
          expect({ order: order.orderNumber, errors: checked.errors, warnings: checked.warnings }).toEqual({ order: order.orderNumber, errors: [], warnings: [] });
        }
      }
    });
  });

  it('are seeded once: a desk that worked with them (or removed them) does not get them back', async () => {
    const dataDir = newDataDir();
    // What a desk does with the orders is kept: here, a newer file of the shop's changes one.
    const text = 'Order number,Name,Address 1,City,State,ZIP,Country,Item\nDEMO-1001,Dana Whitfield,1 Market St,San Francisco,CA,94105,US,Mug\n';
    await withStation(dataDir, async (station) => {
      await value(station, 'importOrders', { text });
    });
    await withStation(dataDir, async (station) => {
      expect((await value(station, 'listOrders', {})).total).toBe(4);
      expect((await value(station, 'getOrder', { orderNumber: 'DEMO-1001' })).shipTo.address1).toBe('1 Market St');
    });
  });

  it('never reach a production profile', async () => {
    await withStation(newDataDir(), async (station) => {
      const saved = await value(station, 'saveProfile', { name: 'Head office', baseUrl: 'https://ship.example.com', authUrl: 'https://auth.example.com', method: 'apiKey', tier: 'Standard' });
      await value(station, 'switchProfile', { profileId: saved.id });
      expect((await value(station, 'listOrders', {})).total).toBe(0);
    });
  });

  it('can be left out by a test that starts from an empty store', async () => {
    await withStation(
      newDataDir(),
      async (station) => {
        expect((await value(station, 'listOrders', {})).total).toBe(0);
      },
      { demoOrders: false },
    );
  });
});
