/**
 * The station's side of the Ship screen's story, through the web host against the embedded
 * sandbox and the private CUPS: a scan names its order and what was shipped of it; a void (the
 * service's cancel) finishes the story (the order is open again, its label never prints again
 * from anywhere, a scan no longer offers it); overrides are kept with the shipment; an imported
 * order's packing slip is made with the shipment and printed right after its label, on the
 * document printer.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, OrderScan } from '../../../electron/api';
import { VOIDED_LABEL_NOTE } from '../../../electron/store/printJobs';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';
import { requestKey, shipment } from '../../support/shipments';

const SHOPIFY = readFileSync(new URL('../../fixtures/orders/shopify-orders-export.csv', import.meta.url), 'utf8');

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
  await station.value('setPrinterMap', { labelPrinter: station.labelQueue, documentPrinter: station.cups.queues.ippEverywhere });
  await station.value('importOrders', { text: SHOPIFY });
});

afterAll(async () => {
  await station?.close();
});

/** The shipment the Ship screen sends for a scanned order: its draft with a box and a service. */
function shipmentOf(scan: OrderScan): MethodInput<'ship'>['shipment'] {
  if (scan.draft === null) throw new Error(`no draft for ${scan.orderNumber}`);
  return shipment({ shipTo: scan.draft.shipTo, packages: [{ weight: 2, length: 12, width: 10, height: 8 }], references: { orderNumber: scan.orderNumber } });
}

async function shipAndPrint(scan: OrderScan, overrides?: MethodInput<'ship'>['overrides']): Promise<string> {
  const from = station.events.length;
  const queued = await station.value('ship', { shipment: shipmentOf(scan), requestKey: requestKey(), ...(overrides === undefined ? {} : { overrides }) });
  const ready = await station.waitForEvent('labelsReady', (e) => e.stationRef === queued.stationRef, from);
  await Promise.all(ready.printJobIds.map((id) => station.waitForEvent('printJob', (e) => e.ids.includes(id) && (e.state === 'completed' || e.state === 'failed'), from)));
  return queued.stationRef;
}

describe('a scan, a shipment and its void', () => {
  let stationRef = '';

  it('a scan of "1002" names order #1002, open, with its draft and nothing shipped yet', async () => {
    const scan = await station.value('scanOrder', { scanned: '1002' });
    expect(scan).toMatchObject({ orderNumber: '#1002', order: { status: 'open' }, shippedBefore: [], ambiguous: [], importedOrders: 4 });
    stationRef = await shipAndPrint(scan, [{ kind: 'invalidAddress', note: 'The address check said Invalid; shipped as it is' }]);
    expect(await station.value('scanOrder', { scanned: '#1002' })).toMatchObject({ orderNumber: '#1002', order: { status: 'shipped', stationRef }, shippedBefore: [{ stationRef }] });
  });

  it('keeps the override with the shipment', async () => {
    const detail = await station.value('getShipment', { stationRef });
    expect(detail.overrides).toEqual([{ kind: 'invalidAddress', note: 'The address check said Invalid; shipped as it is', createdAt: expect.any(Number) }]);
  });

  it('a void opens the order again, and the voided label is printed again from nowhere', async () => {
    const from = station.events.length;
    await station.value('cancelShipments', { stationRefs: [stationRef], reason: 'customer changed the address' });
    await station.waitForEvent('outboxItem', (e) => e.stationRef === stationRef && e.kind === 'cancelShipment' && e.state === 'done', from);
    expect(await station.value('getOrder', { orderNumber: '#1002' })).toMatchObject({ status: 'open', stationRef: null });

    const scan = await station.value('scanOrder', { scanned: '1002' });
    expect(scan.shippedBefore).toEqual([]);
    expect(scan.draft).not.toBeNull();

    const detail = await station.value('getShipment', { stationRef });
    const label = detail.documents.find((doc) => doc.type === 'Label');
    const reprint = await station.call('reprintDocument', { documentId: label?.documentId ?? 0 });
    expect(reprint).toMatchObject({ ok: false, error: { code: 'conflict', message: 'the shipment of order #1002 was voided, so its label is no longer postage: scan the order to ship it again', fields: [{ field: 'documentId' }] } });
    expect((await station.value('getShipment', { stationRef })).printJobs).toHaveLength(detail.printJobs.length);
  });

  it('a label held when the void came is given up, not printed, and not shown as a problem', async () => {
    await station.value('updateSettings', { autoPrintLabels: false });
    try {
      const scan = await station.value('scanOrder', { scanned: '1004' });
      const from = station.events.length;
      const queued = await station.value('ship', { shipment: shipmentOf(scan), requestKey: requestKey() });
      const ready = await station.waitForEvent('labelsReady', (e) => e.stationRef === queued.stationRef, from);
      await station.value('cancelShipments', { stationRefs: [queued.stationRef] });
      await station.waitForEvent('outboxItem', (e) => e.stationRef === queued.stationRef && e.kind === 'cancelShipment' && e.state === 'done', from);
      const jobs = (await station.value('getShipment', { stationRef: queued.stationRef })).printJobs.filter((job) => ready.printJobIds.includes(job.id));
      expect(jobs.map((job) => ({ state: job.state, error: job.error }))).toEqual(ready.printJobIds.map(() => ({ state: 'failed', error: VOIDED_LABEL_NOTE })));
      expect(await station.value('releaseHeldPrintJobs', {})).toEqual([]);
      expect((await station.value('listPrintProblems', {})).filter((p) => p.job.stationRef === queued.stationRef)).toEqual([]);
      const retry = await station.call('retryPrintJob', { id: ready.printJobIds[0] ?? 0 });
      expect(retry).toMatchObject({ ok: false, error: { code: 'conflict', message: 'the shipment of order #1004 was voided, so its label is no longer postage: scan the order to ship it again' } });
    } finally {
      await station.value('updateSettings', { autoPrintLabels: true });
    }
  });
});

describe('packing slips', () => {
  it('an imported order shipped while the desk prints slips: the slip is kept and printed after the label, on the document printer', async () => {
    await station.value('updateSettings', { packingSlips: true });
    try {
      const stationRef = await shipAndPrint(await station.value('scanOrder', { scanned: '1001' }));
      const detail = await station.value('getShipment', { stationRef });
      const slip = detail.documents.find((doc) => doc.type === 'PackingSlip');
      expect(slip).toMatchObject({ name: 'packing-slip-#1001.pdf', mime: 'application/pdf', packageIndex: null });
      const label = detail.documents.find((doc) => doc.type === 'Label');
      const jobOf = (documentId: number | undefined) => detail.printJobs.find((job) => job.documentId === documentId);
      expect(jobOf(slip?.documentId)).toMatchObject({ state: 'completed', targetPrinter: station.cups.queues.ippEverywhere });
      expect(jobOf(label?.documentId)).toMatchObject({ state: 'completed', targetPrinter: station.labelQueue });
      // After its label: the slip's job was made after the label's.
      expect(jobOf(slip?.documentId)?.id ?? 0).toBeGreaterThan(jobOf(label?.documentId)?.id ?? Infinity);

      const content = await station.value('getDocumentContent', { documentId: slip?.documentId ?? 0 });
      const text = Buffer.from(content.base64, 'base64').toString('latin1');
      expect(text.startsWith('%PDF-')).toBe(true);
    } finally {
      await station.value('updateSettings', { packingSlips: false });
    }
  });

  it('a shipment of no imported order, or made while slips are off, has no slip', async () => {
    const manual = await station.value('ship', { shipment: shipment({ references: { orderNumber: 'NOT-IMPORTED-1' } }), requestKey: requestKey() });
    expect((await station.value('getShipment', { stationRef: manual.stationRef })).documents.filter((doc) => doc.type === 'PackingSlip')).toEqual([]);
    const scan = await station.value('scanOrder', { scanned: '1003' });
    const off = await station.value('ship', { shipment: shipmentOf(scan), requestKey: requestKey() });
    expect((await station.value('getShipment', { stationRef: off.stationRef })).documents.filter((doc) => doc.type === 'PackingSlip')).toEqual([]);
  });
});
