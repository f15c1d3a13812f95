/**
 * Batches of imported orders shipped at once. A batch row keeps what was asked (the box, the
 * service, the ship-from location) and its orders in the batch's order, each with the shipment
 * queued for it or why it was refused up front. Where a shipment stands is never copied here: it is
 * read from its create in the outbox and from the shipments table, so a batch follows whatever
 * happens to its shipments (sent, refused, resubmitted, discarded) without being told.
 *
 * A batch is settled once none of its shipments waits to be sent or looked up; the moment it first
 * is (`settled_at`) its labels stop being held and print as one job (printing/printService.ts).
 */
import * as z from 'zod';
import {
  BatchBox,
  BatchService,
  type BatchCounts,
  type BatchOrderState,
  type BatchOrderView,
  type BatchPrintView,
  type BatchSummary,
  type BatchView,
} from '../api/batches';
import type { OutboxState } from '../api/outbox';
import { StoreInputError } from './errors';
import { jsonColumn, parseInput, parseRow } from './rows';
import { getSetting } from './settings';
import { atomically, statement, type Db } from './statements';
import { StationRef } from './stationRef';

/** An order of a new batch: the shipment queued for it, or why it was not queued. */
export type BatchOrderToStore = { readonly orderNumber: string; readonly stationRef: string } | { readonly orderNumber: string; readonly refused: string };

const NewBatch = z.object({
  batchKey: z.string().min(1),
  box: BatchBox,
  service: BatchService,
  shipFromLocationId: z.string().min(1).nullable(),
  now: z.number().int().min(0),
  orders: z
    .array(z.union([z.object({ orderNumber: z.string().min(1), stationRef: StationRef }), z.object({ orderNumber: z.string().min(1), refused: z.string().min(1) })]))
    .min(1, 'must have an order'),
});

/**
 * Writes a batch and its orders; call it in the transaction that queues the batch's shipments.
 * Returns the batch's id. A batch key used before is refused: look it up first (`batchIdOfKey`).
 */
export function insertBatch(
  db: Db,
  batch: { batchKey: string; box: BatchBox; service: BatchService; shipFromLocationId: string | null; now: number; orders: readonly BatchOrderToStore[] },
): number {
  const parsed = parseInput(NewBatch, batch, 'batch');
  return atomically(db, () => {
    if (batchIdOfKey(db, parsed.batchKey) !== undefined) throw new StoreInputError('batchKey', [`batch key ${parsed.batchKey} was already used`]);
    const inserted = statement(db, 'INSERT INTO batches (batch_key, box, service, ship_from_location_id, created_at) VALUES (?, ?, ?, ?, ?)').run(
      parsed.batchKey,
      JSON.stringify(parsed.box),
      JSON.stringify(parsed.service),
      parsed.shipFromLocationId,
      parsed.now,
    );
    const id = Number(inserted.lastInsertRowid);
    const add = statement(db, 'INSERT INTO batch_orders (batch_id, position, order_number, station_ref, refused) VALUES (?, ?, ?, ?, ?)');
    parsed.orders.forEach((order, position) => {
      add.run(id, position, order.orderNumber, 'stationRef' in order ? order.stationRef : null, 'refused' in order ? order.refused : null);
    });
    return id;
  });
}

/** The batch a batch key made, if it was used. */
export function batchIdOfKey(db: Db, batchKey: string): number | undefined {
  const row = statement(db, 'SELECT id FROM batches WHERE batch_key = ?').get(batchKey) as { id: number } | undefined;
  return row?.id;
}

/** Where a shipment stands in its batch, if it belongs to one. */
export function batchPlaceOf(db: Db, stationRef: string): { readonly batchId: number; readonly position: number } | undefined {
  const row = statement(db, 'SELECT batch_id, position FROM batch_orders WHERE station_ref = ?').get(stationRef) as { batch_id: number; position: number } | undefined;
  return row === undefined ? undefined : { batchId: row.batch_id, position: row.position };
}

const COUNTS = `
SELECT count(*) AS orders,
  count(bo.station_ref) AS total,
  count(bo.refused) AS refused_up_front,
  total(o.state = 'done') AS shipped,
  total(o.state = 'failed') AS refused,
  total(o.state = 'needs_review') AS needs_review,
  total(o.state IN ('done', 'failed', 'needs_review', 'discarded')) AS settled
FROM batch_orders AS bo
LEFT JOIN outbox AS o ON o.station_ref = bo.station_ref AND o.kind = 'createShipment'
WHERE bo.batch_id = ?`;

interface Tally extends BatchCounts {
  readonly orderCount: number;
  readonly refusedUpFront: number;
  readonly needsReview: number;
}

function tally(db: Db, batchId: number): Tally {
  const row = statement(db, COUNTS).get(batchId) as { orders: number; total: number; refused_up_front: number; shipped: number; refused: number; needs_review: number; settled: number };
  return {
    orderCount: row.orders,
    total: row.total,
    settled: row.settled,
    shipped: row.shipped,
    refused: row.refused,
    refusedUpFront: row.refused_up_front,
    needsReview: row.needs_review,
  };
}

/** A batch's counts, as `batchProgress` tells them. */
export function batchCounts(db: Db, batchId: number): BatchCounts {
  const { total, settled, shipped, refused } = tally(db, batchId);
  return { total, settled, shipped, refused };
}

// Settled: none of its shipments' creates still waits to be sent or looked up.
const NEWLY_SETTLED = `
SELECT b.id FROM batches AS b INDEXED BY batches_unsettled
WHERE b.settled_at IS NULL AND NOT EXISTS (
  SELECT 1 FROM batch_orders AS bo JOIN outbox AS o ON o.station_ref = bo.station_ref AND o.kind = 'createShipment'
  WHERE bo.batch_id = b.id AND o.state IN ('pending', 'sending', 'unknown'))`;

/**
 * Marks the batches whose shipments are all settled now (shipped, refused, waiting for a person or
 * discarded) and were not before; returns their ids. From then their labels print. Cheap when no
 * batch is open: only unsettled batches are looked at.
 */
export function settleBatches(db: Db, now: number): number[] {
  return atomically(db, () => {
    const ids = (statement(db, NEWLY_SETTLED).all() as { id: number }[]).map((row) => row.id);
    for (const id of ids) statement(db, 'UPDATE batches SET settled_at = ? WHERE id = ? AND settled_at IS NULL').run(now, id);
    return ids;
  });
}

/** The shipments whose labels wait for their batch to settle: they do not print on their own. */
export function shipmentsHeldForBatches(db: Db): Set<string> {
  const rows = statement(
    db,
    'SELECT bo.station_ref FROM batches AS b INDEXED BY batches_unsettled JOIN batch_orders AS bo ON bo.batch_id = b.id WHERE b.settled_at IS NULL AND bo.station_ref IS NOT NULL',
  ).all() as { station_ref: string }[];
  return new Set(rows.map((row) => row.station_ref));
}

/** Whether the shipment's labels wait for its batch to settle. */
export function heldForBatch(db: Db, stationRef: string): boolean {
  const row = statement(db, 'SELECT b.settled_at FROM batch_orders AS bo JOIN batches AS b ON b.id = bo.batch_id WHERE bo.station_ref = ?').get(stationRef) as { settled_at: number | null } | undefined;
  return row !== undefined && row.settled_at === null;
}

/** Why the batch's print waits (a paused printer held it), or null once it went out. */
export function noteBatchPrint(db: Db, batchId: number, note: string | null): void {
  statement(db, 'UPDATE batches SET print_note = ? WHERE id = ?').run(note, batchId);
}

/** Failed prints of the batch's shipments that nobody has retried or dismissed yet, oldest first. */
export function unresolvedPrintFailuresOfBatch(db: Db, batchId: number): number[] {
  const rows = statement(
    db,
    "SELECT pj.id FROM batch_orders AS bo JOIN print_jobs AS pj ON pj.station_ref = bo.station_ref WHERE bo.batch_id = ? AND pj.state = 'failed' AND pj.resolved_at IS NULL ORDER BY pj.id",
  ).all(batchId) as { id: number }[];
  return rows.map((row) => row.id);
}

const BatchRow = z.object({
  id: z.number().int(),
  box: jsonColumn(BatchBox),
  service: jsonColumn(BatchService),
  ship_from_location_id: z.string().nullable(),
  created_at: z.number().int(),
  settled_at: z.number().int().nullable(),
  print_note: z.string().nullable(),
});
type BatchRow = z.output<typeof BatchRow>;

const ORDER_STATE: Readonly<Record<OutboxState, BatchOrderState>> = {
  pending: 'queued',
  sending: 'sending',
  unknown: 'sending',
  done: 'shipped',
  failed: 'refused',
  needs_review: 'needsReview',
  discarded: 'discarded',
};

const ORDERS = `
SELECT bo.order_number, bo.station_ref, bo.refused, o.id AS outbox_id, o.state, o.last_error,
  s.tracking_number, s.carrier, s.carrier_service_level, s.cost, s.currency
FROM batch_orders AS bo
LEFT JOIN outbox AS o ON o.station_ref = bo.station_ref AND o.kind = 'createShipment'
LEFT JOIN shipments AS s ON s.station_ref = bo.station_ref
WHERE bo.batch_id = ?
ORDER BY bo.position`;

interface OrderRow {
  order_number: string;
  station_ref: string | null;
  refused: string | null;
  outbox_id: number | null;
  state: OutboxState | null;
  last_error: string | null;
  tracking_number: string | null;
  carrier: string | null;
  carrier_service_level: string | null;
  cost: number | null;
  currency: string | null;
}

/** The message of a stored outbox error, whatever else it holds. */
function errorMessage(text: string | null): string | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : text;
  } catch {
    return text;
  }
}

function toOrderView(row: OrderRow): BatchOrderView {
  const state: BatchOrderState = row.station_ref === null ? 'refusedUpFront' : ORDER_STATE[row.state ?? 'pending'];
  return {
    orderNumber: row.order_number,
    stationRef: row.station_ref,
    outboxId: row.outbox_id,
    state,
    trackingNumber: row.tracking_number,
    carrier: row.carrier,
    serviceLevel: row.carrier_service_level,
    cost: row.cost,
    currency: row.currency,
    message: row.refused ?? (state === 'shipped' ? null : errorMessage(row.last_error)),
  };
}

// The print rows of the batch's labels; the latest row of each label is where that label stands.
const LABEL_PRINTS = `
SELECT pj.document_id, pj.state, coalesce(pj.target_printer, pj.printer) AS printer, pj.error, pj.resolved_at
FROM batch_orders AS bo
JOIN print_jobs AS pj ON pj.station_ref = bo.station_ref
JOIN documents AS d ON d.document_id = pj.document_id AND d.type = 'Label'
WHERE bo.batch_id = ?
ORDER BY pj.id`;

interface LabelPrintRow {
  document_id: number;
  state: 'queued' | 'sent' | 'completed' | 'failed';
  /** Where it went, else the printer it names (a queued reprint). */
  printer: string | null;
  error: string | null;
  resolved_at: number | null;
}

/** The batch's labels as one print job: where the latest print of each of them stands. */
function printOf(db: Db, batch: BatchRow): { view: BatchPrintView | null; printed: boolean } {
  const latest = new Map<number, LabelPrintRow>();
  for (const row of statement(db, LABEL_PRINTS).all(batch.id) as LabelPrintRow[]) latest.set(row.document_id, row);
  const labels = [...latest.values()];
  if (labels.length === 0) return { view: null, printed: false };
  // A failure a person dismissed (printed elsewhere) no longer holds the batch up.
  const done = (row: LabelPrintRow): boolean => row.state === 'completed' || (row.state === 'failed' && row.resolved_at !== null);
  const printed = labels.every(done);
  const printer = labels.map((row) => row.printer).find((name) => name !== null) ?? null;
  const base = { pages: labels.length, printer };
  const failed = labels.find((row) => row.state === 'failed' && row.resolved_at === null);
  if (labels.some((row) => row.state === 'sent')) return { view: { ...base, state: 'sent' }, printed };
  if (failed !== undefined) return { view: { ...base, state: 'failed', message: failed.error ?? 'the printer reported an error' }, printed };
  if (printed) return { view: { ...base, state: 'completed' }, printed };
  if (batch.settled_at === null) return { view: { ...base, state: 'waiting', message: 'the labels print as one job once every order of the batch is shipped, refused or waiting for a person' }, printed };
  if (batch.print_note !== null) return { view: { ...base, state: 'held', message: batch.print_note }, printed };
  if (!getSetting(db, 'autoPrintLabels')) {
    return { view: { ...base, state: 'held', message: 'automatic printing of labels is off: release the held labels to print the batch as one job' }, printed };
  }
  return { view: { ...base, state: 'waiting', message: 'going to the printer' }, printed };
}

function batchRow(db: Db, batchId: number): BatchRow | undefined {
  const row = statement(db, 'SELECT id, box, service, ship_from_location_id, created_at, settled_at, print_note FROM batches WHERE id = ?').get(batchId);
  return row === undefined ? undefined : parseRow(BatchRow, row, `batches row ${batchId}`);
}

function summaryOf(db: Db, row: BatchRow, printed: boolean): BatchSummary {
  return {
    id: row.id,
    createdAt: row.created_at,
    box: row.box,
    service: row.service,
    shipFromLocationId: row.ship_from_location_id,
    ...tally(db, row.id),
    settledAt: row.settled_at,
    printed,
  };
}

/** A batch with its orders in its order and its print job, read in one transaction. */
export function readBatch(db: Db, batchId: number): BatchView | undefined {
  return atomically(db, () => {
    const row = batchRow(db, batchId);
    if (row === undefined) return undefined;
    const print = printOf(db, row);
    const orders = (statement(db, ORDERS).all(batchId) as OrderRow[]).map(toOrderView);
    return { ...summaryOf(db, row, print.printed), print: print.view, orders };
  });
}

/** Batches, newest first, without their orders. */
export function listBatches(db: Db, limit: number): BatchSummary[] {
  const count = parseInput(z.number().int().min(1).max(10_000), limit, 'limit');
  return atomically(db, () => {
    const rows = statement(db, 'SELECT id, box, service, ship_from_location_id, created_at, settled_at, print_note FROM batches ORDER BY id DESC LIMIT ?').all(count);
    return rows.map((raw) => {
      const row = parseRow(BatchRow, raw, 'batches row');
      return summaryOf(db, row, printOf(db, row).printed);
    });
  });
}
