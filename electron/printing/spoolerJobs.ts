/**
 * The spooler jobs out on the printers, watched until the spooler says `completed` or the job is
 * judged failed with a reason the desk can act on (jobWatcher.ts judges); each job's rows are
 * settled then. Sent rows this instance did not submit (the app restarted while they printed) are
 * adopted and watched too.
 */
import type { PrintEvent } from '../api/printing';
import { messageOf } from '../base/errors';
import type { PrinterBackend } from '../platform/printers/backend';
import { StoreTransitionError, type Store } from '../store';
import { judgeJob, judgeUnanswered, nextPollDelay, type Verdict } from './jobWatcher';

/** A submitted spooler job being watched: the rows it carries (none for a test page). */
export interface SentJob {
  readonly ids: readonly number[];
  readonly printer: string;
  readonly jobId: string;
  readonly sentAt: number;
  readonly testPage: boolean;
  /** Pages it carries (a row per page, near enough): a long job gets longer to print. */
  readonly pages: number;
}

export class SpoolerJobs {
  private readonly out = new Map<string, SentJob>();
  /** Ends the watch loop's current wait (set by the loop while it waits). */
  wake: (() => void) | undefined;

  constructor(
    private readonly store: Store,
    private readonly backend: PrinterBackend,
    private readonly now: () => number,
    private readonly onEvent: (event: PrintEvent) => void,
  ) {}

  /** A job just sent: watched from now, and the desk hears of its label at once. */
  sent(job: SentJob): void {
    this.out.set(`${job.printer}\u0000${job.jobId}`, job);
    this.wake?.();
    this.onEvent({ type: 'printJob', ids: job.ids, state: 'sent', printer: job.printer, jobId: job.jobId, ...(job.testPage ? { testPage: true as const } : {}) });
  }

  /** How long to wait before asking the spooler again: sooner while young jobs are out. */
  nextDelay(pollMs: number): number {
    const now = this.now();
    return nextPollDelay([...this.out.values()].map((job) => now - job.sentAt), pollMs);
  }

  /** Asks the spooler once about every job out and settles those that finished or failed. */
  async check(): Promise<void> {
    this.adoptSentRows();
    for (const [key, job] of [...this.out]) {
      let verdict: Verdict;
      try {
        verdict = judgeJob(job.printer, await this.backend.jobStatus(job.printer, job.jobId), this.now() - job.sentAt, job.pages);
      } catch (error) {
        verdict = judgeUnanswered(job.printer, messageOf(error), this.now() - job.sentAt, job.pages);
      }
      if (verdict.outcome === 'waiting') continue;
      this.out.delete(key);
      if (verdict.outcome === 'completed') {
        this.settle(job, 'completed');
      } else {
        // A paused queue would print the job on resume, after the desk was told to reprint: a duplicate label.
        await this.backend.cancel(job.jobId).catch(() => undefined);
        this.settle(job, 'failed', verdict.message);
      }
    }
  }

  private adoptSentRows(): void {
    const known = new Set([...this.out.values()].flatMap((t) => t.ids));
    const byJob = new Map<string, { ids: number[]; printer: string; jobId: string; sentAt: number }>();
    for (const row of this.store.read.listOpenPrintJobs()) {
      if (row.state !== 'sent' || row.cupsJobId === null || known.has(row.id)) continue;
      // A sent row has its target; failing that (a row from before, whose job id the upgrade could not read), CUPS job ids start with the queue name.
      const printer = row.targetPrinter ?? row.cupsJobId.replace(/-\d+$/, '');
      const key = `${printer}\u0000${row.cupsJobId}`;
      const entry = byJob.get(key) ?? { ids: [], printer, jobId: row.cupsJobId, sentAt: row.updatedAt };
      entry.ids.push(row.id);
      byJob.set(key, entry);
    }
    for (const [key, entry] of byJob) this.out.set(key, { ...entry, testPage: false, pages: entry.ids.length });
  }

  private settle(job: SentJob, state: 'completed' | 'failed', message?: string): void {
    const now = this.now();
    for (const id of job.ids) {
      try {
        this.store.atomically((write) => (state === 'completed' ? write.markPrintCompleted(id, now) : write.markPrintFailed(id, message ?? '', now, job.printer)));
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
}
