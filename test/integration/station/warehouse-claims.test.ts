/**
 * Claims and the purchase guard on the Ship path, through three whole stations in processes of
 * their own (each over its web host) on one sandbox and one private PostgreSQL warehouse: a
 * scanned order is claimed for its desk and another desk is told who holds it and cannot buy its
 * label; a shipment is recorded in the shared history and the audit log; two desks pressing Ship
 * for one order at once buy one label; a claim whose desk is gone is taken over with a reason; and
 * with PostgreSQL stopped a desk ships only the order it claimed, keeps what the warehouse must
 * be told in its journal, and uploads it when PostgreSQL is back.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_FOLDER_PRINTER, type ApiResult, type OrderScan, type ShipResult } from '../../../electron/api';
import { ServiceClient } from '../../../electron/service/client/client';
import { newStationRef } from '../../../electron/store/stationRef';
import { claimOrder, guardPurchase, listAudit, type AuditEntry, type Warehouse } from '../../../electron/warehouse';
import { buyLabel } from '../../support/deskWork';
import { shipment } from '../../support/shipments';
import { startStationDesks, type StationDesk, type StationDesks } from '../../support/stationDesks';
import { ADMIN_DESK } from '../../support/warehouseServer';

/** Short enough to see a lease run out in a test, long enough to be renewed on a busy machine (every third of it). */
const LEASE_MS = 6_000;
const ORDERS = ['WC-1', 'WC-2', 'WC-3', 'WC-4', 'WC-5', 'WC-6', 'WC-7', 'WC-8', 'WC-9', 'WC-10', 'WC-11', 'WC-12'];
const CSV = ['Order No,Recipient,Street,City,State,Postcode,Country,SKU,Description,Qty,Unit price,Weight,Weight unit', ...ORDERS.map((n) => `${n},Jordan Lee,500 Howard St,San Francisco,CA,94105,US,SKU-1,Mug,1,12.50,12,oz`)].join('\n');
const TIME = String.raw`\d\d:\d\d`;

let rig: StationDesks;
let desk1: StationDesk;
let desk2: StationDesk;
let desk3: StationDesk;
let owner: pg.Pool;

beforeAll(async () => {
  rig = await startStationDesks({ count: 3, tuning: { claimLeaseMs: LEASE_MS } });
  [desk1, desk2, desk3] = rig.desks as [StationDesk, StationDesk, StationDesk];
  owner = await rig.server.pool('owner', ADMIN_DESK);
  // The shop's file, imported at every desk and into the warehouse's shared orders.
  await rig.importOrders(CSV);
}, 240_000);

afterAll(async () => {
  await owner?.end();
  await rig?.stop();
});

const scan = async (desk: StationDesk, orderNumber: string): Promise<OrderScan> => desk.value('scanOrder', { scanned: orderNumber });
const ship = (desk: StationDesk, orderNumber: string, requestKey: string = randomUUID(), overrides?: { kind: 'invalidAddress'; note: string }[]): Promise<ApiResult<ShipResult>> =>
  desk.call('ship', { shipment: shipment({ references: { orderNumber } }), requestKey, ...(overrides === undefined ? {} : { overrides }) });

function refusal(answer: ApiResult<unknown>): { code: string; message: string } {
  if (answer.ok) throw new Error(`expected a refusal, got ${JSON.stringify(answer.value)}`);
  return { code: answer.error.code, message: answer.error.message };
}

async function shippedAt(desk: StationDesk, answer: ApiResult<ShipResult>): Promise<string> {
  if (!answer.ok) throw new Error(`${desk.deskName} could not ship: ${answer.error.message}`);
  const { stationRef } = answer.value;
  await desk.waitForEvent('outboxItem', (e) => e.stationRef === stationRef && e.kind === 'createShipment' && e.state === 'done');
  return stationRef;
}

/** The warehouse's history rows of an order: which desk, under which reference. */
async function history(orderNumber: string): Promise<{ station_ref: string; desk_id: string; via: string }[]> {
  return (await owner.query<{ station_ref: string; desk_id: string; via: string }>('SELECT station_ref, desk_id, via FROM packbench.shipments WHERE order_number = $1 ORDER BY station_ref', [orderNumber])).rows;
}

async function orderStatus(orderNumber: string): Promise<{ status: string; station_ref: string | null } | undefined> {
  return (await owner.query<{ status: string; station_ref: string | null }>('SELECT status, station_ref FROM packbench.orders WHERE order_number = $1', [orderNumber])).rows[0];
}

/** The audit entries of an order once one of `action` is there. */
function auditOnce(orderNumber: string, action: AuditEntry['action']): Promise<AuditEntry[]> {
  return rig.waitFor(async () => {
    const entries = await listAudit(owner, { orderNumber });
    return entries.some((e) => e.action === action) ? entries : undefined;
  }, `a ${action} audit entry of ${orderNumber}`);
}

describe('claims at scan and the purchase guard at Ship, across three station processes', () => {
  it('claims a scanned order for its desk; another desk is told who holds it, in words, and its Ship is refused', async () => {
    expect((await scan(desk1, 'WC-1')).claim).toEqual({ orderNumber: 'WC-1', state: 'claimed', words: 'Order WC-1 is claimed for Desk 1: other desks see it being packed here', mayShip: true, mayTakeOver: false });
    const held = (await scan(desk2, 'WC-1')).claim;
    expect(held).toMatchObject({ state: 'heldElsewhere', mayShip: false, mayTakeOver: false });
    expect(held?.words).toMatch(new RegExp(`^Order WC-1 is being packed at Desk 1 since ${TIME}: this desk cannot buy a label for it$`));
    expect(refusal(await ship(desk2, 'WC-1'))).toEqual({ code: 'conflict', message: held?.words });
    expect(rig.serviceShipments('WC-1')).toBe(0);
  });

  it('ships at the desk that holds it: one shipment at the service, its history row and ship audit entry; the other desk then hears where and when it shipped', async () => {
    const stationRef = await shippedAt(desk1, await ship(desk1, 'WC-1'));
    expect(stationRef).toMatch(/^PB-DESK1-/);
    expect(rig.serviceShipments('WC-1')).toBe(1);
    const entries = await auditOnce('WC-1', 'ship');
    expect(entries.filter((e) => e.action === 'ship')).toEqual([expect.objectContaining({ deskId: 'DESK1', stationRef, orderNumber: 'WC-1' })]);
    expect(await history('WC-1')).toEqual([{ station_ref: stationRef, desk_id: 'DESK1', via: 'guarded' }]);
    expect(await orderStatus('WC-1')).toEqual({ status: 'shipped', station_ref: stationRef });

    const told = (await scan(desk2, 'WC-1')).claim;
    expect(told).toMatchObject({ state: 'shipped', mayShip: false });
    expect(told?.words).toMatch(new RegExp(`^Order WC-1 was shipped at Desk 1 at ${TIME} \\(${stationRef}\\): it is not to be bought again$`));
    expect(refusal(await ship(desk2, 'WC-1')).message).toBe(told?.words);
    expect(rig.serviceShipments('WC-1')).toBe(1);
  });

  it('buys one label when two desks press Ship for one order at the same moment (and one desk presses twice)', async () => {
    expect((await scan(desk2, 'WC-2')).claim?.state).toBe('claimed');
    expect((await scan(desk3, 'WC-2')).claim?.state).toBe('heldElsewhere');
    const key = randomUUID();
    const answers = await Promise.all([ship(desk2, 'WC-2', key), ship(desk3, 'WC-2'), ship(desk2, 'WC-2', key), ship(desk3, 'WC-2')]);
    const [first, other, again, otherAgain] = answers;
    if (!first?.ok || !again?.ok) throw new Error(`the holding desk's presses failed: ${JSON.stringify(answers)}`);
    expect(again.value.stationRef).toBe(first.value.stationRef);
    expect([first.value.repeated, again.value.repeated].sort()).toEqual([false, true]);
    for (const refused of [other, otherAgain]) expect(refusal(refused as ApiResult<unknown>)).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^Order WC-2 is being packed at Desk 2 since/) as unknown });
    await shippedAt(desk2, first);
    await auditOnce('WC-2', 'ship');
    expect(rig.serviceShipments('WC-2')).toBe(1);
    expect(await history('WC-2')).toHaveLength(1);
  });

  it('gives a claim back on Next order and when another order is scanned, so another desk can claim it', async () => {
    expect((await scan(desk1, 'WC-4')).claim?.state).toBe('claimed');
    expect((await scan(desk2, 'WC-4')).claim?.state).toBe('heldElsewhere');
    expect(await desk1.value('releaseOrder', { orderNumber: 'WC-4' })).toEqual({ released: true });
    expect((await scan(desk2, 'WC-4')).claim?.state).toBe('claimed');
    // Desk 2 moves on to another order: WC-4 is free again.
    expect((await scan(desk2, 'WC-5')).claim?.state).toBe('claimed');
    expect((await scan(desk1, 'WC-4')).claim?.state).toBe('claimed');
    await desk1.value('releaseOrder', { orderNumber: 'WC-4' });
    await desk2.value('releaseOrder', { orderNumber: 'WC-5' });
  });

  it('guards each order of a batch: one another desk holds is left out in words, the others are bought once', async () => {
    expect((await scan(desk3, 'WC-8')).claim?.state).toBe('claimed');
    const box = { length: 12, width: 10, height: 8, unitOfLength: 'IN' } as const;
    const service = { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' } as const;
    const batchKey = randomUUID();
    const [batch, again] = await Promise.all([
      desk1.value('shipBatch', { batchKey, orderNumbers: ['WC-8', 'WC-9'], box, service }),
      desk1.value('shipBatch', { batchKey, orderNumbers: ['WC-8', 'WC-9'], box, service }),
    ]);
    expect(again.id).toBe(batch.id);
    const [held, bought] = batch.orders;
    expect(held).toMatchObject({ orderNumber: 'WC-8', stationRef: null, message: expect.stringMatching(/^Order WC-8 is being packed at Desk 3 since/) as unknown });
    expect(bought?.stationRef).toMatch(/^PB-DESK1-/);
    await desk1.waitForEvent('outboxItem', (e) => e.stationRef === bought?.stationRef && e.state === 'done');
    await auditOnce('WC-9', 'ship');
    expect([rig.serviceShipments('WC-8'), rig.serviceShipments('WC-9')]).toEqual([0, 1]);
    expect(await history('WC-9')).toEqual([{ station_ref: bought?.stationRef, desk_id: 'DESK1', via: 'guarded' }]);
    // Desk 3 still holds WC-8: the batch gave back only what it claimed itself.
    expect((await scan(desk2, 'WC-8')).claim?.state).toBe('heldElsewhere');
    await desk3.value('releaseOrder', { orderNumber: 'WC-8' });
  });

  it('lets a packer take over an order whose desk is gone, once its lease ran out, with the reason in the audit log', async () => {
    expect((await scan(desk3, 'WC-3')).claim?.state).toBe('claimed');
    await desk3.kill('SIGKILL');
    expect((await scan(desk1, 'WC-3')).claim?.state).toBe('heldElsewhere');
    // A live lease is never taken over: the answer says who holds it.
    expect(await desk1.value('takeOverOrder', { orderNumber: 'WC-3', reason: 'Desk 3 went dark' })).toMatchObject({ state: 'heldElsewhere', mayShip: false, words: expect.stringMatching(/^Order WC-3 is being packed at Desk 3/) as unknown });
    // Desk 3 renews no more: its lease runs out.
    const expired = await rig.waitFor(async () => {
      const claim = (await scan(desk1, 'WC-3')).claim;
      return claim?.state === 'leaseExpired' ? claim : undefined;
    }, 'the lease of Desk 3 to run out');
    expect(expired).toMatchObject({ mayShip: false, mayTakeOver: true });
    expect(expired.words).toMatch(new RegExp(`^Order WC-3 was being packed at Desk 3 since ${TIME}; its claim ran out at ${TIME} \\(the desk stopped renewing it\\), so it can be taken over: take it over \\(with the reason\\) to pack it here$`));
    expect(refusal(await ship(desk1, 'WC-3')).code).toBe('conflict');
    expect(refusal(await desk1.call('takeOverOrder', { orderNumber: 'WC-3', reason: 'no' })).code).toBe('invalidInput');

    const reason = 'Desk 3 went dark; the parcel moved to Desk 1';
    const taken = await desk1.value('takeOverOrder', { orderNumber: 'WC-3', reason });
    expect(taken).toEqual({ orderNumber: 'WC-3', state: 'claimed', words: 'Order WC-3 is claimed for Desk 1 (taken over from Desk 3): other desks see it being packed here', mayShip: true, mayTakeOver: false });
    const takeover = (await listAudit(owner, { orderNumber: 'WC-3' })).filter((e) => e.action === 'takeover');
    expect(takeover).toEqual([expect.objectContaining({ deskId: 'DESK1', detail: expect.objectContaining({ reason, fromDesk: 'DESK3', fromDeskName: 'Desk 3' }) as unknown })]);

    await shippedAt(desk1, await ship(desk1, 'WC-3'));
    expect(rig.serviceShipments('WC-3')).toBe(1);
    expect((await auditOnce('WC-3', 'ship')).map((e) => e.action).sort()).toEqual(['ship', 'takeover']);
  });

  it('tells the desk at once when the order on its screen was taken over while it could not renew its claim', async () => {
    expect((await scan(desk1, 'WC-12')).claim?.state).toBe('claimed');
    const from = desk1.events.length;
    // Desk 1's lease ends as if its renewals had not reached the warehouse (a network hiccup), and
    // Desk 2 takes the order over before Desk 1's next renewal; tried again if that renewal came first.
    await rig.waitFor(async () => {
      await owner.query(`UPDATE packbench.claims SET lease_until = clock_timestamp() - interval '1 second' WHERE order_number = 'WC-12' AND desk_id = 'DESK1'`);
      const taken = await desk2.value('takeOverOrder', { orderNumber: 'WC-12', reason: 'Desk 1 stopped answering' });
      return taken.state === 'claimed' ? true : undefined;
    }, 'Desk 2 to take WC-12 over');
    const lost = await desk1.waitForEvent('claimLost', (e) => e.claim.orderNumber === 'WC-12', from);
    expect(lost.claim).toMatchObject({ state: 'heldElsewhere', mayShip: false, mayTakeOver: false });
    expect(lost.claim.words).toMatch(new RegExp(`^Order WC-12 was taken over while this desk could not renew its claim: it is being packed at Desk 2 since ${TIME}, so this desk cannot buy a label for it$`));
    expect(refusal(await ship(desk1, 'WC-12')).message).toMatch(/^Order WC-12 is being packed at Desk 2 since/);
    expect(rig.serviceShipments('WC-12')).toBe(0);
    await desk2.value('releaseOrder', { orderNumber: 'WC-12' });
  });

  it('settles a purchase a gone desk left pending before buying: found on the service, recorded as that desk\'s and nothing bought; absent, given up in the audit log and bought here', async () => {
    // Desk 8 claims two orders on a short lease, passes the guard for both, and is gone: it bought
    // the label of WC-10 (and never said so), and had not sent the create of WC-11.
    const gone: Warehouse = await rig.server.openDesk({ id: 'DESK8', name: 'Desk 8' });
    const service = new ServiceClient({ baseUrl: rig.sandbox.baseUrl, authUrl: rig.sandbox.authUrl, auth: { method: 'apiKey', apiKey: rig.sandbox.credentials.apiKey }, requestsPerMinute: 10_000 });
    const refs: Record<string, string> = {};
    try {
      for (const orderNumber of ['WC-10', 'WC-11']) {
        expect((await claimOrder(gone.db, 'DESK8', orderNumber, 1_000)).kind).toBe('claimed');
        const stationRef = newStationRef('DESK8', Date.now());
        expect(await guardPurchase(gone.db, 'DESK8', { orderNumber, stationRef, requestKey: randomUUID() }, 1_000)).toMatchObject({ kind: 'clear' });
        refs[orderNumber] = stationRef;
      }
      const bought = await buyLabel(service, { name: 'Desk 8' }, 'WC-10', refs['WC-10'] ?? '');
      const tracking = bought.shipment.trackingNumbers[0] ?? '';

      const takeOver = async (desk: StationDesk, orderNumber: string): Promise<void> => {
        await rig.waitFor(async () => ((await scan(desk, orderNumber)).claim?.state === 'leaseExpired' ? true : undefined), `the lease of Desk 8 on ${orderNumber} to run out`);
        expect((await desk.value('takeOverOrder', { orderNumber, reason: 'Desk 8 went dark mid-purchase' })).state).toBe('claimed');
      };

      // Found: the label Desk 8 bought is recorded as Desk 8's, Desk 1 buys nothing, and the label
      // comes out of Desk 1's printer (the parcel is on Desk 1 now): here its PDF folder.
      await takeOver(desk1, 'WC-10');
      await desk1.value('setPrinterMap', { labelPrinter: PDF_FOLDER_PRINTER });
      const from = desk1.events.length;
      const found = refusal(await ship(desk1, 'WC-10'));
      expect(found).toEqual({
        code: 'conflict',
        message: `Order WC-10 was already bought at Desk 8 before this desk took it over (${refs['WC-10'] ?? ''}, tracking ${tracking}): its label prints here; it is recorded in the warehouse's history and not to be bought again`,
      });
      const ready = await desk1.waitForEvent('labelsReady', (e) => e.stationRef === refs['WC-10'], from);
      const printed = await desk1.waitForEvent('printJob', (e) => e.state === 'completed' && ready.printJobIds.every((id) => e.ids.includes(id)), from);
      expect(printed.printer).toBe(PDF_FOLDER_PRINTER);
      const kept = await desk1.value('getShipment', { stationRef: refs['WC-10'] ?? '' });
      expect(kept.shipment.trackingNumber).toBe(tracking);
      expect(kept.printJobs.map((job) => job.id)).toEqual(ready.printJobIds);
      expect(kept.documents.filter((d) => d.type === 'Label')).toHaveLength(1);
      expect(rig.serviceShipments('WC-10')).toBe(1);
      expect(await history('WC-10')).toEqual([{ station_ref: refs['WC-10'], desk_id: 'DESK8', via: 'guarded' }]);
      expect(await orderStatus('WC-10')).toEqual({ status: 'shipped', station_ref: refs['WC-10'] });
      expect((await listAudit(owner, { orderNumber: 'WC-10' })).find((e) => e.action === 'ship')).toMatchObject({ deskId: 'DESK1', stationRef: refs['WC-10'], detail: { foundOnTheService: true, boughtAt: 'DESK8' } });
      // Pressed again, it is still refused (now as an order shipped), and still nothing is bought.
      expect(refusal(await ship(desk1, 'WC-10')).message).toMatch(new RegExp(`^Order WC-10 was shipped at Desk 8 at ${TIME}`));
      expect(rig.serviceShipments('WC-10')).toBe(1);

      // Absent: Desk 8's purchase is given up with the reason, and Desk 2 buys the one label.
      await takeOver(desk2, 'WC-11');
      const stationRef = await shippedAt(desk2, await ship(desk2, 'WC-11'));
      expect(stationRef).toMatch(/^PB-DESK2-/);
      expect(rig.serviceShipments('WC-11')).toBe(1);
      // The shipment reaches the warehouse through the desk's journal: its ship entry says it is there.
      const entries = await auditOnce('WC-11', 'ship');
      const purchases = (await owner.query<{ station_ref: string; state: string; note: string | null }>('SELECT station_ref, state, note FROM packbench.purchases WHERE order_number = $1 ORDER BY intended_at', ['WC-11'])).rows;
      expect(purchases).toEqual([
        { station_ref: refs['WC-11'], state: 'abandoned', note: `Desk 8 stopped while buying it; the service has no shipment under ${refs['WC-11'] ?? ''}` },
        { station_ref: stationRef, state: 'bought', note: null },
      ]);
      expect(entries.find((e) => e.action === 'override')).toMatchObject({ deskId: 'DESK2', stationRef: refs['WC-11'], detail: { gaveUpPurchaseOf: 'DESK8' } });
    } finally {
      // Desk 8's warehouse connection is closed with the server's others when the rig stops.
      service.close();
    }
  });

  it('shows a person what the warehouse refused to take from the desk (its reason kept), and sends it once the warehouse takes it', async () => {
    expect((await scan(desk1, 'WC-5')).claim?.state).toBe('claimed');
    const stationRef = await shippedAt(desk1, await ship(desk1, 'WC-5'));
    await auditOnce('WC-5', 'ship');
    const [label] = (await desk1.value('getShipment', { stationRef })).documents;
    if (label === undefined) throw new Error(`no document kept for ${stationRef}`);
    // An admin's mistake at the server: the desk role may no longer add to the audit log.
    await owner.query('REVOKE INSERT ON packbench.audit_log FROM packbench_desk');
    try {
      const from = desk1.events.length;
      await desk1.value('reprintDocument', { documentId: label.documentId });
      await desk1.waitForEvent('warehouseJournal', (e) => e.refused === 1, from);
      const journal = await desk1.value('getWarehouseJournal', {});
      expect(journal.waiting).toBe(1);
      expect(journal.refused).toEqual([
        { id: expect.any(Number) as unknown, what: `Audit entry (reprint) ${stationRef} of order WC-5`, attempts: expect.any(Number) as unknown, reason: expect.stringContaining('permission denied') as unknown, since: expect.any(Number) as unknown },
      ]);
    } finally {
      await owner.query('GRANT INSERT ON packbench.audit_log TO packbench_desk');
    }
    // The next entry's pass sends both.
    const from = desk1.events.length;
    await desk1.value('reprintDocument', { documentId: label.documentId });
    await desk1.waitForEvent('warehouseJournal', (e) => e.waiting === 0, from);
    expect(await desk1.value('getWarehouseJournal', {})).toEqual({ waiting: 0, refused: [] });
    expect((await listAudit(owner, { orderNumber: 'WC-5' })).filter((e) => e.action === 'reprint')).toHaveLength(2);
  });

  it('with PostgreSQL stopped, ships only the order it claimed, keeps what the warehouse must hear, and uploads it when PostgreSQL is back', async () => {
    expect((await scan(desk2, 'WC-6')).claim?.state).toBe('claimed');
    const [down1, down2] = [desk1.events.length, desk2.events.length];
    await rig.server.postgres.stopServer('fast');
    await desk1.waitForEvent('warehouseState', (e) => e.status.state === 'unreachable', down1);
    await desk2.waitForEvent('warehouseState', (e) => e.status.state === 'unreachable', down2);

    // An order this desk never claimed: another desk may be packing it.
    const unclaimed = (await scan(desk1, 'WC-7')).claim;
    expect(unclaimed).toEqual({
      orderNumber: 'WC-7',
      state: 'unreachable',
      words: 'The warehouse database cannot be reached and this desk has not claimed order WC-7: another desk may be packing it, so it can be shipped here once the warehouse is back',
      mayShip: false,
      mayTakeOver: false,
    });
    expect(refusal(await ship(desk1, 'WC-7'))).toEqual({ code: 'conflict', message: unclaimed?.words });

    // The order it claimed before: shipped, with an override the audit log is to hear of.
    expect((await scan(desk2, 'WC-6')).claim).toMatchObject({ state: 'claimed', mayShip: true });
    const stationRef = await shippedAt(desk2, await ship(desk2, 'WC-6', randomUUID(), [{ kind: 'invalidAddress', note: 'the packer checked the address by phone' }]));
    expect(rig.serviceShipments('WC-6')).toBe(1);

    const [back1, back2] = [desk1.events.length, desk2.events.length];
    await rig.server.postgres.startServer();
    await desk2.waitForEvent('warehouseState', (e) => e.status.state === 'connected', back2);
    const entries = await auditOnce('WC-6', 'ship');
    await rig.waitFor(async () => ((await listAudit(owner, { orderNumber: 'WC-6' })).some((e) => e.action === 'override') ? true : undefined), 'the override entry of WC-6');
    expect(entries.find((e) => e.action === 'ship')).toMatchObject({ deskId: 'DESK2', stationRef });
    expect(await history('WC-6')).toEqual([{ station_ref: stationRef, desk_id: 'DESK2', via: 'unguarded' }]);
    expect(await orderStatus('WC-6')).toEqual({ status: 'shipped', station_ref: stationRef });
    expect((await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM packbench.conflicts')).rows[0]?.n).toBe(0);

    // Back online, the order it never claimed can be claimed and shipped.
    await desk1.waitForEvent('warehouseState', (e) => e.status.state === 'connected', back1);
    expect((await scan(desk1, 'WC-7')).claim?.state).toBe('claimed');
  });

  it('opens the link again under a new desk id, giving back what the desk held under the old one', async () => {
    // Desk 1 holds WC-7 (claimed in the test before).
    expect((await scan(desk2, 'WC-7')).claim?.state).toBe('heldElsewhere');
    const from = desk1.events.length;
    expect((await desk1.value('updateSettings', { deskId: 'DESK9' })).deskId).toBe('DESK9');
    const connected = await desk1.waitForEvent('warehouseState', (e) => e.status.state === 'connected', from);
    expect(connected.status.words).toMatch(/as Desk 1 \(DESK9\)\.$/);
    expect((await owner.query<{ id: string }>('SELECT id FROM packbench.desks ORDER BY id')).rows.map((r) => r.id)).toContain('DESK9');
    expect((await scan(desk2, 'WC-7')).claim?.state).toBe('claimed');
    await desk2.value('releaseOrder', { orderNumber: 'WC-7' });
    expect((await scan(desk1, 'WC-7')).claim).toMatchObject({ state: 'claimed', words: 'Order WC-7 is claimed for Desk 1: other desks see it being packed here' });
    const claimedBy = (await owner.query<{ desk_id: string }>('SELECT desk_id FROM packbench.claims WHERE order_number = $1', ['WC-7'])).rows[0]?.desk_id;
    expect(claimedBy).toBe('DESK9');
  });
});
