/**
 * How this desk prints: which printer takes labels and which other documents, the media, copies
 * and language of each printer, and the PDF folder. All of it is the desk's own (settings of one
 * desk), and each change answers with the whole setup as it now stands.
 */
import path from 'node:path';
import type { ParsedInput, PrinterSetup } from '../api';
import { DEFAULT_PRINTER_LANGUAGE, MEDIA_NAMES, StationError } from '../api';
import { folderProblem } from '../platform/printers/pdfFolder';
import type { Store } from '../store';
import { parseMedia } from './media';

/** What the setup needs: the desk's store, and the PDF folder in use now (the profile's choice, else the default). */
export interface SetupParts {
  readonly store: Store;
  pdfFolder(): { readonly folder: string; readonly isDefault: boolean };
}

export function printerSetup(parts: SetupParts): PrinterSetup {
  const { read } = parts.store;
  const pdf = parts.pdfFolder();
  return {
    labelPrinter: read.deskSetting('labelPrinter'),
    documentPrinter: read.deskSetting('documentPrinter'),
    printerMedia: read.deskSetting('printerMedia'),
    printerCopies: read.deskSetting('printerCopies'),
    printerLanguage: read.printerLanguages(),
    printerLongerMedia: read.deskSetting('printerLongerMedia'),
    mediaNames: MEDIA_NAMES,
    pdfFolder: pdf.folder,
    pdfFolderIsDefault: pdf.isDefault,
  };
}

export async function setPdfFolder(parts: SetupParts, { folder }: ParsedInput<'setPdfFolder'>): Promise<PrinterSetup> {
  if (folder !== null) {
    const problem = await folderProblem(folder);
    if (problem !== undefined) throw new StationError('invalidInput', `the PDF folder cannot be ${folder}: ${problem}`, [{ field: 'folder', message: problem }]);
  }
  parts.store.atomically((write) => write.setDeskSetting('pdfFolder', folder === null ? null : path.resolve(folder)));
  return printerSetup(parts);
}

export function setPrinterMap(parts: SetupParts, { labelPrinter, documentPrinter }: ParsedInput<'setPrinterMap'>): PrinterSetup {
  parts.store.atomically((write) => {
    if (labelPrinter !== undefined) write.setDeskSetting('labelPrinter', labelPrinter);
    if (documentPrinter !== undefined) write.setDeskSetting('documentPrinter', documentPrinter);
  });
  return printerSetup(parts);
}

export function setPrinterMedia(parts: SetupParts, { printer, media, longer }: ParsedInput<'setPrinterMedia'>): PrinterSetup {
  if (media !== null && longer !== undefined && longer !== null && parseMedia(longer).height <= parseMedia(media).height) {
    throw new StationError('invalidInput', `the longer stock of ${printer} must be longer than its media`, [{ field: 'longer', message: 'longer must be longer than media' }]);
  }
  parts.store.atomically((write) => {
    const { [printer]: _previous, ...others } = write.deskSetting('printerMedia');
    write.setDeskSetting('printerMedia', media === null ? others : { ...others, [printer]: media });
    // Left out, the longer stock stays as it was; null forgets it.
    if (longer !== undefined) {
      const { [printer]: _before, ...rest } = write.deskSetting('printerLongerMedia');
      write.setDeskSetting('printerLongerMedia', longer === null ? rest : { ...rest, [printer]: longer });
    }
  });
  return printerSetup(parts);
}

export function setPrinterCopies(parts: SetupParts, { printer, copies }: ParsedInput<'setPrinterCopies'>): PrinterSetup {
  parts.store.atomically((write) => {
    const { [printer]: _previous, ...others } = write.deskSetting('printerCopies');
    write.setDeskSetting('printerCopies', copies === null ? others : { ...others, [printer]: copies });
  });
  return printerSetup(parts);
}

export function setPrinterLanguage(parts: SetupParts, { printer, language, dpi, darkness, offset }: ParsedInput<'setPrinterLanguage'>): PrinterSetup {
  const config = { language, dpi, darkness, offset };
  // A printer back on PDF with nothing else changed is forgotten, as a printer never set.
  const isDefault = JSON.stringify(config) === JSON.stringify(DEFAULT_PRINTER_LANGUAGE);
  parts.store.atomically((write) => write.setPrinterLanguage(printer, isDefault ? null : config));
  return printerSetup(parts);
}
