/**
 * The outbox worker against fakes at its seams: a scripted service client (that keeps what it
 * created, as the service does, so a lost answer can be looked up) and a virtual clock; the
 * store is the real SQLite one. Each test names the promise it checks: a label is bought once,
 * handed to printing once, and a failure ends in a state a person can act on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxState } from '../../../electron/api/outbox';
import { AuthenticationError, NetworkError, TimeoutError, ValidationError } from '../../../electron/service/client/errors';
import type { ShipmentCreate, ShipmentCreateResult } from '../../../electron/service/contract';
import { openStationStore, type StationStore } from '../../../electron/store/database';
import type { SyncEvent } from '../../../electron/sync/events';
import { OutboxWorker, type OutboxClient } from '../../../electron/sync/outboxWorker';
import { shipment } from '../../support/shipments';
import { VirtualClock } from '../../support/virtualClock';

const request = { operation: 'createShipment', method: 'POST', path: '/shipments' };
const LABEL = Buffer.from('%PDF-1.4 a label').toString('base64');

/** What the fake service does with the next create: answer, refuse, or create and lose the answer. */
type Script = 'answer' | 'unreachable' | 'loseAnswer' | 'refuseCredentials' | 'refuseContent';

/** The service as the worker sees it: it creates, keeps what it created, and finds it again. */
class FakeService implements OutboxClient {
  readonly created = new Map<string, ShipmentCreateResult>();
  readonly script: Script[] = [];
  creates = 0;

  createShipment(body: ShipmentCreate): Promise<ShipmentCreateResult> {
    this.creates += 1;
    const next = this.script.shift() ?? 'answer';
    if (next === 'unreachable') return Promise.reject(new NetworkError('connection refused', request));
    if (next === 'refuseCredentials') return Promise.reject(new AuthenticationError('the API key was revoked', request));
    if (next === 'refuseContent') return Promise.reject(new ValidationError('shipTo.zipPostalCode is not a postal code', request, [{ code: 'InvalidPostalCode', message: 'shipTo.zipPostalCode is not a postal code', field: 'shipTo.zipPostalCode' }]));
    const stationRef = body.references?.stationRef ?? '';
    const result: ShipmentCreateResult = {
      success: true,
      id: `SH-${String(this.created.size + 1)}`,
      trackingNumber: `1Z${String(this.created.size + 1).padStart(6, '0')}`,
      references: { stationRef },
      documents: [{ documentType: 'Label', documentName: 'label-1.pdf', documentMimeType: 'application/pdf', documentContent: LABEL }],
    };
    this.created.set(stationRef, result);
    if (next === 'loseAnswer') {
      const lost = new TimeoutError('no answer within 30 s', request);
      lost.sent = true;
      return Promise.reject(lost);
    }
    return Promise.resolve(result);
  }

  searchShipments(body: { searchTerm?: string | undefined }): ReturnType<OutboxClient['searchShipments']> {
    const found = [...this.created.values()].filter((r) => r.references?.stationRef === body.searchTerm);
    return Promise.resolve({ shipments: found.map((r) => ({ id: r.id, references: r.references, trackingNumber: r.trackingNumber, statusId: 'Created' })), pageIndex: 1, pageSize: 10, totalCount: found.length });
  }

  trackShipments(body: { shipments: { id: string }[] }): ReturnType<OutboxClient['trackShipments']> {
    const record = [...this.created.values()].find((r) => r.id === body.shipments[0]?.id);
    return Promise.resolve({ shipments: record === undefined ? [] : [{ trackingNumber: record.trackingNumber, documents: record.documents }] });
  }

  // Writes the tests here do not queue.
  cancelShipments = unexpected;
  updateShipments = unexpected;
  blockShipment = unexpected;
  unblockShipment = unexpected;
  archiveShipment = unexpected;
  createLocation = unexpected;
  updateLocation = unexpected;
  deleteLocation = unexpected;
  getLocations = unexpected;
}

function unexpected(): never {
  throw new Error('the worker asked the service for something this test never queued');
}

let store: StationStore;
let clock: VirtualClock;
let service: FakeService;
let events: SyncEvent[];
let worker: OutboxWorker;

beforeEach(() => {
  clock = new VirtualClock();
  store = openStationStore(':memory:', { now: () => clock.now() });
  service = new FakeService();
  events = [];
  worker = new OutboxWorker({ store, client: service, timers: clock, random: () => 0.5, onEvent: (event) => events.push(event), itemBackoff: { baseDelayMs: 1_000, maxDelayMs: 8_000 } });
});
afterEach(() => store.close());

function queue(stationRef: string): number {
  return store.atomically((write) => write.queueShipment({ stationRef, input: shipment({ references: { stationRef, orderNumber: `SO-${stationRef}` } }), now: clock.now() })).id;
}

/** Queues a shipment and lets the worker make its first try, the service doing `script`. */
async function firstTry(script: Script, stationRef: string): Promise<number> {
  service.script.push(script);
  const id = queue(stationRef);
  await worker.processNext();
  return id;
}

const stateOf = (id: number): OutboxState | undefined => store.read.outboxItem(id)?.state;
const labelsReady = (): SyncEvent[] => events.filter((e) => e.type === 'labelsReady');

describe('the outbox worker', () => {
  it('sends a queued shipment once, stores what the service answered, and hands its label to printing once', async () => {
    const id = queue('PB-1');
    expect(await worker.processNext()).toBe(true);
    expect(await worker.processNext()).toBe(false);
    expect(service.creates).toBe(1);
    expect(stateOf(id)).toBe('done');
    expect(store.read.shipment('PB-1')?.serviceId).toBe('SH-1');
    const ready = labelsReady();
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({ stationRef: 'PB-1' });
    const jobs = store.read.listOpenPrintJobs().filter((job) => job.stationRef === 'PB-1');
    expect(jobs.map((job) => job.id)).toEqual((ready[0] as Extract<SyncEvent, { type: 'labelsReady' }>).printJobIds);
  });

  it('waits out a service it cannot reach on the clock, then sends: nothing is sent early, nothing twice', async () => {
    const id = await firstTry('unreachable', 'PB-2');
    expect(stateOf(id)).toBe('pending');
    // Not due yet: the worker leaves it alone.
    expect(await worker.processNext()).toBe(false);
    expect(service.creates).toBe(1);
    await clock.advance(10_000);
    expect(await worker.processNext()).toBe(true);
    expect(service.creates).toBe(2);
    expect(stateOf(id)).toBe('done');
    expect(service.created.size).toBe(1);
    expect(labelsReady()).toHaveLength(1);
  });

  it('after a lost answer finds the shipment on the service instead of buying a second label', async () => {
    const id = await firstTry('loseAnswer', 'PB-3');
    expect(stateOf(id)).toBe('unknown');
    await clock.advance(60_000);
    expect(await worker.processNext()).toBe(true);
    expect(service.creates).toBe(1);
    expect(stateOf(id)).toBe('done');
    expect(store.read.shipment('PB-3')?.serviceId).toBe('SH-1');
    expect(labelsReady()).toHaveLength(1);
  });

  it('holds the outbox for an admin when the service refuses the credentials, and says so', async () => {
    const id = await firstTry('refuseCredentials', 'PB-4');
    expect(stateOf(id)).toBe('pending');
    expect(events).toContainEqual({ type: 'blocked', message: "the service refused this station's credentials: the API key was revoked" });
    expect(labelsReady()).toHaveLength(0);
  });

  it('fails a shipment the service refuses for its content, with the field named, and prints nothing', async () => {
    const id = await firstTry('refuseContent', 'PB-5');
    expect(stateOf(id)).toBe('failed');
    expect(store.read.outboxItem(id)?.lastError).toMatchObject({ kind: 'validation', items: [{ code: 'InvalidPostalCode', field: 'shipTo.zipPostalCode' }] });
    expect(store.read.listOpenPrintJobs()).toEqual([]);
  });

  it('drains in the background on the clock and reports when the queue is empty', async () => {
    const ids = [queue('PB-6'), queue('PB-7')];
    worker.start();
    await clock.runUntil(() => events.some((e) => e.type === 'outboxIdle'));
    await worker.stop();
    expect(ids.map(stateOf)).toEqual(['done', 'done']);
    expect(service.creates).toBe(2);
    expect(events.findLast((e) => e.type === 'outboxIdle')).toMatchObject({ counts: { pending: 0 } });
  });
});
