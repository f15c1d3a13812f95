/**
 * `npm run bench:batch`: 500 imported orders shipped as one batch at the Premium tier (500 requests
 * a minute), the way a desk does it: a whole station (its web host, the store, the outbox, the
 * private CUPS's 4x6 file queue as its label printer) connected to a sandbox that holds it to that
 * limit. Prints the import's time, the wall time from Ship to the batch's one print job completed,
 * and how much of the tier's limit the drain used.
 *
 * The sandbox counts requests in a sliding 60 s window. Used share: the requests the station sent
 * from its first create to its last, against what the limit allows over that time (at least one
 * window): a station at the limit sends L requests a minute, so 500 creates take a minute at
 * best, and a drain that took 62 s used 60/62 of what it was allowed. The busiest 60 s window
 * shows the limit held.
 *   BENCH_ORDERS (default 500)  BENCH_LIMIT (default 500, per minute)
 */
import { cpus } from 'node:os';
import { ordersCsv } from '../support/orderFiles';
import { startStationHarness } from '../support/stationHarness';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const LIMIT = Number(process.env.BENCH_LIMIT ?? 500);

/** Request times at the sandbox, and creates among them. */
const requests: number[] = [];
const creates: number[] = [];
let tooMany = 0;

const desk = await startStationHarness({ tuning: 'production' });
try {
  const sandbox = await desk.startServiceSandbox({
    requestsPerMinute: LIMIT,
    demoLocation: true,
    onRequest: (entry) => {
      const at = performance.now();
      requests.push(at);
      if (entry.status === 429) tooMany += 1;
      if (entry.method === 'POST' && entry.path === '/v1/shipment') creates.push(at);
    },
  });
  const profile = await desk.value('saveProfile', { name: 'Premium', baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: LIMIT });
  await desk.value('setProfileSecret', { profileId: profile.id, secret: sandbox.credentials.apiKey });
  await desk.value('switchProfile', { profileId: profile.id });
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });

  console.log(`batch bench: ${cpus()[0]?.model ?? 'unknown CPU'}, ${String(cpus().length)} cores, Node ${process.version}`);
  const text = ordersCsv({ count: ORDERS, prefix: 'BB-', digits: 4 });
  const importStart = performance.now();
  const imported = await desk.value('importOrders', { text });
  const importMs = performance.now() - importStart;
  console.log(`import: ${String(imported.created)} orders (${String(imported.rowCount)} rows, ${(text.length / 1024).toFixed(0)} KiB) in ${importMs.toFixed(0)} ms`);

  const orderNumbers = (await desk.value('listOrders', { status: 'open', limit: ORDERS })).orders.map((order) => order.orderNumber);
  const before = requests.length;
  const eventsBefore = desk.events.length;
  const shipStart = performance.now();
  const batch = await desk.value('shipBatch', {
    batchKey: `bench-batch-${String(Date.now())}`,
    orderNumbers,
    box: { length: 12, width: 10, height: 8, unitOfLength: 'IN' },
    service: { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' },
  });
  const queuedMs = performance.now() - shipStart;
  // The batch's labels are the only print of this station: its job's end is the first one after Ship.
  const ended = await desk.waitForEvent('printJob', (e) => e.state === 'completed' || e.state === 'failed', eventsBefore, 15 * 60_000);
  const printedAt = performance.now();
  if (ended.state === 'failed') throw new Error(`the batch's print failed: ${ended.message ?? ''}`);
  const view = await desk.value('getBatch', { batchId: batch.id });
  const printedMs = printedAt - shipStart;

  const sent = requests.slice(before);
  const first = creates[0] ?? shipStart;
  const last = creates[creates.length - 1] ?? first;
  const drainMs = last - first;
  const inDrain = sent.filter((t) => t >= first && t <= last).length;
  // What the limit allows from the first create to the last: one request every 60 s / L after the first window's L.
  const allowed = Math.max(LIMIT, (drainMs / 60_000) * LIMIT);
  let busiest = 0;
  for (let end = 0, start = 0; end < sent.length; end += 1) {
    while ((sent[start] ?? 0) <= (sent[end] ?? 0) - 60_000) start += 1;
    busiest = Math.max(busiest, end - start + 1);
  }
  console.log(`batch of ${String(view.total)}: queued in ${queuedMs.toFixed(0)} ms; ${String(view.shipped)} shipped, ${String(view.refused)} refused`);
  console.log(`creates: first ${((first - shipStart) / 1000).toFixed(1)} s after Ship, last ${((last - shipStart) / 1000).toFixed(1)} s after`);
  console.log(`last label printed (one job of ${String(view.print?.pages ?? 0)} pages, completed): ${(printedMs / 1000).toFixed(1)} s after Ship`);
  console.log(`requests sent while draining: ${String(inDrain)} (${String(sent.length)} from Ship to print); the limit allows ${allowed.toFixed(0)} over ${(drainMs / 1000).toFixed(1)} s`);
  console.log(`limit used: ${((Math.min(inDrain, allowed) / allowed) * 100).toFixed(1)}% of ${String(LIMIT)} a minute`);
  console.log(`most requests in any 60 s window: ${String(busiest)} (limit ${String(LIMIT)}); 429 answers: ${String(tooMany)}`);
} finally {
  await desk.close();
}
