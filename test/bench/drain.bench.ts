/**
 * `npm run bench:drain`: drains 1,000 queued creates against a sandbox whose limit is scaled
 * so the run takes about a minute, and prints how close the station came to the limit and
 * how many 429s it provoked. Target: at least 95% of the limit, at most one 429.
 *
 * The service counts requests in a sliding 60 s window, so a station that uses all of a limit L
 * sends each request exactly 60 s after the one L before it: the achieved rate is 60 s over
 * the mean of those gaps. The most requests in any 60 s window shows the limit held.
 *   BENCH_ITEMS (default 1000)  BENCH_LIMIT (default BENCH_ITEMS / 2, per minute)
 */
import { cpus } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../electron/sandbox/sandbox';
import { ServiceClient } from '../../electron/service/client/client';
import { realTimers } from '../../electron/platform/clock';
import { openStationStore } from '../../electron/store/database';
import * as outbox from '../../electron/store/outbox';
import { ulid } from '../../electron/store/stationRef';
import { OutboxWorker } from '../../electron/sync/outboxWorker';
import { shipment } from '../support/shipments';

const items = Number(process.env.BENCH_ITEMS ?? 1000);
const limit = Number(process.env.BENCH_LIMIT ?? Math.ceil(items / 2));
const dir = mkdtempSync(join(tmpdir(), 'packbench-drain-bench-'));

const sends: number[] = [];
let tooMany = 0;
const sandbox = await startSandbox({
  dbPath: join(dir, 'sandbox.db'),
  requestsPerMinute: limit,
  onRequest: (entry) => {
    if (entry.path !== '/v1/shipment') return;
    if (entry.status === 429) tooMany += 1;
  },
});
const store = openStationStore(join(dir, 'station.db'));
for (let i = 0; i < items; i += 1) {
  const stationRef = `PB-BENCH-${ulid(Date.now())}`;
  outbox.queueShipment(store.db, { stationRef, input: shipment({ references: { orderNumber: `SO-BENCH-${i}` } }), now: Date.now() });
}
const client = new ServiceClient({
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  auth: { method: 'apiKey', apiKey: sandbox.credentials.apiKey },
  requestsPerMinute: limit,
  logger: {
    request: (entry) => {
      if (entry.operation === 'createShipment' && entry.status === 200) sends.push(realTimers.now() - entry.durationMs);
    },
    warn: () => undefined,
  },
});
const worker = new OutboxWorker({ store, client, timers: realTimers });

console.log(`drain bench: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`);
console.log(`draining ${items} queued creates (with labels) at a limit of ${limit} requests per minute…`);
const started = performance.now();
while (outbox.counts(store.db).done < items) {
  if (!(await worker.processNext())) await realTimers.sleep(10);
}
const elapsedS = (performance.now() - started) / 1000;

sends.sort((a, b) => a - b);
// A station exactly at the limit sends each request 60 s after the one `limit` before it.
const gaps = sends.slice(limit).map((t, i) => t - (sends[i] ?? 0));
const meanGap = gaps.reduce((a, b) => a + b, 0) / Math.max(1, gaps.length);
// The most requests any 60 s window held: the limit must hold.
let largest = 0;
for (let end = 0, start = 0; end < sends.length; end += 1) {
  while ((sends[start] ?? 0) <= (sends[end] ?? 0) - 60_000) start += 1;
  largest = Math.max(largest, end - start + 1);
}
console.log(`sent ${sends.length} creates in ${elapsedS.toFixed(1)} s`);
console.log(`each send came ${(meanGap / 1000).toFixed(3)} s after the send ${limit} before it (min ${(Math.min(...gaps) / 1000).toFixed(3)}, max ${(Math.max(...gaps) / 1000).toFixed(3)}); the limit allows 60 s`);
console.log(`achieved rate: ${((60_000 / meanGap) * 100).toFixed(1)}% of the limit`);
console.log(`most requests in any 60 s window: ${largest} (limit ${limit})`);
console.log(`429 answers received: ${tooMany}`);
console.log(`outbox: ${JSON.stringify(outbox.counts(store.db))}`);

client.close();
store.close();
await sandbox.close();
rmSync(dir, { recursive: true, force: true });
