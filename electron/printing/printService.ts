/**
 * From stored documents to paper, and knowing what happened. Queued print-job rows are grouped
 * into one spooler job per shipment and printer (a multi-package shipment's labels come out as one
 * job, in package order), fitted to the printer's media and submitted; the spooler is then polled
 * until it says `completed` or the job is judged failed with a reason the desk can act on.
 *
 * The service client is deliberately not a dependency: printing and reprinting work from the
 * store alone, so labels print while the service is down.
 */
import type { Timers } from '../service/client/timers';
import type { StoredDocument } from '../store/documents';
import { getDocument } from '../store/documents';
import { StoreTransitionError } from '../store/errors';
import type { PrintJob, PrintOptions } from '../store/printJobs';
import { getPrintJob, listOpenPrintJobs, listPrintJobs, markPrintCompleted, markPrintFailed, markPrintSent, recordReprint } from '../store/printJobs';
import type { Db } from '../store/statements';
import type { PrinterBackend } from './backend';
import { PrintBackendError } from './backend';
import type { CheckedPdf } from './document';
import { DocumentError, checkPdf } from './document';
import { fitToMedia } from './fit';
import { judgeJob, judgeUnanswered } from './jobWatcher';
import type { Verdict } from './jobWatcher';
import type { MediaSize } from './media';
import { PrinterMap } from './printerMap';
import type { PrinterChoice, PrinterRole } from './printerMap';
import { makeTestPage } from './testPage';

export interface PrintEvent {
  readonly type: 'printJob';
  /** The print-job rows concerned; empty for a test page. */
  readonly ids: readonly number[];
  readonly state: 'sent' | 'completed' | 'failed';
  readonly printer?: string;
  readonly jobId?: string;
  readonly message?: string;
  readonly testPage?: true;
}

export interface PrintServiceOptions {
  readonly db: Db;
  readonly backend: PrinterBackend;
  readonly timers: Timers;
  /** Where fitted PDFs are written for the spooler; each file is removed once submitted. */
  readonly onEvent?: (event: PrintEvent) => void;
  /** How often `watch()` polls the spooler; 500 ms by default. */
  readonly pollMs?: number;
}

/** A submitted spooler job being watched: the rows it carries (none for a test page). */
interface Tracked {
  readonly ids: readonly number[];
  readonly printer: string;
  readonly jobId: string;
  readonly sentAt: number;
  readonly testPage: boolean;
}

interface Member {
  readonly row: PrintJob;
  readonly doc: StoredDocument;
}

interface Group {
  readonly stationRef: string;
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
      return `Printer ${printer} is not installed: choose a ${role} printer in settings`;
    case 'rejecting':
      return `Printer ${printer} is not accepting jobs: enable it in the print settings`;
    case 'failed':
      return error.message;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function packageOrder(a: Member, b: Member): number {
  const rank = (m: Member): [number, number, number] => [m.doc.type === 'Label' ? 0 : 1, m.doc.packageIndex ?? Number.MAX_SAFE_INTEGER, m.doc.documentId];
  const [x, y] = [rank(a), rank(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export class PrintService {
  private readonly db: Db;
  private readonly backend: PrinterBackend;
  private readonly timers: Timers;
  private readonly onEvent: (event: PrintEvent) => void;
  private readonly pollMs: number;
  private readonly tracked = new Map<string, Tracked>();
  /** Printing and polling take turns, so a row is never judged while it is being sent. */
  private turn: Promise<unknown> = Promise.resolve();
  private watching: { controller: AbortController; loop: Promise<void> } | undefined;

  constructor(options: PrintServiceOptions) {
    this.db = options.db;
    this.backend = options.backend;
    this.timers = options.timers;
    this.onEvent = options.onEvent ?? (() => undefined);
    this.pollMs = options.pollMs ?? 500;
  }

  /** Prints every queued row; returns the rows as they stand afterwards (sent or failed). */
  printQueued(): Promise<PrintJob[]> {
    return this.exclusive(async () => {
      const queued = listOpenPrintJobs(this.db).filter((row) => row.state === 'queued');
      await this.printRows(queued);
      return queued.map((row) => getPrintJob(this.db, row.id) ?? row);
    });
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
      const jobId = await this.submitFile(printer, bytes, 1, 'Packbench test page');
      this.tracked.set(`${printer}\u0000${jobId}`, { ids: [], printer, jobId, sentAt: this.timers.now(), testPage: true });
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
          verdict = judgeJob(job.printer, await this.backend.jobStatus(job.printer, job.jobId), this.timers.now() - job.sentAt);
        } catch (error) {
          verdict = judgeUnanswered(job.printer, messageOf(error), this.timers.now() - job.sentAt);
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

  /** Polls until `stop()`; calling it twice keeps one loop. */
  watch(): void {
    if (this.watching !== undefined) return;
    const controller = new AbortController();
    const loop = (async () => {
      while (!controller.signal.aborted) {
        // A failed poll is retried at the next tick; the job's deadline still runs.
        await this.checkJobs().catch(() => undefined);
        await this.timers.sleep(this.pollMs, controller.signal).catch(() => undefined);
      }
    })();
    this.watching = { controller, loop };
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
      // The row keeps the printer only when one was named; CUPS job ids start with the queue name.
      const printer = row.printer ?? row.cupsJobId.replace(/-\d+$/, '');
      const key = `${printer}\u0000${row.cupsJobId}`;
      const entry = byJob.get(key) ?? { ids: [], printer, jobId: row.cupsJobId, sentAt: row.updatedAt };
      entry.ids.push(row.id);
      byJob.set(key, entry);
    }
    for (const [key, entry] of byJob) this.tracked.set(key, { ...entry, testPage: false });
  }

  private settle(job: Tracked, state: 'completed' | 'failed', message?: string): void {
    const now = this.timers.now();
    for (const id of job.ids) {
      try {
        if (state === 'completed') markPrintCompleted(this.db, id, now);
        else markPrintFailed(this.db, id, message ?? '', now);
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
    for (const row of rows) markPrintFailed(this.db, row.id, message, now);
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
      const key = [row.stationRef, choice.printer, String(row.copies), String(media.width), String(media.height)].join('\u0000');
      const group = groups.get(key) ?? { stationRef: row.stationRef, choice, copies: row.copies, members: [] };
      group.members.push({ row, doc });
      groups.set(key, group);
    }
    for (const group of groups.values()) await this.printGroup(group);
  }

  private async printGroup(group: Group): Promise<void> {
    const { printer, media, role } = group.choice;
    const members = [...group.members].sort(packageOrder);
    const checked: { member: Member; pdf: CheckedPdf }[] = [];
    for (const member of members) {
      try {
        checked.push({ member, pdf: await checkPdf(member.doc.bytes, describeDocument(member.doc)) });
      } catch (error) {
        this.fail([member.row], messageOf(error), printer);
      }
    }
    const fitted = await this.fitKeepingGood(checked, media, printer);
    if (fitted === undefined) return;
    const rows = fitted.members.map((m) => m.row);
    let jobId: string;
    try {
      jobId = await this.submitFile(printer, fitted.bytes, group.copies, `Packbench ${group.stationRef}`);
    } catch (error) {
      this.fail(rows, error instanceof PrintBackendError ? submitFailureMessage(error, printer, role) : messageOf(error), printer);
      return;
    }
    const now = this.timers.now();
    for (const row of rows) markPrintSent(this.db, row.id, jobId, now);
    const ids = rows.map((r) => r.id);
    this.tracked.set(`${printer}\u0000${jobId}`, { ids, printer, jobId, sentAt: now, testPage: false });
    this.onEvent({ type: 'printJob', ids, state: 'sent', printer, jobId });
  }

  /**
   * Fits the group into one PDF. A page that opened but cannot be drawn fails fitting as a whole;
   * then each document is fitted alone, so only the broken one's row fails and the rest still print.
   */
  private async fitKeepingGood(
    checked: readonly { member: Member; pdf: CheckedPdf }[],
    media: MediaSize,
    printer: string,
  ): Promise<{ members: Member[]; bytes: Uint8Array } | undefined> {
    if (checked.length === 0) return undefined;
    try {
      return { members: checked.map((c) => c.member), bytes: await fitToMedia(checked.map((c) => c.pdf), media) };
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
    }
    const good: { member: Member; pdf: CheckedPdf }[] = [];
    for (const item of checked) {
      try {
        await fitToMedia([item.pdf], media);
        good.push(item);
      } catch (error) {
        this.fail([item.member.row], messageOf(error), printer);
      }
    }
    if (good.length === 0) return undefined;
    return { members: good.map((c) => c.member), bytes: await fitToMedia(good.map((c) => c.pdf), media) };
  }

  /** The job goes to the backend as data: each backend hands it to its spooler the way that spooler takes it fastest. */
  private async submitFile(printer: string, bytes: Uint8Array, copies: number, title: string): Promise<string> {
    const { jobId } = await this.backend.submit({ printer, data: bytes, copies, title });
    return jobId;
  }
}
