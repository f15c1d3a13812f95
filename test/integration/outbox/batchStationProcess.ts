/**
 * A whole station for the batch crash test, in a process of its own: it opens the station on its
 * data folder (the CUPS backend on the scheduler CUPS_SERVER names), and every run does the same
 * steps, each of which a second time changes nothing: the service's profile made and chosen, the
 * label printer set, the shop's file imported, the batch shipped with its fixed key. Then it
 * prints one JSON line per event that matters (a `sending` line as each create leaves) and exits
 * once the batch's labels printed. The test kills it with SIGKILL at random moments and starts it
 * again.
 *   batchStationProcess <dataDir> <baseUrl> <apiKey> <ordersFile> <batchKey> <locationId> <labelQueue>
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MethodInput, StationMethod, StationResults } from '../../../electron/api';
import { CupsBackend } from '../../../electron/platform/printers/cups/backend';
import { FileVault } from '../../../electron/platform/vault';
import { openStation } from '../../../electron/station/station';

const [dataDir, baseUrl, apiKey, ordersFile, batchKey, locationId, labelQueue] = process.argv.slice(2);
if ([dataDir, baseUrl, apiKey, ordersFile, batchKey, locationId, labelQueue].some((arg) => arg === undefined)) {
  console.error('usage: batchStationProcess <dataDir> <baseUrl> <apiKey> <ordersFile> <batchKey> <locationId> <labelQueue>');
  process.exit(2);
}
const args = { dataDir: dataDir ?? '', baseUrl: baseUrl ?? '', apiKey: apiKey ?? '', ordersFile: ordersFile ?? '', batchKey: batchKey ?? '', locationId: locationId ?? '', labelQueue: labelQueue ?? '' };
const say = (line: object): void => console.log(JSON.stringify(line));

const station = await openStation({
  dataDir: args.dataDir,
  vault: await FileVault.open(path.join(args.dataDir, 'vault')),
  printerBackend: new CupsBackend({ env: process.env }),
  tuning: { offlineProbeMs: 200, printPollMs: 100, printerPollMs: 250 },
});

async function value<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]> {
  const answer = await station.call(method, input);
  if (!answer.ok) throw new Error(`${method} failed: ${JSON.stringify(answer)}`);
  return answer.value as StationResults[M];
}

// Known once shipBatch answers; the print events that finish the run may come before it.
let batchId: number | undefined = undefined;
let done = false;
const finishIfPrinted = async (): Promise<void> => {
  if (batchId === undefined || done) return;
  const view = await value('getBatch', { batchId });
  if (!view.printed) return;
  done = true;
  say({ type: 'printed', batchId, pages: view.print?.pages });
  await station.close();
  process.exit(0);
};

station.onEvent((event) => {
  // Printed as the request leaves (stdout to a pipe is synchronous), so the test can kill mid-send.
  if (event.type === 'outboxItem' && event.state === 'sending') say({ type: 'sending', id: event.id });
  if (event.type === 'batchProgress') say(event);
  if (event.type === 'printJob') {
    say({ type: 'printJob', state: event.state, ids: event.ids.length, ...(event.message === undefined ? {} : { message: event.message }) });
    if (event.state === 'completed') void finishIfPrinted();
  }
});

const name = 'Crash service';
let profile = (await value('listProfiles', {})).find((p) => p.name === name);
if (profile === undefined) {
  profile = await value('saveProfile', { name, baseUrl: args.baseUrl, authUrl: args.baseUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 100_000 });
  await value('setProfileSecret', { profileId: profile.id, secret: args.apiKey });
}
if ((await value('getConnection', {})).profile.id !== profile.id) await value('switchProfile', { profileId: profile.id });
await value('setPrinterMap', { labelPrinter: args.labelQueue });
await value('importOrders', { text: readFileSync(args.ordersFile, 'utf8') });
const orderNumbers = (await value('listOrders', { limit: 500 })).orders.map((order) => order.orderNumber).sort();
const batch = await value('shipBatch', {
  batchKey: args.batchKey,
  orderNumbers,
  box: { length: 10, width: 8, height: 4, unitOfLength: 'IN' },
  service: { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' },
  shipFromLocationId: args.locationId,
});
batchId = batch.id;
say({ type: 'started', batchId, profileId: profile.id, repeated: batch.repeated === true, total: batch.total, settled: batch.settled });
await finishIfPrinted();
