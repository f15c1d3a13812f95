/**
 * One group of rows to one spooler job: each document laid out on the printer's media (and, for a
 * printer set to ZPL, drawn as ZPL at its resolution and sent raw), the job built and submitted;
 * a row whose document cannot be drawn fails alone, and the group's rows are held instead when
 * the printer is paused. What goes out is handed to the job watch (spoolerJobs.ts).
 */
import type { PrintEvent, PrintJob } from '../api/printing';
import { messageOf } from '../base/errors';
import type { Timers } from '../platform/clock';
import { PrintBackendError, type PrintFormat, type PrinterBackend } from '../platform/printers/backend';
import type { Store, StoredDocument } from '../store';
import { DocumentError } from './document';
import { buildJob, layoutOf, planDocument, type BuiltJob, type JobTarget, type PlannedLabel } from './labels/job';
import type { PrinterRole } from './printerMap';
import type { Group, Member } from './printPolicy';
import type { SentJob } from './spoolerJobs';
import { ZplResolutionError } from './zpl/carrier';
import { pdfToZpl, zplBytes } from './zpl/zpl';

/** What goes to the spooler: the bytes, whether they are a PDF or raw printer code, and the copies the spooler makes. */
interface PrinterJob {
  readonly data: Uint8Array;
  readonly format: PrintFormat;
  readonly copies: number;
}

type Planned = { readonly member: Member<StoredDocument>; readonly labels: PlannedLabel[] };

export interface JobSubmitterParts {
  readonly store: Store;
  readonly backend: PrinterBackend;
  readonly timers: Timers;
  readonly onEvent: (event: PrintEvent) => void;
  /** Why a job for the printer waits instead of going out (it is paused), if it does. */
  readonly holdFor: (printer: string) => string | undefined;
  /** A job went out: watch it. */
  readonly sent: (job: SentJob) => void;
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

export class JobSubmitter {
  constructor(private readonly parts: JobSubmitterParts) {}

  /** The rows fail with `message`, and the desk is told. */
  fail(rows: readonly PrintJob[], message: string, printer?: string): void {
    const now = this.parts.timers.now();
    this.parts.store.atomically((write) => {
      for (const row of rows) write.markPrintFailed(row.id, message, now, printer);
    });
    if (rows.length > 0) this.parts.onEvent({ type: 'printJob', ids: rows.map((r) => r.id), state: 'failed', message, ...(printer !== undefined ? { printer } : {}) });
  }

  /** Prints one group as one spooler job (members already in print order). */
  async print(group: Group<StoredDocument>): Promise<void> {
    const { store, timers } = this.parts;
    const { printer, media, longer, role } = group.choice;
    const target: JobTarget = { printer, media, longer, language: store.read.printerLanguageOf(printer) };
    const planned: Planned[] = [];
    for (const member of group.members) {
      try {
        planned.push({ member, labels: await planDocument(member.doc.bytes, describeDocument(member.doc), target) });
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        this.fail([member.row], messageOf(error), printer);
      }
    }
    const held = planned.length > 0 ? this.parts.holdFor(printer) : undefined;
    if (held !== undefined) {
      const ids = planned.map((c) => c.member.row.id);
      store.atomically((write) => {
        if (group.batchId !== undefined) write.noteBatchPrint(group.batchId, held);
        write.markPrintHeld(ids, printer, held, timers.now());
      });
      this.parts.onEvent({ type: 'printJob', ids, state: 'held', printer, message: held });
      return;
    }
    const built = await this.buildKeepingGood(planned, target, group.copies);
    if (built === undefined) return;
    const rows = built.members.map((m) => m.member.row);
    let jobId: string;
    try {
      jobId = await this.submit(printer, built.job, group.title);
    } catch (error) {
      this.fail(rows, error instanceof PrintBackendError ? submitFailureMessage(error, printer, role) : messageOf(error), printer);
      return;
    }
    const now = timers.now();
    store.atomically((write) => {
      for (const { member, labels } of built.members) {
        const layout = layoutOf(labels);
        // What the printer said of carrier ZPL's resolution belongs to the labels it was said of.
        for (const label of layout.labels) label.notes.push(...built.job.notes.filter((note) => note.startsWith(label.what)));
        write.markPrintSent(member.row.id, jobId, printer, now, layout);
      }
      if (group.batchId !== undefined) write.noteBatchPrint(group.batchId, null);
    });
    const ids = rows.map((r) => r.id);
    this.parts.sent({ ids, printer, jobId, sentAt: now, testPage: false, pages: ids.length });
  }

  /**
   * A PDF page (a test page) in the language its printer is set to and submitted: the PDF as it
   * is, or for a ZPL printer drawn at the printer's resolution, copies asked of the printer (^PQ)
   * so the job stays one raw job. It proves the raw queue and the settings.
   */
  async submitPdf(printer: string, pdf: Uint8Array, title: string): Promise<SentJob> {
    const language = this.parts.store.read.printerLanguageOf(printer);
    const job: PrinterJob = language.language !== 'ZPL' ? { data: pdf, format: 'pdf', copies: 1 } : { data: zplBytes(await pdfToZpl(pdf, language, { copies: 1 })), format: 'raw', copies: 1 };
    const jobId = await this.submit(printer, job, title);
    const sent: SentJob = { ids: [], printer, jobId, sentAt: this.parts.timers.now(), testPage: true, pages: 1 };
    this.parts.sent(sent);
    return sent;
  }

  /**
   * Builds the group's one job. A label that was prepared but cannot be drawn (a broken page, ZPL
   * at a resolution the printer cannot take) fails building as a whole; then each document is built
   * alone, so only the broken one's row fails and the rest still print.
   */
  private async buildKeepingGood(planned: readonly Planned[], target: JobTarget, copies: number): Promise<{ members: Planned[]; job: BuiltJob } | undefined> {
    if (planned.length === 0) return undefined;
    const zpl = target.language.language === 'ZPL';
    const build = (items: readonly Planned[]): Promise<BuiltJob> => buildJob(items.flatMap((p) => p.labels), target, copies);
    try {
      return { members: [...planned], job: await build(planned) };
    } catch (error) {
      if (!isLabelProblem(error, zpl)) throw error;
    }
    const good: Planned[] = [];
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

  /** The job goes to the backend as data: each backend hands it to its spooler the way that spooler takes it fastest. */
  private async submit(printer: string, job: PrinterJob, title: string): Promise<string> {
    const { jobId } = await this.parts.backend.submit({ printer, data: job.data, format: job.format, copies: job.copies, title });
    return jobId;
  }
}

/** A label the station cannot draw or send as asked: its row fails with the reason; anything else is the station's own fault. */
function isLabelProblem(error: unknown, zpl: boolean): boolean {
  // Drawing ZPL runs PDFium and the ZPL renderer: what they throw is about the label, and is said as such.
  return error instanceof DocumentError || error instanceof ZplResolutionError || (zpl && error instanceof Error);
}
