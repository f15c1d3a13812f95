/**
 * Printers: which ones there are, which takes what, the media, copies and language of each, a test page,
 * reprints, previews and history; the labels held while auto-print was off, released at once; failed
 * prints, retried or dismissed, and a preview of any stored document.
 */
import type { PrintProblem, PrinterSetup, StationHandlers } from '../../api';
import { DEFAULT_PRINTER_LANGUAGE, MEDIA_NAMES } from '../../api';
import { getDocument, getDocumentInfo, type StoredDocument } from '../../store/documents';
import { getPrintJob, listUnresolvedFailures, resolveFailure } from '../../store/printJobs';
import { getPrinterLanguages, setPrinterLanguage } from '../../store/printerLanguage';
import { getSetting, setSetting } from '../../store/settings';
import { getByStationRef } from '../../store/shipments';
import { StationError } from '../dispatch';
import { parseMedia } from '../../printing/media';
import type { StationContext } from '../context';

type PrintingMethods =
  | 'listPrinters'
  | 'getPrinterSetup'
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
    };
  }

  function failedJob(id: number): void {
    const job = getPrintJob(db(), id);
    if (job === undefined) throw new StationError('notFound', `there is no print job ${String(id)}`, [{ field: 'id', message: 'id names no print job' }]);
    if (job.state !== 'failed') throw new StationError('conflict', `print job ${String(id)} is ${job.state}, not failed: there is nothing to act on`, [{ field: 'id', message: 'id names a job that did not fail' }]);
  }

  function keptDocument(documentId: number): StoredDocument {
    const doc = getDocument(db(), documentId);
    if (doc === undefined) {
      throw new StationError('notFound', `document ${String(documentId)} is not kept (it may have passed the retention period)`, [{ field: 'documentId', message: 'documentId names no kept document' }]);
    }
    return doc;
  }

  return {
    listPrinters: () => station.backend.listPrinters(),
    getPrinterSetup: setup,
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
    reprintDocument: ({ documentId, printer, copies }) =>
      station.connection().printing.reprint(documentId, { ...(printer === undefined ? {} : { printer }), ...(copies === undefined ? {} : { copies }) }),
    printHistory: ({ stationRef, limit }) => station.connection().printing.history({ ...(stationRef === undefined ? {} : { stationRef }), limit }),
    getDocumentContent: ({ documentId }) => {
      const doc = keptDocument(documentId);
      return { documentId, stationRef: doc.stationRef, type: doc.type, name: doc.name, mime: doc.mime, base64: Buffer.from(doc.bytes).toString('base64') };
    },
    previewPrint: ({ documentId, printer }) => station.connection().printing.preview(keptDocument(documentId), printer),
    releaseHeldPrintJobs: () => station.connection().printing.printQueued(),
    retryPrintJob: ({ id }) => {
      failedJob(id);
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
