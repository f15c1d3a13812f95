import { describe, expect, it } from 'vitest';
import { StoreInputError, StoreNotFoundError, StoreTransitionError, outbox, shipments, type Db } from '../../../electron/store';
import { OUTBOX_STATES, type OutboxState } from '../../../electron/api';
import { shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const REF = 'PB-D1-OUTBOX';
const ERR = { kind: 'validation', message: 'shipTo.zipPostalCode is invalid', items: [{ code: 'InvalidAddress', message: 'bad zip', field: 'shipTo.zipPostalCode' }] };
const NET = { kind: 'network', message: 'connection reset' };

function queued(db: Db, stationRef = REF, now = T0) {
  return outbox.queueShipment(db, { stationRef, input: shipmentInput(), now });
}

function forceState(db: Db, id: number, state: OutboxState): void {
  db.prepare('UPDATE outbox SET state = ? WHERE id = ?').run(state, id);
}

describe('enqueue and queueShipment', () => {
  it('queueShipment writes the shipment and its create item together, with the station reference in the references', () => {
    const { db } = openTempStore();
    const item = queued(db);
    expect(item).toMatchObject({ stationRef: REF, kind: 'createShipment', state: 'pending', attempts: 0, nextAttemptAt: T0, lastError: null, result: null, createdAt: T0 });
    expect(item.payload).toMatchObject({ references: { orderNumber: 'SO-1001', customerPO: 'PO-77', stationRef: REF } });
    expect(shipments.getByStationRef(db, REF)?.input?.references?.stationRef).toBe(REF);
  });

  it('queueShipment writes nothing when the shipment cannot be stored', () => {
    const { db } = openTempStore();
    queued(db);
    expect(() => queued(db)).toThrow('already exists');
    expect(outbox.list(db)).toHaveLength(1);
  });

  it('enqueue inside a transaction is undone with the local write it belongs to', () => {
    const { db } = openTempStore();
    expect(() =>
      db.transaction(() => {
        outbox.enqueue(db, { stationRef: 'shp_1', kind: 'cancelShipment', payload: { id: 'shp_1' }, now: T0 });
        throw new Error('the local write failed');
      })(),
    ).toThrow('the local write failed');
    expect(outbox.list(db)).toEqual([]);
  });

  it('checks each kind of payload, naming the field', () => {
    const { db } = openTempStore();
    expect(() => outbox.enqueue(db, { stationRef: 'loc_1', kind: 'updateLocation', payload: { changes: {} }, now: T0 })).toThrow('updateLocation payload: id: ');
    expect(() => outbox.enqueue(db, { stationRef: REF, kind: 'createShipment', payload: shipmentInput(), now: T0 })).toThrow(`references.stationRef must be ${REF}, not missing`);
    expect(() => outbox.enqueue(db, { stationRef: REF, kind: 'blockShipment', payload: { reason: 7 }, now: T0 })).toThrow(/reason/);
    expect(() => outbox.enqueue(db, { stationRef: REF, kind: 'sendFax' as 'cancelShipment', payload: {}, now: T0 })).toThrow(StoreInputError);
    const ok = outbox.enqueue(db, { stationRef: REF, kind: 'archiveShipment', payload: {}, now: T0 });
    expect(ok.payload).toEqual({});
  });
});

describe('nextReady', () => {
  it('gives the oldest due item in pending or unknown, in id order', () => {
    const { db } = openTempStore();
    const a = queued(db, 'PB-A');
    const b = queued(db, 'PB-B');
    expect(outbox.nextReady(db, T0)?.id).toBe(a.id);
    outbox.markSending(db, a.id, T0);
    expect(outbox.nextReady(db, T0)?.id).toBe(b.id);
    outbox.markUnknown(db, a.id, NET, T0, T0 + 1000);
    expect(outbox.nextReady(db, T0 + 999)?.id).toBe(b.id);
    expect(outbox.nextReady(db, T0 + 1000)?.id).toBe(a.id);
  });

  it('waits for an item whose retry time has not come', () => {
    const { db } = openTempStore();
    const a = queued(db, 'PB-A');
    outbox.markSending(db, a.id, T0);
    outbox.reschedule(db, a.id, NET, T0, T0 + 5000);
    expect(outbox.nextReady(db, T0 + 4999)).toBeUndefined();
    expect(outbox.nextReady(db, T0 + 5000)?.id).toBe(a.id);
  });

  it('holds back a later item about the same record until the earlier one is done or discarded', () => {
    const { db } = openTempStore();
    const create = queued(db, 'PB-A');
    const cancel = outbox.enqueue(db, { stationRef: 'PB-A', kind: 'cancelShipment', payload: { cancelReason: 'customer changed mind' }, now: T0 });
    const other = queued(db, 'PB-B');
    outbox.markSending(db, create.id, T0);
    outbox.markFailed(db, create.id, ERR, T0);
    expect(outbox.nextReady(db, T0)?.id).toBe(other.id);
    outbox.discard(db, create.id, T0);
    expect(outbox.nextReady(db, T0)?.id).toBe(cancel.id);
  });

  it('moves an item whose stored payload no longer reads to needs_review, and goes on', () => {
    const { db } = openTempStore();
    const broken = queued(db, 'PB-A');
    const unparsable = queued(db, 'PB-B');
    const good = queued(db, 'PB-C');
    db.prepare('UPDATE outbox SET payload = ? WHERE id = ?').run('{"shipDate": "not a date"}', broken.id);
    db.prepare('UPDATE outbox SET payload = ? WHERE id = ?').run('{"shipDate": ', unparsable.id);
    expect(outbox.nextReady(db, T0 + 1)?.id).toBe(good.id);
    expect(outbox.get(db, broken.id)).toMatchObject({ state: 'needs_review', lastError: { kind: 'invalidPayload' } });
    expect(outbox.get(db, broken.id)?.lastError?.message).toMatch(/the stored createShipment cannot be sent: shipDate/);
    expect(outbox.get(db, unparsable.id)).toMatchObject({ state: 'needs_review', payload: '{"shipDate": ' });
    expect(outbox.get(db, unparsable.id)?.lastError?.message).toContain('payload is not valid JSON');
  });
});

/** Which states each move may start from: every other start is refused. */
const MOVES: Record<string, { from: OutboxState[]; to: OutboxState; run: (db: Db, id: number) => void }> = {
  markSending: { from: ['pending'], to: 'sending', run: (db, id) => outbox.markSending(db, id, T0 + 1) },
  markDone: { from: ['sending', 'unknown'], to: 'done', run: (db, id) => outbox.markDone(db, id, { id: 'shp_1' }, T0 + 1) },
  markFailed: { from: ['pending', 'sending'], to: 'failed', run: (db, id) => outbox.markFailed(db, id, ERR, T0 + 1) },
  markUnknown: { from: ['sending', 'unknown'], to: 'unknown', run: (db, id) => outbox.markUnknown(db, id, NET, T0 + 1, T0 + 60_000) },
  markNeedsReview: { from: ['pending', 'sending', 'unknown'], to: 'needs_review', run: (db, id) => outbox.markNeedsReview(db, id, ERR, T0 + 1) },
  reschedule: { from: ['sending', 'unknown'], to: 'pending', run: (db, id) => outbox.reschedule(db, id, NET, T0 + 1, T0 + 30_000) },
  resubmit: { from: ['failed', 'needs_review'], to: 'pending', run: (db, id) => outbox.resubmit(db, id, { ...shipmentInput(), references: { stationRef: REF } }, T0 + 1) },
  discard: { from: ['pending', 'failed', 'needs_review'], to: 'discarded', run: (db, id) => outbox.discard(db, id, T0 + 1) },
};

describe.each(Object.entries(MOVES))('%s', (name, move) => {
  it.each(OUTBOX_STATES.map((state) => [state]))(`from %s`, (from) => {
    const { db } = openTempStore();
    const item = queued(db);
    forceState(db, item.id, from);
    if (move.from.includes(from)) {
      move.run(db, item.id);
      expect(outbox.get(db, item.id)).toMatchObject({ state: move.to, updatedAt: T0 + 1 });
    } else {
      expect(() => move.run(db, item.id)).toThrow(new StoreTransitionError(`outbox item ${item.id} is ${from}: it cannot become ${move.to} (only from ${move.from.join(', ')})`));
      expect(outbox.get(db, item.id)).toMatchObject({ state: from, updatedAt: T0 });
    }
  });
});

describe('what each move records', () => {
  it('counts the tries that reached the service, not those that never left the station; markDone keeps the answer and clears the error', () => {
    const { db } = openTempStore();
    const { id } = queued(db);
    outbox.markSending(db, id, T0);
    outbox.reschedule(db, id, NET, T0, T0, { counted: false });
    expect(outbox.get(db, id)).toMatchObject({ attempts: 0, lastError: NET });
    outbox.markSending(db, id, T0);
    outbox.reschedule(db, id, NET, T0, T0);
    expect(outbox.get(db, id)).toMatchObject({ attempts: 1, lastError: NET });
    outbox.markSending(db, id, T0);
    outbox.markDone(db, id, { id: 'shp_9', trackingNumber: '1Z' }, T0 + 1);
    expect(outbox.get(db, id)).toMatchObject({ state: 'done', attempts: 2, result: { id: 'shp_9', trackingNumber: '1Z' }, lastError: null });
  });

  it('a person retrying an unsure item sends it to be looked up first, with its tries counted afresh', () => {
    const { db } = openTempStore();
    const { id, stationRef } = queued(db);
    outbox.markSending(db, id, T0);
    outbox.markNeedsReview(db, id, NET, T0);
    expect(shipments.getByStationRef(db, stationRef)?.status).toBe('needs_review');
    outbox.recheck(db, id, T0 + 5);
    expect(outbox.get(db, id)).toMatchObject({ state: 'unknown', attempts: 0, nextAttemptAt: T0 + 5, lastError: null });
    expect(shipments.getByStationRef(db, stationRef)?.status).toBe('queued');
  });

  it('markDone keeps the answer without document contents', () => {
    const { db } = openTempStore();
    const { id } = queued(db);
    outbox.markSending(db, id, T0);
    outbox.markDone(db, id, { id: 'shp_9', documents: [{ documentType: 'Label', documentContent: 'JVBERi0x'.repeat(1000) }] }, T0 + 1);
    expect(outbox.get(db, id)?.result).toEqual({ id: 'shp_9', documents: [{ documentType: 'Label' }] });
  });

  it('markUnknown and reschedule set the retry time and the error with its items', () => {
    const { db } = openTempStore();
    const { id } = queued(db);
    outbox.markSending(db, id, T0);
    outbox.markUnknown(db, id, ERR, T0, T0 + 60_000);
    expect(outbox.get(db, id)).toMatchObject({ state: 'unknown', nextAttemptAt: T0 + 60_000, lastError: ERR });
    outbox.reschedule(db, id, NET, T0 + 1, T0 + 90_000);
    expect(outbox.get(db, id)).toMatchObject({ state: 'pending', nextAttemptAt: T0 + 90_000, lastError: NET });
  });

  it('a create that fails, needs review or is discarded shows so on its shipment; resubmit queues it again with the edited input', () => {
    const { db } = openTempStore();
    const { id } = queued(db);
    outbox.markSending(db, id, T0);
    outbox.markFailed(db, id, ERR, T0);
    expect(shipments.getByStationRef(db, REF)?.status).toBe('failed');
    const edited = { ...shipmentInput(), shipTo: { ...shipmentInput().shipTo, zipPostalCode: '94107' }, references: { stationRef: REF } };
    outbox.resubmit(db, id, edited, T0 + 1);
    expect(outbox.get(db, id)).toMatchObject({ state: 'pending', attempts: 0, lastError: null, nextAttemptAt: T0 + 1, payload: edited });
    expect(shipments.getByStationRef(db, REF)).toMatchObject({ status: 'queued', input: { shipTo: { zipPostalCode: '94107' } } });
    outbox.markNeedsReview(db, id, ERR, T0 + 2);
    expect(shipments.getByStationRef(db, REF)?.status).toBe('needs_review');
    outbox.discard(db, id, T0 + 3);
    expect(shipments.getByStationRef(db, REF)?.status).toBe('discarded');
  });

  it('resubmit refuses a payload that does not fit the kind, and leaves the item as it was', () => {
    const { db } = openTempStore();
    const { id } = queued(db);
    outbox.markFailed(db, id, ERR, T0);
    expect(() => outbox.resubmit(db, id, shipmentInput(), T0)).toThrow(`references.stationRef must be ${REF}`);
    expect(() => outbox.resubmit(db, id, { shipTo: {} }, T0)).toThrow(StoreInputError);
    expect(outbox.get(db, id)?.state).toBe('failed');
  });

  it('a move with a malformed error or retry time is refused before anything changes', () => {
    const { db } = openTempStore();
    const { id } = queued(db);
    outbox.markSending(db, id, T0);
    expect(() => outbox.markFailed(db, id, { kind: '', message: 'x' }, T0)).toThrow('error: kind: must not be empty');
    expect(() => outbox.markUnknown(db, id, NET, T0, Number.NaN)).toThrow(/retryAt/);
    expect(outbox.get(db, id)?.state).toBe('sending');
    expect(() => outbox.markDone(db, 4242, null, T0)).toThrow(StoreNotFoundError);
  });
});

describe('recovery and views', () => {
  it('recoverAfterCrash turns every sending item into unknown, due now, and counts them', () => {
    const { db } = openTempStore();
    const a = queued(db, 'PB-A');
    const b = queued(db, 'PB-B');
    queued(db, 'PB-C');
    outbox.markSending(db, a.id, T0);
    outbox.markSending(db, b.id, T0);
    expect(outbox.recoverAfterCrash(db, T0 + 10)).toBe(2);
    expect(outbox.get(db, a.id)).toMatchObject({ state: 'unknown', nextAttemptAt: T0 + 10, lastError: { kind: 'interrupted' } });
    expect(outbox.recoverAfterCrash(db, T0 + 20)).toBe(0);
  });

  it('purgeFinished removes old done and discarded items only', () => {
    const { db } = openTempStore();
    const done = queued(db, 'PB-A');
    const discarded = queued(db, 'PB-B');
    const failed = queued(db, 'PB-C');
    const recent = queued(db, 'PB-D');
    outbox.markSending(db, done.id, T0);
    outbox.markDone(db, done.id, {}, T0);
    outbox.discard(db, discarded.id, T0);
    outbox.markFailed(db, failed.id, ERR, T0);
    outbox.markSending(db, recent.id, T0);
    outbox.markDone(db, recent.id, {}, T0 + 100);
    expect(outbox.purgeFinished(db, T0 + 50)).toBe(2);
    expect(outbox.list(db).map((i) => i.id)).toEqual([failed.id, recent.id]);
  });

  it('list filters by state in send order, counts covers every state', () => {
    const { db } = openTempStore();
    const a = queued(db, 'PB-A');
    const b = queued(db, 'PB-B');
    const c = queued(db, 'PB-C');
    outbox.markFailed(db, b.id, ERR, T0);
    expect(outbox.list(db).map((i) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(outbox.list(db, { states: ['pending'] }).map((i) => i.id)).toEqual([a.id, c.id]);
    expect(outbox.list(db, { states: ['pending'], limit: 1 }).map((i) => i.id)).toEqual([a.id]);
    expect(outbox.list(db, { states: [] })).toEqual([]);
    expect(outbox.counts(db)).toEqual({ pending: 2, sending: 0, done: 0, failed: 1, unknown: 0, needs_review: 0, discarded: 0 });
    expect(outbox.get(db, 999)).toBeUndefined();
  });
});

describe('queueShipmentChange', () => {
  it('writes the change and the status the shipment shows meanwhile in one transaction', () => {
    const { db } = openTempStore();
    queued(db);
    const item = outbox.queueShipmentChange(db, { stationRef: REF, kind: 'cancelShipment', payload: { cancelReason: 'x' }, now: T0 + 1 });
    expect(item).toMatchObject({ kind: 'cancelShipment', state: 'pending', stationRef: REF });
    expect(shipments.getByStationRef(db, REF)?.status).toBe('cancelling');
  });

  it('refuses a change to a shipment the station does not have, or whose create was refused, and writes nothing', () => {
    const { db } = openTempStore();
    expect(() => outbox.queueShipmentChange(db, { stationRef: REF, kind: 'blockShipment', payload: {}, now: T0 })).toThrow(StoreNotFoundError);
    const create = queued(db);
    outbox.markSending(db, create.id, T0);
    outbox.markFailed(db, create.id, ERR, T0);
    expect(() => outbox.queueShipmentChange(db, { stationRef: REF, kind: 'blockShipment', payload: {}, now: T0 })).toThrow(StoreTransitionError);
    expect(outbox.counts(db).pending).toBe(0);
    expect(shipments.getByStationRef(db, REF)?.status).toBe('failed');
  });

  it('refuses a payload the service would not take, and writes nothing', () => {
    const { db } = openTempStore();
    queued(db);
    expect(() => outbox.queueShipmentChange(db, { stationRef: REF, kind: 'updateShipment', payload: { discountedCost: 'cheap' }, now: T0 })).toThrow(StoreInputError);
    expect(shipments.getByStationRef(db, REF)?.status).toBe('queued');
  });
});

describe('nextAttemptAt', () => {
  it('is when the earliest waiting item is due, and undefined when nothing waits', () => {
    const { db } = openTempStore();
    expect(outbox.nextAttemptAt(db)).toBeUndefined();
    const first = queued(db, 'PB-D1-A', T0);
    queued(db, 'PB-D1-B', T0 + 5);
    expect(outbox.nextAttemptAt(db)).toBe(T0);
    outbox.markSending(db, first.id, T0);
    outbox.markDone(db, first.id, {}, T0);
    expect(outbox.nextAttemptAt(db)).toBe(T0 + 5);
  });
});
