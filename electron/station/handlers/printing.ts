/** Printers: which ones there are, which takes what, the media loaded, a test page, reprints and history. */
import type { PrinterSetup, StationHandlers } from '../../api';
import { MEDIA_NAMES } from '../../printing/media';
import { getSetting, setSetting } from '../../store/settings';
import type { StationContext } from '../station';

type PrintingMethods = 'listPrinters' | 'getPrinterSetup' | 'setPrinterMap' | 'setPrinterMedia' | 'printTestPage' | 'reprintDocument' | 'printHistory';

export function printingHandlers(station: StationContext): Pick<StationHandlers, PrintingMethods> {
  const db = () => station.connection().store.db;

  function setup(): PrinterSetup {
    return {
      labelPrinter: getSetting(db(), 'labelPrinter'),
      documentPrinter: getSetting(db(), 'documentPrinter'),
      printerMedia: getSetting(db(), 'printerMedia'),
      mediaNames: MEDIA_NAMES,
    };
  }

  return {
    listPrinters: () => station.backend.listPrinters(),
    getPrinterSetup: setup,
    setPrinterMap: ({ labelPrinter, documentPrinter }) => {
      if (labelPrinter !== undefined) setSetting(db(), 'labelPrinter', labelPrinter);
      if (documentPrinter !== undefined) setSetting(db(), 'documentPrinter', documentPrinter);
      return setup();
    },
    setPrinterMedia: ({ printer, media }) => {
      const { [printer]: _previous, ...others } = getSetting(db(), 'printerMedia');
      setSetting(db(), 'printerMedia', media === null ? others : { ...others, [printer]: media });
      return setup();
    },
    printTestPage: ({ printer }) => station.connection().printing.testPage(printer),
    reprintDocument: ({ documentId, printer, copies }) =>
      station.connection().printing.reprint(documentId, { ...(printer === undefined ? {} : { printer }), ...(copies === undefined ? {} : { copies }) }),
    printHistory: ({ stationRef, limit }) => station.connection().printing.history({ ...(stationRef === undefined ? {} : { stationRef }), limit }),
  };
}
