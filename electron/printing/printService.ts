/**
 * From stored documents to paper, and knowing what happened. Queued print-job rows are grouped
 * into one spooler job per shipment and printer (a multi-package shipment's labels come out as one
 * job, in package order), or per batch and printer for the shipments of a batch (its labels come
 * out as one job, in the batch's order, once the batch has settled: until then they are held),
 * fitted to the printer's media (and, for a printer set to ZPL, drawn as ZPL at its resolution and
 * sent raw) and submitted; the spooler is then polled until it says
 * `completed` or the job is judged failed with a reason the desk can act on.
 *
 * The service client is deliberately not a dependency: printing and reprinting work from the
 * store alone, so labels print while the service is down.
 */
import type { Timers } from '../platform/clock';
import { batchPlaceOf, noteBatchPrint, shipmentsHeldForBatches, unresolvedPrintFailuresOfBatch } from '../store/batches';
import type { StoredDocument } from '../store/documents';
import { getDocument, getDocumentInfo } from '../store/documents';
import { StoreNotFoundError, StoreTransitionError } from '../store/errors';
import { DEFAULT_PRINTER_LANGUAGE, roleOf, type PrintEvent, type PrintJob, type PrintPreview, type PrinterInfo, type PrinterStateEvent } from '../api/printing';
import type { PrintOptions } from '../store/printJobs';
import { getPrintJob, listOpenPrintJobs, listPrintJobs, markPrintCompleted, markPrintFailed, markPrintHeld, markPrintSent, recordReprint, resolveFailure } from '../store/printJobs';
import { printerLanguageOf } from '../store/printerLanguage';
import { getSetting, printerEntry } from '../store/settings';
import { atomically, type Db } from '../store/statements';
import type { PrintFormat, PrinterBackend } from '../platform/printers/backend';
import { PrintBackendError } from '../platform/printers/backend';
import { DocumentError } from './document';
import { buildJob, layoutOf, pdfOf, planDocument, type BuiltJob, type JobTarget, type PlannedLabel } from './labels/job';
import { judgeJob, judgeUnanswered, nextPollDelay } from './jobWatcher';
import type { Verdict } from './jobWatcher';
import { PrinterMap } from './printerMap';
import type { PrinterChoice, PrinterRole } from './printerMap';
import { makeTestPage } from './testPage';
import { ZplResolutionError, zplForPrinter } from './zpl/carrier';
import { pdfToZpl, zplBytes } from './zpl/zpl';

export interface PrintServiceOptions {
  readonly db: Db;
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

/** A submitted spooler job being watched: the rows it carries (none for a test page). */
interface Tracked {
  readonly ids: readonly number[];
  readonly printer: string;
  readonly jobId: string;
  readonly sentAt: number;
  readonly testPage: boolean;
  /** Pages it carries (a row per page, near enough): a long job gets longer to print. */
  readonly pages: number;
}

/** What goes to the spooler: the bytes, whether they are a PDF or raw printer code, and the copies the spooler makes. */
interface PrinterJob {
  readonly data: Uint8Array;
  readonly format: PrintFormat;
  readonly copies: number;
}

interface Member {
  readonly row: PrintJob;
  readonly doc: StoredDocument;
  /** Its shipment's place in its batch (0 outside a batch). */
  readonly position: number;
}

interface Group {
  /** What the spooler's job is called: the shipment, or the batch. */
  readonly title: string;
  /** The batch the group prints, if it is one. */
  readonly batchId: number | undefined;
  readonly choice: PrinterChoice;
  readonly copies: number;
  readonly members: Member[];
}

/** How a stored document is named in messages: the same text the document check puts first. */
export function describeDocument(doc: Pick<StoredDocument, 'documentId' | 'type' | 'packageIndex'>): string {
  const what = doc.type === 'Label' && doc.packageIndex !== null ? `Label for package ${String(doc.packageIndex + 1)}` : doc.type;
  return `${what} (document ${String(doc.documentId)})`;
}

/** The sentence the desk sees when the spooler refuses a job. */
export function submitFailureMessage(error: PrintBackendError, printer: string, role: PrinterRole): string {
  switch (error.kind) {
    case 'printerMissing':
      return `Printer ${printer} is not installed: choose another ${role} printer on the Printers screen`;
    case 'rejecting':
      return `Printer ${printer} is not accepting jobs: let it accept jobs in the computer's printer settings, or choose another on the Printers screen`;
    case 'failed':
      return error.message;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A batch's shipments in the batch's order; each shipment's labels in package order, then its other documents. */
function packageOrder(a: Member, b: Member): number {
  const rank = (m: Member): [number, number, number, number] => [m.position, m.doc.type === 'Label' ? 0 : 1, m.doc.packageIndex ?? Number.MAX_SAFE_INTEGER, m.doc.documentId];
  const [x, y] = [rank(a), rank(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3];
}

export class PrintService {
  private readonly db: Db;
  private readonly backend: PrinterBackend;
  private readonly timers: Timers;
  private readonly onEvent: (event: PrintEvent | PrinterStateEvent) => void;
  private readonly pollMs: number;
  private readonly printerPollMs: number;
  private readonly onPrinterBack: () => void;
  /** The printers as last reported, to tell when they change and which are paused. */
  private lastPrinters: readonly PrinterInfo[] | undefined;
  private lastPrintersText: string | undefined;
  private lastPrinterCheck = Number.NEGATIVE_INFINITY;
  private readonly tracked = new Map<string, Tracked>();
  /** Printing and polling take turns, so a row is never judged while it is being sent. */
  private turn: Promise<unknown> = Promise.resolve();
  private watching: { controller: AbortController; loop: Promise<void> } | undefined;
  /** Ends the watch loop's current wait; set while it waits. */
  private wakeWatch: (() => void) | undefined;

  constructor(options: PrintServiceOptions) {
    this.db = options.db;
    this.backend = options.backend;
    this.timers = options.timers;
    this.onEvent = options.onEvent ?? (() => undefined);
    this.pollMs = options.pollMs ?? 500;
    this.printerPollMs = options.printerPollMs ?? 3_000;
    this.onPrinterBack = options.onPrinterBack ?? (() => undefined);
  }

  /**
   * Prints the queued rows of the roles asked for (labels, other documents; both by default);
   * rows of the other role stay queued, held until released, and so do the rows of a batch that
   * has not settled yet. Returns the rows printed as they stand afterwards (sent or failed).
   */
  printQueued(roles: { readonly label: boolean; readonly document: boolean } = { label: true, document: true }): Promise<PrintJob[]> {
    return this.exclusive(async () => {
      const held = shipmentsHeldForBatches(this.db);
      const queued = listOpenPrintJobs(this.db).filter((row) => row.state === 'queued' && !held.has(row.stationRef) && roles[this.roleOfRow(row)]);
      await this.printRows(queued);
      return queued.map((row) => getPrintJob(this.db, row.id) ?? row);
    });
  }

  /**
   * A failed job printed again as a new one (same document, printer and copies); the failure counts
   * as handled. A failed print of a batch's shipment takes every failure of that batch along, so the
   * batch's labels that did not print come out again as one job, in the batch's order.
   */
  retry(jobId: number): Promise<PrintJob> {
    return this.exclusive(async () => {
      const failed = getPrintJob(this.db, jobId);
      if (failed === undefined) throw new StoreNotFoundError(`there is no print job ${String(jobId)}`);
      if (failed.state !== 'failed') throw new StoreTransitionError(`print job ${String(jobId)} is ${failed.state}, not failed: there is nothing to retry`);
      if (failed.documentId === null) throw new StoreNotFoundError('the document is no longer kept (it passed the retention period): it cannot be printed again');
      const place = batchPlaceOf(this.db, failed.stationRef);
      const others = place === undefined ? [] : unresolvedPrintFailuresOfBatch(this.db, place.batchId).filter((id) => id !== jobId);
      const now = this.timers.now();
      const rows = atomically(this.db, () =>
        [failed, ...others.map((id) => getPrintJob(this.db, id))].flatMap((job) => {
          // A batch's failure whose document is gone stays a problem of its own.
          if (job === undefined || job.documentId === null) return [];
          resolveFailure(this.db, job.id, now);
          return [recordReprint(this.db, job.documentId, now, { printer: job.printer, copies: job.copies })];
        }),
      );
      await this.printRows(rows);
      const row = rows[0];
      if (row === undefined) throw new StoreNotFoundError(`print job ${String(jobId)} could not be printed again`);
      return getPrintJob(this.db, row.id) ?? row;
    });
  }

  /** Labels go to the label printer, everything else to the document printer. */
  private roleOfRow(row: PrintJob): PrinterRole {
    const doc = row.documentId === null ? undefined : getDocumentInfo(this.db, row.documentId);
    return roleOf(doc?.type ?? 'Label');
  }

  /** Prints one stored document again as a new job, from the store alone. */
  reprint(documentId: number, options: PrintOptions = {}): Promise<PrintJob> {
    // Recorded inside the turn, so a concurrent printQueued() cannot pick the new row up as well.
    return this.exclusive(async () => {
      const row = recordReprint(this.db, documentId, this.timers.now(), options);
      await this.printRows([row]);
      return getPrintJob(this.db, row.id) ?? row;
    });
  }

  /**
   * A stored document as it will print on its printer (or `printer`), nothing printed: its labels
   * laid out as a print lays them out, as one PDF, with each label's layout. For a ZPL printer,
   * carrier ZPL (sent to it as it came) is drawn for the preview, and what the resolution check
   * says of it is a note; a resolution it cannot take is said as such.
   */
  async preview(doc: StoredDocument, printer?: string): Promise<PrintPreview> {
    const choice = await new PrinterMap(this.db, this.backend).choose(doc.type, printer ?? null);
    const target: JobTarget = { printer: choice.printer, media: choice.media, longer: choice.longer, language: printerLanguageOf(this.db, choice.printer) };
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
    return listPrintJobs(this.db, options);
  }

  /** A page at the printer's media naming the printer, media and date; watched like any job. */
  testPage(printer: string): Promise<{ jobId: string }> {
    return this.exclusive(async () => {
      const choices = new PrinterMap(this.db, this.backend);
      const role: PrinterRole = printer === (await this.labelPrinterName(choices)) ? 'label' : 'document';
      const { media } = await choices.choose(role === 'label' ? 'Label' : 'TestPage', printer);
      const bytes = await makeTestPage(printer, media, new Date(this.timers.now()));
      // A printer set to ZPL gets its test page as ZPL too: it proves the raw queue and the settings.
      const jobId = await this.submitFile(printer, await this.inPrinterLanguage(printer, bytes, 1), 'Packbench test page');
      this.tracked.set(`${printer}\u0000${jobId}`, { ids: [], printer, jobId, sentAt: this.timers.now(), testPage: true, pages: 1 });
      this.wakeWatch?.();
      this.onEvent({ type: 'printJob', ids: [], state: 'sent', printer, jobId, testPage: true });
      return { jobId };
    });
  }

  /** Polls the spooler once for every sent job and settles those that finished or failed. */
  checkJobs(): Promise<void> {
    return this.exclusive(async () => {
      this.adoptSentRows();
      for (const [key, job] of [...this.tracked]) {
        let verdict: Verdict;
        try {
          verdict = judgeJob(job.printer, await this.backend.jobStatus(job.printer, job.jobId), this.timers.now() - job.sentAt, job.pages);
        } catch (error) {
          verdict = judgeUnanswered(job.printer, messageOf(error), this.timers.now() - job.sentAt, job.pages);
        }
        if (verdict.outcome === 'waiting') continue;
        this.tracked.delete(key);
        if (verdict.outcome === 'completed') {
          this.settle(job, 'completed');
        } else {
          // A paused queue would print the job on resume, after the desk was told to reprint: a duplicate label.
          await this.backend.cancel(job.jobId).catch(() => undefined);
          this.settle(job, 'failed', verdict.message);
        }
      }
    });
  }

  /** Polls jobs and printers until `stop()`; calling it twice keeps one loop. */
  watch(): void {
    if (this.watching !== undefined) return;
    const controller = new AbortController();
    const loop = (async () => {
      while (!controller.signal.aborted) {
        // A failed poll is retried at the next tick; the job's deadline still runs.
        await this.checkJobs().catch(() => undefined);
        if (this.timers.now() - this.lastPrinterCheck >= this.printerPollMs) await this.checkPrinters();
        const now = this.timers.now();
        const delay = nextPollDelay([...this.tracked.values()].map((job) => now - job.sentAt), this.pollMs);
        // A job sent meanwhile cuts the wait short, so the desk hears of its label at once.
        const nap = new AbortController();
        this.wakeWatch = () => nap.abort();
        await this.timers.sleep(delay, AbortSignal.any([controller.signal, nap.signal])).catch(() => undefined);
        this.wakeWatch = undefined;
      }
    })();
    this.watching = { controller, loop };
  }

  /** Looks at the printers once and says so (`printerState`) when any was added, removed or changed state. */
  async checkPrinters(): Promise<void> {
    this.lastPrinterCheck = this.timers.now();
    let printers;
    try {
      printers = await this.backend.listPrinters();
    } catch {
      return; // Asked again at the next look; jobs say for themselves when a spooler is gone.
    }
    const seen = JSON.stringify(printers);
    if (seen === this.lastPrintersText) return;
    const pausedBefore = new Set((this.lastPrinters ?? []).filter(isPaused).map((p) => p.name));
    this.lastPrintersText = seen;
    this.lastPrinters = printers;
    this.onEvent({ type: 'printerState', printers });
    if (printers.some((p) => pausedBefore.has(p.name) && !isPaused(p))) this.onPrinterBack();
  }

  /** The printer as last seen, when it was paused: a job sent to it would wait there unseen. */
  private pausedPrinter(name: string): PrinterInfo | undefined {
    return this.lastPrinters?.find((p) => p.name === name && isPaused(p));
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

  /** Sent rows this instance did not submit (the app restarted while they printed) are watched too. */
  private adoptSentRows(): void {
    const known = new Set([...this.tracked.values()].flatMap((t) => t.ids));
    const byJob = new Map<string, { ids: number[]; printer: string; jobId: string; sentAt: number }>();
    for (const row of listOpenPrintJobs(this.db)) {
      if (row.state !== 'sent' || row.cupsJobId === null || known.has(row.id)) continue;
      // A sent row has its target; failing that (a row from before, whose job id the upgrade could not read), CUPS job ids start with the queue name.
      const printer = row.targetPrinter ?? row.cupsJobId.replace(/-\d+$/, '');
      const key = `${printer}\u0000${row.cupsJobId}`;
      const entry = byJob.get(key) ?? { ids: [], printer, jobId: row.cupsJobId, sentAt: row.updatedAt };
      entry.ids.push(row.id);
      byJob.set(key, entry);
    }
    for (const [key, entry] of byJob) this.tracked.set(key, { ...entry, testPage: false, pages: entry.ids.length });
  }

  private settle(job: Tracked, state: 'completed' | 'failed', message?: string): void {
    const now = this.timers.now();
    for (const id of job.ids) {
      try {
        if (state === 'completed') markPrintCompleted(this.db, id, now);
        else markPrintFailed(this.db, id, message ?? '', now, job.printer);
      } catch (error) {
        // Someone else settled the row meanwhile; their answer stands.
        if (!(error instanceof StoreTransitionError)) throw error;
      }
    }
    this.onEvent({
      type: 'printJob',
      ids: job.ids,
      state,
      printer: job.printer,
      jobId: job.jobId,
      ...(message !== undefined ? { message } : {}),
      ...(job.testPage ? { testPage: true as const } : {}),
    });
  }

  private fail(rows: readonly PrintJob[], message: string, printer?: string): void {
    const now = this.timers.now();
    for (const row of rows) markPrintFailed(this.db, row.id, message, now, printer);
    if (rows.length > 0) this.onEvent({ type: 'printJob', ids: rows.map((r) => r.id), state: 'failed', message, ...(printer !== undefined ? { printer } : {}) });
  }

  private async printRows(rows: readonly PrintJob[]): Promise<void> {
    const choices = new PrinterMap(this.db, this.backend);
    const groups = new Map<string, Group>();
    for (const row of rows) {
      const doc = row.documentId === null ? undefined : getDocument(this.db, row.documentId);
      if (doc === undefined) {
        this.fail([row], 'The document is no longer kept (it passed the retention period): it cannot be printed again');
        continue;
      }
      let choice: PrinterChoice;
      try {
        choice = await choices.choose(doc.type, row.printer);
      } catch (error) {
        this.fail([row], messageOf(error));
        continue;
      }
      const media = choice.media;
      // An automatic print takes the printer's copies setting; a reprint the copies asked for.
      const copies = row.purpose === 'auto' ? (printerEntry(getSetting(this.db, 'printerCopies'), choice.printer) ?? row.copies) : row.copies;
      // A batch's shipments print together, one job per printer; any other shipment on its own.
      const place = batchPlaceOf(this.db, row.stationRef);
      const owner = place === undefined ? row.stationRef : `batch ${String(place.batchId)}`;
      const key = [owner, choice.printer, String(copies), String(media.width), String(media.height)].join('\u0000');
      const group = groups.get(key) ?? { title: `Packbench ${owner}`, batchId: place?.batchId, choice, copies, members: [] };
      group.members.push({ row, doc, position: place?.position ?? 0 });
      groups.set(key, group);
    }
    for (const group of groups.values()) await this.printGroup(group);
  }

  private async printGroup(group: Group): Promise<void> {
    const { printer, media, longer, role } = group.choice;
    const members = [...group.members].sort(packageOrder);
    const target: JobTarget = { printer, media, longer, language: printerLanguageOf(this.db, printer) };
    const planned: { member: Member; labels: PlannedLabel[] }[] = [];
    for (const member of members) {
      try {
        planned.push({ member, labels: await planDocument(member.doc.bytes, describeDocument(member.doc), target) });
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        this.fail([member.row], messageOf(error), printer);
      }
    }
    const paused = this.pausedPrinter(printer);
    if (paused !== undefined && planned.length > 0) {
      // Kept back rather than sent: a paused queue takes the job and prints it whenever it is
      // resumed, after the desk may have printed the label again elsewhere. The rows stay queued
      // and print when the printer is back (onPrinterBack).
      const why = paused.message === undefined || paused.message === '' ? '' : ` (${paused.message})`;
      const message = `Printer ${printer} is paused${why}: it prints when the printer is resumed`;
      if (group.batchId !== undefined) noteBatchPrint(this.db, group.batchId, message);
      const ids = planned.map((c) => c.member.row.id);
      markPrintHeld(this.db, ids, printer, message, this.timers.now());
      this.onEvent({ type: 'printJob', ids, state: 'held', printer, message });
      return;
    }
    const built = await this.buildKeepingGood(planned, target, group.copies);
    if (built === undefined) return;
    const rows = built.members.map((m) => m.member.row);
    let jobId: string;
    try {
      jobId = await this.submitFile(printer, built.job, group.title);
    } catch (error) {
      this.fail(rows, error instanceof PrintBackendError ? submitFailureMessage(error, printer, role) : messageOf(error), printer);
      return;
    }
    const now = this.timers.now();
    atomically(this.db, () => {
      for (const { member, labels } of built.members) {
        const layout = layoutOf(labels);
        // What the printer said of carrier ZPL's resolution belongs to the labels it was said of.
        for (const label of layout.labels) label.notes.push(...built.job.notes.filter((note) => note.startsWith(label.what)));
        markPrintSent(this.db, member.row.id, jobId, printer, now, layout);
      }
      if (group.batchId !== undefined) noteBatchPrint(this.db, group.batchId, null);
    });
    const ids = rows.map((r) => r.id);
    this.tracked.set(`${printer}\u0000${jobId}`, { ids, printer, jobId, sentAt: now, testPage: false, pages: ids.length });
    this.wakeWatch?.();
    this.onEvent({ type: 'printJob', ids, state: 'sent', printer, jobId });
  }

  /**
   * Builds the group's one job. A label that was prepared but cannot be drawn (a broken page, ZPL
   * at a resolution the printer cannot take) fails building as a whole; then each document is built
   * alone, so only the broken one's row fails and the rest still print.
   */
  private async buildKeepingGood(
    planned: readonly { member: Member; labels: PlannedLabel[] }[],
    target: JobTarget,
    copies: number,
  ): Promise<{ members: { member: Member; labels: PlannedLabel[] }[]; job: BuiltJob } | undefined> {
    if (planned.length === 0) return undefined;
    const zpl = target.language.language === 'ZPL';
    const build = (items: readonly { labels: PlannedLabel[] }[]): Promise<BuiltJob> => buildJob(items.flatMap((p) => p.labels), target, copies);
    try {
      return { members: [...planned], job: await build(planned) };
    } catch (error) {
      if (!isLabelProblem(error, zpl)) throw error;
    }
    const good: { member: Member; labels: PlannedLabel[] }[] = [];
    for (const item of planned) {
      try {
        await build([item]);
        good.push(item);
      } catch (error) {
        if (!isLabelProblem(error, zpl)) throw error;
        const known = error instanceof DocumentError || error instanceof ZplResolutionError;
        this.fail([item.member.row], known ? messageOf(error) : `The labels could not be drawn for printer ${target.printer}: ${messageOf(error)}`, target.printer);
      }
    }
    if (good.length === 0) return undefined;
    return { members: good, job: await build(good) };
  }

  /**
   * The test page in the language its printer is set to: the PDF as it is, or for a ZPL printer
   * drawn at the printer's resolution, copies asked of the printer (^PQ) so the job stays one raw job.
   */
  private async inPrinterLanguage(printer: string, pdf: Uint8Array, copies: number): Promise<PrinterJob> {
    const language = printerLanguageOf(this.db, printer);
    if (language.language !== 'ZPL') return { data: pdf, format: 'pdf', copies };
    return { data: zplBytes(await pdfToZpl(pdf, language, { copies })), format: 'raw', copies: 1 };
  }

  /** The job goes to the backend as data: each backend hands it to its spooler the way that spooler takes it fastest. */
  private async submitFile(printer: string, job: PrinterJob, title: string): Promise<string> {
    const { jobId } = await this.backend.submit({ printer, data: job.data, format: job.format, copies: job.copies, title });
    return jobId;
  }
}

/** A label the station cannot draw or send as asked: its row fails with the reason; anything else is the station's own fault. */
function isLabelProblem(error: unknown, zpl: boolean): boolean {
  // Drawing ZPL runs PDFium and the ZPL renderer: what they throw is about the label, and is said as such.
  return error instanceof DocumentError || error instanceof ZplResolutionError || (zpl && error instanceof Error);
}

/** Paused by a person or by the printer itself (out of labels, cover open). */
function isPaused(printer: PrinterInfo): boolean {
  return printer.state === 'stopped';
}
