/**
 * The outbox worker: sends queued writes to the service in order, one at a time, through
 * the client (and so within the rate limit). Each item ends done (result stored, labels
 * handed to printing once), failed for a person to fix, or, when an answer was lost,
 * reconciled against the service before anything is sent again. What follows a failure is
 * decided by `afterFailure` (outboxPolicy.ts); this class only carries the decision out.
 */
import type { OutboxError, OutboxKind, OutboxState, OutboxWork } from '../api/outbox';
import type { ShipmentCreateResult } from '../service/contract';
import type { ServiceClient } from '../service/client/client';
import { ConflictError, NetworkError, RateLimitError, ServiceError, TimeoutError, ValidationError, type ServiceErrorItem } from '../service/client/errors';
import type { Timers } from '../platform/clock';
import { documentsOfCreated, withoutDocumentContents } from './createdDocuments';
import { pendingStatusOf, type Store, type StoreWrites } from '../store';
import type { SyncListener } from './events';
import { DrainProgress } from './drainProgress';
import { OUTBOX_RETRY_POLICY, afterFailure, type FailureFacts, type OutboxRetryPolicy } from './outboxPolicy';
import { reconcileCreate, reconcileLocationCreate, type CreateVerdict } from './reconcile';
import { messageOf } from '../base/errors';

/** What sending (or finding) an item came to. */
type Outcome =
  | { readonly kind: 'created'; readonly result: ShipmentCreateResult }
  | { readonly kind: 'done'; readonly result: unknown }
  /** A change for a shipment the service never had. */
  | { readonly kind: 'gone' };

type Lookup = Exclude<CreateVerdict<unknown>, { verdict: 'found' }> | { readonly verdict: 'found'; readonly outcome: Exclude<Outcome, { kind: 'gone' }>; readonly labelsRecovered: boolean };

/** What the worker asks of the service: the writes it sends, and the lookups after a lost answer. */
export type OutboxClient = Pick<
  ServiceClient,
  | 'createShipment'
  | 'cancelShipments'
  | 'updateShipments'
  | 'blockShipment'
  | 'unblockShipment'
  | 'archiveShipment'
  | 'createLocation'
  | 'updateLocation'
  | 'deleteLocation'
  | 'searchShipments'
  | 'trackShipments'
  | 'getLocations'
>;

/** Writes that would be duplicated if sent twice: after a lost answer, look them up first. */
async function lookUp(client: OutboxClient, item: OutboxWork): Promise<Lookup | undefined> {
  switch (item.kind) {
    case 'createShipment': {
      const verdict = await reconcileCreate(client, item.stationRef);
      return verdict.verdict === 'found' ? { verdict: 'found', outcome: { kind: 'created', result: verdict.result }, labelsRecovered: verdict.labelsRecovered } : verdict;
    }
    case 'createLocation': {
      const verdict = await reconcileLocationCreate(client, item.payload.referenceId);
      return verdict.verdict === 'found' ? { verdict: 'found', outcome: { kind: 'done', result: verdict.result }, labelsRecovered: true } : verdict;
    }
    default:
      return undefined;
  }
}

/** The status a shipment has once a change to it is done. */
const STATUS_AFTER: Readonly<Partial<Record<OutboxKind, string>>> = {
  cancelShipment: 'Cancelled',
  blockShipment: 'Blocked',
  unblockShipment: 'Created',
  archiveShipment: 'Archived',
};

/**
 * A refused change leaves the shipment as it was: after the last change the service did,
 * or as the service last described it.
 */
function restoreStatus(write: StoreWrites, item: OutboxWork, now: number): void {
  if (pendingStatusOf(item.kind) === undefined) return;
  const lastChange = write.lastDoneChange(item.stationRef);
  const shipment = write.shipment(item.stationRef);
  const known = (lastChange === undefined ? undefined : STATUS_AFTER[lastChange]) ?? shipment?.searchRecord?.statusId ?? shipment?.result?.status;
  write.setShipmentStatus(item.stationRef, known ?? 'Created', now);
}

export interface OutboxWorkerOptions {
  readonly store: Store;
  readonly client: OutboxClient;
  readonly timers: Timers;
  readonly random?: () => number;
  readonly onEvent?: SyncListener;
  /** Waits between tries of one item (tests shorten them). */
  readonly itemBackoff?: Pick<OutboxRetryPolicy, 'baseDelayMs' | 'maxDelayMs'>;
}

/** What the policy needs to know of a failure, read off the client's typed error. */
function factsOf(error: ServiceError): FailureFacts {
  return {
    kind: error.kind,
    codes: error.items.map((item) => item.code),
    ...(error instanceof NetworkError || error instanceof TimeoutError ? { sent: error.sent } : {}),
    ...(error instanceof RateLimitError && error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
  };
}

function recorded(error: ServiceError): OutboxError {
  return { kind: error.kind, message: error.message, items: error.items.map((i) => ({ code: i.code, message: i.message, ...(i.field === undefined ? {} : { field: i.field }) })) };
}

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: AbortController | undefined;
  private readonly random: () => number;
  private readonly policy: OutboxRetryPolicy;
  private readonly progress: DrainProgress;
  /** The state the last item processed was left in. */
  private lastState: OutboxState | undefined;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.random = options.random ?? Math.random;
    this.policy = { ...OUTBOX_RETRY_POLICY, ...options.itemBackoff };
    this.progress = new DrainProgress((event) => this.emit(event));
  }

  private emit(...args: Parameters<SyncListener>): void {
    this.options.onEvent?.(...args);
  }

  /** Starts draining in the background. Items left "sending" by a crash become "unknown". */
  start(): void {
    if (this.running) return;
    const now = this.options.timers.now();
    this.options.store.atomically((write) => write.recoverOutboxAfterCrash(now));
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
      if (worked) {
        // Progress counts items that left the queue (done, refused, or held for a person), not retries.
        if (this.lastState === 'done' || this.lastState === 'failed' || this.lastState === 'needs_review') {
          this.progress.settledOne(this.options.timers.now(), this.options.store.read.outboxWaiting());
        }
        continue;
      }
      this.progress.idle();
      this.emit({ type: 'outboxIdle', counts: this.options.store.read.outboxCounts() });
      this.wake = new AbortController();
      await this.options.timers.sleep(this.idleWait(), this.wake.signal).catch(() => undefined);
    }
  }

  /** Until the earliest scheduled retry, at most a few seconds (new items also kick). */
  private idleWait(): number {
    const next = this.options.store.read.nextOutboxAttemptAt() ?? Number.POSITIVE_INFINITY;
    return Math.max(50, Math.min(5_000, next - this.options.timers.now()));
  }

  /** Processes the next ready item; false when there was none. Used directly by tests. */
  async processNext(): Promise<boolean> {
    const { store, timers } = this.options;
    const item = store.read.nextOutboxWork(timers.now());
    if (item === undefined) return false;

    if (item.state === 'unknown') {
      const lookup = await lookUp(this.options.client, item);
      if (lookup !== undefined && this.settleLookup(item, lookup)) return true;
      // The service does not have it, or a repeat has the same effect (a change): send it.
      const reason = lookup !== undefined ? 'the service does not have it: sending again' : 'sending again: a repeat has the same effect';
      store.atomically((write) => write.rescheduleOutboxItem(item.id, { kind: 'reconciled', message: reason }, timers.now(), timers.now(), { counted: false }));
    }

    store.atomically((write) => write.markOutboxSending(item.id, timers.now()));
    this.emitItem(item.id);
    try {
      const outcome = await this.send(item);
      if (outcome.kind === 'gone') {
        store.atomically((write) => write.markOutboxFailed(item.id, { kind: 'notFound', message: 'the shipment this change is for was never created on the service' }, timers.now()));
      } else {
        this.complete(item, outcome);
      }
    } catch (error) {
      if (error instanceof ServiceError) this.settleFailure(item, error);
      else store.atomically((write) => write.markOutboxNeedsReview(item.id, { kind: 'internal', message: `sending failed unexpectedly: ${messageOf(error)}` }, timers.now()));
    }
    this.emitItem(item.id);
    return true;
  }

  /** Acts on a lookup's verdict; false when the item is absent on the service and may be sent. */
  private settleLookup(item: OutboxWork, verdict: Lookup): boolean {
    const { store, timers } = this.options;
    switch (verdict.verdict) {
      case 'found':
        this.complete(item, verdict.outcome);
        this.emitItem(item.id);
        if (item.kind === 'createShipment' && !verdict.labelsRecovered) {
          this.emit({ type: 'labelUnavailable', stationRef: item.stationRef, message: "the service created this shipment but its label could not be fetched again: print it from the carrier's portal, or cancel and ship again" });
        }
        break;
      case 'undecided':
        store.atomically((write) => write.markOutboxNeedsReview(item.id, { kind: 'reconciliation', message: verdict.message }, timers.now()));
        this.emitItem(item.id);
        break;
      case 'unreachable': {
        // The lookup never reached the service: ask again later, and send nothing meanwhile.
        const decision = afterFailure({ kind: item.kind, error: { ...factsOf(verdict.error), sent: false }, attempts: item.attempts, now: timers.now(), random: this.random, policy: this.policy });
        const at = decision.next === 'retry' || decision.next === 'reconcile' || decision.next === 'waitForAdmin' ? decision.at : timers.now() + this.policy.baseDelayMs;
        store.atomically((write) => write.markOutboxUnknown(item.id, { kind: verdict.error.kind, message: `not sent again until the service can be asked: ${verdict.error.message}` }, timers.now(), at));
        this.emitItem(item.id);
        break;
      }
      case 'absent':
        return false;
    }
    return true;
  }

  private settleFailure(item: OutboxWork, error: ServiceError): void {
    const { store, timers } = this.options;
    const now = timers.now();
    const decision = afterFailure({ kind: item.kind, error: factsOf(error), attempts: item.attempts, now, random: this.random, policy: this.policy });
    switch (decision.next) {
      case 'done':
        this.complete(item, { kind: 'done', result: { alreadyApplied: error.message } });
        return;
      case 'retry':
        store.atomically((write) => write.rescheduleOutboxItem(item.id, recorded(error), now, decision.at, { counted: decision.counted }));
        return;
      case 'reconcile':
        store.atomically((write) => write.markOutboxUnknown(item.id, recorded(error), now, decision.at));
        return;
      case 'waitForAdmin':
        store.atomically((write) => write.rescheduleOutboxItem(item.id, recorded(error), now, decision.at, { counted: false }));
        this.emit({ type: 'blocked', message: `the service refused this station's credentials: ${error.message}` });
        return;
      case 'review':
        store.atomically((write) => write.markOutboxNeedsReview(item.id, { ...recorded(error), message: `${decision.reason}; last: ${error.message}` }, now));
        return;
      case 'failed':
        store.atomically((write) => {
          write.markOutboxFailed(item.id, recorded(error), now);
          restoreStatus(write, item, now);
        });
    }
  }

  /** Sends one item; throws the client's typed errors. */
  private async send(item: OutboxWork): Promise<Outcome> {
    const { client, store } = this.options;
    // A shipment change queued behind its create names no id: the create filled it in since.
    const forShipment = async (givenId: string | undefined, run: (id: string) => Promise<unknown>): Promise<Outcome> => {
      const id = givenId ?? store.read.shipment(item.stationRef)?.serviceId ?? undefined;
      return id === undefined ? { kind: 'gone' } : { kind: 'done', result: await run(id) };
    };
    switch (item.kind) {
      case 'createShipment':
        return { kind: 'created', result: await client.createShipment(item.payload) };
      case 'cancelShipment': {
        const { id, ...change } = item.payload;
        return forShipment(id, async (serviceId) => this.single(await client.cancelShipments({ shipments: [{ ...change, id: serviceId }] }), item));
      }
      case 'updateShipment': {
        const { id, ...change } = item.payload;
        return forShipment(id, async (serviceId) => this.single(await client.updateShipments({ shipments: [{ ...change, id: serviceId }] }), item));
      }
      case 'blockShipment': {
        const { id, ...body } = item.payload;
        return forShipment(id, (serviceId) => client.blockShipment(serviceId, body));
      }
      case 'unblockShipment': {
        const { id, ...body } = item.payload;
        return forShipment(id, (serviceId) => client.unblockShipment(serviceId, body));
      }
      case 'archiveShipment':
        return forShipment(item.payload.id, (serviceId) => client.archiveShipment(serviceId));
      case 'createLocation':
        return { kind: 'done', result: await client.createLocation(item.payload) };
      case 'updateLocation':
        return { kind: 'done', result: await client.updateLocation(item.payload.id, item.payload.changes) };
      case 'deleteLocation':
        return { kind: 'done', result: await client.deleteLocation(item.payload.id) };
    }
  }

  /** A batch answer for one item: its refusal becomes the item's typed error, with the service's codes. */
  private single<T extends { shipments: { success: boolean; message?: string | undefined; errors?: { code: string; message: string }[] | undefined }[] }>(answer: T, item: OutboxWork): T {
    const result = answer.shipments[0];
    if (result === undefined || result.success) return answer;
    const items: ServiceErrorItem[] = (result.errors ?? [{ code: 'Refused', message: result.message ?? 'refused' }]).map((e) => ({ code: e.code, message: e.message }));
    const message = items.map((e) => e.message).join('; ');
    const request = { operation: item.kind, method: 'POST', path: '' };
    // The item's state forbids it (or already has its effect): a conflict; anything else is about its content.
    const conflict = items.some((e) => e.code === 'InvalidTransition' || e.code === 'ShipmentAlreadyInState');
    throw conflict ? new ConflictError(message, request, items) : new ValidationError(message, request, items);
  }

  /** Stores a created shipment, its documents and its print hand-off, and closes the item: one transaction. */
  private complete(item: OutboxWork, outcome: Exclude<Outcome, { kind: 'gone' }>): void {
    const { store, timers } = this.options;
    const now = timers.now();
    if (outcome.kind === 'done') {
      store.atomically((write) => {
        write.markOutboxDone(item.id, outcome.result, now);
        const after = STATUS_AFTER[item.kind];
        if (after !== undefined) write.setShipmentStatus(item.stationRef, after, now);
        // A voided label is no longer postage: it never prints, and its order is open to ship again.
        if (item.kind === 'cancelShipment') {
          write.settlePrintsOfVoided(item.stationRef, now);
          write.reopenOrderShippedBy(item.stationRef, now);
        }
      });
      return;
    }
    const created = outcome.result;
    const documents = documentsOfCreated(created);
    const stripped = withoutDocumentContents(created);
    const jobs = store.atomically((write) => {
      write.recordCreated(item.stationRef, stripped, now);
      write.saveDocuments(item.stationRef, documents, now);
      // Labels are always handed over (held when auto-print is off); other documents only when the desk prints them itself.
      const handedOff = write.handOffForPrinting(item.stationRef, now, { documents: write.deskSetting('autoPrintDocuments') ? 'all' : 'labels' });
      write.markOutboxDone(item.id, { id: created.id, trackingNumber: created.trackingNumber }, now);
      return handedOff;
    });
    if (jobs.length > 0) this.emit({ type: 'labelsReady', stationRef: item.stationRef, printJobIds: jobs.map((job) => job.id) });
  }

  private emitItem(id: number): void {
    const item = this.options.store.read.outboxItem(id);
    if (item === undefined) return;
    this.lastState = item.state;
    this.emit({ type: 'outboxItem', id, stationRef: item.stationRef, kind: item.kind, state: item.state, ...(item.lastError === null ? {} : { message: item.lastError.message }) });
  }
}
