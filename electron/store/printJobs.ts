/**
 * Print jobs: the history of what went to which printer. The automatic print of a label is
 * recorded exactly once per label (a unique index, not a check in code), so a hand-off
 * repeated after a crash or a double click prints nothing twice; reprints are new rows.
 */
import * as z from 'zod';
import { PRINT_JOB_STATES, PRINT_PURPOSES, PrintLayout, type PrintJob, type PrintJobState } from '../api/printing';
import { StoreInputError, StoreNotFoundError, StoreTransitionError } from './errors';
import { parseInput, parseRow } from './rows';
import { atomically, statement, type Db } from './statements';


const PrintJobRow = z.object({
  id: z.number().int(),
  station_ref: z.string(),
  document_id: z.number().int().nullable(),
  purpose: z.enum(PRINT_PURPOSES),
  printer: z.string().nullable(),
  copies: z.number().int().min(1),
  state: z.enum(PRINT_JOB_STATES),
  cups_job_id: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  resolved_at: z.number().int().nullable(),
  target_printer: z.string().nullable(),
  hold_note: z.string().nullable(),
  layout: z.string().nullable(),
});

/** A layout as kept: JSON the store wrote itself; one that no longer reads is reported as unknown rather than failing the history. */
function layoutOf(text: string | null): PrintLayout | null {
  if (text === null) return null;
  try {
    const parsed = PrintLayout.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
    resolvedAt: parsed.resolved_at,
    // Where it went; before it is sent, the printer it names (if any).
    targetPrinter: parsed.target_printer ?? parsed.printer,
    heldBecause: parsed.state === 'queued' ? parsed.hold_note : null,
    layout: layoutOf(parsed.layout),
  };
}

const PrintOptions = z.object({
  printer: z.string().min(1).nullable().optional(),
  copies: z.number().int().min(1).max(99).optional(),
});
export type PrintOptions = z.input<typeof PrintOptions>;

/**
 * Creates one `auto` print job per Label document of the shipment that has none yet, and per
 * packing slip (the station made it only because the desk prints slips), and per other document
 * too with `documents: 'all'`; returns the jobs created: an empty list when called again. Labels
 * come first, so a slip prints right after its label.
 */
export function handOffForPrinting(db: Db, stationRef: string, now: number, options: PrintOptions & { documents?: 'labels' | 'all' } = {}): PrintJob[] {
  const { printer = null, copies = 1 } = parseInput(PrintOptions, { printer: options.printer, copies: options.copies }, 'print options');
  const which = options.documents === 'all' ? '' : "AND type IN ('Label', 'PackingSlip')";
  return atomically(db, () => {
    const labels = statement(db, `SELECT document_id FROM documents WHERE station_ref = ? ${which} ORDER BY type <> 'Label', package_index, document_id`).all(stationRef) as {
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

function move(db: Db, id: number, to: PrintJobState, now: number, fields: { cupsJobId?: string; error?: string; targetPrinter?: string; layout?: PrintLayout }): void {
  const from = ALLOWED_FROM[to];
  const placeholders = from.map(() => '?').join(', ');
  const changed = statement(
    db,
    `UPDATE print_jobs SET state = ?, cups_job_id = coalesce(?, cups_job_id), target_printer = coalesce(?, target_printer), layout = coalesce(?, layout), error = ?, hold_note = NULL, updated_at = ? WHERE id = ? AND state IN (${placeholders})`,
  ).run(to, fields.cupsJobId ?? null, fields.targetPrinter ?? null, fields.layout === undefined ? null : JSON.stringify(parseInput(PrintLayout, fields.layout, 'layout')), fields.error ?? null, now, id, ...from);
  if (changed.changes === 1) return;
  const job = mustGet(db, id);
  throw new StoreTransitionError(`print job ${id} is ${job.state}: it cannot become ${to} (only from ${from.join(' or ')})`);
}

/**
 * Queued jobs kept back from `printer`, and why (it is paused): a screen that reads them later
 * still says so. The note goes when the job is sent or fails; jobs no longer queued are left alone.
 */
export function markPrintHeld(db: Db, ids: readonly number[], printer: string, note: string, now: number): void {
  if (note.trim() === '') throw new StoreInputError('note', ['must not be empty']);
  statement(db, "UPDATE print_jobs SET hold_note = ?, target_printer = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND state = 'queued'").run(note, printer, now, JSON.stringify(ids));
}

/** The spooler of `printer` accepted the job (CUPS job id, or the platform's equivalent); `layout` is how its document was laid out. */
export function markPrintSent(db: Db, id: number, cupsJobId: string, printer: string, now: number, layout?: PrintLayout): void {
  if (cupsJobId.trim() === '') throw new StoreInputError('cupsJobId', ['must not be empty']);
  if (printer.trim() === '') throw new StoreInputError('printer', ['must not be empty']);
  move(db, id, 'sent', now, { cupsJobId, targetPrinter: printer, ...(layout === undefined ? {} : { layout }) });
}

export function markPrintCompleted(db: Db, id: number, now: number): void {
  move(db, id, 'completed', now, {});
}

/** Failed prints nobody has acted on yet (retried or dismissed), oldest first. */
export function listUnresolvedFailures(db: Db): PrintJob[] {
  return statement(db, "SELECT * FROM print_jobs WHERE state = 'failed' AND resolved_at IS NULL ORDER BY id").all().map(toJob);
}

/** A person acted on a failed print (retried or dismissed it): it is no longer shown as a problem. */
export function resolveFailure(db: Db, id: number, now: number): PrintJob {
  const changed = statement(db, "UPDATE print_jobs SET resolved_at = ? WHERE id = ? AND state = 'failed' AND resolved_at IS NULL").run(now, id);
  const job = mustGet(db, id);
  if (changed.changes === 0 && job.state !== 'failed') throw new StoreTransitionError(`print job ${id} is ${job.state}, not failed: there is nothing to act on`);
  return job;
}

/**
 * The job failed; `error` is what the person at the desk is shown, `printer` the printer it was
 * for when one had been chosen. Reprinting makes a new job.
 */
export function markPrintFailed(db: Db, id: number, error: string, now: number, printer?: string): void {
  move(db, id, 'failed', now, { error: error.trim() === '' ? 'the printer reported an error' : error, ...(printer === undefined ? {} : { targetPrinter: printer }) });
}

/** What a job of a voided shipment that never printed says, once it is given up. */
export const VOIDED_LABEL_NOTE = 'not printed: the shipment was voided';

/**
 * The shipment was voided: its labels are no longer postage. A job not sent yet (held, or waiting
 * for a paused printer) is given up, and a failed print is no longer offered to print again.
 * Jobs already with the printer are left to it (their record stays true). Returns the jobs changed.
 */
export function settlePrintsOfVoided(db: Db, stationRef: string, now: number): number[] {
  return atomically(db, () => {
    const queued = statement(db, "SELECT id FROM print_jobs WHERE station_ref = ? AND state = 'queued'").pluck().all(stationRef) as number[];
    for (const id of queued) move(db, id, 'failed', now, { error: VOIDED_LABEL_NOTE });
    const unresolved = statement(db, "UPDATE print_jobs SET resolved_at = ? WHERE station_ref = ? AND state = 'failed' AND resolved_at IS NULL RETURNING id").pluck().all(now, stationRef) as number[];
    return [...new Set([...queued, ...unresolved])];
  });
}
