/**
 * The desk's printers: the system's (CUPS or the Windows spooler, from chooseBackend) and the PDF
 * folder, which every desk has. One PrinterBackend to the print service, each job routed to the
 * backend of its printer; and a survey for the screens that never fails for a print service that
 * is down: the PDF folder is still there to choose, and the survey says what is wrong with the rest.
 */
import { PDF_FOLDER_PRINTER, type SpoolerStatus } from '../../api/printing';
import type { JobStatus, PrintRequest, PrinterBackend, PrinterInfo } from './backend';
import { PrintBackendError } from './backend';
import { isPdfFolderJob, type PdfFolderBackend } from './pdfFolder';

export interface PrinterSurvey {
  /** The system's printers (none when its print service cannot be asked), then the PDF folder. */
  readonly printers: readonly PrinterInfo[];
  readonly spooler: SpoolerStatus;
}

/** What a failed listing says about the print service. */
export function spoolerStatusOf(error: unknown): SpoolerStatus {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PrintBackendError && error.spoolerDown !== undefined) return { state: error.spoolerDown, message };
  return { state: 'failed', message: `the print service did not list its printers: ${message}` };
}

export class DeskPrinters implements PrinterBackend {
  constructor(
    private readonly system: PrinterBackend,
    private readonly pdfFolder: PdfFolderBackend,
  ) {}

  /** Every printer; throws, as the system's backend does, when its print service cannot be asked. */
  async listPrinters(): Promise<PrinterInfo[]> {
    const [system, folder] = await Promise.all([this.system.listPrinters(), this.pdfFolder.listPrinters()]);
    return [...withoutBuiltIn(system), ...folder];
  }

  /** Every printer that can be listed, and the print service's state: never throws for a service that is down. */
  async survey(): Promise<PrinterSurvey> {
    const folder = await this.pdfFolder.listPrinters();
    try {
      return { printers: [...withoutBuiltIn(await this.system.listPrinters()), ...folder], spooler: { state: 'ready' } };
    } catch (error) {
      return { printers: folder, spooler: spoolerStatusOf(error) };
    }
  }

  submit(request: PrintRequest): Promise<{ jobId: string }> {
    return request.printer === PDF_FOLDER_PRINTER ? this.pdfFolder.submit(request) : this.system.submit(request);
  }

  jobStatus(printer: string, jobId: string): Promise<JobStatus> {
    return printer === PDF_FOLDER_PRINTER || isPdfFolderJob(jobId) ? this.pdfFolder.jobStatus(printer, jobId) : this.system.jobStatus(printer, jobId);
  }

  cancel(jobId: string): Promise<void> {
    return isPdfFolderJob(jobId) ? this.pdfFolder.cancel() : this.system.cancel(jobId);
  }
}

/** A system printer named like the built-in one would be unreachable by name: the built-in one wins. */
function withoutBuiltIn(printers: readonly PrinterInfo[]): PrinterInfo[] {
  return printers.filter((printer) => printer.name !== PDF_FOLDER_PRINTER);
}
