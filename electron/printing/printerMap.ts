/**
 * Which printer and which media a document goes to. Labels go to the label printer, every other
 * document type (commercial invoices, packing lists…) to the document printer; either setting may
 * be null, meaning the system's default printer. Media comes from the per-printer setting, with
 * the stock each role usually holds as the fallback.
 */
import { roleOf, type PrinterRole } from '../api/printing';
import { printerLanguageOf } from '../store/printerLanguage';
import { getSetting, printerEntry } from '../store/settings';
import type { Db } from '../store/statements';
import type { PrinterBackend } from '../platform/printers/backend';
import { PrintBackendError } from '../platform/printers/backend';
import { parseMedia } from './media';
import type { MediaSize } from './media';

export type { PrinterRole } from '../api/printing';

export interface PrinterChoice {
  readonly printer: string;
  readonly role: PrinterRole;
  readonly media: MediaSize;
  /** A longer stock the printer can also print on, for labels longer than `media`. */
  readonly longer: MediaSize | undefined;
}

const DEFAULT_MEDIA: Readonly<Record<PrinterRole, string>> = { label: '4x6', document: 'Letter' };

/** What a role's documents wait for when nothing was chosen for it and the computer has no default. */
export function noPrinterChosen(role: PrinterRole): string {
  return `no ${role} printer is chosen and the computer has no default printer: choose one on the Printers screen`;
}

/**
 * The media configured for `printer`, or the role's usual stock when none is configured. A printer
 * set to ZPL is a thermal label printer: without a media setting it holds 4x6, whatever it prints.
 */
export function mediaFor(db: Db, printer: string, role: PrinterRole): MediaSize {
  const configured = printerEntry(getSetting(db, 'printerMedia'), printer);
  const usual = printerLanguageOf(db, printer).language === 'ZPL' ? DEFAULT_MEDIA.label : DEFAULT_MEDIA[role];
  return parseMedia(configured ?? usual, `printerMedia.${printer}`);
}

/** The longer stock set for `printer`, if any, and only when it is longer than its media. */
export function longerMediaFor(db: Db, printer: string, media: MediaSize): MediaSize | undefined {
  const configured = printerEntry(getSetting(db, 'printerLongerMedia'), printer);
  if (configured === undefined) return undefined;
  const longer = parseMedia(configured, `printerLongerMedia.${printer}`);
  return longer.height > media.height ? longer : undefined;
}

/**
 * Resolves printers for one pass of work: the system default is asked for at most once, and only
 * when a setting or a job leaves the choice to the system.
 */
export class PrinterMap {
  private defaultPrinter: Promise<string | undefined> | undefined;

  constructor(
    private readonly db: Db,
    private readonly backend: PrinterBackend,
  ) {}

  /** `explicit` is the printer a job names (a reprint to another printer); null follows the settings. */
  async choose(documentType: string, explicit: string | null = null): Promise<PrinterChoice> {
    const role = roleOf(documentType);
    const configured = explicit ?? getSetting(this.db, role === 'label' ? 'labelPrinter' : 'documentPrinter');
    const printer = configured ?? (await this.systemDefault(role));
    const media = mediaFor(this.db, printer, role);
    return { printer, role, media, longer: longerMediaFor(this.db, printer, media) };
  }

  private async systemDefault(role: PrinterRole): Promise<string> {
    this.defaultPrinter ??= this.backend.listPrinters().then((printers) => printers.find((p) => p.isDefault)?.name);
    const name = await this.defaultPrinter;
    if (name === undefined) {
      throw new PrintBackendError('printerMissing', noPrinterChosen(role));
    }
    return name;
  }
}
