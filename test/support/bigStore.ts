/**
 * A station store with a long history, written through the store's own write path: the
 * synthetic shipments of the search bench (real tracking-number formats, names, cities, order
 * numbers), most of them created at this desk, some found on the service. Deterministic for a
 * count and a seed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { openStationStore, shipments } from '../../electron/store';
import { seededRandom, syntheticShipment } from '../unit/store/support/syntheticShipments';

export function fillStore(file: string, count: number, seed = 20250314): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const store = openStationStore(file);
  try {
    const { db } = store;
    const random = seededRandom(seed);
    // One transaction: one sync to disk at the end instead of one per shipment.
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const s = syntheticShipment(random, i, count);
        if (s.local) {
          shipments.insertQueuedShipment(db, { stationRef: s.stationRef, input: s.input, now: s.createdAt });
          shipments.recordCreated(db, s.stationRef, s.result, s.createdAt + 1500);
        } else {
          shipments.upsertFromSearch(db, s.searchRecord, s.createdAt + 60_000);
        }
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}
