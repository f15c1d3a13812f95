/**
 * What prints together, in what order, and what waits: the print service's rules as pure
 * functions of rows, documents and printers, so they are tested without a spooler or a store.
 *
 * - **Grouping**: one spooler job per shipment and printer (a multi-package shipment's labels come
 *   out as one job, in package order), or per batch and printer for a batch's shipments (its
 *   labels come out as one job, in the batch's order).
 * - **Holding**: a batch's labels wait until the batch has settled; a job for a paused printer is
 *   kept back (a paused queue would print it on resume, after the desk may have printed it again).
 */
import { roleOf, type PrintJob, type PrinterInfo } from '../api/printing';
import type { PrinterChoice } from './printerMap';

/** A shipment's place in its batch. */
export interface BatchPlace {
  readonly batchId: number;
  readonly position: number;
}

/** A row ready to print: its document's bytes and type, and the printer chosen for it. */
export interface ReadyRow<Doc extends PolicyDocument = PolicyDocument> {
  readonly row: PrintJob;
  readonly doc: Doc;
  readonly choice: PrinterChoice;
}

/** What the policy needs to know of a document. */
export interface PolicyDocument {
  readonly documentId: number;
  readonly type: string;
  readonly packageIndex: number | null;
}

export interface Member<Doc extends PolicyDocument = PolicyDocument> {
  readonly row: PrintJob;
  readonly doc: Doc;
  /** Its shipment's place in its batch (0 outside a batch). */
  readonly position: number;
}

export interface Group<Doc extends PolicyDocument = PolicyDocument> {
  /** What the spooler's job is called: the shipment, or the batch. */
  readonly title: string;
  /** The batch the group prints, if it is one. */
  readonly batchId: number | undefined;
  readonly choice: PrinterChoice;
  readonly copies: number;
  /** In print order: a batch's shipments in the batch's order, each one's labels in package order. */
  readonly members: readonly Member<Doc>[];
}

/**
 * The queued rows a pass prints: not held for a batch that has not settled, and of a role the pass
 * asked for (automatic printing may print labels and leave other documents held, or the reverse).
 */
export function rowsToPrint(
  queued: readonly PrintJob[],
  heldForBatches: ReadonlySet<string>,
  roles: { readonly label: boolean; readonly document: boolean },
  docTypeOf: (row: PrintJob) => string | undefined,
): PrintJob[] {
  return queued.filter((row) => row.state === 'queued' && !heldForBatches.has(row.stationRef) && roles[roleOf(docTypeOf(row) ?? 'Label')]);
}

/**
 * The rows grouped into spooler jobs. `printerCopies` is the desk's copies setting per printer
 * (an automatic print takes it; a reprint the copies asked for); `placeOf` says where a shipment
 * stands in its batch, asked once per shipment.
 */
export function groupRows<Doc extends PolicyDocument>(
  ready: readonly ReadyRow<Doc>[],
  copiesOf: (printer: string) => number | undefined,
  placeOf: (stationRef: string) => BatchPlace | undefined,
): Group<Doc>[] {
  const places = new Map<string, BatchPlace | undefined>();
  const place = (stationRef: string): BatchPlace | undefined => {
    if (!places.has(stationRef)) places.set(stationRef, placeOf(stationRef));
    return places.get(stationRef);
  };
  const groups = new Map<string, { title: string; batchId: number | undefined; choice: PrinterChoice; copies: number; members: Member<Doc>[] }>();
  for (const { row, doc, choice } of ready) {
    const copies = row.purpose === 'auto' ? (copiesOf(choice.printer) ?? row.copies) : row.copies;
    // A batch's shipments print together, one job per printer; any other shipment on its own.
    const at = place(row.stationRef);
    const owner = at === undefined ? row.stationRef : `batch ${String(at.batchId)}`;
    const key = [owner, choice.printer, String(copies), String(choice.media.width), String(choice.media.height)].join('\u0000');
    const group = groups.get(key) ?? { title: `Packbench ${owner}`, batchId: at?.batchId, choice, copies, members: [] };
    group.members.push({ row, doc, position: at?.position ?? 0 });
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, members: [...group.members].sort(printOrder) }));
}

/** A batch's shipments in the batch's order; each shipment's labels in package order, then its other documents. */
export function printOrder(a: Member, b: Member): number {
  const rank = (m: Member): [number, number, number, number] => [m.position, m.doc.type === 'Label' ? 0 : 1, m.doc.packageIndex ?? Number.MAX_SAFE_INTEGER, m.doc.documentId];
  const [x, y] = [rank(a), rank(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3];
}

/** Paused by a person or by the printer itself (out of labels, cover open). */
export function isPaused(printer: PrinterInfo): boolean {
  return printer.state === 'stopped';
}

/**
 * Why a job for `printer` is kept back instead of sent, or undefined to send it: a paused queue
 * takes the job and prints it whenever it is resumed, after the desk may have printed the label
 * again elsewhere, so the rows stay queued and print when the printer is back.
 */
export function holdFor(printer: string, printers: readonly PrinterInfo[] | undefined): string | undefined {
  const paused = printers?.find((p) => p.name === printer && isPaused(p));
  if (paused === undefined) return undefined;
  const why = paused.message === undefined || paused.message === '' ? '' : ` (${paused.message})`;
  return `Printer ${printer} is paused${why}: it prints when the printer is resumed`;
}

/** Whether a printer that was paused is ready again: what was held for it can print now. */
export function printerCameBack(before: readonly PrinterInfo[] | undefined, now: readonly PrinterInfo[]): boolean {
  const pausedBefore = new Set((before ?? []).filter(isPaused).map((p) => p.name));
  return now.some((p) => pausedBefore.has(p.name) && !isPaused(p));
}
