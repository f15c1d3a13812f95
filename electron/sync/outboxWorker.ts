/**
 * The outbox worker: sends queued writes to the service in order, one at a time, through
 * the client (and so within the rate limit). Each item ends done (result stored, labels
 * handed to printing once), failed for a person to fix, or, when an answer was lost,
 * reconciled against the service before anything is sent again.
 */
import type Database from 'better-sqlite3';
import type { ShipmentCreateResult } from '../service/contract';
import type { ServiceClient } from '../service/client/client';
import { ServiceError } from '../service/client/errors';
import { backoffDelay, type RetryPolicy } from '../service/client/retryPolicy';
import type { Timers } from '../service/client/timers';
import { decodeBase64Strict } from '../printing/base64';
import * as outbox from '../store/outbox';
import * as shipments from '../store/shipments';
import { saveDocuments } from '../store/documents';
import { handOffForPrinting } from '../store/printJobs';
import type { SyncListener } from './events';
import { reconcileCreate, reconcileLocationCreate, type CreateVerdict } from './reconcile';

/** Writes that would be duplicated if sent twice: after a lost answer, look them up first. */
const RECONCILERS: Partial<Record<outbox.OutboxKind, (client: ServiceClient, item: outbox.OutboxItem) => Promise<CreateVerdict>>> = {
  createShipment: (client, item) => reconcileCreate(client, item.stationRef),
  createLocation: (client, item) => reconcileLocationCreate(client, String((item.payload as { referenceId?: unknown }).referenceId)),
};

/** The status a shipment has once a change to it is done. */
const STATUS_AFTER: Readonly<Partial<Record<outbox.OutboxKind, string>>> = {
  cancelShipment: 'Cancelled',
  blockShipment: 'Blocked',
  unblockShipment: 'Created',
  archiveShipment: 'Archived',
};

/** Waits between tries of one item: from 2 s up to 5 minutes, with full jitter. */
const ITEM_BACKOFF: RetryPolicy = { maxAttempts: 1_000_000, baseDelayMs: 2_000, maxDelayMs: 300_000, maxRetryAfterMs: 86_400_000 };
/** While credentials are refused, look again this often (a person has to fix them). */
const BLOCKED_RETRY_MS = 60_000;

export interface OutboxWorkerOptions {
  readonly db: Database.Database;
  readonly client: ServiceClient;
  readonly timers: Timers;
  readonly random?: () => number;
  readonly onEvent?: SyncListener;
  /** Waits between tries of one item (tests shorten them). */
  readonly itemBackoff?: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>;
}

type Outcome = { readonly kind: 'done'; readonly result: unknown } | { readonly kind: 'gone' };

/** A refusal that means the item already had its effect (a repeated cancel, a second delete). */
function alreadyApplied(error: ServiceError): boolean {
  if (error.kind === 'conflict') return error.items.some((item) => /already (cancelled|blocked|archived)|is not blocked/.test(item.message));
  return false;
}

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: AbortController | undefined;
  private readonly random: () => number;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.random = options.random ?? Math.random;
  }

  private emit(...args: Parameters<SyncListener>): void {
    this.options.onEvent?.(...args);
  }

  /** Starts draining in the background. Items left "sending" by a crash become "unknown". */
  start(): void {
    if (this.running) return;
    outbox.recoverAfterCrash(this.options.db, this.options.timers.now());
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.abort();
    await this.loop;
  }

  /** Something changed (a new item, the service came back): look at the queue now. */
  kick(): void {
    this.wake?.abort();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const worked = await this.processNext();
      if (worked) continue;
      this.emit({ type: 'outboxIdle', counts: outbox.counts(this.options.db) });
      this.wake = new AbortController();
      await this.options.timers.sleep(this.idleWait(), this.wake.signal).catch(() => undefined);
    }
  }

  /** Until the earliest scheduled retry, at most a few seconds (new items also kick). */
  private idleWait(): number {
    const next = outbox.nextAttemptAt(this.options.db) ?? Number.POSITIVE_INFINITY;
    return Math.max(50, Math.min(5_000, next - this.options.timers.now()));
  }

  /** Processes the next ready item; false when there was none. Used directly by tests. */
  async processNext(): Promise<boolean> {
    const { db, timers } = this.options;
    const item = outbox.nextReady(db, timers.now());
    if (item === undefined) return false;
    const problems = outbox.payloadProblems(item.kind, item.stationRef, item.payload);
    if (problems.length > 0) {
      outbox.markNeedsReview(db, item.id, { kind: 'payload', message: `the queued ${item.kind} is damaged and was not sent: ${problems.join('; ')}` }, timers.now());
      this.emitItem(item.id);
      return true;
    }

    const reconciler = RECONCILERS[item.kind];
    if (item.state === 'unknown' && reconciler !== undefined) {
      const verdict = await reconciler(this.options.client, item);
      if (verdict.verdict === 'found') {
        this.complete(item, verdict.result);
        if (item.kind === 'createShipment' && !verdict.labelsRecovered) {
          this.emit({ type: 'labelUnavailable', stationRef: item.stationRef, message: 'the service created this shipment but its label could not be fetched again: print it from the carrier\'s portal, or cancel and ship again' });
        }
        return true;
      }
      if (verdict.verdict === 'undecided') {
        outbox.markNeedsReview(db, item.id, { kind: 'reconciliation', message: verdict.message }, timers.now());
        this.emitItem(item.id);
        return true;
      }
      if (verdict.verdict === 'unreachable') {
        outbox.markUnknown(db, item.id, { kind: verdict.error.kind, message: `not sent again until the service can be asked: ${verdict.error.message}` }, timers.now(), this.retryAt(item.attempts));
        this.emitItem(item.id);
        return true;
      }
      // Absent: the first attempt never took effect; it is safe to send.
    }
    if (item.state === 'unknown') {
      // A create reconciled as absent, or a change whose repeat the service refuses as
      // "already done" (cancel, block, archive) or that sets the same values again (update).
      const reason = reconciler !== undefined ? 'the service does not have it: sending again' : 'sending again: a repeat has the same effect';
      outbox.reschedule(db, item.id, { kind: 'reconciled', message: reason }, timers.now(), timers.now());
    }

    outbox.markSending(db, item.id, timers.now());
    this.emitItem(item.id);
    try {
      const outcome = await this.send(item);
      if (outcome.kind === 'gone') {
        outbox.markFailed(db, item.id, { kind: 'notFound', message: 'the shipment this change is for was never created on the service' }, timers.now());
      } else {
        this.complete(item, outcome.result);
      }
    } catch (error) {
      if (!(error instanceof ServiceError)) {
        outbox.markNeedsReview(db, item.id, { kind: 'internal', message: `sending failed unexpectedly: ${(error as Error).message}` }, timers.now());
      } else {
        this.settleFailure(item, error);
      }
    }
    this.emitItem(item.id);
    return true;
  }

  private retryAt(attempts: number, atLeastMs = 0): number {
    const policy = { ...ITEM_BACKOFF, ...this.options.itemBackoff };
    return this.options.timers.now() + Math.max(atLeastMs, backoffDelay(policy, Math.max(1, attempts), this.random));
  }

  private settleFailure(item: outbox.OutboxItem, error: ServiceError): void {
    const { db, timers } = this.options;
    const recorded: outbox.OutboxError = { kind: error.kind, message: error.message, items: error.items.map((i) => ({ code: i.code, message: i.message, ...(i.field === undefined ? {} : { field: i.field }) })) };
    const now = timers.now();
    switch (error.kind) {
      case 'unknownOutcome':
      case 'contract':
        // The write may have taken effect (or did, and its answer was unreadable).
        outbox.markUnknown(db, item.id, recorded, now, this.retryAt(item.attempts));
        return;
      case 'authentication':
      case 'permission':
        outbox.reschedule(db, item.id, recorded, now, now + BLOCKED_RETRY_MS);
        this.emit({ type: 'blocked', message: `the service refused this station's credentials: ${error.message}` });
        return;
      case 'network':
      case 'timeout':
      case 'rateLimited':
      case 'server':
      case 'cancelled': {
        const wait = error.kind === 'rateLimited' ? ((error as { retryAfterMs?: number }).retryAfterMs ?? 0) : 0;
        outbox.reschedule(db, item.id, recorded, now, this.retryAt(item.attempts, wait));
        return;
      }
      default:
        if (alreadyApplied(error)) {
          this.complete(item, { alreadyApplied: error.message });
          return;
        }
        db.transaction(() => {
          outbox.markFailed(db, item.id, recorded, now);
          this.restoreStatus(item, now);
        })();
    }
  }

  /** Sends one item; throws the client's typed errors. */
  private async send(item: outbox.OutboxItem): Promise<Outcome> {
    const { client, db } = this.options;
    const { id: givenId, ...p } = item.payload as Record<string, unknown> & { id?: string };
    // A shipment action queued behind its create names no id: the create filled it in since.
    const forShipment = async (run: (id: string) => Promise<unknown>): Promise<Outcome> => {
      const id = givenId ?? shipments.getByStationRef(db, item.stationRef)?.serviceId ?? undefined;
      return id === undefined ? { kind: 'gone' } : { kind: 'done', result: await run(id) };
    };
    switch (item.kind) {
      case 'createShipment':
        return { kind: 'done', result: await client.createShipment(item.payload as Parameters<ServiceClient['createShipment']>[0]) };
      case 'cancelShipment':
        return forShipment(async (id) => this.single(await client.cancelShipments({ shipments: [{ id, ...(typeof p.cancelReason === 'string' ? { cancelReason: p.cancelReason } : {}) }] }), item));
      case 'updateShipment':
        return forShipment(async (id) => this.single(await client.updateShipments({ shipments: [{ ...(p as object), id }] }), item));
      case 'blockShipment':
        return forShipment((id) => client.blockShipment(id, p));
      case 'unblockShipment':
        return forShipment((id) => client.unblockShipment(id, p));
      case 'archiveShipment':
        return forShipment((id) => client.archiveShipment(id));
      case 'createLocation':
        return { kind: 'done', result: await client.createLocation(item.payload as Parameters<ServiceClient['createLocation']>[0]) };
      case 'updateLocation':
        return { kind: 'done', result: await client.updateLocation(String(givenId), p.changes as Parameters<ServiceClient['updateLocation']>[1]) };
      case 'deleteLocation':
        try {
          return { kind: 'done', result: await client.deleteLocation(String(givenId)) };
        } catch (error) {
          // Deleting what is already gone has the effect that was asked for.
          if (error instanceof ServiceError && error.kind === 'notFound') return { kind: 'done', result: { alreadyDeleted: true } };
          throw error;
        }
    }
  }

  /** A batch answer for one item: its failure becomes the item's typed error. */
  private single<T extends { shipments: { success: boolean; message?: string; errors?: { code: string; message: string }[] }[] }>(answer: T, item: outbox.OutboxItem): T {
    const result = answer.shipments[0];
    if (result === undefined || result.success) return answer;
    const items = (result.errors ?? [{ code: 'Refused', message: result.message ?? 'refused' }]).map((e) => ({ code: e.code, message: e.message }));
    const conflict = items.some((e) => e.code === 'InvalidTransition');
    throw new ItemRefused(conflict ? 'conflict' : 'validation', items.map((e) => e.message).join('; '), { operation: item.kind, method: 'POST', path: '' }, items);
  }

  /** Stores a created shipment, its documents and its print hand-off, and closes the item: one transaction. */
  private complete(item: outbox.OutboxItem, result: unknown): void {
    const { db, timers } = this.options;
    const now = timers.now();
    if (item.kind !== 'createShipment') {
      db.transaction(() => {
        outbox.markDone(db, item.id, result, now);
        const after = STATUS_AFTER[item.kind];
        if (after !== undefined) shipments.setStatus(db, item.stationRef, after, now);
      })();
      return;
    }
    const created = result as ShipmentCreateResult;
    const documents = (created.documents ?? []).flatMap((doc, index) => {
      try {
        const labels = (created.documents ?? []).slice(0, index).filter((d) => d.documentType === 'Label').length;
        return [{ type: doc.documentType, name: doc.documentName ?? `${doc.documentType}-${index + 1}.pdf`, mime: doc.documentMimeType ?? 'application/pdf', packageIndex: doc.documentType === 'Label' ? labels : null, bytes: decodeBase64Strict(doc.documentContent, `${doc.documentType} ${doc.documentName ?? index + 1}`) }];
      } catch {
        return []; // A damaged document is not stored; printing reports the missing label.
      }
    });
    const stripped: ShipmentCreateResult = { ...created, documents: (created.documents ?? []).map(({ documentContent: _c, ...meta }) => ({ ...meta, documentContent: '' })) };
    const jobs = db.transaction(() => {
      shipments.recordCreated(db, item.stationRef, stripped, now);
      saveDocuments(db, item.stationRef, documents, now);
      const handedOff = handOffForPrinting(db, item.stationRef, now);
      outbox.markDone(db, item.id, { id: created.id, trackingNumber: created.trackingNumber }, now);
      return handedOff;
    })();
    if (jobs.length > 0) this.emit({ type: 'labelsReady', stationRef: item.stationRef, printJobIds: jobs.map((job) => job.id) });
  }

  /**
   * A refused change leaves the shipment as it was: after the last change the service did,
   * or as the service last described it.
   */
  private restoreStatus(item: outbox.OutboxItem, now: number): void {
    const { db } = this.options;
    if (outbox.PENDING_CHANGE_STATUS[item.kind as outbox.ShipmentChangeKind] === undefined) return;
    const lastChange = outbox.lastDoneChange(db, item.stationRef);
    const shipment = shipments.getByStationRef(db, item.stationRef);
    const known = (lastChange === undefined ? undefined : STATUS_AFTER[lastChange]) ?? shipment?.searchRecord?.statusId ?? shipment?.result?.status;
    shipments.setStatus(db, item.stationRef, known ?? 'Created', now);
  }

  private emitItem(id: number): void {
    const item = outbox.get(this.options.db, id);
    if (item === undefined) return;
    this.emit({ type: 'outboxItem', id, stationRef: item.stationRef, kind: item.kind, state: item.state, ...(item.lastError === null ? {} : { message: item.lastError.message }) });
  }
}

/** A batch item the service refused, as the client's error types. */
class ItemRefused extends ServiceError {
  readonly transient = false;
  constructor(
    readonly kind: 'conflict' | 'validation',
    message: string,
    request: ConstructorParameters<typeof ServiceError>[1],
    items: ConstructorParameters<typeof ServiceError>[2],
  ) {
    super(message, request, items);
  }
}
