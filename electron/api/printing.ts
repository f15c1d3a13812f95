/**
 * Printing as the station API shows it: the printers, which takes which documents, the media
 * loaded, print jobs and their states, and the events of a job. Pure (zod and the service
 * contract): the printing code and the store import these names from here.
 */
import * as z from 'zod';
import { text, type KnownDocumentType } from '../service/contract';

// ---- Media -----------------------------------------------------------------------------

export const MEDIA_NAMES = ['4x6', '4x4', '4x8', 'A6', 'Letter', 'A4'] as const;
export type MediaName = (typeof MEDIA_NAMES)[number];
export const MediaName = z.enum(MEDIA_NAMES);

/** 0.5 in to 48 in (PDF points): below that nothing legible fits, above that no label or sheet printer feeds. */
export const CUSTOM_MEDIA_MIN = 36;
export const CUSTOM_MEDIA_MAX = 3456;

const side = z
  .number({ error: 'must be a number of points' })
  .refine(Number.isFinite, 'must be a finite number of points')
  .refine((n) => n >= CUSTOM_MEDIA_MIN && n <= CUSTOM_MEDIA_MAX, { message: `must be between ${CUSTOM_MEDIA_MIN} and ${CUSTOM_MEDIA_MAX} points` });

export const CustomMedia = z.strictObject({ width: side, height: side });
export type CustomMedia = z.infer<typeof CustomMedia>;

/** What a printer's settings may hold: a named size or a custom size in points. */
export const MediaConfig = z.union([MediaName, CustomMedia]);
export type MediaConfig = z.infer<typeof MediaConfig>;

// ---- Printer languages ------------------------------------------------------------------

/** PDF goes through the queue's driver; ZPL is drawn here at the printer's resolution and sent raw. */
export const PRINTER_LANGUAGES = ['PDF', 'ZPL'] as const;
export type PrinterLanguage = (typeof PRINTER_LANGUAGES)[number];

/** The resolutions thermal label printers are sold in (8, 12 and 24 dots per mm). */
export const ZPL_DPIS = [203, 300, 600] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];

/** ~SD takes 0 to 30; 15 is the middle, where most direct-thermal stock starts. */
export const ZPL_DARKNESS_MAX = 30;
export const ZPL_DEFAULT_DARKNESS = 15;
/** ^LH moves the label by at most an inch at 203 dpi: more means the stock or the media setting is wrong. */
export const ZPL_OFFSET_MAX = 200;

const dots = z
  .number({ error: 'must be a number of dots' })
  .int('must be a whole number of dots')
  .min(0, 'must be 0 or more dots')
  .max(ZPL_OFFSET_MAX, `must be at most ${String(ZPL_OFFSET_MAX)} dots`);

export const PrinterLanguage = z.enum(PRINTER_LANGUAGES);
export const ZplDpi = z.union(ZPL_DPIS.map((dpi) => z.literal(dpi)), { error: `must be ${ZPL_DPIS.join(', ')} dpi` });
export const ZplDarkness = z.number().int('must be a whole number').min(0).max(ZPL_DARKNESS_MAX);
/** Where the label's top-left corner goes (^LH), in dots right and down from the printer's own. */
export const ZplOffset = z.strictObject({ x: dots, y: dots });

/** How a printer is spoken to; a printer not listed takes PDF. */
export const PrinterLanguageConfig = z.strictObject({
  language: PrinterLanguage,
  dpi: ZplDpi,
  darkness: ZplDarkness,
  offset: ZplOffset,
});
export type PrinterLanguageConfig = z.infer<typeof PrinterLanguageConfig>;
export type ZplSettings = Pick<PrinterLanguageConfig, 'dpi' | 'darkness' | 'offset'>;

export const DEFAULT_PRINTER_LANGUAGE: PrinterLanguageConfig = { language: 'PDF', dpi: 203, darkness: ZPL_DEFAULT_DARKNESS, offset: { x: 0, y: 0 } };

// ---- Printers and roles ----------------------------------------------------------------

export const PRINTER_STATES = ['idle', 'printing', 'stopped', 'unknown'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export interface PrinterInfo {
  readonly name: string;
  readonly isDefault: boolean;
  readonly state: PrinterState;
  readonly accepting: boolean;
  readonly message?: string;
  readonly deviceUri?: string;
}

/** Labels go to the label printer; every other document to the document printer. */
export const PRINTER_ROLES = ['label', 'document'] as const;
export type PrinterRole = (typeof PRINTER_ROLES)[number];

/** The printer each known document type goes to; a type not listed goes to the document printer. */
export const DOCUMENT_ROLES: Readonly<Record<KnownDocumentType, PrinterRole>> = { Label: 'label', CommercialInvoice: 'document' };

export function roleOf(documentType: string): PrinterRole {
  return Object.hasOwn(DOCUMENT_ROLES, documentType) ? DOCUMENT_ROLES[documentType as KnownDocumentType] : 'document';
}

export const PrinterName = text(255).min(1, 'must not be empty');

/**
 * The printer every desk has, whatever the computer has: each job is written as a PDF file into a
 * folder (PrinterSetup.pdfFolder), to open at once and print later. Listed with the system's
 * printers, chosen like them; a system printer of the same name is not listed.
 */
export const PDF_FOLDER_PRINTER = 'PDF folder';

/** A folder on this computer: an absolute path (checked by the station: it must be writable). */
export const FolderPath = text(4096).min(1, 'must not be empty');

export interface PrinterSetup {
  readonly labelPrinter: string | null;
  readonly documentPrinter: string | null;
  readonly printerMedia: Readonly<Record<string, MediaConfig>>;
  /** Copies of each automatic print, by printer; a printer not listed prints one. */
  readonly printerCopies: Readonly<Record<string, number>>;
  /** Language, resolution, darkness and offset of each printer set to something; a printer not listed takes PDF. */
  readonly printerLanguage: Readonly<Record<string, PrinterLanguageConfig>>;
  /** A longer stock each printer can also print on, for labels longer than its media (4x8 for DHL's); a printer not listed has none. */
  readonly printerLongerMedia: Readonly<Record<string, MediaConfig>>;
  readonly mediaNames: readonly MediaName[];
  /** Where the PDF folder printer writes its files: the folder chosen, else the desk's default. */
  readonly pdfFolder: string;
  /** Whether pdfFolder is the default (nothing chosen). */
  readonly pdfFolderIsDefault: boolean;
}

// ---- The print system and whether a label can print ------------------------------------

/**
 * The computer's print service (CUPS, the Windows spooler): answering, not running here, a print
 * server elsewhere that cannot be reached, or failing in another way.
 */
export const SPOOLER_STATES = ['ready', 'notRunning', 'unreachable', 'failed'] as const;
export type SpoolerState = (typeof SPOOLER_STATES)[number];

export interface SpoolerStatus {
  readonly state: SpoolerState;
  /** What is wrong, in words; absent when ready. */
  readonly message?: string;
}

/** Why a document sent now to a role's printer would not print. */
export const PRINTER_PROBLEMS = ['spoolerNotRunning', 'spoolerUnreachable', 'spoolerFailed', 'noPrinters', 'noDefault', 'notInstalled', 'paused', 'notAccepting', 'unreachable'] as const;
export type PrinterProblem = (typeof PRINTER_PROBLEMS)[number];

/** Where a role's documents go now, and whether they can print there. */
export interface RolePrinterStatus {
  /** The printer chosen for the role, else the system's default; null when there is none. */
  readonly printer: string | null;
  /** True when chosen on the Printers screen; false when the system's default stands in. */
  readonly chosen: boolean;
  /** Why a document sent now would not print, in words; null when it can. */
  readonly problem: { readonly kind: PrinterProblem; readonly message: string } | null;
}

export interface PrintSystem {
  readonly spooler: SpoolerStatus;
  readonly label: RolePrinterStatus;
  readonly document: RolePrinterStatus;
}

/** Where a printed file is: the file a PDF folder job wrote. */
export interface PrintedFile {
  readonly path: string;
}

// ---- Print jobs ------------------------------------------------------------------------

export const PRINT_JOB_STATES = ['queued', 'sent', 'completed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];
/** `auto`: the one automatic print of a document; `reprint`: any print asked for afterwards. */
export const PRINT_PURPOSES = ['auto', 'reprint'] as const;
export type PrintPurpose = (typeof PRINT_PURPOSES)[number];

export interface PrintJob {
  readonly id: number;
  readonly stationRef: string;
  /** Null once the document was purged by the retention setting. */
  readonly documentId: number | null;
  readonly purpose: PrintPurpose;
  /** Null means the system's default printer. */
  readonly printer: string | null;
  readonly copies: number;
  readonly state: PrintJobState;
  readonly cupsJobId: string | null;
  readonly error: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When a person acted on the failure of this job (retried or dismissed it); null otherwise. */
  readonly resolvedAt: number | null;
  /**
   * The printer the station sent the job to (or meant to, when it failed): the one it named, or
   * the label or document printer of the moment. Before that, the printer it names; null when it
   * names none and none was chosen yet.
   */
  readonly targetPrinter: string | null;
  /** Why a queued job is kept back rather than sent (its printer is paused); null once it is sent or fails, and for any other job. */
  readonly heldBecause: string | null;
  /** How the document's labels were laid out when it was sent; null before, and for jobs printed before the station kept it. */
  readonly layout: PrintLayout | null;
}

// ---- Layout: what a document becomes on the printer's stock --------------------------------

/** Label formats carriers send. */
export const LABEL_FORMATS = ['PDF', 'PNG', 'GIF', 'JPEG', 'ZPL'] as const;

const points = z.number().finite().positive();
const PointSize = z.strictObject({ width: points, height: points });

/** One label of a document as it was (or will be) printed. Sizes in PDF points (1/72 in), upright. */
export const LabelLayout = z.strictObject({
  /** Which label it is ("Label for package 1 (document 7) page 2"). */
  what: z.string(),
  format: z.enum(LABEL_FORMATS),
  /** The label's true size: what prints at 100%. */
  size: PointSize,
  /** The page or image it was cut from, when it was cropped (a label found on a Letter sheet). */
  croppedFrom: PointSize.nullable(),
  /** The stock it printed on. */
  media: z.strictObject({ name: z.string(), width: points, height: points }),
  /** 1 is 100%; less when the label is larger than the stock. */
  scale: z.number().finite().positive().max(1),
  /** Turned a quarter turn to fit the stock. */
  turned: z.boolean(),
  /** What the desk should know, in words: a crop, a copy left out, a shrink and why. */
  notes: z.array(z.string()),
});
export type LabelLayout = z.infer<typeof LabelLayout>;

export const PrintLayout = z.strictObject({ labels: z.array(LabelLayout) });
export type PrintLayout = z.infer<typeof PrintLayout>;

/** What a document will look like on a printer, before it prints: the pages as one PDF, and each label's layout. */
export interface PrintPreview {
  readonly documentId: number;
  /** The shipment the document belongs to. */
  readonly stationRef: string;
  readonly printer: string;
  /** The pages as they will print, as a PDF (base64); for a ZPL printer, the same labels drawn as PDF. */
  readonly base64: string;
  readonly layout: PrintLayout;
}

/**
 * A document that did not print and that nobody has acted on yet: shown on every screen until
 * someone retries or dismisses it.
 */
export interface PrintProblem {
  readonly job: PrintJob;
  /** The document's type ("Label", "CommercialInvoice"…) and package, when it is still kept. */
  readonly documentType: string | null;
  readonly packageIndex: number | null;
  /** The shipment's tracking number and order number, to find the parcel on the desk. */
  readonly trackingNumber: string | null;
  readonly orderNumber: string | null;
}

/** A stored document itself, for a preview (base64 of its bytes). */
export interface DocumentContent {
  readonly documentId: number;
  readonly stationRef: string;
  readonly type: string;
  readonly name: string | null;
  readonly mime: string;
  readonly base64: string;
}

export interface PrintEvent {
  readonly type: 'printJob';
  /** The print-job rows concerned; empty for a test page. */
  readonly ids: readonly number[];
  /** `held`: kept back, not sent, because its printer is paused; it prints when the printer is back. */
  readonly state: 'sent' | 'held' | 'completed' | 'failed';
  readonly printer?: string;
  readonly jobId?: string;
  readonly message?: string;
  readonly testPage?: true;
}

/** The printers and their states changed (a printer stopped, came back, was added or removed). */
export interface PrinterStateEvent {
  readonly type: 'printerState';
  readonly printers: readonly PrinterInfo[];
}
