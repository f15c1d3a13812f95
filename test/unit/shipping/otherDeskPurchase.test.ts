/**
 * Settling a purchase another desk left pending, at the seams (the lookup on the service and the
 * warehouse's two calls): what each verdict leads to, in words. The whole path, with a real
 * PostgreSQL and sandbox, is in test/integration/station/warehouse-claims.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../electron/service/client/errors';
import { keepFoundShipment, settleOtherDeskPurchase, type FoundShipment, type OtherDeskPurchaseCalls } from '../../../electron/shipping/otherDeskPurchase';
import type { ShipmentVerdict } from '../../../electron/sync/reconcile';
import type { RecordInput, StandingPurchase, Warehouse } from '../../../electron/warehouse';
import { openTempStore } from '../store/support/tempStore';

const purchase: StandingPurchase = { stationRef: 'PB-DESK8-01JZ0000000000000000000000', orderNumber: 'A-1', deskId: 'DESK8', deskName: 'Desk 8', state: 'pending', since: 1_750_000_000_000 };
const db = {} as Warehouse['db'];

function recordingCalls(abandoned: Awaited<ReturnType<OtherDeskPurchaseCalls['abandonPurchase']>> = { kind: 'abandoned' }) {
  const seen = { recorded: [] as RecordInput[], abandoned: [] as string[] };
  const calls: OtherDeskPurchaseCalls = {
    recordShipment: (_db, _desk, input) => {
      seen.recorded.push(input);
      return Promise.resolve({ stationRef: input.shipment.stationRef, added: true, conflictIds: [] });
    },
    abandonPurchase: (_db, _desk, input) => {
      seen.abandoned.push(input.reason);
      return Promise.resolve(abandoned);
    },
  };
  return { seen, calls };
}

const settle = (verdict: ShipmentVerdict, calls: OtherDeskPurchaseCalls, keepHere?: (found: FoundShipment) => void) =>
  settleOtherDeskPurchase({ db, deskId: 'DESK1', orderNumber: 'A-1', purchase, lookUp: () => Promise.resolve(verdict), now: () => 1_750_000_100_000, calls, ...(keepHere === undefined ? {} : { keepHere }) });

/** Desk 8's shipment as the lookup finds it: its label and invoice in the answer, base64. */
function foundOfDesk8(labelsRecovered = true): FoundShipment {
  const label = Buffer.from('%PDF-1.4 the label of 1Z999').toString('base64');
  const invoice = Buffer.from('%PDF-1.4 the invoice').toString('base64');
  return {
    verdict: 'found',
    labelsRecovered,
    result: {
      success: true,
      id: 'S-9',
      trackingNumber: '1Z999',
      carrier: 'UPS',
      documents: labelsRecovered
        ? [
            { documentType: 'Label', documentName: 'label-1.pdf', documentMimeType: 'application/pdf', documentContent: label },
            { documentType: 'CommercialInvoice', documentName: 'invoice.pdf', documentMimeType: 'application/pdf', documentContent: invoice },
          ]
        : [],
    },
    record: { id: 'S-9', trackingNumber: '1Z999', references: { stationRef: purchase.stationRef, orderNumber: 'A-1' }, shipTo: { contactName: 'Jordan Lee', city: 'San Francisco', country: 'US' }, shipmentInfo: { carrier: 'UPS', serviceLevel: 'UPS_GROUND' } },
  };
}

describe('settleOtherDeskPurchase', () => {
  it('records a shipment found under the reference as the other desk’s, with its recipient, and buys nothing', async () => {
    const { seen, calls } = recordingCalls();
    const settled = await settle(
      {
        verdict: 'found',
        labelsRecovered: true,
        result: { success: true, id: 'S-9', trackingNumber: '1Z999', carrier: 'UPS', documents: [] },
        record: { id: 'S-9', shipTo: { contactName: 'Jordan Lee', city: 'San Francisco', country: 'US' }, shipmentInfo: { serviceLevel: 'UPS_GROUND' } },
      },
      calls,
    );
    expect(settled).toEqual({ kind: 'shipped', retry: false, words: `Order A-1 was already bought at Desk 8 before this desk took it over (${purchase.stationRef}, tracking 1Z999): it is recorded in the warehouse's history and not to be bought again` });
    expect(seen.abandoned).toEqual([]);
    expect(seen.recorded).toHaveLength(1);
    expect(seen.recorded[0]?.shipment).toMatchObject({ stationRef: purchase.stationRef, orderNumber: 'A-1', serviceId: 'S-9', trackingNumbers: ['1Z999'], carrier: 'UPS', serviceLevel: 'UPS_GROUND', recipient: { name: 'Jordan Lee', company: null, city: 'San Francisco', country: 'US' }, createdAt: purchase.since });
    expect(seen.recorded[0]?.audit).toMatchObject({ action: 'ship', actor: null, stationRef: purchase.stationRef, detail: { foundOnTheService: true, boughtAt: 'DESK8' } });
  });

  it('gives the purchase up with the reason when the service has nothing under it, and frees the order', async () => {
    const { seen, calls } = recordingCalls();
    expect(await settle({ verdict: 'absent' }, calls)).toEqual({ kind: 'free' });
    expect(seen.abandoned).toEqual([`Desk 8 stopped while buying it; the service has no shipment under ${purchase.stationRef}`]);
    expect(seen.recorded).toEqual([]);
  });

  it('says the order is no longer this desk’s when the warehouse refuses to give the purchase up', async () => {
    const { calls } = recordingCalls({ kind: 'notYours', holder: null });
    expect(await settle({ verdict: 'absent' }, calls)).toEqual({ kind: 'blocked', retry: false, words: 'This desk no longer holds order A-1: scan it again before shipping it' });
  });

  it('leaves the order blocked, in words, when the service cannot tell or cannot be asked', async () => {
    const { seen, calls } = recordingCalls();
    expect(await settle({ verdict: 'undecided', message: 'the service has 2 shipments for station reference X' }, calls)).toEqual({
      kind: 'blocked',
      retry: false,
      words: `A label for order A-1 may have been bought at Desk 8 (${purchase.stationRef}), and the service cannot tell (the service has 2 shipments for station reference X): look it up on the service and settle it before shipping the order here`,
    });
    const offline = new NetworkError('the service could not be reached', { operation: 'searchShipments', method: 'POST', path: '/shipments/search' });
    const unreachable = await settle({ verdict: 'unreachable', error: offline }, calls);
    expect(unreachable).toMatchObject({ kind: 'blocked', retry: true });
    expect(unreachable.kind !== 'free' && unreachable.words).toBe(`A label for order A-1 was being bought at Desk 8 (${purchase.stationRef}) when it stopped, and the service cannot be asked whether it was bought (${offline.message}): try again once the service answers`);
    expect(seen).toEqual({ recorded: [], abandoned: [] });
  });

  it('hands a found shipment to this desk to keep and print, and says its label prints here (or where to get it)', async () => {
    const { calls } = recordingCalls();
    const kept: FoundShipment[] = [];
    const found = foundOfDesk8();
    expect(await settle(found, calls, (f) => kept.push(f))).toEqual({
      kind: 'shipped',
      retry: false,
      words: `Order A-1 was already bought at Desk 8 before this desk took it over (${purchase.stationRef}, tracking 1Z999): its label prints here; it is recorded in the warehouse's history and not to be bought again`,
    });
    expect(kept).toEqual([found]);
    const settled = await settle(foundOfDesk8(false), calls, () => undefined);
    expect(settled.kind !== 'free' && settled.words).toContain("the service did not give its label again (print it from the carrier's portal)");
  });
});

describe('keepFoundShipment', () => {
  it('keeps the shipment under its station reference with its documents, and hands its label (only) to printing, once', () => {
    const store = openTempStore();
    const kept = keepFoundShipment(store, foundOfDesk8(), 1_750_000_200_000);
    expect(kept.stationRef).toBe(purchase.stationRef);
    expect(store.read.shipment(purchase.stationRef)).toMatchObject({ serviceId: 'S-9', trackingNumber: '1Z999' });
    expect(store.read.listDocuments(purchase.stationRef).map((d) => d.type).sort()).toEqual(['CommercialInvoice', 'Label']);
    expect(kept.jobs).toHaveLength(1);
    const [label] = store.read.listDocuments(purchase.stationRef).filter((d) => d.type === 'Label');
    expect(kept.jobs[0]).toMatchObject({ documentId: label?.documentId, stationRef: purchase.stationRef });
    // Found again (the packer pressed Ship twice before the first answer): nothing kept or printed twice.
    expect(keepFoundShipment(store, foundOfDesk8(), 1_750_000_300_000).jobs).toEqual([]);
    expect(store.read.listDocuments(purchase.stationRef)).toHaveLength(2);
  });
});
