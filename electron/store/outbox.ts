/**
 * The outbox: every write to the service, queued in the same transaction as the local
 * record it is about, so packing goes on offline and nothing is sent twice by accident.
 * Items move through explicit states (docs/store.md has the table); each move names the
 * states it may come from and is refused from any other.
 */
import * as z from 'zod';
import { OUTBOX_KINDS, OUTBOX_STATES, type OutboxError, type OutboxItem, type OutboxKind, type OutboxState, type OutboxWork, type ShipmentChangeKind } from '../api/outbox';
import { PENDING_CHANGE_STATUSES, STATION_STATUSES } from '../api/shipments';
import type { ShipmentCreate } from '../service/contract';
import { StoreInputError, StoreNotFoundError, StoreTransitionError } from './errors';
import { checkPayload } from './outboxPayloads';
import { parseInput, parseRow } from './rows';
import { getByStationRef, insertQueuedShipment, replaceQueuedInput, setPreCreationStatus, setStatus } from './shipments';
import { atomically, statement, type Db } from './statements';
import { StationRef } from './stationRef';

const OutboxErrorSchema = z.object({
  kind: z.string().min(1, 'must not be empty'),
  message: z.string().min(1, 'must not be empty'),
  items: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })).optional(),
});

const Instant = z.number().finite().min(0);

const OutboxRow = z.object({
  id: z.number().int(),
  station_ref: z.string(),
  kind: z.enum(OUTBOX_KINDS as [OutboxKind, ...OutboxKind[]]),
  payload: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.number(),
  last_error: z.string().nullable(),
  result: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});

/** Stored JSON that does not read back: shown as text rather than lost. */
function readJson(text: string | null): { ok: true; value: unknown } | { ok: false; text: string } {
  if (text === null) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, text };
  }
}

/** A row read back: work the worker can send, or an item whose payload no longer reads (and why). */
type Loaded = { readonly ok: true; readonly item: OutboxWork } | { readonly ok: false; readonly item: OutboxItem; readonly problems: readonly string[] };

function load(row: unknown): Loaded {
  const parsed = parseRow(OutboxRow, row, 'outbox row');
  const error = readJson(parsed.last_error);
  const result = readJson(parsed.result);
  const fields = {
    id: parsed.id,
    stationRef: parsed.station_ref,
    state: parsed.state,
    attempts: parsed.attempts,
    nextAttemptAt: parsed.next_attempt_at,
    lastError: error.ok ? (OutboxErrorSchema.safeParse(error.value).data ?? null) : { kind: 'unreadable', message: error.text },
    result: result.ok ? result.value : result.text,
    createdAt: parsed.created_at,
    updatedAt: parsed.updated_at,
  };
  const payload = readJson(parsed.payload);
  const check = payload.ok ? checkPayload(parsed.kind, parsed.station_ref, payload.value) : { ok: false as const, problems: ['payload is not valid JSON'] };
  if (check.ok) return { ok: true, item: { ...fields, ...check.entry } };
  const damage = `the stored ${parsed.kind} cannot be sent: ${check.problems.join('; ')}`;
  return { ok: false, item: { ...fields, kind: parsed.kind, payload: payload.ok ? payload.value : payload.text, damage }, problems: check.problems };
}

function mustGet(db: Db, id: number): OutboxItem {
  const row = statement(db, 'SELECT * FROM outbox WHERE id = ?').get(id);
  if (row === undefined) throw new StoreNotFoundError(`no outbox item ${id}`);
  return load(row).item;
}

const EnqueueArgs = z.object({
  stationRef: StationRef,
  kind: z.enum(OUTBOX_KINDS as [OutboxKind, ...OutboxKind[]]),
  payload: z.unknown(),
  now: Instant,
});

/**
 * Adds an item in state `pending`, ready now. Call it inside the same `db.transaction` as
 * the local write it belongs to, so both happen or neither does.
 */
export function enqueue(db: Db, args: { stationRef: string; kind: OutboxKind; payload: unknown; now: number }): OutboxItem {
  const { stationRef, kind, payload, now } = parseInput(EnqueueArgs, args, 'outbox item');
  const check = checkPayload(kind, stationRef, payload);
  if (!check.ok) throw new StoreInputError(`${kind} payload`, check.problems);
  const inserted = statement(
    db,
    "INSERT INTO outbox (station_ref, kind, payload, state, attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)",
  ).run(stationRef, kind, JSON.stringify(payload), now, now, now);
  return mustGet(db, Number(inserted.lastInsertRowid));
}

/** The shipment with its station reference in `references.stationRef`, and its create item, in one transaction. */
export function queueShipment(db: Db, args: { stationRef: string; input: ShipmentCreate; now: number }): OutboxItem {
  const input: ShipmentCreate = { ...args.input, references: { ...args.input.references, stationRef: args.stationRef } };
  return atomically(db, () => {
    insertQueuedShipment(db, { stationRef: args.stationRef, input, now: args.now });
    return enqueue(db, { stationRef: args.stationRef, kind: 'createShipment', payload: input, now: args.now });
  });
}

/** The status a shipment shows while a change of `kind` waits (an update shows none). */
export function pendingStatusOf(kind: OutboxKind): string | undefined {
  return Object.hasOwn(PENDING_CHANGE_STATUSES, kind) ? PENDING_CHANGE_STATUSES[kind as keyof typeof PENDING_CHANGE_STATUSES] : undefined;
}

/**
 * A change to a shipment (cancel, update, block, unblock, archive): its outbox item and the
 * status the shipment shows meanwhile, in one transaction. The shipment may still be queued
 * itself: the change then waits behind its create.
 */
export function queueShipmentChange(db: Db, args: { stationRef: string; kind: ShipmentChangeKind; payload: unknown; now: number }): OutboxItem {
  return atomically(db, () => {
    const shipment = getByStationRef(db, args.stationRef);
    if (shipment === undefined) throw new StoreNotFoundError(`no shipment with station reference ${args.stationRef}`);
    const neverCreated: readonly string[] = [STATION_STATUSES.failed, STATION_STATUSES.discarded, STATION_STATUSES.needsReview];
    if (shipment.serviceId === null && neverCreated.includes(shipment.status)) {
      throw new StoreTransitionError(`shipment ${args.stationRef} is ${shipment.status} and was never created: there is nothing to change on the service`);
    }
    const item = enqueue(db, args);
    const pending = pendingStatusOf(args.kind);
    if (pending !== undefined) setStatus(db, args.stationRef, pending, args.now);
    return item;
  });
}

/** The kind of the latest shipment change the service did for this shipment, if any. */
export function lastDoneChange(db: Db, stationRef: string): ShipmentChangeKind | undefined {
  const kinds = Object.keys(PENDING_CHANGE_STATUSES);
  const row = statement(db, `SELECT kind FROM outbox WHERE station_ref = ? AND state = 'done' AND kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY id DESC LIMIT 1`).get(stationRef, ...kinds) as
    | { kind: ShipmentChangeKind }
    | undefined;
  return row?.kind;
}

// An item waits while an earlier item about the same record is unfinished: an update must
// not overtake the create it updates, nor a cancel a create that failed. INDEXED BY walks
// the partial index of live items in id order and stops at the first due one, whatever the
// planner's statistics say about a table that is mostly history.
const NEXT_READY = `
SELECT * FROM outbox AS o INDEXED BY outbox_ready
WHERE o.state IN ('pending', 'unknown') AND o.next_attempt_at <= ?
  AND NOT EXISTS (
    SELECT 1 FROM outbox AS e
    WHERE e.station_ref = o.station_ref AND e.id < o.id AND e.state NOT IN ('done', 'discarded'))
ORDER BY o.id
LIMIT 1`;

/**
 * The oldest item in `pending` or `unknown` that is due. An item whose payload no longer
 * reads (a damaged row) is moved to `needs_review` with the reason, and the next is tried.
 */
export function nextReady(db: Db, now: number): OutboxWork | undefined {
  for (;;) {
    const row = statement(db, NEXT_READY).get(now);
    if (row === undefined) return undefined;
    const loaded = load(row);
    if (loaded.ok) return loaded.item;
    markNeedsReview(db, loaded.item.id, { kind: 'invalidPayload', message: loaded.item.damage ?? 'the stored payload cannot be sent' }, now);
  }
}

interface Move {
  to: OutboxState;
  from: readonly OutboxState[];
  /** Extra assignments, with their values. */
  set?: string;
  values?: unknown[];
}

function move(db: Db, id: number, now: number, change: Move): void {
  const from = change.from.map(() => '?').join(', ');
  const set = change.set === undefined ? '' : `, ${change.set}`;
  const changed = statement(db, `UPDATE outbox SET state = ?, updated_at = ?${set} WHERE id = ? AND state IN (${from})`).run(
    change.to,
    now,
    ...(change.values ?? []),
    id,
    ...change.from,
  );
  if (changed.changes === 1) return;
  const item = mustGet(db, id);
  throw new StoreTransitionError(`outbox item ${id} is ${item.state}: it cannot become ${change.to} (only from ${change.from.join(', ')})`);
}

function errorJson(error: OutboxError): string {
  return JSON.stringify(parseInput(OutboxErrorSchema, error, 'error'));
}

/** For a create, mirrors the item's state on the shipment the station shows. */
function mirrorOnShipment(db: Db, id: number, status: string, now: number): void {
  const item = mustGet(db, id);
  if (item.kind === 'createShipment') setPreCreationStatus(db, item.stationRef, status, now);
}

/**
 * `attempts` counts the tries that reached the service (or may have): a move out of `sending`
 * adds one, unless the try never left the station (no connection), which says nothing about
 * the item. SQLite evaluates the assignment against the row before the move.
 */
const COUNT_TRY = "attempts = attempts + (state = 'sending')";
const countTryIf = (counted: boolean): string => (counted ? COUNT_TRY : 'attempts = attempts');

/** Durable before the request leaves: after a crash, `recoverAfterCrash` finds it here. */
export function markSending(db: Db, id: number, now: number): void {
  move(db, id, now, { to: 'sending', from: ['pending'] });
}

/**
 * The answer as kept: document contents (base64 labels, often 100 KB) are dropped, they
 * belong in `documents`, written once by whoever saves the create.
 */
function withoutDocumentContents(result: unknown): unknown {
  if (typeof result !== 'object' || result === null || !Array.isArray((result as { documents?: unknown }).documents)) return result;
  const documents = (result as { documents: unknown[] }).documents.map((doc) =>
    typeof doc === 'object' && doc !== null ? Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'documentContent')) : doc,
  );
  return { ...result, documents };
}

/** The service did it (`result` is its answer), or reconciliation found it done. */
export function markDone(db: Db, id: number, result: unknown, now: number): void {
  const kept = JSON.stringify(withoutDocumentContents(result) ?? null);
  move(db, id, now, { to: 'done', from: ['sending', 'unknown'], set: `${COUNT_TRY}, result = ?, last_error = NULL`, values: [kept] });
}

/** Refused for good (4xx): kept for a person to fix and resubmit, or discard. */
export function markFailed(db: Db, id: number, error: OutboxError, now: number): void {
  atomically(db, () => {
    move(db, id, now, { to: 'failed', from: ['pending', 'sending'], set: `${COUNT_TRY}, last_error = ?`, values: [errorJson(error)] });
    mirrorOnShipment(db, id, STATION_STATUSES.failed, now);
  });
}

/**
 * Sent with no answer: before any new attempt it must be reconciled (search by station
 * reference). Also where an item stays when the lookup itself could not be made.
 */
export function markUnknown(db: Db, id: number, error: OutboxError, now: number, retryAt: number): void {
  const at = parseInput(Instant, retryAt, 'retryAt');
  move(db, id, now, { to: 'unknown', from: ['sending', 'unknown'], set: `${COUNT_TRY}, last_error = ?, next_attempt_at = ?`, values: [errorJson(error), at] });
}

/** Reconciliation could not decide: never sent again automatically. */
export function markNeedsReview(db: Db, id: number, error: OutboxError, now: number): void {
  atomically(db, () => {
    move(db, id, now, { to: 'needs_review', from: ['pending', 'sending', 'unknown'], set: `${COUNT_TRY}, last_error = ?`, values: [errorJson(error)] });
    mirrorOnShipment(db, id, STATION_STATUSES.needsReview, now);
  });
}

/**
 * A transient failure known not to have taken effect (or reconciled as not done): pending again
 * at `retryAt`. `counted: false` for a try that never left the station.
 */
export function reschedule(db: Db, id: number, error: OutboxError, now: number, retryAt: number, options: { counted?: boolean } = {}): void {
  const at = parseInput(Instant, retryAt, 'retryAt');
  move(db, id, now, { to: 'pending', from: ['sending', 'unknown'], set: `${countTryIf(options.counted ?? true)}, last_error = ?, next_attempt_at = ?`, values: [errorJson(error), at] });
}

/** At start: items a crash left in `sending` may have reached the service, so they become `unknown`. */
export function recoverAfterCrash(db: Db, now: number): number {
  const error = JSON.stringify({ kind: 'interrupted', message: 'Packbench stopped while this was being sent: it may have reached the service' });
  return statement(db, "UPDATE outbox SET state = 'unknown', last_error = ?, next_attempt_at = ?, updated_at = ? WHERE state = 'sending'").run(error, now, now).changes;
}

/** When the earliest item waiting to be sent (or reconciled) is due; undefined when none waits. */
export function nextAttemptAt(db: Db): number | undefined {
  const row = statement(db, "SELECT MIN(next_attempt_at) AS at FROM outbox WHERE state IN ('pending', 'unknown')").get() as { at: number | null };
  return row.at ?? undefined;
}

export function get(db: Db, id: number): OutboxItem | undefined {
  const row = statement(db, 'SELECT * FROM outbox WHERE id = ?').get(id);
  return row === undefined ? undefined : load(row).item;
}

const ListOptions = z.object({ states: z.array(z.enum(OUTBOX_STATES)).optional(), limit: z.number().int().min(1).max(10_000).optional() });

/** One shipment's items, oldest first: what the station did and still has to do for it. */
export function listForShipment(db: Db, stationRef: string): OutboxItem[] {
  return statement(db, 'SELECT * FROM outbox WHERE station_ref = ? ORDER BY id').all(stationRef).map((row) => load(row).item);
}

/** Items in send order, optionally only those in `states`. */
export function list(db: Db, options: { states?: OutboxState[]; limit?: number } = {}): OutboxItem[] {
  const { states, limit = 500 } = parseInput(ListOptions, options, 'list options');
  const rows =
    states === undefined
      ? statement(db, 'SELECT * FROM outbox ORDER BY id LIMIT ?').all(limit)
      : db.prepare(`SELECT * FROM outbox WHERE state IN (${states.map(() => '?').join(', ') || 'NULL'}) ORDER BY id LIMIT ?`).all(...states, limit);
  return rows.map((row) => load(row).item);
}

/** Items still to be sent or settled: pending, sending, or unsure. */
export function countWaiting(db: Db): number {
  return (statement(db, "SELECT count(*) AS n FROM outbox WHERE state IN ('pending', 'sending', 'unknown')").get() as { n: number }).n;
}

export function counts(db: Db): Record<OutboxState, number> {
  const result = Object.fromEntries(OUTBOX_STATES.map((state) => [state, 0])) as Record<OutboxState, number>;
  for (const row of statement(db, 'SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as { state: OutboxState; n: number }[]) {
    result[row.state] = row.n;
  }
  return result;
}

/** Deletes `done` and `discarded` items last changed before `cutoffMs`; returns how many. Open items are never purged. */
export function purgeFinished(db: Db, cutoffMs: number): number {
  return statement(db, "DELETE FROM outbox WHERE state IN ('done', 'discarded') AND updated_at < ?").run(cutoffMs).changes;
}

/** A person fixed it: back to `pending` with the edited payload, attempts counted afresh. */
export function resubmit(db: Db, id: number, newPayload: unknown, now: number): void {
  atomically(db, () => {
    const item = mustGet(db, id);
    const check = checkPayload(item.kind, item.stationRef, newPayload);
    if (!check.ok) throw new StoreInputError(`${item.kind} payload`, check.problems);
    move(db, id, now, {
      to: 'pending',
      from: ['failed', 'needs_review'],
      set: 'payload = ?, attempts = 0, next_attempt_at = ?, last_error = NULL, result = NULL',
      values: [JSON.stringify(newPayload), now],
    });
    if (check.entry.kind === 'createShipment') replaceQueuedInput(db, item.stationRef, check.entry.payload, now);
  });
}

/**
 * A person asked to try an unsure create again: it goes back to `unknown`, so the service is
 * searched for it before anything is sent (a second label is never bought by a retry), with its
 * tries counted afresh.
 */
export function recheck(db: Db, id: number, now: number): void {
  atomically(db, () => {
    move(db, id, now, { to: 'unknown', from: ['needs_review'], set: 'attempts = 0, next_attempt_at = ?, last_error = NULL', values: [now] });
    mirrorOnShipment(db, id, STATION_STATUSES.queued, now);
  });
}

/** Given up on: `discarded`; a create's shipment is marked discarded too (no label was bought by it). */
export function discard(db: Db, id: number, now: number): void {
  atomically(db, () => {
    move(db, id, now, { to: 'discarded', from: ['pending', 'failed', 'needs_review'] });
    mirrorOnShipment(db, id, STATION_STATUSES.discarded, now);
  });
}
