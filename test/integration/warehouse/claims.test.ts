/**
 * Shared orders, claims, takeovers and the purchase guard at three desks (each with its own pool
 * and LISTEN session, signed in with the desk role) on a real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  WarehouseInputError,
  abandonPurchase,
  claimOrder,
  getOrder,
  guardPurchase,
  holderWords,
  importOrders,
  listAudit,
  listOrders,
  purchaseOf,
  recordShipment,
  recordVoid,
  releaseClaim,
  renewClaim,
  takeOverClaim,
  type Warehouse,
} from '../../../electron/warehouse';
import { useWarehouseDesks } from './warehouseFixture';
import { ChangeRecorder } from './changeRecorder';
import { auditEntry, sampleFile, sampleOrders, sampleShipment, stationRef } from './samples';

let desk1: Warehouse;
let desk2: Warehouse;
let desk3: Warehouse;
let seen2: ChangeRecorder;
let seen3: ChangeRecorder;

useWarehouseDesks(3, (desks) => {
  [desk1, desk2, desk3] = desks as [Warehouse, Warehouse, Warehouse];
  seen2 = new ChangeRecorder(desk2);
  seen3 = new ChangeRecorder(desk3);
});

/** Polls the order until its claim's lease has run out (on the database's clock). */
async function untilLeaseRunsOut(orderNumber: string): Promise<void> {
  for (;;) {
    const order = await getOrder(desk1.db, orderNumber);
    if (order?.claim?.live === false) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('shared orders', () => {
  it('are imported once at one desk and seen at the others, who hear of it as it commits', async () => {
    const orders = await sampleOrders(12, 'IMP-');
    expect(await importOrders(desk1.db, 'D1', orders)).toEqual({ created: 12, updated: 0, unchanged: 0, keptShipped: 0, cancelled: 0 });
    const heard = await seen3.waitFor((c) => c.kind === 'ordersImported' && c.created.includes('IMP-0001'), 'import notification');
    expect(heard).toMatchObject({ kind: 'ordersImported', deskId: 'D1' });
    const atDesk2 = await getOrder(desk2.db, 'IMP-0007');
    expect(atDesk2).toMatchObject({ orderNumber: 'IMP-0007', status: 'open', importedBy: 'D1', claim: null, shipTo: orders[6]?.shipTo, items: orders[6]?.items });

    // The same file again changes nothing; a changed address updates the open order only.
    expect(await importOrders(desk2.db, 'D2', orders)).toEqual({ created: 0, updated: 0, unchanged: 12, keptShipped: 0, cancelled: 0 });
    const moved = orders.map((o) => (o.orderNumber === 'IMP-0002' ? { ...o, shipTo: { ...o.shipTo, address1: '9 Moved Ave' } } : o));
    expect(await importOrders(desk3.db, 'D3', moved)).toEqual({ created: 0, updated: 1, unchanged: 11, keptShipped: 0, cancelled: 0 });
    expect((await getOrder(desk1.db, 'IMP-0002'))?.shipTo.address1).toBe('9 Moved Ave');
    expect((await listOrders(desk2.db, { status: 'open', limit: 500 })).filter((o) => o.orderNumber.startsWith('IMP-'))).toHaveLength(12);
  });

  it('are cancelled when a later file says the shop cancelled or refunded them, unless shipped or being bought, and every desk hears of it', async () => {
    const first = await sampleFile({ count: 5, prefix: 'GVP-', digits: 4 });
    expect(first.gaveUp).toEqual([]);
    expect(await importOrders(desk1.db, 'D1', first.orders, first.gaveUp)).toEqual({ created: 5, updated: 0, unchanged: 0, keptShipped: 0, cancelled: 0 });
    // GVP-0003 ships at desk 2; desk 3 is buying GVP-0004's label when the next file comes.
    const shipped = stationRef('D2');
    await claimOrder(desk2.db, 'D2', 'GVP-0003');
    expect(await guardPurchase(desk2.db, 'D2', { orderNumber: 'GVP-0003', stationRef: shipped, requestKey: randomUUID() })).toMatchObject({ kind: 'clear' });
    await recordShipment(desk2.db, 'D2', { shipment: sampleShipment(shipped, 'GVP-0003'), audit: auditEntry('ship', { orderNumber: 'GVP-0003', stationRef: shipped }) });
    const buying = stationRef('D3');
    await claimOrder(desk3.db, 'D3', 'GVP-0004');
    expect(await guardPurchase(desk3.db, 'D3', { orderNumber: 'GVP-0004', stationRef: buying, requestKey: randomUUID() })).toMatchObject({ kind: 'clear' });

    const later = await sampleFile({ count: 5, prefix: 'GVP-', digits: 4, gaveUp: { 'GVP-0001': 'cancelled', 'GVP-0002': 'refunded', 'GVP-0003': 'refunded', 'GVP-0004': 'cancelled' } });
    expect(later.gaveUp.sort()).toEqual(['GVP-0001', 'GVP-0002', 'GVP-0003', 'GVP-0004']);
    expect(later.orders.map((o) => o.orderNumber)).toEqual(['GVP-0005']);
    expect(await importOrders(desk1.db, 'D1', later.orders, later.gaveUp)).toEqual({ created: 0, updated: 0, unchanged: 1, keptShipped: 0, cancelled: 2 });
    const heard = await seen2.waitFor((c) => c.kind === 'ordersImported' && c.updated.includes('GVP-0001'), 'cancel notification');
    expect(heard).toMatchObject({ kind: 'ordersImported', deskId: 'D1', created: [], updated: ['GVP-0001', 'GVP-0002'] });
    expect((await getOrder(desk2.db, 'GVP-0001'))?.status).toBe('cancelled');
    expect((await getOrder(desk3.db, 'GVP-0002'))?.status).toBe('cancelled');
    expect(await getOrder(desk2.db, 'GVP-0003')).toMatchObject({ status: 'shipped', stationRef: shipped });
    expect((await getOrder(desk2.db, 'GVP-0004'))?.status).toBe('open');
    expect(await claimOrder(desk2.db, 'D2', 'GVP-0001')).toEqual({ kind: 'cancelled' });

    // The same file again cancels nothing more; a cancelled order stays cancelled when a file lists it again.
    expect(await importOrders(desk2.db, 'D2', later.orders, later.gaveUp)).toEqual({ created: 0, updated: 0, unchanged: 1, keptShipped: 0, cancelled: 0 });
    expect(await importOrders(desk2.db, 'D2', first.orders)).toEqual({ created: 0, updated: 0, unchanged: 2, keptShipped: 3, cancelled: 0 });
    expect((await getOrder(desk1.db, 'GVP-0002'))?.status).toBe('cancelled');
  });

  it('refuse an import that names an order twice, saving nothing', async () => {
    const [one] = await sampleOrders(1, 'TWICE-');
    if (one === undefined) throw new Error('no sample');
    await expect(importOrders(desk1.db, 'D1', [one, one])).rejects.toBeInstanceOf(WarehouseInputError);
    expect(await getOrder(desk1.db, one.orderNumber)).toBeUndefined();
  });
});

describe('claims', () => {
  it('tell another desk who is packing an order and since when, and let the holder renew and release it', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(3, 'CLM-'));
    const first = await claimOrder(desk1.db, 'D1', 'CLM-0001');
    expect(first).toMatchObject({ kind: 'claimed', renewed: false, claim: { deskId: 'D1', deskName: 'Desk 1', live: true } });
    await seen2.waitFor((c) => c.kind === 'orderClaimed' && c.orderNumber === 'CLM-0001', 'claim notification');

    const elsewhere = await claimOrder(desk2.db, 'D2', 'CLM-0001');
    expect(elsewhere.kind).toBe('heldElsewhere');
    if (elsewhere.kind !== 'heldElsewhere' || first.kind !== 'claimed') throw new Error('unexpected outcome');
    expect(elsewhere.holder.claimedAt).toBe(first.claim.claimedAt);
    const at = new Date(first.claim.claimedAt);
    const hhmm = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    expect(holderWords(elsewhere.holder, 'UTC')).toBe(`being packed at Desk 1 since ${hhmm}`);

    const renewed = await renewClaim(desk1.db, 'D1', 'CLM-0001', 120_000);
    expect(renewed.kind).toBe('renewed');
    if (renewed.kind !== 'renewed') throw new Error('not renewed');
    expect(renewed.claim.leaseUntil).toBeGreaterThan(first.claim.leaseUntil);
    expect(renewed.claim.claimedAt).toBe(first.claim.claimedAt);
    // A live lease cannot be taken over, whatever the reason.
    expect((await takeOverClaim(desk2.db, 'D2', 'CLM-0001', { reason: 'I want it', actor: 'Kim' })).kind).toBe('heldElsewhere');

    expect(await releaseClaim(desk2.db, 'D2', 'CLM-0001')).toBe(false);
    expect(await releaseClaim(desk1.db, 'D1', 'CLM-0001')).toBe(true);
    await seen3.waitFor((c) => c.kind === 'orderReleased' && c.orderNumber === 'CLM-0001', 'release notification');
    expect((await claimOrder(desk2.db, 'D2', 'CLM-0001')).kind).toBe('claimed');
  });

  it('answer an order the warehouse does not have, and refuse a lease out of range', async () => {
    expect(await claimOrder(desk1.db, 'D1', 'NO-SUCH-ORDER')).toEqual({ kind: 'unknownOrder' });
    await expect(claimOrder(desk1.db, 'D1', 'CLM-0002', 10)).rejects.toBeInstanceOf(WarehouseInputError);
  });

  it('let another desk take over an order whose desk is gone, with a reason in the audit log, and tell the gone desk it lost it', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(2, 'TKO-'));
    await claimOrder(desk1.db, 'D1', 'TKO-0001', 1_000);
    await untilLeaseRunsOut('TKO-0001');

    const expired = await claimOrder(desk2.db, 'D2', 'TKO-0001');
    expect(expired).toMatchObject({ kind: 'leaseExpired', holder: { deskId: 'D1', live: false } });
    if (expired.kind === 'leaseExpired') expect(holderWords(expired.holder, 'UTC')).toMatch(/^was being packed at Desk 1 since \d\d:\d\d; its claim ran out at \d\d:\d\d/);
    await expect(takeOverClaim(desk2.db, 'D2', 'TKO-0001', { reason: ' ', actor: 'Kim' })).rejects.toThrow('must say why');

    const taken = await takeOverClaim(desk2.db, 'D2', 'TKO-0001', { reason: 'Desk 1 lost power; parcel moved here', actor: 'Kim' });
    expect(taken).toMatchObject({ kind: 'claimed', claim: { deskId: 'D2', live: true }, takenOverFrom: { deskId: 'D1', deskName: 'Desk 1' } });
    expect(taken).not.toHaveProperty('pendingPurchase');
    const [entry] = await listAudit(desk3.db, { orderNumber: 'TKO-0001' });
    expect(entry).toMatchObject({ action: 'takeover', deskId: 'D2', deskName: 'Desk 2', actor: 'Kim', detail: { reason: 'Desk 1 lost power; parcel moved here', fromDesk: 'D1', fromDeskName: 'Desk 1' } });
    await seen3.waitFor((c) => c.kind === 'orderClaimed' && c.orderNumber === 'TKO-0001' && c.takeover, 'takeover notification');
    await seen3.waitFor((c) => c.kind === 'audit' && c.action === 'takeover', 'audit notification');

    // The desk that was gone comes back: its claim is gone, and so is its right to buy.
    expect(await renewClaim(desk1.db, 'D1', 'TKO-0001')).toMatchObject({ kind: 'lost', holder: { deskId: 'D2' } });
    expect(await guardPurchase(desk1.db, 'D1', { orderNumber: 'TKO-0001', stationRef: stationRef('D1'), requestKey: randomUUID() })).toMatchObject({ kind: 'notClaimed', holder: { deskId: 'D2' } });
  });
});

describe('the purchase guard', () => {
  it('clears one purchase per order, repeats a press as the same intent, and refuses every other desk until the order is free again', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(1, 'BUY-'));
    const order = 'BUY-0001';
    expect(await guardPurchase(desk1.db, 'D1', { orderNumber: order, stationRef: stationRef('D1'), requestKey: 'press-0' })).toMatchObject({ kind: 'notClaimed', holder: null });
    await claimOrder(desk1.db, 'D1', order);
    const ref1 = stationRef('D1');
    expect(await guardPurchase(desk1.db, 'D1', { orderNumber: order, stationRef: ref1, requestKey: 'press-1' })).toEqual({ kind: 'clear', stationRef: ref1, repeated: false });
    await seen2.waitFor((c) => c.kind === 'orderBuying' && c.stationRef === ref1, 'buying notification');
    // A double press: the same intent, under the first reference.
    expect(await guardPurchase(desk1.db, 'D1', { orderNumber: order, stationRef: stationRef('D1'), requestKey: 'press-1' })).toEqual({ kind: 'clear', stationRef: ref1, repeated: true, state: 'pending' });
    // Another press at the same desk while the first is still out: the first must settle.
    expect(await guardPurchase(desk1.db, 'D1', { orderNumber: order, stationRef: stationRef('D1'), requestKey: 'press-2' })).toMatchObject({ kind: 'purchasePending', purchase: { stationRef: ref1, deskName: 'Desk 1' } });

    // Bought: the order ships, its claim goes, every desk is told, and nobody can buy it again.
    await recordShipment(desk1.db, 'D1', { shipment: sampleShipment(ref1, order), audit: auditEntry('ship', { orderNumber: order }) });
    await seen3.waitFor((c) => c.kind === 'orderShipped' && c.stationRef === ref1, 'shipped notification');
    expect(await getOrder(desk3.db, order)).toMatchObject({ status: 'shipped', stationRef: ref1, claim: null });
    expect(await purchaseOf(desk3.db, ref1)).toMatchObject({ state: 'bought', deskId: 'D1' });
    expect(await claimOrder(desk2.db, 'D2', order)).toMatchObject({ kind: 'shipped', stationRef: ref1, deskId: 'D1', deskName: 'Desk 1' });
    expect(await guardPurchase(desk2.db, 'D2', { orderNumber: order, stationRef: stationRef('D2'), requestKey: 'press-3' })).toMatchObject({ kind: 'shipped', stationRef: ref1 });
    expect(await guardPurchase(desk1.db, 'D1', { orderNumber: order, stationRef: stationRef('D1'), requestKey: 'press-1' })).toEqual({ kind: 'clear', stationRef: ref1, repeated: true, state: 'bought' });

    // Voided: the order opens again, and another desk may buy it.
    expect(await recordVoid(desk1.db, 'D1', { stationRef: ref1, voidedAt: Date.now(), audit: auditEntry('void') })).toEqual({ kind: 'voided', orderReopened: true });
    await seen2.waitFor((c) => c.kind === 'orderReopened' && c.orderNumber === order, 'reopened notification');
    expect(await recordVoid(desk1.db, 'D1', { stationRef: ref1, voidedAt: Date.now(), audit: null })).toEqual({ kind: 'alreadyVoided' });
    expect(await purchaseOf(desk2.db, ref1)).toMatchObject({ state: 'voided' });
    expect((await claimOrder(desk2.db, 'D2', order)).kind).toBe('claimed');
    const ref2 = stationRef('D2');
    expect(await guardPurchase(desk2.db, 'D2', { orderNumber: order, stationRef: ref2, requestKey: 'press-4' })).toEqual({ kind: 'clear', stationRef: ref2, repeated: false });
    const actions = (await listAudit(desk3.db, { orderNumber: order })).map((a) => `${a.action} ${a.deskId}`);
    expect(actions).toEqual(['void D1', 'ship D1']);
  });

  it('frees the order when the service refused the label, and lets a desk that took the order over give up a gone desk\'s purchase after checking', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(2, 'ABN-'));
    await claimOrder(desk3.db, 'D3', 'ABN-0001');
    const refused = stationRef('D3');
    await guardPurchase(desk3.db, 'D3', { orderNumber: 'ABN-0001', stationRef: refused, requestKey: randomUUID() });
    expect(await abandonPurchase(desk3.db, 'D3', { stationRef: refused, reason: 'The service refused it: ZIP code does not exist', actor: null })).toEqual({ kind: 'abandoned' });
    expect(await abandonPurchase(desk3.db, 'D3', { stationRef: refused, reason: 'again', actor: null })).toEqual({ kind: 'notPending', state: 'abandoned' });
    expect((await guardPurchase(desk3.db, 'D3', { orderNumber: 'ABN-0001', stationRef: stationRef('D3'), requestKey: randomUUID() })).kind).toBe('clear');

    // A desk dies with a purchase out: another desk takes the order over and is told to check it.
    await claimOrder(desk1.db, 'D1', 'ABN-0002', 1_000);
    const lost = stationRef('D1');
    await guardPurchase(desk1.db, 'D1', { orderNumber: 'ABN-0002', stationRef: lost, requestKey: randomUUID() }, 1_000);
    await untilLeaseRunsOut('ABN-0002');
    expect(await abandonPurchase(desk2.db, 'D2', { stationRef: lost, reason: 'not mine to give up', actor: 'Kim' })).toMatchObject({ kind: 'notYours' });
    const taken = await takeOverClaim(desk2.db, 'D2', 'ABN-0002', { reason: 'Desk 1 crashed mid-purchase', actor: 'Kim' });
    expect(taken).toMatchObject({ kind: 'claimed', pendingPurchase: lost });
    expect(await guardPurchase(desk2.db, 'D2', { orderNumber: 'ABN-0002', stationRef: stationRef('D2'), requestKey: randomUUID() })).toMatchObject({ kind: 'purchasePending', purchase: { stationRef: lost, deskId: 'D1', state: 'pending' } });
    expect(await abandonPurchase(desk2.db, 'D2', { stationRef: lost, reason: 'The service has no shipment with this reference', actor: 'Kim' })).toEqual({ kind: 'abandoned' });
    const [override] = await listAudit(desk3.db, { stationRef: lost });
    expect(override).toMatchObject({ action: 'override', deskId: 'D2', actor: 'Kim', detail: { reason: 'The service has no shipment with this reference', gaveUpPurchaseOf: 'D1' } });
    expect((await guardPurchase(desk2.db, 'D2', { orderNumber: 'ABN-0002', stationRef: stationRef('D2'), requestKey: randomUUID() })).kind).toBe('clear');
  });

  it('records a purchase found on the service for a gone desk as that desk\'s', async () => {
    await importOrders(desk1.db, 'D1', await sampleOrders(1, 'FND-'));
    await claimOrder(desk1.db, 'D1', 'FND-0001', 1_000);
    const found = stationRef('D1');
    await guardPurchase(desk1.db, 'D1', { orderNumber: 'FND-0001', stationRef: found, requestKey: randomUUID() }, 1_000);
    await untilLeaseRunsOut('FND-0001');
    await takeOverClaim(desk3.db, 'D3', 'FND-0001', { reason: 'Desk 1 froze', actor: null });
    const outcome = await recordShipment(desk3.db, 'D3', { shipment: sampleShipment(found, 'FND-0001'), audit: auditEntry('ship', { detail: { foundOnTheService: true } }) });
    expect(outcome).toEqual({ stationRef: found, added: true, conflictIds: [] });
    expect(await purchaseOf(desk3.db, found)).toMatchObject({ state: 'bought', deskId: 'D1' });
    expect(await getOrder(desk2.db, 'FND-0001')).toMatchObject({ status: 'shipped', stationRef: found });
  });

  it('refuses an intent that breaks its shape before asking the database', async () => {
    await expect(guardPurchase(desk1.db, 'D1', { orderNumber: 'BUY-0001', stationRef: 'has spaces', requestKey: 'k' })).rejects.toBeInstanceOf(WarehouseInputError);
    await expect(guardPurchase(desk1.db, 'D1', { orderNumber: '', stationRef: stationRef('D1'), requestKey: 'k' })).rejects.toBeInstanceOf(WarehouseInputError);
  });
});
