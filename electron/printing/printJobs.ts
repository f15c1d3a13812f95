/**
 * What a person does with the desk's prints: reprint a document, retry or dismiss a failed print,
 * see the failures still open, look at a stored document or a preview, and open the file a PDF
 * folder job wrote. A voided shipment's documents are not postage any more: none of them prints
 * again.
 */
import { existsSync } from 'node:fs';
import type { ParsedInput, PrintJob, PrintPreview, PrintProblem, StationResults } from '../api';
import { PENDING_CHANGE_STATUSES, StationError } from '../api';
import { isPdfFolderJob, pdfFolderJobFile } from '../platform/printers/pdfFolder';
import type { Store, StoredDocument } from '../store';
import type { PrintService } from './printService';

/** A shipment voided, or being voided: the void is on its way and the label must not print meanwhile. */
const VOIDED_STATUSES: ReadonlySet<string> = new Set(['Cancelled', PENDING_CHANGE_STATUSES.cancelShipment]);

export interface PrintJobParts {
  readonly store: Store;
  readonly printing: Pick<PrintService, 'reprint' | 'retry' | 'preview'>;
  now(): number;
}

function printJobOf(parts: PrintJobParts, id: number, field: string): PrintJob {
  const job = parts.store.read.printJob(id);
  if (job === undefined) throw new StationError('notFound', `there is no print job ${String(id)}`, [{ field, message: `${field} names no print job` }]);
  return job;
}

function failedJob(parts: PrintJobParts, id: number): PrintJob {
  const job = printJobOf(parts, id, 'id');
  if (job.state !== 'failed') throw new StationError('conflict', `print job ${String(id)} is ${job.state}, not failed: there is nothing to act on`, [{ field: 'id', message: 'id names a job that did not fail' }]);
  return job;
}

function notVoided(parts: PrintJobParts, stationRef: string | undefined, field: string): void {
  const shipment = stationRef === undefined ? undefined : parts.store.read.shipment(stationRef);
  if (shipment === undefined || !VOIDED_STATUSES.has(shipment.status)) return;
  const which = shipment.orderNumber === null ? (shipment.trackingNumber ?? shipment.stationRef) : `order ${shipment.orderNumber}`;
  throw new StationError('conflict', `the shipment of ${which} was voided, so its label is no longer postage: scan the order to ship it again`, [{ field, message: `${field} names a document of a voided shipment` }]);
}

function keptDocument(parts: PrintJobParts, documentId: number): StoredDocument {
  const doc = parts.store.read.document(documentId);
  if (doc === undefined) {
    throw new StationError('notFound', `document ${String(documentId)} is not kept (it may have passed the retention period)`, [{ field: 'documentId', message: 'documentId names no kept document' }]);
  }
  return doc;
}

/** The file a PDF folder job wrote, while it is still there. */
export function savedFile(parts: PrintJobParts, printJobId: number): string {
  const job = printJobOf(parts, printJobId, 'printJobId');
  if (job.cupsJobId === null || !isPdfFolderJob(job.cupsJobId)) {
    throw new StationError('conflict', `print job ${String(printJobId)} was not saved as a file (it went to ${job.targetPrinter ?? 'a printer'})`, [{ field: 'printJobId', message: 'printJobId names a job that was not saved as a file' }]);
  }
  const file = pdfFolderJobFile(job.cupsJobId);
  if (!existsSync(file)) throw new StationError('notFound', `${file} is no longer there (moved or deleted): print the document again`, [{ field: 'printJobId', message: 'the file is gone' }]);
  return file;
}

export function reprintDocument(parts: PrintJobParts, { documentId, printer, copies }: ParsedInput<'reprintDocument'>): Promise<PrintJob> {
  notVoided(parts, parts.store.read.documentInfo(documentId)?.stationRef, 'documentId');
  return parts.printing.reprint(documentId, { ...(printer === undefined ? {} : { printer }), ...(copies === undefined ? {} : { copies }) });
}

export function retryPrintJob(parts: PrintJobParts, { id }: ParsedInput<'retryPrintJob'>): Promise<PrintJob> {
  const job = failedJob(parts, id);
  notVoided(parts, job.stationRef, 'id');
  return parts.printing.retry(id);
}

export function dismissPrintProblem(parts: PrintJobParts, { id }: ParsedInput<'dismissPrintProblem'>): PrintJob {
  failedJob(parts, id);
  const now = parts.now();
  return parts.store.atomically((write) => write.resolvePrintFailure(id, now));
}

export function listPrintProblems(parts: PrintJobParts): PrintProblem[] {
  const { read } = parts.store;
  return read.listUnresolvedPrintFailures().map((job): PrintProblem => {
    const doc = job.documentId === null ? undefined : read.documentInfo(job.documentId);
    const shipment = read.shipment(job.stationRef);
    return {
      job,
      documentType: doc?.type ?? null,
      packageIndex: doc?.packageIndex ?? null,
      trackingNumber: shipment?.trackingNumber ?? null,
      orderNumber: shipment?.orderNumber ?? null,
    };
  });
}

export function documentContent(parts: PrintJobParts, { documentId }: ParsedInput<'getDocumentContent'>): StationResults['getDocumentContent'] {
  const doc = keptDocument(parts, documentId);
  return { documentId, stationRef: doc.stationRef, type: doc.type, name: doc.name, mime: doc.mime, base64: Buffer.from(doc.bytes).toString('base64') };
}

export function previewPrint(parts: PrintJobParts, { documentId, printer }: ParsedInput<'previewPrint'>): Promise<PrintPreview> {
  return parts.printing.preview(keptDocument(parts, documentId), printer);
}
