/**
 * PrinterBackend for Windows over pdf-to-printer, which drives a bundled SumatraPDF.
 *
 * The library gives no spooler job id and no way to ask the Windows spooler about a job, so this
 * backend keeps its own record: submit copies the file (lp copies into the CUPS spool the same
 * way, so the caller may delete its file at once), starts SumatraPDF in the background and returns
 * a synthetic id. jobStatus then says `processing` while SumatraPDF runs, `completed` once it has
 * handed every page to the Windows spooler, and `aborted` with the error if it failed. `completed`
 * here therefore means "spooled", not "printed": a jam or an offline printer after that is not seen.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobState, JobStatus, PrintRequest, PrinterBackend, PrinterInfo } from '../backend';
import { PrintBackendError } from '../backend';
import { messageOf } from '../../../base/errors';

/** The part of pdf-to-printer this backend uses, so a test can hand in a stand-in. */
export interface PdfToPrinterLibrary {
  print(pdf: string, options?: PdfToPrinterPrintOptions): Promise<void>;
  getPrinters(): Promise<readonly { readonly name: string }[]>;
  getDefaultPrinter(): Promise<{ readonly name: string } | null>;
}

export interface PdfToPrinterPrintOptions {
  printer?: string;
  scale?: 'noscale' | 'shrink' | 'fit';
  paperSize?: string;
  silent?: boolean;
  copies?: number;
}

export interface WindowsBackendOptions {
  /** pdf-to-printer or a stand-in; loaded on first use when left out. */
  readonly library?: PdfToPrinterLibrary;
  /** Where the per-job copies go; defaults to the OS temp folder. */
  readonly tempDir?: string;
}

interface JobRecord {
  readonly printer: string;
  state: JobState;
  reason?: string;
}

/** What the desk reads when a printer set to ZPL is used on Windows (docs/printing.md, "ZPL on Windows"). */
const RAW_REFUSED = (printer: string): string =>
  `Printer ${printer} is set to ZPL, which Packbench cannot send raw on Windows: set it to PDF in Printers (its Zebra driver prints PDF), or print from Linux or macOS`;

/** Only this option means anything to SumatraPDF; CUPS options such as `media` do not. */
const KNOWN_OPTIONS = new Set(['paperSize']);
// SumatraPDF joins its print settings with commas, so a comma would smuggle in another setting.
const PAPER_SIZE = /^[^,]+$/;
// Keeps the record of old jobs bounded on a desk that prints all day.
const MAX_REMEMBERED_JOBS = 1000;

/**
 * pdf-to-printer is a webpack CommonJS bundle: Node's ESM loader exposes it only as `default`,
 * while a bundler may hand out the named exports directly.
 */
export async function loadPdfToPrinter(): Promise<PdfToPrinterLibrary> {
  const loaded: unknown = await import('pdf-to-printer');
  const candidate = (loaded as { default?: unknown }).default ?? loaded;
  return candidate as PdfToPrinterLibrary;
}

export class WindowsBackend implements PrinterBackend {
  private library: PdfToPrinterLibrary | undefined;
  private readonly tempDir: string;
  private readonly jobs = new Map<string, JobRecord>();
  private readonly running = new Set<Promise<void>>();

  constructor(options: WindowsBackendOptions = {}) {
    this.library = options.library;
    this.tempDir = options.tempDir ?? os.tmpdir();
  }

  async listPrinters(): Promise<PrinterInfo[]> {
    const library = await this.lib();
    const [printers, defaultPrinter] = await Promise.all([
      failedOnError(library.getPrinters(), 'listing Windows printers failed'),
      failedOnError(library.getDefaultPrinter(), 'reading the default Windows printer failed'),
    ]);
    // Win32_Printer as the library reads it carries no state, so state is unknown and accepting
    // is assumed: the Windows spooler queues jobs even for a paused or offline printer.
    return printers.map((printer) => ({
      name: printer.name,
      isDefault: defaultPrinter !== null && sameName(printer.name, defaultPrinter.name),
      state: 'unknown',
      accepting: true,
    }));
  }

  async submit(request: PrintRequest): Promise<{ jobId: string }> {
    // SumatraPDF reads PDFs only: handed ZPL, it would fail or print the code as text.
    if (request.format === 'raw') throw new PrintBackendError('failed', RAW_REFUSED(request.printer));
    const paperSize = validate(request);
    const library = await this.lib();
    const printers = await failedOnError(library.getPrinters(), 'listing Windows printers failed');
    // Checked up front because SumatraPDF's message for an unknown printer is not documented.
    if (!printers.some((printer) => sameName(printer.name, request.printer))) {
      throw new PrintBackendError('printerMissing', `printer "${request.printer}" does not exist`);
    }
    const folder = await mkdtemp(path.join(this.tempDir, 'packbench-print-'));
    const copy = path.join(folder, 'job.pdf');
    try {
      // SumatraPDF prints files: handed-over data is written to the job's own folder.
      if (request.data !== undefined) await writeFile(copy, request.data);
      else await copyFile(path.resolve(request.file ?? ''), copy);
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw new PrintBackendError('failed', `cannot read ${request.file ?? 'the document'}: ${messageOf(error)}`);
    }
    const options: PdfToPrinterPrintOptions = {
      printer: request.printer,
      silent: true,
      // The pipeline has already fitted every page to the media; scaling again would shrink it.
      scale: 'noscale',
      copies: request.copies,
      ...(paperSize !== undefined ? { paperSize } : {}),
    };
    const jobId = `windows-${randomUUID()}`;
    const job: JobRecord = { printer: request.printer, state: 'processing' };
    this.remember(jobId, job);
    const done = library
      .print(copy, options)
      .then(
        () => {
          job.state = 'completed';
        },
        (error: unknown) => {
          job.state = 'aborted';
          job.reason = messageOf(error);
        },
      )
      .finally(() => rm(folder, { recursive: true, force: true }));
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
    return { jobId };
  }

  jobStatus(printer: string, jobId: string): Promise<JobStatus> {
    const job = this.jobs.get(jobId);
    if (job === undefined || !sameName(job.printer, printer)) {
      return Promise.resolve({ jobId, state: 'unknown', reason: 'job-not-found' });
    }
    return Promise.resolve(job.reason === undefined ? { jobId, state: job.state } : { jobId, state: job.state, reason: job.reason });
  }

  cancel(jobId: string): Promise<void> {
    const job = this.jobs.get(jobId);
    if (job === undefined) return Promise.reject(new PrintBackendError('failed', `jobId "${jobId}" is not a known Windows job`));
    // A finished job is gone either way; a running one cannot be reached through the library.
    if (job.state !== 'processing') return Promise.resolve();
    return Promise.reject(
      new PrintBackendError('failed', 'a Windows job cannot be cancelled from Packbench; cancel it in the Windows print queue'),
    );
  }

  /** Resolves once every print started so far has settled (for an orderly shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async lib(): Promise<PdfToPrinterLibrary> {
    this.library ??= await failedOnError(loadPdfToPrinter(), 'pdf-to-printer could not be loaded');
    return this.library;
  }

  private remember(jobId: string, job: JobRecord): void {
    this.jobs.set(jobId, job);
    for (const oldest of this.jobs.keys()) {
      if (this.jobs.size <= MAX_REMEMBERED_JOBS) break;
      this.jobs.delete(oldest);
    }
  }
}

function validate(request: PrintRequest): string | undefined {
  // pdf-to-printer prints to the default printer when none is named: never let that happen by accident.
  if (request.printer.trim() === '') throw new PrintBackendError('failed', 'printer is required');
  if (!Number.isInteger(request.copies) || request.copies < 1 || request.copies > 999) {
    throw new PrintBackendError('failed', 'copies must be a whole number from 1 to 999');
  }
  if ((request.file === undefined) === (request.data === undefined)) throw new PrintBackendError('failed', 'give either file or data');
  if (request.file?.trim() === '') throw new PrintBackendError('failed', 'file is required');
  for (const name of Object.keys(request.options ?? {})) {
    if (!KNOWN_OPTIONS.has(name)) throw new PrintBackendError('failed', `options.${name} is not supported by the Windows backend`);
  }
  const paperSize = request.options?.paperSize;
  if (paperSize !== undefined && !PAPER_SIZE.test(paperSize)) {
    throw new PrintBackendError('failed', 'options.paperSize must be a non-empty paper name without commas');
  }
  return paperSize;
}

/** Windows printer names are case-insensitive. */
function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

async function failedOnError<T>(promise: Promise<T>, what: string): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    throw new PrintBackendError('failed', `${what}: ${messageOf(error)}`);
  }
}
