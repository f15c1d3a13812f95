/** How the desk's screens write amounts, times and states: one way everywhere. */
import type { LabelLayout, MediaConfig, OutboxKind, OutboxState, PDF_FOLDER_PRINTER, PrintJobState, PrintProblem, PrintPurpose, PrinterInfo, RolePrinterStatus } from '../../../electron/api';

/** The built-in printer that saves PDF files (its name is the station's: the type holds them together). */
export const PDF_FOLDER: typeof PDF_FOLDER_PRINTER = 'PDF folder';

// Formatters are made once and kept: making one costs far more than formatting with it, and
// each leaves native objects for the collector, which a list scrolled fast makes by thousands.
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// What toLocaleDateString() writes with no options: 11/25/2026.
const shortDateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric' });
const clockTimeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The currency's formatter, or null for a code the browser does not know. */
function moneyFormat(code: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(code);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency: code });
    } catch {
      format = null;
    }
    moneyFormats.set(code, format);
  }
  return format;
}

export function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined || !Number.isFinite(amount)) return '—';
  const code = (currency ?? 'USD').toUpperCase();
  // A currency code the browser does not know is still shown, with its code.
  return moneyFormat(code)?.format(amount) ?? `${amount.toFixed(2)} ${code}`;
}

export function dateTime(ms: number): string {
  return dateTimeFormat.format(ms);
}

/** The time of day alone, on a 24-hour clock ("10:42"), as the station's own words say it. */
export function clockTime(ms: number): string {
  return clockTimeFormat.format(ms);
}

/** The day alone, in numbers as the desk's locale orders them: for a column of dates. */
export function shortDate(ms: number): string {
  return shortDateFormat.format(ms);
}

/** "in 2 min", "in 40 s": for a progress bar's time left. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** An outbox item's state as the Queue screen says it. */
export const OUTBOX_STATE_WORDS: Readonly<Record<OutboxState, string>> = {
  pending: 'Waiting',
  sending: 'Sending',
  done: 'Done',
  failed: 'Refused',
  unknown: 'Being checked after a lost answer',
  needs_review: 'Needs a person',
  discarded: 'Discarded',
};

export const PRINT_JOB_STATE_WORDS: Readonly<Record<PrintJobState, string>> = {
  queued: 'Held',
  sent: 'Sent to the printer',
  completed: 'Printed',
  failed: 'Did not print',
};

/** A printer's state in words, with its own message when it gives one. */
export function printerStateWords(printer: PrinterInfo | undefined): string {
  if (printer === undefined) return 'not found';
  const base = printer.state === 'stopped' ? 'paused' : !printer.accepting ? 'not accepting jobs' : printer.state === 'printing' ? 'printing' : printer.state === 'idle' ? 'ready' : 'state unknown';
  const message = printer.message?.trim();
  return message !== undefined && message !== '' && printer.state !== 'idle' ? `${base}: ${message}` : base;
}

/**
 * Why the station thinks it is online or offline, in words: "getLocations answered 200" (a
 * request's outcome, as the station logs it) is "the service answered".
 */
export function connectionReasonWords(reason: string): string {
  const answered = /^\w+ answered (\d+)$/.exec(reason);
  if (answered !== null) return Number(answered[1]) >= 500 ? `the service failed (error ${answered[1] ?? ''})` : 'the service answers';
  const failed = /^\w+: (connection failed|no answer in time)$/.exec(reason);
  if (failed !== null) return failed[1] === 'no answer in time' ? 'the service did not answer in time' : 'the service could not be reached';
  return reason;
}

/** Whether a printer can take a job now. */
export function printerReady(printer: PrinterInfo | undefined): boolean {
  return printer !== undefined && printer.accepting && printer.state !== 'stopped' && printer.state !== 'unknown';
}

/** What an outbox item does, as the Queue screen names it ("Shipment", "Cancel"…). */
export const OUTBOX_KIND_WORDS: Readonly<Record<OutboxKind, string>> = {
  createShipment: 'Shipment',
  cancelShipment: 'Cancel',
  updateShipment: 'Shipment change',
  blockShipment: 'Hold',
  unblockShipment: 'Release of a hold',
  archiveShipment: 'Archive',
  createLocation: 'New location',
  updateLocation: 'Location update',
  deleteLocation: 'Location removal',
};

/** Why a print job was made: the one automatic print, or a print asked for afterwards. */
export const PRINT_PURPOSE_WORDS: Readonly<Record<PrintPurpose, string>> = {
  auto: 'Automatic',
  reprint: 'Asked for',
};

/** A printer's media as the Printers screen says it: a named size, or a custom size in inches. */
export function mediaWords(media: MediaConfig): string {
  if (typeof media === 'string') return media;
  const inches = (points: number): string => `${Math.round((points / 72) * 100) / 100}`;
  return `Custom ${inches(media.width)} x ${inches(media.height)} in`;
}

/**
 * A document's type in words, as a sentence starts it: "Label", "Commercial invoice", "Packing
 * list"; with its package for a label of a shipment of several ("Label for package 2").
 */
export function documentWords(type: string, packageIndex: number | null = null): string {
  if (type === 'Label') return packageIndex === null ? 'Label' : `Label for package ${String(packageIndex + 1)}`;
  const spaced = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const inchesOf = (points: number): string => (points / 72).toFixed(1);

/**
 * What the station does to one label to print it, as the preview says it: its true size, what it
 * was cut out of, the stock, the printed scale and the turn, then whatever else was noted.
 */
export function layoutWords(label: LabelLayout): { readonly summary: string; readonly details: readonly string[] } {
  const size = `${inchesOf(label.size.width)} x ${inchesOf(label.size.height)} in`;
  const percent = Math.floor(label.scale * 1000) / 10;
  const scale = label.scale >= 0.999 ? 'at 100%, its true size' : `at ${String(percent)}% of its true size`;
  const summary = `${label.what}: ${label.format} label of ${size}, printed ${scale} on ${label.media.name} stock${label.turned ? ', turned a quarter turn' : ''}`;
  const cut = label.croppedFrom === null ? [] : [`Cut out of a ${inchesOf(label.croppedFrom.width)} x ${inchesOf(label.croppedFrom.height)} in page`];
  return { summary, details: [...cut, ...label.notes.map((note) => `${note.charAt(0).toUpperCase()}${note.slice(1)}`)] };
}

/** The document a failed print was for, and of which parcel: "Label for package 2 of order SO-1001". */
export function printProblemSubject(problem: PrintProblem): string {
  const doc = problem.documentType === null ? 'A document' : documentWords(problem.documentType, problem.packageIndex);
  const parcel = problem.orderNumber !== null ? `order ${problem.orderNumber}` : problem.trackingNumber !== null ? `shipment ${problem.trackingNumber}` : `shipment ${problem.job.stationRef}`;
  return `${doc} of ${parcel}`;
}

/**
 * Which printer a role's documents go to, said the same way in the header and on the Printers
 * screen: the one chosen, or the system default (and which, or none).
 */
export function rolePrinterWords(status: RolePrinterStatus | undefined): string {
  if (status === undefined) return '…';
  if (status.chosen && status.printer !== null) return status.printer;
  return `System default (${status.printer ?? 'none'})`;
}

/** A printer problem in a few words, for a badge beside the printer's name. */
export const PRINTER_PROBLEM_WORDS: Readonly<Record<NonNullable<RolePrinterStatus['problem']>['kind'], string>> = {
  spoolerNotRunning: 'print service not running',
  spoolerUnreachable: 'print server unreachable',
  spoolerFailed: 'print service failing',
  noPrinters: 'no printers',
  noDefault: 'none chosen',
  notInstalled: 'not installed',
  paused: 'paused',
  notAccepting: 'not accepting jobs',
  unreachable: 'cannot be reached',
};

/** "UPS Ground", not "UPS UPS Ground": most services already carry their carrier's name. */
export function serviceWords(carrier: string, service: string): string {
  if (service.trim() === '') return carrier;
  return service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
}
