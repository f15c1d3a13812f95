/**
 * Printers: which ones there are (the PDF folder among them) and whether labels can print now, which
 * takes what, the media, copies and language of each, the PDF folder's folder and its files, a test
 * page, reprints, previews and history; the labels held while auto-print was off, released at once; failed
 * prints, retried or dismissed, and a preview of any stored document (printing/printerSetup.ts,
 * printing/printJobs.ts).
 */
import type { StationHandlers } from '../../api';
import { StationError } from '../../api';
import { messageOf } from '../../base/errors';
import * as jobs from '../../printing/printJobs';
import { printSystem } from '../../printing/printSystem';
import * as setup from '../../printing/printerSetup';
import type { StationContext } from '../context';

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
  /** The active connection's store, with the PDF folder in use now. */
  const desk = (): setup.SetupParts => ({ store: station.connection().store, pdfFolder: () => station.pdfFolder() });
  return {
    listPrinters: async () => (await station.backend.survey()).printers,
    getPrintSystem: async () => printSystem(station.connection().store.read, await station.backend.survey()),
    getPrinterSetup: () => setup.printerSetup(desk()),
    setPdfFolder: (input) => setup.setPdfFolder(desk(), input),
    openPrintedFile: async ({ printJobId, reveal }) => {
      const file = jobs.savedFile(station.connection(), printJobId);
      try {
        await (reveal ? station.fileOpener.reveal(file) : station.fileOpener.open(file));
      } catch (error) {
        throw new StationError('conflict', `${messageOf(error)}: the file is ${file}`);
      }
      return { path: file };
    },
    setPrinterMap: (input) => setup.setPrinterMap(desk(), input),
    setPrinterMedia: (input) => setup.setPrinterMedia(desk(), input),
    setPrinterCopies: (input) => setup.setPrinterCopies(desk(), input),
    setPrinterLanguage: (input) => setup.setPrinterLanguage(desk(), input),
    printTestPage: ({ printer }) => station.connection().printing.testPage(printer),
    reprintDocument: async (input) => {
      const connection = station.connection();
      const job = await jobs.reprintDocument(connection, input);
      // In warehouse mode a reprint goes to the audit log (who reprinted which label, where).
      const stationRef = connection.store.read.documentInfo(input.documentId)?.stationRef ?? null;
      const orderNumber = stationRef === null ? null : (connection.store.read.shipment(stationRef)?.input?.references?.orderNumber ?? null);
      connection.journal.audit('reprint', orderNumber, stationRef, { documentId: String(input.documentId), printer: job.printer ?? '' });
      return job;
    },
    printHistory: ({ stationRef, limit }) => station.connection().printing.history({ ...(stationRef === undefined ? {} : { stationRef }), limit }),
    getDocumentContent: (input) => jobs.documentContent(station.connection(), input),
    previewPrint: (input) => jobs.previewPrint(station.connection(), input),
    releaseHeldPrintJobs: () => station.connection().printing.printQueued(),
    retryPrintJob: (input) => jobs.retryPrintJob(station.connection(), input),
    listPrintProblems: () => jobs.listPrintProblems(station.connection()),
    dismissPrintProblem: (input) => jobs.dismissPrintProblem(station.connection(), input),
  };
}
