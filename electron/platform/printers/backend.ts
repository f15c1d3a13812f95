/**
 * The platform seam for printing: the CUPS backend (macOS, Linux) and the Windows backend both
 * implement PrinterBackend, so the rest of the app never learns which spooler it talks to.
 */
import type { PrinterInfo } from '../../api/printing';

export type { PrinterInfo } from '../../api/printing';

export type JobState = 'pending' | 'held' | 'processing' | 'stopped' | 'canceled' | 'aborted' | 'completed' | 'unknown';

export interface JobStatus {
  readonly jobId: string;
  readonly state: JobState;
  readonly reason?: string;
}

/**
 * `pdf`: a PDF the queue's driver turns into what its printer speaks. `raw`: bytes already in the
 * printer's own language (ZPL), which must reach it untouched: CUPS is told the job is raw, and a
 * spooler that cannot send raw bytes refuses the job rather than print them as text.
 */
export type PrintFormat = 'pdf' | 'raw';

/** What to print: a file, or its bytes (`data`, handed over without a temporary file); a PDF unless `format` says raw. */
export interface PrintRequest {
  readonly printer: string;
  readonly file?: string;
  readonly data?: Uint8Array;
  readonly format?: PrintFormat;
  readonly copies: number;
  readonly title: string;
  readonly options?: Readonly<Record<string, string>>;
}

export interface PrinterBackend {
  listPrinters(): Promise<PrinterInfo[]>;
  /** Throws PrintBackendError. Success means "queued", never "printed": poll jobStatus for that. */
  submit(request: PrintRequest): Promise<{ jobId: string }>;
  jobStatus(printer: string, jobId: string): Promise<JobStatus>;
  cancel(jobId: string): Promise<void>;
}

export type PrintBackendErrorKind = 'printerMissing' | 'rejecting' | 'failed';

/**
 * When the spooler itself could not be asked: it is not running on this computer, or the print
 * server it names elsewhere cannot be reached. The desk says which, before anything is printed.
 */
export type SpoolerDown = 'notRunning' | 'unreachable';

export class PrintBackendError extends Error {
  override name = 'PrintBackendError';
  constructor(
    readonly kind: PrintBackendErrorKind,
    message: string,
    /** Set when the spooler could not be reached at all (always with kind `failed`). */
    readonly spoolerDown?: SpoolerDown,
  ) {
    super(message);
  }
}
