import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../electron/sandbox/sandbox';
import { SandboxClient } from '../../support/sandboxHarness';
import { location, shipment } from '../../support/shipments';

describe('a sandbox with a database file', () => {
  it('keeps its locations and shipments across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'packbench-sandbox-'));
    const dbPath = join(dir, 'sandbox.db');
    try {
      const first = await startSandbox({ dbPath });
      const before = new SandboxClient(first);
      const locationId = (await before.call('createLocation', { body: location() })).json.id as string;
      const created = await before.call('createShipment', { body: shipment({ references: { orderNumber: 'SO-KEEP' } }) });
      const shipmentId = created.json.id as string;
      await before.call('blockShipment', { id: shipmentId, body: { reason: 'hold' } });
      await first.close();

      const second = await startSandbox({ dbPath });
      const after = new SandboxClient(second);
      expect((await after.call('getLocation', { id: locationId })).json).toMatchObject({ id: locationId, locationName: 'Chicago DC' });
      const found = await after.call('searchShipments', { body: { searchTerm: 'SO-KEEP' } });
      expect(found.json.shipments).toEqual([expect.objectContaining({ id: shipmentId, statusId: 'Blocked' })]);
      const tracked = await after.call('trackShipments', { body: { shipments: [{ trackingNumber: created.json.trackingNumber as string }] } });
      expect((tracked.json.shipments as { shipment_Id: string }[])[0]?.shipment_Id).toBe(shipmentId);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
