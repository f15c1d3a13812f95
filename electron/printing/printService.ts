/**
 * From stored documents to paper, and knowing what happened: the print service's front door. Its
 * jobs live beside it: which queued rows print together and which wait (printPolicy.ts, pure),
 * building and submitting one job per group (jobSubmitter.ts), watching the jobs out on the
 * spooler (spoolerJobs.ts) and the printers' states (printerWatch.ts). Printing and polling take
 * turns, so a row is never judged while it is being sent.
 *
 * The service client is deliberately not a dependency: printing and reprinting work from the
 * store alone, so labels print while the service is down.
 */
import type { Timers } from '../platform/clock';
import { StoreNotFoundError, StoreTransitionError, printerEntry, type PrintOptions, type Store, type StoredDocument } from '../store';
import { DEFAULT_PRINTER_LANGUAGE, type PrintEvent, type PrintJob, type PrintPreview, type PrinterStateEvent } from '../api/printing';
import type { PrinterBackend } from '../platform/printers/backend';
import { JobSubmitter, describeDocument } from './jobSubmitter';
import { layoutOf, pdfOf, planDocument, type JobTarget } from './labels/job';
import { PrinterMap } from './printerMap';
import type { PrinterChoice, PrinterRole } from './printerMap';
import { PrinterWatch } from './printerWatch';
import { groupRows, rowsToPrint, type ReadyRow } from './printPolicy';
import { SpoolerJobs } from './spoolerJobs';
import { makeTestPage } from './testPage';
import { ZplResolutionError, zplForPrinter } from './zpl/carrier';
import { messageOf } from '../base/errors';

export { describeDocument, submitFailureMessage } from './jobSubmitter';

export interface PrintServiceOptions {
  readonly store: Store;
  readonly backend: PrinterBackend;
  readonly timers: Timers;
  readonly onEvent?: (event: PrintEvent | PrinterStateEvent) => void;
  /** How often `watch()` polls the spooler while jobs are out; 500 ms by default. */
  readonly pollMs?: number;
  /** How often `watch()` looks at the printers' states; 3 s by default. */
  readonly printerPollMs?: number;
  /** Called when a paused printer is ready again: what was held for it can print now. */
  readonly onPrinterBack?: () => void;
}

export class PrintService {
  private readonly store: Store;
  private readonly backend: PrinterBackend;
  private readonly timers: Timers;
  private readonly pollMs: number;
  private readonly jobs: SpoolerJobs;
  private readonly printers: PrinterWatch;
  private readonly submitter: JobSubmitter;
  /** Printing and polling take turns, so a row is never judged while it is being sent. */
  private turn: Promise<unknown> = Promise.resolve();
  private watching: { controller: AbortController; loop: Promise<void> } | undefined;

  constructor(options: PrintServiceOptions) {
    this.store = options.store;
    this.backend = options.backend;
    this.timers = options.timers;
    this.pollMs = options.pollMs ?? 500;
    const onEvent = options.onEvent ?? (() => undefined);
    this.jobs = new SpoolerJobs(options.store, options.backend, () => this.timers.now(), onEvent);
    this.printers = new PrinterWatch(options.backend, options.printerPollMs ?? 3_000, onEvent, options.onPrinterBack ?? (() => undefined));
    this.submitter = new JobSubmitter({
      store: options.store,
      backend: options.backend,
      timers: options.timers,
      onEvent,
      holdFor: (printer) => this.printers.holdFor(printer),
      sent: (job) => this.jobs.sent(job),
    });
  }

  /**
   * Prints the queued rows of the roles asked for (labels, other documents; both by default);
   * rows of the other role stay queued, held until released, and so do the rows of a batch that
   * has not settled yet. Returns the rows printed as they stand afterwards (sent or failed).
   */
  printQueued(roles: { readonly label: boolean; readonly document: boolean } = { label: true, document: true }): Promise<PrintJob[]> {
    return this.exclusive(async () => {
      const docType = (row: PrintJob): string | undefined => (row.documentId === null ? undefined : this.store.read.documentInfo(row.documentId)?.type);
      const queued = rowsToPrint(this.store.read.listOpenPrintJobs(), this.store.read.shipmentsHeldForBatches(), roles, docType);
      await this.printRows(queued);
      return queued.map((row) => this.store.read.printJob(row.id) ?? row);
    });
  }

  /**
   * A failed job printed again as a new one (same document, printer and copies); the failure counts
   * as handled. A failed print of a batch's shipment takes every failure of that batch along, so the
   * batch's labels that did not print come out again as one job, in the batch's order.
   */
  retry(jobId: number): Promise<PrintJob> {
    return this.exclusive(async () => {
      const failed = this.store.read.printJob(jobId);
      if (failed === undefined) throw new StoreNotFoundError(`there is no print job ${String(jobId)}`);
      if (failed.state !== 'failed') throw new StoreTransitionError(`print job ${String(jobId)} is ${failed.state}, not failed: there is nothing to retry`);
      if (failed.documentId === null) throw new StoreNotFoundError('the document is no longer kept (it passed the retention period): it cannot be printed again');
      const place = this.store.read.batchPlaceOf(failed.stationRef);
      const others = place === undefined ? [] : this.store.read.unresolvedPrintFailuresOfBatch(place.batchId).filter((id) => id !== jobId);
      const now = this.timers.now();
      const rows = this.store.atomically((write) =>
        [failed, ...others.map((id) => write.printJob(id))].flatMap((job) => {
          // A batch's failure whose document is gone stays a problem of its own.
          if (job === undefined || job.documentId === null) return [];
          write.resolvePrintFailure(job.id, now);
          return [write.recordReprint(job.documentId, now, { printer: job.printer, copies: job.copies })];
        }),
      );
      await this.printRows(rows);
      const row = rows[0];
      if (row === undefined) throw new StoreNotFoundError(`print job ${String(jobId)} could not be printed again`);
      return this.store.read.printJob(row.id) ?? row;
    });
  }

  /** Prints one stored document again as a new job, from the store alone. */
  reprint(documentId: number, options: PrintOptions = {}): Promise<PrintJob> {
    // Recorded inside the turn, so a concurrent printQueued() cannot pick the new row up as well.
    return this.exclusive(async () => {
      const row = this.store.atomically((write) => write.recordReprint(documentId, this.timers.now(), options));
      await this.printRows([row]);
      return this.store.read.printJob(row.id) ?? row;
    });
  }

  /**
   * A stored document as it will print on its printer (or `printer`), nothing printed: its labels
   * laid out as a print lays them out, as one PDF, with each label's layout. For a ZPL printer,
   * carrier ZPL (sent to it as it came) is drawn for the preview, and what the resolution check
   * says of it is a note; a resolution it cannot take is said as such.
   */
  async preview(doc: StoredDocument, printer?: string): Promise<PrintPreview> {
    const choice = await new PrinterMap(this.store.read, this.backend).choose(doc.type, printer ?? null);
    const target: JobTarget = { printer: choice.printer, media: choice.media, longer: choice.longer, language: this.store.read.printerLanguageOf(choice.printer) };
    const what = describeDocument(doc);
    const planned = await planDocument(doc.bytes, what, target);
    const raw = planned.filter((p) => p.label.art.kind === 'zpl');
    const shown = raw.length === 0 ? planned : await planDocument(doc.bytes, what, { ...target, language: DEFAULT_PRINTER_LANGUAGE });
    const layout = layoutOf(planned);
    for (const [index, label] of layout.labels.entries()) {
      const art = planned[index]?.label.art;
      if (art?.kind !== 'zpl' || target.language.language !== 'ZPL') continue;
      try {
        const { note } = zplForPrinter(art.label, target.language.dpi, label.what, choice.printer);
        if (note !== undefined) label.notes.push(note);
      } catch (error) {
        if (!(error instanceof ZplResolutionError)) throw error;
        label.notes.push(`it will not print: ${error.message}`);
      }
    }
    return { documentId: doc.documentId, stationRef: doc.stationRef, printer: choice.printer, base64: Buffer.from(await pdfOf(shown, target.media)).toString('base64'), layout };
  }

  history(options: { stationRef?: string; limit?: number } = {}): PrintJob[] {
    return this.store.read.listPrintJobs(options);
  }

  /** A page at the printer's media naming the printer, media and date; watched like any job. */
  testPage(printer: string): Promise<{ jobId: string }> {
    return this.exclusive(async () => {
      const choices = new PrinterMap(this.store.read, this.backend);
      const role: PrinterRole = printer === (await this.labelPrinterName(choices)) ? 'label' : 'document';
      const { media } = await choices.choose(role === 'label' ? 'Label' : 'TestPage', printer);
      const bytes = await makeTestPage(printer, media, new Date(this.timers.now()));
      // A printer set to ZPL gets its test page as ZPL too: it proves the raw queue and the settings.
      const { jobId } = await this.submitter.submitPdf(printer, bytes, 'Packbench test page');
      return { jobId };
    });
  }

  /** Polls the spooler once for every sent job and settles those that finished or failed. */
  checkJobs(): Promise<void> {
    return this.exclusive(() => this.jobs.check());
  }

  /** Polls jobs and printers until `stop()`; calling it twice keeps one loop. */
  watch(): void {
    if (this.watching !== undefined) return;
    const controller = new AbortController();
    const loop = (async () => {
      while (!controller.signal.aborted) {
        // A failed poll is retried at the next tick; the job's deadline still runs.
        await this.checkJobs().catch(() => undefined);
        if (this.printers.due(this.timers.now())) await this.checkPrinters();
        const delay = this.jobs.nextDelay(this.pollMs);
        // A job sent meanwhile cuts the wait short, so the desk hears of its label at once.
        const nap = new AbortController();
        this.jobs.wake = () => nap.abort();
        await this.timers.sleep(delay, AbortSignal.any([controller.signal, nap.signal])).catch(() => undefined);
        this.jobs.wake = undefined;
      }
    })();
    this.watching = { controller, loop };
  }

  /** Looks at the printers once and says so (`printerState`) when any was added, removed or changed state. */
  checkPrinters(): Promise<void> {
    return this.printers.check(this.timers.now());
  }

  async stop(): Promise<void> {
    const watching = this.watching;
    this.watching = undefined;
    if (watching === undefined) return;
    watching.controller.abort();
    await watching.loop;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private async labelPrinterName(choices: PrinterMap): Promise<string | undefined> {
    return choices.choose('Label').then((c) => c.printer, () => undefined);
  }

  /**
   * The rows resolved to their documents and printers (a row whose document is gone, or whose
   * printer cannot be chosen, fails alone), grouped into spooler jobs and printed. The desk's
   * copies setting is read once a pass, a shipment's batch place once a shipment.
   */
  private async printRows(rows: readonly PrintJob[]): Promise<void> {
    const choices = new PrinterMap(this.store.read, this.backend);
    const ready: ReadyRow<StoredDocument>[] = [];
    for (const row of rows) {
      const doc = row.documentId === null ? undefined : this.store.read.document(row.documentId);
      if (doc === undefined) {
        this.submitter.fail([row], 'The document is no longer kept (it passed the retention period): it cannot be printed again');
        continue;
      }
      let choice: PrinterChoice;
      try {
        choice = await choices.choose(doc.type, row.printer);
      } catch (error) {
        this.submitter.fail([row], messageOf(error));
        continue;
      }
      ready.push({ row, doc, choice });
    }
    const copies = this.store.read.deskSetting('printerCopies');
    const groups = groupRows(ready, (printer) => printerEntry(copies, printer), (stationRef) => this.store.read.batchPlaceOf(stationRef));
    for (const group of groups) await this.submitter.print(group);
  }
}
