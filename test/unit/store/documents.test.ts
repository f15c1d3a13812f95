import { describe, expect, it } from 'vitest';
import { StoreNotFoundError, documents, printJobs, shipments } from '../../../electron/store';
import { shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const REF = 'PB-D1-DOCS';
const DAY = 24 * 60 * 60 * 1000;
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

function storeWithShipment() {
  const store = openTempStore();
  shipments.insertQueuedShipment(store.db, { stationRef: REF, input: shipmentInput(), now: T0 });
  return store;
}

describe('documents', () => {
  it('are kept as blobs and read back byte for byte', () => {
    const { db } = storeWithShipment();
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    const [id] = documents.saveDocuments(db, REF, [{ type: 'Label', name: 'label.pdf', mime: 'application/pdf', packageIndex: 0, bytes }], T0);
    const stored = documents.getDocument(db, id ?? -1);
    expect(stored).toMatchObject({ stationRef: REF, type: 'Label', name: 'label.pdf', mime: 'application/pdf', packageIndex: 0, size: 70_000, createdAt: T0 });
    expect(stored?.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it('are listed labels first, by package, without bytes', () => {
    const { db } = storeWithShipment();
    documents.saveDocuments(
      db,
      REF,
      [
        { type: 'CommercialInvoice', mime: 'application/pdf', bytes: pdf('ci') },
        { type: 'Label', mime: 'application/pdf', packageIndex: 1, bytes: pdf('l1') },
        { type: 'Label', mime: 'application/pdf', packageIndex: 0, bytes: pdf('l0') },
      ],
      T0,
    );
    const listed = documents.listDocuments(db, REF);
    expect(listed.map((d) => [d.type, d.packageIndex])).toEqual([
      ['Label', 0],
      ['Label', 1],
      ['CommercialInvoice', null],
    ]);
    expect(listed[0]).not.toHaveProperty('bytes');
  });

  it('saved again keep their ids and take the new bytes', () => {
    const { db } = storeWithShipment();
    const first = documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'application/pdf', packageIndex: 0, bytes: pdf('v1') }], T0);
    const second = documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'application/pdf', packageIndex: 0, bytes: pdf('v2') }], T0 + 1);
    expect(second).toEqual(first);
    expect(documents.listDocuments(db, REF)).toHaveLength(1);
    expect(new TextDecoder().decode(documents.getDocument(db, first[0] ?? -1)?.bytes)).toBe('%PDF-1.7 v2');
  });

  it('are refused for a missing shipment, or with an empty file or a bad MIME type, naming the document', () => {
    const { db } = storeWithShipment();
    expect(() => documents.saveDocuments(db, 'PB-none', [{ type: 'Label', mime: 'application/pdf', bytes: pdf('x') }], T0)).toThrow(StoreNotFoundError);
    expect(() => documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'application/pdf', bytes: new Uint8Array() }], T0)).toThrow(/documents\[0\]: bytes: must not be empty/);
    expect(() => documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'pdf', bytes: pdf('x') }], T0)).toThrow(/documents\[0\]: mime/);
    expect(documents.listDocuments(db, REF)).toEqual([]);
  });

  it('older than the retention cutoff are purged; print history stays without the link', () => {
    const { db } = storeWithShipment();
    const [old] = documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'application/pdf', packageIndex: 0, bytes: pdf('old') }], T0 - 40 * DAY);
    documents.saveDocuments(db, REF, [{ type: 'Label', mime: 'application/pdf', packageIndex: 1, bytes: pdf('new') }], T0 - DAY);
    const [job] = printJobs.handOffForPrinting(db, REF, T0);
    expect(job?.documentId).toBe(old);
    expect(documents.purgeDocumentsOlderThan(db, T0 - 30 * DAY)).toBe(1);
    expect(documents.getDocument(db, old ?? -1)).toBeUndefined();
    expect(documents.listDocuments(db, REF).map((d) => d.packageIndex)).toEqual([1]);
    expect(printJobs.getPrintJob(db, job?.id ?? -1)).toMatchObject({ documentId: null, purpose: 'auto' });
  });
});
