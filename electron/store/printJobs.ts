/**
 * Print jobs: the history of what went to which printer. The automatic print of a label is
 * recorded exactly once per label (a unique index, not a check in code), so a hand-off
 * repeated after a crash or a double click prints nothing twice; reprints are new rows.
 */
import * as z from 'zod';
import { StoreInputError, StoreNotFoundError, StoreTransitionError } from './errors';
import { parseInput, parseRow } from './rows';
import { atomically, statement, type Db } from './statements';

export const PRINT_JOB_STATES = ['queued', 'sent', 'completed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];
export type PrintPurpose = 'auto' | 'reprint';

export interface PrintJob {
  readonly id: number;
  readonly stationRef: string;
  /** Null once the document was purged by the retention setting. */
  readonly documentId: number | null;
  readonly purpose: PrintPurpose;
  /** Null means the system's default printer. */
  readonly printer: string | null;
  readonly copies: number;
  readonly state: PrintJobState;
  readonly cupsJobId: string | null;
  readonly error: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

const PrintJobRow = z.object({
  id: z.number().int(),
  station_ref: z.string(),
  document_id: z.number().int().nullable(),
  purpose: z.enum(['auto', 'reprint']),
  printer: z.string().nullable(),
  copies: z.number().int().min(1),
  state: z.enum(PRINT_JOB_STATES),
  cups_job_id: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});

function toJob(row: unknown): PrintJob {
  const parsed = parseRow(PrintJobRow, row, 'print_jobs row');
  return {
    id: parsed.id,
    stationRef: parsed.station_ref,
    documentId: parsed.document_id,
    purpose: parsed.purpose,
    printer: parsed.printer,
    copies: parsed.copies,
    state: parsed.state,
    cupsJobId: parsed.cups_job_id,
    error: parsed.error,
    createdAt: parsed.created_at,
    updatedAt: parsed.updated_at,
  };
}

const PrintOptions = z.object({
  printer: z.string().min(1).nullable().optional(),
  copies: z.number().int().min(1).max(99).optional(),
});
export type PrintOptions = z.input<typeof PrintOptions>;

/**
 * Creates one `auto` print job per Label document of the shipment that has none yet, and
 * returns the jobs created: an empty list when called again.
 */
export function handOffForPrinting(db: Db, stationRef: string, now: number, options: PrintOptions = {}): PrintJob[] {
  const { printer = null, copies = 1 } = parseInput(PrintOptions, options, 'print options');
  return atomically(db, () => {
    const labels = statement(db, "SELECT document_id FROM documents WHERE station_ref = ? AND type = 'Label' ORDER BY package_index, document_id").all(stationRef) as {
      document_id: number;
    }[];
    const created: PrintJob[] = [];
    for (const { document_id: documentId } of labels) {
      const inserted = statement(
        db,
        "INSERT INTO print_jobs (station_ref, document_id, purpose, printer, copies, state, created_at, updated_at) VALUES (?, ?, 'auto', ?, ?, 'queued', ?, ?) ON CONFLICT DO NOTHING",
      ).run(stationRef, documentId, printer, copies, now, now);
      if (inserted.changes === 1) created.push(mustGet(db, Number(inserted.lastInsertRowid)));
    }
    return created;
  });
}

/** A reprint of one document: always a new job. */
export function recordReprint(db: Db, documentId: number, now: number, options: PrintOptions = {}): PrintJob {
  const { printer = null, copies = 1 } = parseInput(PrintOptions, options, 'print options');
  const doc = statement(db, 'SELECT station_ref FROM documents WHERE document_id = ?').get(documentId) as { station_ref: string } | undefined;
  if (doc === undefined) throw new StoreNotFoundError(`document ${documentId} is not kept (it may have passed the retention period)`);
  const inserted = statement(
    db,
    "INSERT INTO print_jobs (station_ref, document_id, purpose, printer, copies, state, created_at, updated_at) VALUES (?, ?, 'reprint', ?, ?, 'queued', ?, ?)",
  ).run(doc.station_ref, documentId, printer, copies, now, now);
  return mustGet(db, Number(inserted.lastInsertRowid));
}

export function getPrintJob(db: Db, id: number): PrintJob | undefined {
  const row = statement(db, 'SELECT * FROM print_jobs WHERE id = ?').get(id);
  return row === undefined ? undefined : toJob(row);
}

function mustGet(db: Db, id: number): PrintJob {
  const job = getPrintJob(db, id);
  if (job === undefined) throw new StoreNotFoundError(`no print job ${id}`);
  return job;
}

/** Print history, newest first: of one shipment, or of the whole desk. */
export function listPrintJobs(db: Db, options: { stationRef?: string; limit?: number } = {}): PrintJob[] {
  const limit = parseInput(z.number().int().min(1).max(10_000), options.limit ?? 100, 'limit');
  const rows =
    options.stationRef === undefined
      ? statement(db, 'SELECT * FROM print_jobs ORDER BY id DESC LIMIT ?').all(limit)
      : statement(db, 'SELECT * FROM print_jobs WHERE station_ref = ? ORDER BY id DESC LIMIT ?').all(options.stationRef, limit);
  return rows.map(toJob);
}

/** Jobs not finished yet (queued or sent), oldest first: what the printing module works on. */
export function listOpenPrintJobs(db: Db): PrintJob[] {
  return statement(db, "SELECT * FROM print_jobs WHERE state IN ('queued', 'sent') ORDER BY id").all().map(toJob);
}

const ALLOWED_FROM: Readonly<Record<PrintJobState, readonly PrintJobState[]>> = {
  queued: [],
  sent: ['queued'],
  completed: ['sent'],
  failed: ['queued', 'sent'],
};

function move(db: Db, id: number, to: PrintJobState, now: number, fields: { cupsJobId?: string; error?: string }): void {
  const from = ALLOWED_FROM[to];
  const placeholders = from.map(() => '?').join(', ');
  const changed = statement(
    db,
    `UPDATE print_jobs SET state = ?, cups_job_id = coalesce(?, cups_job_id), error = ?, updated_at = ? WHERE id = ? AND state IN (${placeholders})`,
  ).run(to, fields.cupsJobId ?? null, fields.error ?? null, now, id, ...from);
  if (changed.changes === 1) return;
  const job = mustGet(db, id);
  throw new StoreTransitionError(`print job ${id} is ${job.state}: it cannot become ${to} (only from ${from.join(' or ')})`);
}

/** The spooler accepted the job (CUPS job id, or the platform's equivalent). */
export function markPrintSent(db: Db, id: number, cupsJobId: string, now: number): void {
  if (cupsJobId.trim() === '') throw new StoreInputError('cupsJobId', ['must not be empty']);
  move(db, id, 'sent', now, { cupsJobId });
}

export function markPrintCompleted(db: Db, id: number, now: number): void {
  move(db, id, 'completed', now, {});
}

/** The job failed; `error` is what the person at the desk is shown. Reprinting makes a new job. */
export function markPrintFailed(db: Db, id: number, error: string, now: number): void {
  move(db, id, 'failed', now, { error: error.trim() === '' ? 'the printer reported an error' : error });
}
