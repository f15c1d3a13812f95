/**
 * The file the PDF folder saved for a document, once it has: found in the document's print
 * history (the newest job the PDF folder completed for it), and opened with this computer's PDF
 * viewer or shown in its folder on asking. Read again as the document's jobs complete.
 */
import type { PrintJob } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError } from '../lib/errors';
import { PDF_FOLDER } from '../lib/format';
import type { StationClient } from '../lib/station';

/** A PDF folder job's id is its file's address: the name is its last part. */
function fileNameOf(job: PrintJob): string {
  const address = job.cupsJobId ?? '';
  return decodeURIComponent(address.slice(address.lastIndexOf('/') + 1));
}

export class SavedFileState {
  #job = $state<PrintJob | undefined>();
  readonly #reload = coalesce(() => this.load());

  constructor(
    private readonly station: StationClient,
    private readonly documentId: number,
    private readonly stationRef: string,
  ) {}

  /** The file's name, once the PDF folder saved the document. */
  get fileName(): string | undefined {
    return this.#job === undefined ? undefined : fileNameOf(this.#job);
  }

  async load(): Promise<void> {
    const jobs = await this.station.call('printHistory', { stationRef: this.stationRef });
    if (!jobs.ok) return;
    // Newest first: the latest file saved for this document.
    this.#job = jobs.value.find((job) => job.documentId === this.documentId && job.targetPrinter === PDF_FOLDER && job.state === 'completed' && job.cupsJobId !== null);
  }

  /** Opens the file (or shows it in its folder); what went wrong is said by the one handler. */
  async open(reveal: boolean): Promise<void> {
    const job = this.#job;
    if (job === undefined) return;
    try {
      await this.station.value('openPrintedFile', { printJobId: job.id, reveal });
    } catch (error) {
      handleError(error);
    }
  }

  follow(): () => void {
    return this.station.on('printJob', (event) => {
      if (event.state === 'completed' && event.printer === PDF_FOLDER) void this.#reload();
    });
  }
}
