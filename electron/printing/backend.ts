/**
 * The platform seam for printing: the CUPS backend (macOS, Linux) and the Windows backend both
 * implement PrinterBackend, so the rest of the app never learns which spooler it talks to.
 */
export interface PrinterInfo {
  readonly name: string;
  readonly isDefault: boolean;
  readonly state: 'idle' | 'printing' | 'stopped' | 'unknown';
  readonly accepting: boolean;
  readonly message?: string;
  readonly deviceUri?: string;
}

export type JobState = 'pending' | 'held' | 'processing' | 'stopped' | 'canceled' | 'aborted' | 'completed' | 'unknown';

export interface JobStatus {
  readonly jobId: string;
  readonly state: JobState;
  readonly reason?: string;
}

/** What to print: a PDF file, or the PDF itself (`data`, handed over without a temporary file). */
export interface PrintRequest {
  readonly printer: string;
  readonly file?: string;
  readonly data?: Uint8Array;
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

export class PrintBackendError extends Error {
  override name = 'PrintBackendError';
  constructor(
    readonly kind: PrintBackendErrorKind,
    message: string,
  ) {
    super(message);
  }
}
