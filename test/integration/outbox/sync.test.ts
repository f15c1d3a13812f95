import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox';
import { ServiceClient } from '../../../electron/service/client/client';
import { realTimers } from '../../../electron/platform/clock';
import { openStationStore, type StationStore } from '../../../electron/store/database';
import { listDocuments, saveDocuments } from '../../../electron/store/documents';
import { listLocations } from '../../../electron/store/locations';
import { setSetting } from '../../../electron/store/settings';
import * as outbox from '../../../electron/store/outbox';
import { getByServiceId } from '../../../electron/store/shipments';
import { ulid } from '../../../electron/store/stationRef';
import type { SyncEvent } from '../../../electron/sync/events';
import { SyncEngine } from '../../../electron/sync/syncEngine';
import { SandboxClient } from '../../support/sandboxHarness';
import { VirtualClock } from '../../support/virtualClock';
import { location, shipment } from '../../support/shipments';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-sync-'));
  sandbox = await startSandbox({ requestsPerMinute: 100_000 });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function station(name: string): { store: StationStore; engine: SyncEngine; client: ServiceClient; events: SyncEvent[] } {
  const store = openStationStore(join(dir, `${name}.db`));
  const events: SyncEvent[] = [];
  const engine = new SyncEngine({ store, timers: realTimers, onEvent: (e) => events.push(e), offlineProbeMs: 100, onlineProbeMs: 100, itemBackoff: { baseDelayMs: 20, maxDelayMs: 100 } });
  const client = new ServiceClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    auth: { method: 'apiKey', apiKey: sandbox.credentials.apiKey },
    requestsPerMinute: 100_000,
    retry: { maxAttempts: 1 },
    logger: { request: engine.observe, warn: () => undefined },
  });
  return { store, engine, client, events };
}

describe('connectivity and sync', () => {
  it('goes offline when the service drops, and coming back online starts the drain', async () => {
    const { store, engine, client, events } = station('online');
    sandbox.faults.set({ outage: true });
    await engine.start(client);
    await expect.poll(() => events.some((e) => e.type === 'connectivity' && !e.online)).toBe(true);
    const stationRef = `PB-ONLINE-${ulid(Date.now())}`;
    outbox.queueShipment(store.db, { stationRef, input: shipment(), now: Date.now() });
    engine.queued();
    await realTimers.sleep(300);
    expect(outbox.counts(store.db).done).toBe(0);

    sandbox.faults.clear();
    await expect.poll(() => events.some((e) => e.type === 'connectivity' && e.online), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => outbox.counts(store.db).done, { timeout: 10_000 }).toBe(1);
    expect(events.filter((e) => e.type === 'labelsReady').map((e) => e.stationRef)).toEqual([stationRef]);
    await engine.stop();
    client.close();
    store.close();
  });

  it('pulls locations, recent shipments made elsewhere, and their tracking', async () => {
    const other = new SandboxClient(sandbox);
    const locationId = (await other.call('createLocation', { body: location('WH-PULL') })).json.id as string;
    const made = await other.call('createShipment', { body: shipment({ references: { orderNumber: 'SO-OTHER-DESK' } }) });
    const serviceId = made.json.id as string;

    const { store, engine, client, events } = station('pull');
    await engine.start(client);
    await expect.poll(() => getByServiceId(store.db, serviceId)?.trackingRecord?.events?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(listLocations(store.db).map((l) => l.id)).toContain(locationId);
    const cached = getByServiceId(store.db, serviceId);
    expect(cached).toMatchObject({ serviceId, orderNumber: 'SO-OTHER-DESK', trackingNumber: made.json.trackingNumber });
    expect(events.some((e) => e.type === 'syncProgress' && e.phase === 'tracking')).toBe(true);
    await engine.stop();
    client.close();
    store.close();
  });
});

describe('pulling on the station\'s clock, and naming what failed', () => {
  it('pulls again once a period has passed on the clock the station is given', async () => {
    const clock = new VirtualClock(Date.now());
    const store = openStationStore(join(dir, 'clocked.db'));
    const events: SyncEvent[] = [];
    const engine = new SyncEngine({ store, timers: clock, onEvent: (e) => events.push(e), pullEveryMs: 300_000 });
    const client = new ServiceClient({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, auth: { method: 'apiKey', apiKey: sandbox.credentials.apiKey }, requestsPerMinute: 100_000, timers: clock, retry: { maxAttempts: 1 }, logger: { request: engine.observe, warn: () => undefined } });
    const pulls = (): number => events.filter((e) => e.type === 'syncProgress' && e.phase === 'locations').length;
    await engine.start(client);
    // Coming online pulls once; no wall-clock timer can pull again within this test's time.
    await expect.poll(pulls, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => events.some((e) => e.type === 'syncProgress' && e.phase === 'tracking'), { timeout: 10_000 }).toBe(true);
    const before = pulls();
    await clock.advance(300_000);
    await expect.poll(pulls, { timeout: 10_000 }).toBeGreaterThan(before);
    await engine.stop();
    expect(clock.pendingTimers).toBe(0);
    client.close();
    store.close();
  });

  it('a pull phase that fails for a reason of the station\'s own is reported under its own name, and the other phases still run', async () => {
    const other = new SandboxClient(sandbox);
    await other.call('createLocation', { body: location('WH-PHASE') });
    await other.call('createShipment', { body: shipment({ references: { orderNumber: 'SO-PHASE' } }) });
    const { store, engine, client, events } = station('phase');
    // The store refuses new locations and tracking, as a damaged file would; shipments still go in.
    store.db.exec(`
      CREATE TRIGGER no_locations BEFORE INSERT ON locations BEGIN SELECT RAISE(ABORT, 'locations are read-only'); END;
      CREATE TRIGGER no_tracking BEFORE UPDATE ON shipments WHEN NEW.tracking_record IS NOT NULL BEGIN SELECT RAISE(ABORT, 'tracking is read-only'); END;`);
    await engine.start(client);
    await expect.poll(() => events.filter((e) => e.type === 'syncFailed').length, { timeout: 10_000 }).toBe(2);
    expect(events.filter((e) => e.type === 'syncFailed')).toEqual([
      { type: 'syncFailed', phase: 'locations', message: 'stopped unexpectedly: locations are read-only' },
      { type: 'syncFailed', phase: 'tracking', message: 'stopped unexpectedly: tracking is read-only' },
    ]);
    expect(events.some((e) => e.type === 'syncProgress' && e.phase === 'shipments' && e.done > 0)).toBe(true);
    await engine.stop();
    client.close();
    store.close();
  });
});

describe('label retention', () => {
  it('drops stored documents older than the retention setting, and keeps newer ones', () => {
    const { store, engine, client } = station('retention');
    const now = Date.now();
    const pdf = new Uint8Array([37, 80, 68, 70]);
    outbox.queueShipment(store.db, { stationRef: 'PB-OLD-1', input: shipment(), now: now - 40 * 86_400_000 });
    outbox.queueShipment(store.db, { stationRef: 'PB-NEW-1', input: shipment(), now });
    saveDocuments(store.db, 'PB-OLD-1', [{ type: 'Label', mime: 'application/pdf', bytes: pdf }], now - 40 * 86_400_000);
    saveDocuments(store.db, 'PB-NEW-1', [{ type: 'Label', mime: 'application/pdf', bytes: pdf }], now);
    setSetting(store.db, 'labelRetentionDays', 30);
    expect(engine.housekeeping()).toBe(1);
    expect(listDocuments(store.db, 'PB-OLD-1')).toEqual([]);
    expect(listDocuments(store.db, 'PB-NEW-1')).toHaveLength(1);
    client.close();
    store.close();
  });
});
