/**
 * Child process of the crash-durability test: queues shipments in a loop and prints each
 * outbox id once its transaction has committed, until the parent kills it with SIGKILL.
 * Usage: node --import tsx enqueueLoop.ts <store path> <round>
 */
import { writeSync } from 'node:fs';
import { openStationStore, outbox } from '../../../../electron/store';
import { shipmentInput } from './samples';

const [path, round] = process.argv.slice(2);
if (path === undefined || round === undefined) throw new Error('usage: enqueueLoop.ts <store path> <round>');
const store = openStationStore(path);
const input = shipmentInput();
for (let i = 0; ; i++) {
  const item = outbox.queueShipment(store.db, { stationRef: `PB-KILL-${round}-${i}`, input, now: Date.now() });
  if (i % 4 === 3) outbox.markSending(store.db, item.id, Date.now());
  // Synchronous write: the id reaches the pipe only after the commit, and before the next one.
  writeSync(1, `${item.id}\n`);
}
