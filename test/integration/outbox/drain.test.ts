import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox';
import { ServiceClient } from '../../../electron/service/client/client';
import { realTimers } from '../../../electron/platform/clock';
import { openStationStore, type StationStore } from '../../../electron/store/database';
import * as outbox from '../../../electron/store/outbox';
import { getByStationRef } from '../../../electron/store/shipments';
import { ulid } from '../../../electron/store/stationRef';
import type { SyncEvent } from '../../../electron/sync/events';
import { OUTBOX_RETRY_POLICY } from '../../../electron/sync/outboxPolicy';
import { OutboxWorker } from '../../../electron/sync/outboxWorker';
import { SandboxClient } from '../../support/sandboxHarness';
import { shipment } from '../../support/shipments';

let dir: string;
let sandbox: RunningSandbox;
let store: StationStore;
let client: ServiceClient;
let events: SyncEvent[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-drain-'));
  sandbox = await startSandbox({ requestsPerMinute: 100_000, seed: 11 });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sandbox.faults.clear();
  store = openStationStore(join(dir, `station-${ulid(Date.now())}.db`));
  client = new ServiceClient({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, auth: { method: 'apiKey', apiKey: sandbox.credentials.apiKey }, requestsPerMinute: 100_000, retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 } });
  events = [];
});
afterEach(() => {
  client.close();
  store.close();
});

function queue(count: number, tag: string): string[] {
  return Array.from({ length: count }, (_, i) => {
    const stationRef = `PB-${tag}-${ulid(Date.now())}`;
    outbox.queueShipment(store.db, { stationRef, input: shipment({ references: { orderNumber: `SO-${tag}-${i}` } }), now: Date.now() });
    return stationRef;
  });
}

function worker(): OutboxWorker {
  return new OutboxWorker({ store, client, timers: realTimers, onEvent: (event) => events.push(event), itemBackoff: { baseDelayMs: 20, maxDelayMs: 100 } });
}

/** Processes items until none is left to send (waiting out scheduled retries). */
async function drain(w: OutboxWorker, limitMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { pending, unknown, sending } = outbox.counts(store.db);
    if (pending + unknown + sending === 0) return;
    if (Date.now() - started > limitMs) throw new Error(`not drained: ${JSON.stringify(outbox.counts(store.db))}`);
    if (!(await w.processNext())) await realTimers.sleep(20);
  }
}

async function countOnService(stationRef: string): Promise<number> {
  const found = await new SandboxClient(sandbox).call('searchShipments', { body: { searchTerm: stationRef } });
  return found.json.totalCount as number;
}

describe('draining the outbox', () => {
  it('sends queued creates in order, stores their labels and hands each to printing once', async () => {
    const refs = queue(5, 'ORDER');
    await drain(worker());
    expect(outbox.counts(store.db).done).toBe(5);
    const ready = events.filter((e) => e.type === 'labelsReady');
    expect(ready.map((e) => e.stationRef)).toEqual(refs);
    for (const ref of refs) expect(await countOnService(ref)).toBe(1);
  });

  it('ambiguity: with commit-then-drop on a share of creates, ends with exactly one shipment per item', async () => {
    sandbox.faults.set({ commitThenDrop: 0.4 });
    const refs = queue(40, 'AMBIG');
    await drain(worker());
    sandbox.faults.clear();
    expect(outbox.counts(store.db)).toMatchObject({ done: 40, failed: 0, needs_review: 0 });
    for (const ref of refs) expect(await countOnService(ref), ref).toBe(1);
    // Some answers were lost, and reconciliation found those shipments instead of buying again.
    expect(outbox.list(store.db, { states: ['done'], limit: 100 }).filter((item) => item.attempts >= 1).length).toBe(40);
    expect(events.filter((e) => e.type === 'labelsReady')).toHaveLength(40);
    expect(events.filter((e) => e.type === 'labelUnavailable')).toHaveLength(0);
  });

  it('outage: queued while the service is down, everything drains once it is back', async () => {
    sandbox.faults.set({ outage: true });
    const refs = queue(10, 'OUTAGE');
    const w = worker();
    for (let i = 0; i < 30; i += 1) if (!(await w.processNext())) await realTimers.sleep(10);
    expect(outbox.counts(store.db).done).toBe(0);
    sandbox.faults.clear();
    await drain(w);
    expect(outbox.counts(store.db)).toMatchObject({ done: 10, failed: 0, needs_review: 0 });
    for (const ref of refs) expect(await countOnService(ref)).toBe(1);
  });

  it('a create the service refuses fails permanently, keeps its messages, and does not stop the others', async () => {
    const [bad] = queue(1, 'BAD');
    outbox.queueShipment(store.db, { stationRef: `PB-BAD2-${ulid(Date.now())}`, input: shipment({ shipTo: { ...shipment().shipTo, zipPostalCode: '00000' } }), now: Date.now() });
    queue(1, 'GOOD');
    await drain(worker());
    const failed = outbox.list(store.db, { states: ['failed'] });
    expect(failed).toHaveLength(1);
    expect(failed[0]?.lastError?.items?.[0]).toMatchObject({ code: 'InvalidAddress', field: 'shipTo.zipPostalCode' });
    expect(outbox.counts(store.db).done).toBe(2);
    expect(await countOnService(bad ?? '')).toBe(1);
  });

  it('a failed item can be fixed and resubmitted, or discarded', async () => {
    const stationRef = `PB-FIX-${ulid(Date.now())}`;
    const input = shipment({ shipTo: { ...shipment().shipTo, zipPostalCode: '00000' } });
    const item = outbox.queueShipment(store.db, { stationRef, input, now: Date.now() });
    await drain(worker());
    expect(outbox.get(store.db, item.id)?.state).toBe('failed');
    outbox.resubmit(store.db, item.id, { ...input, shipTo: shipment().shipTo, references: { ...input.references, stationRef } }, Date.now());
    await drain(worker());
    expect(outbox.get(store.db, item.id)?.state).toBe('done');
    expect(await countOnService(stationRef)).toBe(1);
  });
});

describe('changes to shipments through the outbox', () => {
  it('sends a cancel queued right behind its create after the create, and the shipment shows it meanwhile', async () => {
    const [ref = ''] = queue(1, 'CHANGE');
    outbox.queueShipmentChange(store.db, { stationRef: ref, kind: 'cancelShipment', payload: { cancelReason: 'order changed' }, now: Date.now() });
    expect(getByStationRef(store.db, ref)?.status).toBe('cancelling');
    await drain(worker());
    expect(outbox.counts(store.db)).toMatchObject({ done: 2, failed: 0 });
    expect(getByStationRef(store.db, ref)?.status).toBe('Cancelled');
    const found = await new SandboxClient(sandbox).call('searchShipments', { body: { searchTerm: ref, filter: [{ column: 'statusId', condition: 0, value: 'Cancelled' }] } });
    expect(found.json.totalCount).toBe(1);
  });

  it('blocks, unblocks and archives in order; a change the service refuses fails and leaves the status as it was', async () => {
    const [ref = ''] = queue(1, 'CHANGES');
    for (const kind of ['blockShipment', 'unblockShipment', 'archiveShipment'] as const) {
      outbox.queueShipmentChange(store.db, { stationRef: ref, kind, payload: { reason: 'test' }, now: Date.now() });
    }
    await drain(worker());
    expect(getByStationRef(store.db, ref)?.status).toBe('Archived');
    outbox.queueShipmentChange(store.db, { stationRef: ref, kind: 'cancelShipment', payload: {}, now: Date.now() });
    await drain(worker());
    const [failed] = outbox.list(store.db, { states: ['failed'] });
    expect(failed?.lastError?.message).toMatch(/cannot be cancelled: it is archived/);
    expect(getByStationRef(store.db, ref)?.status).toBe('Archived');
  });

  it('a change the service keeps failing ends held for a person after the policy\'s tries, each one counted', async () => {
    const [ref = ''] = queue(1, 'ENDS');
    await drain(worker());
    const change = outbox.queueShipmentChange(store.db, { stationRef: ref, kind: 'blockShipment', payload: { reason: 'hold at dock' }, now: Date.now() });
    sandbox.faults.set({ errorRate: 1 });
    await drain(worker());
    sandbox.faults.clear();
    const held = outbox.get(store.db, change.id);
    expect(held).toMatchObject({ state: 'needs_review', attempts: OUTBOX_RETRY_POLICY.maxAttempts });
    expect(held?.lastError?.message).toMatch(/^gave up after 8 tries that reached the service/);
    // Held, not refused: the shipment still shows the block as waiting until a person decides.
    expect(getByStationRef(store.db, ref)?.status).toBe('blocking');
  });

  it('a repeated cancel whose first answer was lost counts as done', async () => {
    const [ref = ''] = queue(1, 'REPEAT');
    await drain(worker());
    outbox.queueShipmentChange(store.db, { stationRef: ref, kind: 'cancelShipment', payload: {}, now: Date.now() });
    sandbox.faults.set({ commitThenDrop: 1, commitThenDropOperations: ['cancelShipments'] });
    const w = worker();
    await w.processNext();
    sandbox.faults.clear();
    expect(outbox.list(store.db, { states: ['unknown'] })).toHaveLength(1);
    await drain(w);
    expect(outbox.counts(store.db)).toMatchObject({ done: 2, failed: 0, needs_review: 0 });
    expect(getByStationRef(store.db, ref)?.status).toBe('Cancelled');
  });
});
