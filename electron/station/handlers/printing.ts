/**
 * Printers: which ones there are (the PDF folder among them) and whether labels can print now, which
 * takes what, the media, copies and language of each, the PDF folder's folder and its files, a test
 * page, reprints, previews and history; the labels held while auto-print was off, released at once; failed
 * prints, retried or dismissed, and a preview of any stored document.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PrintProblem, PrinterSetup, StationHandlers } from '../../api';
import { DEFAULT_PRINTER_LANGUAGE, MEDIA_NAMES, PENDING_CHANGE_STATUSES } from '../../api';
import { folderProblem, isPdfFolderJob, pdfFolderJobFile } from '../../platform/printers/pdfFolder';
import { getDocument, getDocumentInfo, type StoredDocument } from '../../store/documents';
import { getPrintJob, listUnresolvedFailures, resolveFailure } from '../../store/printJobs';
import { getPrinterLanguages, setPrinterLanguage } from '../../store/printerLanguage';
import { getSetting, setSetting } from '../../store/settings';
import { getByStationRef } from '../../store/shipments';
import { StationError } from '../dispatch';
import { parseMedia } from '../../printing/media';
import type { StationContext } from '../context';
import { printSystem } from '../printSystem';

/** A shipment voided, or being voided: the void is on its way and the label must not print meanwhile. */
const VOIDED_STATUSES: ReadonlySet<string> = new Set(['Cancelled', PENDING_CHANGE_STATUSES.cancelShipment]);

type PrintingMethods =
  | 'listPrinters'
  | 'getPrintSystem'
  | 'getPrinterSetup'
  | 'setPdfFolder'
  | 'openPrintedFile'
  | 'setPrinterMap'
  | 'setPrinterMedia'
  | 'setPrinterCopies'
  | 'setPrinterLanguage'
  | 'printTestPage'
  | 'reprintDocument'
  | 'printHistory'
  | 'getDocumentContent'
  | 'previewPrint'
  | 'releaseHeldPrintJobs'
  | 'retryPrintJob'
  | 'listPrintProblems'
  | 'dismissPrintProblem';

export function printingHandlers(station: StationContext): Pick<StationHandlers, PrintingMethods> {
  const db = () => station.connection().store.db;

  function setup(): PrinterSetup {
    return {
      labelPrinter: getSetting(db(), 'labelPrinter'),
      documentPrinter: getSetting(db(), 'documentPrinter'),
      printerMedia: getSetting(db(), 'printerMedia'),
      printerCopies: getSetting(db(), 'printerCopies'),
      printerLanguage: getPrinterLanguages(db()),
      printerLongerMedia: getSetting(db(), 'printerLongerMedia'),
      mediaNames: MEDIA_NAMES,
      pdfFolder: station.pdfFolder().folder,
      pdfFolderIsDefault: station.pdfFolder().isDefault,
    };
  }

  /** The file a PDF folder job wrote, while it is still there. */
  function savedFile(printJobId: number): string {
    const job = getPrintJob(db(), printJobId);
    if (job === undefined) throw new StationError('notFound', `there is no print job ${String(printJobId)}`, [{ field: 'printJobId', message: 'printJobId names no print job' }]);
    if (job.cupsJobId === null || !isPdfFolderJob(job.cupsJobId)) {
      throw new StationError('conflict', `print job ${String(printJobId)} was not saved as a file (it went to ${job.targetPrinter ?? 'a printer'})`, [{ field: 'printJobId', message: 'printJobId names a job that was not saved as a file' }]);
    }
    const file = pdfFolderJobFile(job.cupsJobId);
    if (!existsSync(file)) throw new StationError('notFound', `${file} is no longer there (moved or deleted): print the document again`, [{ field: 'printJobId', message: 'the file is gone' }]);
    return file;
  }

  function failedJob(id: number): void {
    const job = getPrintJob(db(), id);
    if (job === undefined) throw new StationError('notFound', `there is no print job ${String(id)}`, [{ field: 'id', message: 'id names no print job' }]);
    if (job.state !== 'failed') throw new StationError('conflict', `print job ${String(id)} is ${job.state}, not failed: there is nothing to act on`, [{ field: 'id', message: 'id names a job that did not fail' }]);
  }

  /** A voided shipment's documents are not postage any more: none of them prints again. */
  function notVoided(stationRef: string | undefined, field: string): void {
    const shipment = stationRef === undefined ? undefined : getByStationRef(db(), stationRef);
    if (shipment === undefined || !VOIDED_STATUSES.has(shipment.status)) return;
    const which = shipment.orderNumber === null ? (shipment.trackingNumber ?? shipment.stationRef) : `order ${shipment.orderNumber}`;
    throw new StationError('conflict', `the shipment of ${which} was voided, so its label is no longer postage: scan the order to ship it again`, [{ field, message: `${field} names a document of a voided shipment` }]);
  }

  function keptDocument(documentId: number): StoredDocument {
    const doc = getDocument(db(), documentId);
    if (doc === undefined) {
      throw new StationError('notFound', `document ${String(documentId)} is not kept (it may have passed the retention period)`, [{ field: 'documentId', message: 'documentId names no kept document' }]);
    }
    return doc;
  }

  return {
    listPrinters: async () => (await station.backend.survey()).printers,
    getPrintSystem: async () => printSystem(db(), await station.backend.survey()),
    getPrinterSetup: setup,
    setPdfFolder: async ({ folder }) => {
      if (folder !== null) {
        const problem = await folderProblem(folder);
        if (problem !== undefined) throw new StationError('invalidInput', `the PDF folder cannot be ${folder}: ${problem}`, [{ field: 'folder', message: problem }]);
      }
      setSetting(db(), 'pdfFolder', folder === null ? null : path.resolve(folder));
      return setup();
    },
    openPrintedFile: async ({ printJobId, reveal }) => {
      const file = savedFile(printJobId);
      try {
        await (reveal ? station.fileOpener.reveal(file) : station.fileOpener.open(file));
      } catch (error) {
        throw new StationError('conflict', `${error instanceof Error ? error.message : String(error)}: the file is ${file}`);
      }
      return { path: file };
    },
    setPrinterMap: ({ labelPrinter, documentPrinter }) => {
      if (labelPrinter !== undefined) setSetting(db(), 'labelPrinter', labelPrinter);
      if (documentPrinter !== undefined) setSetting(db(), 'documentPrinter', documentPrinter);
      return setup();
    },
    setPrinterMedia: ({ printer, media, longer }) => {
      if (media !== null && longer !== undefined && longer !== null && parseMedia(longer).height <= parseMedia(media).height) {
        throw new StationError('invalidInput', `the longer stock of ${printer} must be longer than its media`, [{ field: 'longer', message: 'longer must be longer than media' }]);
      }
      const { [printer]: _previous, ...others } = getSetting(db(), 'printerMedia');
      setSetting(db(), 'printerMedia', media === null ? others : { ...others, [printer]: media });
      // Left out, the longer stock stays as it was; null forgets it.
      if (longer !== undefined) {
        const { [printer]: _before, ...rest } = getSetting(db(), 'printerLongerMedia');
        setSetting(db(), 'printerLongerMedia', longer === null ? rest : { ...rest, [printer]: longer });
      }
      return setup();
    },
    setPrinterCopies: ({ printer, copies }) => {
      const { [printer]: _previous, ...others } = getSetting(db(), 'printerCopies');
      setSetting(db(), 'printerCopies', copies === null ? others : { ...others, [printer]: copies });
      return setup();
    },
    setPrinterLanguage: ({ printer, language, dpi, darkness, offset }) => {
      const config = { language, dpi, darkness, offset };
      // A printer back on PDF with nothing else changed is forgotten, as a printer never set.
      const isDefault = JSON.stringify(config) === JSON.stringify(DEFAULT_PRINTER_LANGUAGE);
      setPrinterLanguage(db(), printer, isDefault ? null : config);
      return setup();
    },
    printTestPage: ({ printer }) => station.connection().printing.testPage(printer),
    reprintDocument: ({ documentId, printer, copies }) => {
      notVoided(getDocumentInfo(db(), documentId)?.stationRef, 'documentId');
      return station.connection().printing.reprint(documentId, { ...(printer === undefined ? {} : { printer }), ...(copies === undefined ? {} : { copies }) });
    },
    printHistory: ({ stationRef, limit }) => station.connection().printing.history({ ...(stationRef === undefined ? {} : { stationRef }), limit }),
    getDocumentContent: ({ documentId }) => {
      const doc = keptDocument(documentId);
      return { documentId, stationRef: doc.stationRef, type: doc.type, name: doc.name, mime: doc.mime, base64: Buffer.from(doc.bytes).toString('base64') };
    },
    previewPrint: ({ documentId, printer }) => station.connection().printing.preview(keptDocument(documentId), printer),
    releaseHeldPrintJobs: () => station.connection().printing.printQueued(),
    retryPrintJob: ({ id }) => {
      failedJob(id);
      notVoided(getPrintJob(db(), id)?.stationRef, 'id');
      return station.connection().printing.retry(id);
    },
    listPrintProblems: () =>
      listUnresolvedFailures(db()).map((job): PrintProblem => {
        const doc = job.documentId === null ? undefined : getDocumentInfo(db(), job.documentId);
        const shipment = getByStationRef(db(), job.stationRef);
        return {
          job,
          documentType: doc?.type ?? null,
          packageIndex: doc?.packageIndex ?? null,
          trackingNumber: shipment?.trackingNumber ?? null,
          orderNumber: shipment?.orderNumber ?? null,
        };
      }),
    dismissPrintProblem: ({ id }) => {
      failedJob(id);
      return resolveFailure(db(), id, station.timers.now());
    },
  };
}
