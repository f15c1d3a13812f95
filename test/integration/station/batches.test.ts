/**
 * Batches through the whole station: the web host's HTTP API and event stream, the store, the
 * outbox against a standalone sandbox (a production profile), and printing to the private CUPS's
 * 4x6 file queue. Imported orders are estimated (rates shared by destination and weight band) and
 * shipped as a batch; the batch follows its shipments, and its labels come out as one job in the
 * batch's order once every shipment settled: also with automatic printing off (held until
 * released), on a paused printer (held until resumed) and after a failed job (retried as one).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, MethodInput, StationEvent } from '../../../electron/api';
import { pdfPageCount, pdfPageTexts } from '../../support/labelOutput';
import { startStationHarness, type EventOf, type StationHarness } from '../../support/stationHarness';
import { location, requestKey, shipment } from '../../support/shipments';

const run = promisify(execFile);

const HEADER = 'Order No,Recipient,Company,Street,City,State,Postcode,Country,SKU,Description,Qty,Unit price,Weight,Weight unit';
const ORDERS = [
  // BT-1 and BT-3 go to one ZIP in one weight band (2.4 and 2.2 lb: rated at 3 lb).
  'BT-1,Jordan Lee,,500 Howard St,San Francisco,CA,94105,US,TS-1,T-shirt,2,24.00,1.2,lb',
  'BT-2,Dana Reyes,Fulton Supply,233 S Wacker Dr,Chicago,IL,60606,US,MUG-1,Mug,1,16.00,3,lb',
  'BT-3,Sam Ortiz,,501 Howard St,San Francisco,CA,94105,US,NB-1,Notebook,1,12.00,2.2,lb',
  'BT-4,Lee Park,,1 Market St,San Francisco,CA,94105,US,GIFT,Gift card,1,20.00,,',
  // A ZIP that exists nowhere: imported, refused by the service.
  'BT-5,Ada Stone,,1 Main St,Springfield,IL,00000,US,TS-2,T-shirt,1,24.00,1,lb',
  'BT-6,Avery Singh,,100 King St W,Toronto,ON,M5X 1A9,CA,SK-1,Trail socks,3,10.00,0.3,lb',
  ...['11', '12', '21', '22', '31', '32'].map((n) => `BT-${n},Pat Kim ${n},,${n} Market St,San Francisco,CA,94105,US,TS-${n},T-shirt,1,24.00,1.5,lb`),
  'BT-41,Robin Diaz,,200 Mission St,San Francisco,CA,94105,US,TS-41,T-shirt,1,24.00,1.5,lb',
  'BT-42,Kai Akana,,1 Aloha Tower Dr,Honolulu,HI,96813,US,TS-42,T-shirt,1,24.00,1.5,lb',
];
const CSV = `${HEADER}\n${ORDERS.join('\n')}\n`;

const BOX = { length: 12, width: 10, height: 8, unitOfLength: 'IN' } as const;
const UPS_GROUND = { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' } as const;

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
  const service = await station.startServiceSandbox({ requestsPerMinute: 100_000 });
  const profile = await station.value('saveProfile', { name: 'Batch service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 100_000 });
  await station.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
  await station.value('switchProfile', { profileId: profile.id });
  await station.value('setPrinterMap', { labelPrinter: station.labelQueue });
  const warehouse = await station.value('createLocation', { location: location('WH-BATCH') });
  // The batches ship from the desk's default location: none is named in them.
  await station.value('updateSettings', { defaultLocationId: warehouse.id });
  expect(await station.value('importOrders', { text: CSV })).toMatchObject({ created: ORDERS.length, problems: [] });
}, 120_000);

afterAll(async () => {
  await station?.close();
});

async function settledBatch(batchId: number, from: number): Promise<BatchView> {
  await station.waitForEvent('batchProgress', (e) => e.batchId === batchId && e.settled === e.total, from);
  return station.value('getBatch', { batchId });
}

async function printedBatch(batchId: number): Promise<BatchView> {
  return station.waitFor(async () => {
    const view = await station.value('getBatch', { batchId });
    return view.print?.state === 'completed' ? view : undefined;
  }, `batch ${batchId}'s labels to print`);
}

/** The batch's label print rows, as the station's history has them. */
async function labelRows(view: BatchView): Promise<number[]> {
  const ids: number[] = [];
  for (const order of view.orders) {
    if (order.stationRef === null || order.state !== 'shipped') continue;
    const detail = await station.value('getShipment', { stationRef: order.stationRef });
    const labels = new Set(detail.documents.filter((d) => d.type === 'Label').map((d) => d.documentId));
    ids.push(...detail.printJobs.filter((job) => job.documentId !== null && labels.has(job.documentId) && job.purpose === 'auto').map((job) => job.id));
  }
  return ids;
}

/** The `sent` print events that carry any of `ids`, from event `from` on. */
function sentJobsOf(ids: readonly number[], from: number): EventOf<'printJob'>[] {
  return station.events.slice(from).filter((e: StationEvent): e is EventOf<'printJob'> => e.type === 'printJob' && e.state === 'sent' && e.ids.some((id) => ids.includes(id)));
}

/** The tracking numbers of the batch's shipped orders, in the batch's order. */
function trackingInOrder(view: BatchView): string[] {
  return view.orders.filter((o) => o.state === 'shipped').map((o) => o.trackingNumber ?? '?');
}

async function expectOutputHolds(trackingNumbers: readonly string[]): Promise<void> {
  const output = station.cups.outputFileOf(station.labelQueue);
  expect(await pdfPageCount(output)).toBe(trackingNumbers.length);
  const pages = await pdfPageTexts(output);
  expect(pages.map((text, i) => text.includes(trackingNumbers[i] ?? '?'))).toEqual(trackingNumbers.map(() => true));
}

describe('batches of imported orders', () => {
  const estimates = new Map<string, number | null>();

  it('estimates order by order, one rate request per destination and weight band, and says why an order cannot be priced', async () => {
    const input: MethodInput<'estimateBatch'> = { orderNumbers: ['BT-1', 'BT-2', 'BT-3', 'BT-4', 'BT-6', 'BT-9'], box: BOX, service: UPS_GROUND };
    const estimate = await station.value('estimateBatch', input);
    for (const each of estimate.perOrder) estimates.set(each.orderNumber, each.price);
    expect(estimate.perOrder.map((o) => o.orderNumber)).toEqual(input.orderNumbers);
    // BT-1 and BT-3 share a ZIP and a band: three destinations and bands, three requests.
    expect(estimate.rateRequests).toBe(3);
    expect(estimate.ruleRequests).toBe(0);
    const [bt1, bt2, bt3, bt4, bt6, bt9] = estimate.perOrder;
    expect(bt1).toMatchObject({ price: expect.any(Number), carrier: 'UPS', serviceLevel: 'UPS_GROUND' });
    expect(bt3?.price).toBe(bt1?.price);
    expect(bt2?.price).toBeGreaterThan(0);
    expect(bt4).toEqual({ orderNumber: 'BT-4', price: null, message: expect.stringMatching(/^order BT-4 has no weight/) });
    expect(bt6).toEqual({ orderNumber: 'BT-6', price: null, message: expect.stringMatching(/^UPS UPS_GROUND is not offered for order BT-6 \(to Toronto M5X 1A9, CA/) });
    expect(bt9).toEqual({ orderNumber: 'BT-9', price: null, message: "there is no imported order BT-9: import the shop's file that holds it" });
    expect(estimate.currency).toBe('USD');
    expect(estimate.total).toBeCloseTo((bt1?.price ?? 0) + (bt2?.price ?? 0) + (bt3?.price ?? 0), 2);

    // Asked again, the rates are the ones already had.
    const again = await station.value('estimateBatch', input);
    expect(again.rateRequests).toBe(0);
    expect(again.total).toBe(estimate.total);
  });

  it("estimates a batch by rule: each order's rules asked once, and the cheapest rate of the method they chose", async () => {
    const estimate = await station.value('estimateBatch', { orderNumbers: ['BT-41', 'BT-42', 'BT-6'], box: BOX, service: { kind: 'rule' } });
    expect(estimate.ruleRequests).toBe(3);
    const [mainland, hawaii, canada] = estimate.perOrder;
    // Honolulu: the rules send it 2nd Day Air, which only UPS offers in the sandbox.
    expect(hawaii).toMatchObject({ serviceLevel: 'UPS_2ND_DAY_AIR', price: expect.any(Number) });
    expect(mainland?.price).toBeGreaterThan(0);
    expect(canada?.price).toBeGreaterThan(0);
    expect((await station.value('estimateBatch', { orderNumbers: ['BT-41', 'BT-42', 'BT-6'], box: BOX, service: { kind: 'rule' } })).ruleRequests).toBe(0);
  });

  let first: BatchView;
  const key = requestKey();

  it('ships in one step: a shipment per shippable order in the batch\'s order, the others refused up front, the orders shipped; the same key again queues nothing', async () => {
    const from = station.events.length;
    first = await station.value('shipBatch', { batchKey: key, orderNumbers: ['BT-3', 'BT-5', 'BT-4', 'BT-1', 'BT-2'], box: BOX, service: UPS_GROUND });
    expect(first).toMatchObject({ orderCount: 5, total: 4, refusedUpFront: 1, box: BOX, service: UPS_GROUND });
    expect(first.orders.map((o) => [o.orderNumber, o.state === 'refusedUpFront' ? 'refusedUpFront' : 'queued'])).toEqual([
      ['BT-3', 'queued'],
      ['BT-5', 'queued'],
      ['BT-4', 'refusedUpFront'],
      ['BT-1', 'queued'],
      ['BT-2', 'queued'],
    ]);
    expect(first.orders[2]?.message).toMatch(/^order BT-4 has no weight/);
    const bt3 = await station.value('getOrder', { orderNumber: 'BT-3' });
    expect(bt3).toMatchObject({ status: 'shipped', stationRef: first.orders[0]?.stationRef });
    expect((await station.value('getOrder', { orderNumber: 'BT-4' })).status).toBe('open');
    const queued = await station.value('getShipment', { stationRef: first.orders[0]?.stationRef ?? '' });
    expect(queued.shipment.input).toMatchObject({
      shipTo: { contactName: 'Sam Ortiz', zipPostalCode: '94105' },
      shipmentInfo: { carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' },
      packages: [{ weight: 2.2, length: 12, width: 10, height: 8 }],
      unitOfWeight: 'LB',
      unitOfLength: 'IN',
      references: { orderNumber: 'BT-3' },
    });

    const outboxBefore = (await station.value('listOutbox', { limit: 1000 })).length;
    const again = await station.value('shipBatch', { batchKey: key, orderNumbers: ['BT-11'], box: BOX, service: UPS_GROUND });
    expect(again).toMatchObject({ id: first.id, repeated: true, orderCount: 5 });
    expect((await station.value('listOutbox', { limit: 1000 })).length).toBe(outboxBefore);
    expect((await station.value('getOrder', { orderNumber: 'BT-11' })).status).toBe('open');
    expect(station.events.slice(from).some((e) => e.type === 'batchProgress' && e.batchId === first.id)).toBe(true);
  });

  it("follows its shipments as they settle, then prints their labels as one job in the batch's order", async () => {
    const settled = await settledBatch(first.id, 0);
    expect(settled).toMatchObject({ total: 4, settled: 4, shipped: 3, refused: 1 });
    expect(settled.orders[1]).toMatchObject({ orderNumber: 'BT-5', state: 'refused', message: expect.stringMatching(/00000/) });
    const printed = await printedBatch(first.id);
    expect(printed).toMatchObject({ printed: true, print: { state: 'completed', pages: 3, printer: station.labelQueue } });

    const rows = await labelRows(printed);
    expect(rows).toHaveLength(3);
    const jobs = sentJobsOf(rows, 0);
    expect(jobs).toHaveLength(1);
    expect([...(jobs[0]?.ids ?? [])].sort()).toEqual([...rows].sort());
    await expectOutputHolds(trackingInOrder(printed));
    expect(trackingInOrder(printed)).toHaveLength(3);

    // UPS bills whole pounds: what each label cost is what the estimate said.
    for (const order of printed.orders.filter((o) => o.state === 'shipped')) expect(order.cost, order.orderNumber).toBe(estimates.get(order.orderNumber));
  });

  it('a refused order fixed and resent the way the Queue does it: the batch follows, and its label prints on its own', async () => {
    const refused = first.orders[1];
    if (refused?.outboxId === null || refused?.outboxId === undefined || refused.stationRef === null) throw new Error('BT-5 was not queued');
    const stored = await station.value('getShipment', { stationRef: refused.stationRef });
    const input = stored.shipment.input ?? shipment();
    const from = station.events.length;
    await station.value('resubmitOutboxItem', { id: refused.outboxId, shipment: { ...input, shipTo: { ...input.shipTo, zipPostalCode: '62701' } } });
    const counted = await station.waitForEvent('batchProgress', (e) => e.batchId === first.id && e.shipped === 4, from);
    expect(counted).toMatchObject({ total: 4, settled: 4, refused: 0 });
    const view = await station.waitFor(async () => {
      const batch = await station.value('getBatch', { batchId: first.id });
      return batch.printed ? batch : undefined;
    }, "BT-5's label to print");
    expect(view.orders[1]).toMatchObject({ orderNumber: 'BT-5', state: 'shipped', message: null });
    expect(view.print).toMatchObject({ state: 'completed', pages: 4 });
    const [label] = await labelRows({ ...view, orders: [view.orders[1] ?? refused] });
    expect(sentJobsOf([label ?? -1], from)).toHaveLength(1);
    await expectOutputHolds([view.orders[1]?.trackingNumber ?? '?']);
  });

  it('with automatic printing off, the settled batch is held until its labels are released, then prints as one job', async () => {
    await station.value('updateSettings', { autoPrintLabels: false });
    const from = station.events.length;
    const batch = await station.value('shipBatch', { batchKey: requestKey(), orderNumbers: ['BT-11', 'BT-12'], box: BOX, service: UPS_GROUND });
    const settled = await settledBatch(batch.id, from);
    expect(settled.print).toMatchObject({ state: 'held', pages: 2, message: expect.stringMatching(/automatic printing of labels is off/) });
    const rows = await labelRows(settled);
    expect(sentJobsOf(rows, from)).toEqual([]);

    await station.value('releaseHeldPrintJobs', {});
    const printed = await printedBatch(batch.id);
    expect(sentJobsOf(rows, from)).toHaveLength(1);
    await expectOutputHolds(trackingInOrder(printed));
    await station.value('updateSettings', { autoPrintLabels: true });
  });

  it("a paused label printer holds the batch's job, which prints once when the printer is resumed", async () => {
    const env = { env: station.cups.env };
    const from = station.events.length;
    await run('cupsdisable', ['-r', 'out of labels', station.labelQueue], env);
    try {
      await station.waitForEvent('printerState', (e) => e.printers.some((p) => p.name === station.labelQueue && p.state === 'stopped'), from);
      const batch = await station.value('shipBatch', { batchKey: requestKey(), orderNumbers: ['BT-21', 'BT-22'], box: BOX, service: UPS_GROUND });
      await settledBatch(batch.id, from);
      const held = await station.waitFor(async () => {
        const view = await station.value('getBatch', { batchId: batch.id });
        return view.print?.state === 'held' ? view : undefined;
      }, 'the batch to be held for the paused printer');
      expect(held.print?.message).toMatch(/is paused \(out of labels\): it prints when the printer is resumed/);
      expect(sentJobsOf(await labelRows(held), from)).toEqual([]);
    } finally {
      await run('cupsenable', [station.labelQueue], env);
    }
    const printed = await station.waitFor(async () => {
      const batch = (await station.value('listBatches', { limit: 1 }))[0];
      return batch?.printed === true ? station.value('getBatch', { batchId: batch.id }) : undefined;
    }, 'the held batch to print once resumed');
    expect(sentJobsOf(await labelRows(printed), from)).toHaveLength(1);
    await expectOutputHolds(trackingInOrder(printed));
  });

  it("a failed batch job retried prints the batch's labels again as one job", async () => {
    await station.value('setPrinterMap', { labelPrinter: station.cups.queues.rejecting });
    const from = station.events.length;
    const batch = await station.value('shipBatch', { batchKey: requestKey(), orderNumbers: ['BT-31', 'BT-32'], box: BOX, service: UPS_GROUND });
    await settledBatch(batch.id, from);
    const failed = await station.waitFor(async () => {
      const view = await station.value('getBatch', { batchId: batch.id });
      return view.print?.state === 'failed' ? view : undefined;
    }, "the batch's job to fail on the rejecting queue");
    expect(failed.print?.message).toMatch(/is not accepting jobs/);
    const problems = (await station.value('listPrintProblems', {})).map((p) => p.job.id);
    const rows = await labelRows(failed);
    expect(rows.every((id) => problems.includes(id))).toBe(true);

    await station.value('setPrinterMap', { labelPrinter: station.labelQueue });
    const retried = await station.value('retryPrintJob', { id: rows[1] ?? -1 });
    expect(retried.purpose).toBe('reprint');
    const printed = await printedBatch(batch.id);
    expect(printed.print).toMatchObject({ state: 'completed', pages: 2 });
    const remaining = (await station.value('listPrintProblems', {})).map((p) => p.job.id);
    expect(rows.filter((id) => remaining.includes(id))).toEqual([]);
    const reprints = station.events.slice(from).filter((e): e is EventOf<'printJob'> => e.type === 'printJob' && e.state === 'sent' && e.ids.includes(retried.id));
    expect(reprints).toHaveLength(1);
    expect(reprints[0]?.ids).toHaveLength(2);
    await expectOutputHolds(trackingInOrder(printed));
  });

  it('ships a batch by rule: each order with the cheapest service of the method its rules chose', async () => {
    const from = station.events.length;
    const batch = await station.value('shipBatch', { batchKey: requestKey(), orderNumbers: ['BT-41', 'BT-42'], box: BOX, service: { kind: 'rule' } });
    expect(batch.refusedUpFront).toBe(0);
    const hawaii = await station.value('getShipment', { stationRef: batch.orders[1]?.stationRef ?? '' });
    expect(hawaii.shipment.input?.shipmentInfo).toEqual({ carrier: 'UPS', serviceLevel: 'UPS_2ND_DAY_AIR', shipMethod: 'Express' });
    const printed = await printedBatch((await settledBatch(batch.id, from)).id);
    expect(printed).toMatchObject({ shipped: 2, print: { pages: 2 } });
    expect(printed.orders[1]?.serviceLevel).toBe('UPS 2nd Day Air');
  });

  it('lists batches newest first, and names an unknown batch', async () => {
    const list = await station.value('listBatches', { limit: 10 });
    expect(list.map((b) => b.id)).toEqual([...list.map((b) => b.id)].sort((a, b) => b - a));
    expect(list.at(-1)).toMatchObject({ id: first.id, orderCount: 5, shipped: 4, printed: true });
    expect(await station.call('getBatch', { batchId: 999_999 })).toEqual({
      ok: false,
      error: { code: 'notFound', message: 'there is no batch 999999', fields: [{ field: 'batchId', message: 'batchId names no batch' }], retryable: false },
    });
  });
});
