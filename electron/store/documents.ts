/**
 * Labels and other shipment documents, kept for reprint as BLOBs in the store. A label is
 * tens of kilobytes: SQLite reads and writes blobs that size faster than separate files,
 * and a blob is written in the same transaction as the shipment it belongs to, so there is
 * never a row without its file or a file without its row, and one file holds all a desk's
 * data for backup and support. Old documents go by the retention setting.
 */
import * as z from 'zod';
import type { StoredDocumentInfo } from '../api/shipments';
import { StoreNotFoundError } from './errors';
import { parseInput, parseRow } from './rows';
import { atomically, statement, type Db } from './statements';

export interface DocumentInput {
  /** The service's documentType: "Label", "CommercialInvoice", … */
  type: string;
  name?: string | null;
  mime: string;
  /** Which package a label is for (0-based); null for shipment-wide documents. */
  packageIndex?: number | null;
  bytes: Uint8Array;
}


export interface StoredDocument extends StoredDocumentInfo {
  readonly bytes: Uint8Array;
}

const DocumentInputSchema = z.object({
  type: z.string().trim().min(1, 'must not be empty').max(64),
  name: z.string().max(255).nullish(),
  mime: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type such as application/pdf'),
  packageIndex: z.number().int().min(0).nullish(),
  bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.length > 0, 'must not be empty'),
});

const infoColumns = {
  document_id: z.number().int(),
  station_ref: z.string(),
  type: z.string(),
  name: z.string().nullable(),
  package_index: z.number().int().nullable(),
  mime: z.string(),
  size: z.number().int(),
  created_at: z.number().int(),
};
const InfoRow = z.object(infoColumns);
const FullRow = z.object({ ...infoColumns, bytes: z.instanceof(Uint8Array) });

function infoOf(row: z.output<typeof InfoRow>): StoredDocumentInfo {
  return {
    documentId: row.document_id,
    stationRef: row.station_ref,
    type: row.type,
    name: row.name,
    packageIndex: row.package_index,
    mime: row.mime,
    size: row.size,
    createdAt: row.created_at,
  };
}

const INFO_SELECT = 'document_id, station_ref, type, name, package_index, mime, length(bytes) AS size, created_at';

/**
 * Saves a shipment's documents. A document is identified by (type, packageIndex, name):
 * saving the same one again replaces its bytes and keeps its id, so a retried save cannot
 * make a second label (nor a second automatic print of it). Returns the ids, in order.
 */
export function saveDocuments(db: Db, stationRef: string, docs: readonly DocumentInput[], now: number): number[] {
  const parsed = docs.map((doc, i) => parseInput(DocumentInputSchema, doc, `documents[${i}]`));
  return atomically(db, () => {
    if (statement(db, 'SELECT 1 FROM shipments WHERE station_ref = ?').get(stationRef) === undefined) {
      throw new StoreNotFoundError(`no shipment with station reference ${stationRef}`);
    }
    return parsed.map((doc) => {
      const name = doc.name ?? null;
      const packageIndex = doc.packageIndex ?? null;
      const existing = statement(
        db,
        "SELECT document_id FROM documents WHERE station_ref = ? AND type = ? AND ifnull(package_index, -1) = ifnull(?, -1) AND ifnull(name, '') = ifnull(?, '')",
      ).get(stationRef, doc.type, packageIndex, name) as { document_id: number } | undefined;
      if (existing !== undefined) {
        statement(db, 'UPDATE documents SET mime = ?, bytes = ? WHERE document_id = ?').run(doc.mime, doc.bytes, existing.document_id);
        return existing.document_id;
      }
      const inserted = statement(db, 'INSERT INTO documents (station_ref, type, name, package_index, mime, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        stationRef,
        doc.type,
        name,
        packageIndex,
        doc.mime,
        doc.bytes,
        now,
      );
      return Number(inserted.lastInsertRowid);
    });
  });
}

/** A shipment's documents without their bytes: labels by package, then the others. */
export function listDocuments(db: Db, stationRef: string): StoredDocumentInfo[] {
  return statement(db, `SELECT ${INFO_SELECT} FROM documents WHERE station_ref = ? ORDER BY type <> 'Label', package_index, document_id`)
    .all(stationRef)
    .map((row) => infoOf(parseRow(InfoRow, row, `documents row of ${stationRef}`)));
}

/** A stored document without its bytes. */
export function getDocumentInfo(db: Db, documentId: number): StoredDocumentInfo | undefined {
  const row = statement(db, `SELECT ${INFO_SELECT} FROM documents WHERE document_id = ?`).get(documentId);
  return row === undefined ? undefined : infoOf(parseRow(InfoRow, row, `documents row ${documentId}`));
}

export function getDocument(db: Db, documentId: number): StoredDocument | undefined {
  const row = statement(db, `SELECT ${INFO_SELECT}, bytes FROM documents WHERE document_id = ?`).get(documentId);
  if (row === undefined) return undefined;
  const parsed = parseRow(FullRow, row, `documents row ${documentId}`);
  // better-sqlite3 hands BLOBs over as Buffers; callers get a plain Uint8Array view.
  return { ...infoOf(parsed), bytes: new Uint8Array(parsed.bytes.buffer, parsed.bytes.byteOffset, parsed.bytes.byteLength) };
}

/**
 * Deletes documents created before `cutoffMs` (the retention setting); returns how many.
 * Print history stays, with its document link cleared. Freed pages are reused by the next
 * labels, so a desk's file settles at the size of its retention window.
 */
export function purgeDocumentsOlderThan(db: Db, cutoffMs: number): number {
  return statement(db, 'DELETE FROM documents WHERE created_at < ?').run(cutoffMs).changes;
}
