/**
 * A station process for the crash test: opens the station store, drains its outbox against
 * the sandbox, prints one JSON line per event (a `sending` line as each request leaves), and
 * exits when nothing is left to send. The test kills it with SIGKILL at random moments and
 * starts it again.
 *   stationProcess <db> <baseUrl> <apiKey> <requestsPerMinute>
 */
import { openStationStore } from '../../../electron/store/database';
import * as outbox from '../../../electron/store/outbox';
import { ServiceClient } from '../../../electron/service/client/client';
import { realTimers } from '../../../electron/platform/clock';
import { OutboxWorker } from '../../../electron/sync/outboxWorker';

const [dbPath, baseUrl, apiKey, perMinute] = process.argv.slice(2);
if (dbPath === undefined || baseUrl === undefined || apiKey === undefined || perMinute === undefined) {
  console.error('usage: stationProcess <db> <baseUrl> <apiKey> <requestsPerMinute>');
  process.exit(2);
}

const store = openStationStore(dbPath);
const client = new ServiceClient({
  baseUrl,
  authUrl: `${baseUrl}/auth`,
  auth: { method: 'apiKey', apiKey },
  requestsPerMinute: Number(perMinute),
  retry: { baseDelayMs: 20, maxDelayMs: 200 },
});
const worker = new OutboxWorker({
  store,
  client,
  timers: realTimers,
  onEvent: (event) => {
    // Printed as the request leaves (stdout to a pipe is synchronous), so the test can kill mid-send.
    if (event.type === 'outboxItem' && event.state === 'sending') console.log(JSON.stringify({ type: 'sending', id: event.id }));
    if (event.type === 'labelsReady' || event.type === 'labelUnavailable') console.log(JSON.stringify(event));
    if (event.type === 'outboxIdle') {
      const { pending, sending, unknown } = event.counts;
      if (pending + sending + unknown === 0) {
        console.log(JSON.stringify({ type: 'drained', counts: event.counts }));
        void worker.stop().then(() => {
          client.close();
          store.close();
          process.exit(0);
        });
      }
    }
  },
});
console.log(JSON.stringify({ type: 'started', recovered: outbox.counts(store.db).sending }));
worker.start();
