/**
 * Actions on one shipment or many: cancel, hold and release (with a reason), archive, update
 * (references, ship method, carrier reference, discounted cost), track, reprint. Each shipment
 * is asked for on its own, so one unknown or refused shipment never stops the others, and each
 * has its own result: what the station did at once (queued, tracked, printed), then what the
 * service said when the queued change reached it (done, or refused and why).
 */
import { SvelteMap } from 'svelte/reactivity';
import type { MethodInput, OutboxState, ShipmentSummary } from '../../../electron/api';
import { words } from '../lib/errors';
import { StationCallError, type StationClient } from '../lib/station';

export type ActionKind = 'cancel' | 'block' | 'unblock' | 'archive' | 'update' | 'track' | 'reprint';

export const ACTION_WORDS: Readonly<Record<ActionKind, string>> = {
  cancel: 'Void',
  block: 'Hold',
  unblock: 'Release hold',
  archive: 'Archive',
  update: 'Update',
  track: 'Track',
  reprint: 'Reprint labels',
};

/** Actions that ask the service through the queue, and say a reason. */
const REASONED: readonly ActionKind[] = ['cancel', 'block', 'unblock'];
export const needsReason = (kind: ActionKind): boolean => REASONED.includes(kind);

export type ShipmentChanges = MethodInput<'updateShipment'>['changes'];

export interface ActionRequest {
  readonly kind: ActionKind;
  readonly reason?: string;
  readonly changes?: ShipmentChanges;
}

export type ResultState = 'working' | 'queued' | 'done' | 'failed';

export interface ActionResult {
  readonly stationRef: string;
  /** How the shipment is named: its order, tracking number or station reference. */
  readonly name: string;
  readonly state: ResultState;
  readonly message: string;
  readonly outboxId?: number;
}

export type Selectable = Pick<ShipmentSummary, 'stationRef' | 'orderNumber' | 'trackingNumber' | 'carrier' | 'carrierServiceLevel' | 'cost' | 'currency' | 'status'>;

const nameOf = (row: Selectable): string => row.orderNumber ?? row.trackingNumber ?? row.stationRef;

export class ShipmentActionsState {
  /** The selected shipments by station reference: what an action runs on. */
  readonly #selected = new SvelteMap<string, Selectable>();
  readonly #results = new SvelteMap<string, ActionResult>();
  /**
   * Queue items that settled before the call that queued them answered (the worker can send a
   * change and hear back sooner than the page gets its reply): kept by outbox id until matched.
   */
  readonly #settledEarly = new SvelteMap<number, Pick<ActionResult, 'state' | 'message'>>();
  #kind = $state<ActionKind | undefined>();
  #running = $state(false);

  constructor(private readonly station: StationClient) {}

  get selectedCount(): number {
    return this.#selected.size;
  }
  /** The selected shipments, in the order they were selected. */
  get selectedRows(): Selectable[] {
    return [...this.#selected.values()];
  }
  get running(): boolean {
    return this.#running;
  }
  /** The last action's results, one per shipment, in the order they were asked. */
  get results(): ActionResult[] {
    return [...this.#results.values()];
  }
  get kind(): ActionKind | undefined {
    return this.#kind;
  }
  get counts(): Record<ResultState, number> {
    const counts: Record<ResultState, number> = { working: 0, queued: 0, done: 0, failed: 0 };
    for (const result of this.#results.values()) counts[result.state] += 1;
    return counts;
  }

  isSelected(stationRef: string): boolean {
    return this.#selected.has(stationRef);
  }
  toggle(row: Selectable, on = !this.#selected.has(row.stationRef)): void {
    if (on) this.#selected.set(row.stationRef, row);
    else this.#selected.delete(row.stationRef);
  }
  selectAll(rows: readonly Selectable[]): void {
    for (const row of rows) this.#selected.set(row.stationRef, row);
  }
  clearSelection(): void {
    this.#selected.clear();
  }
  clearResults(): void {
    this.#results.clear();
    this.#kind = undefined;
  }

  /** Follows the queued changes to the service's answer; returns the function that stops. */
  follow(): () => void {
    return this.station.on('outboxItem', (event) => {
      const state = settled(event.state);
      if (state === undefined) return;
      const outcome = { state, message: state === 'done' ? 'Done on the service' : (event.message ?? 'The service refused it') };
      const result = [...this.#results.values()].find((each) => each.outboxId === event.id);
      if (result !== undefined) this.#results.set(result.stationRef, { ...result, ...outcome });
      else if (this.#running) this.#settledEarly.set(event.id, outcome);
    });
  }

  /** Runs `request` on each shipment in turn; every one gets its own result. */
  async run(request: ActionRequest, shipments: readonly Selectable[]): Promise<void> {
    if (this.#running || shipments.length === 0) return;
    this.#running = true;
    this.#kind = request.kind;
    this.#results.clear();
    this.#settledEarly.clear();
    for (const row of shipments) this.#results.set(row.stationRef, { stationRef: row.stationRef, name: nameOf(row), state: 'working', message: 'Working…' });
    try {
      for (const row of shipments) {
        const before = this.#results.get(row.stationRef);
        if (before === undefined) continue;
        try {
          const answer = await this.#one(request, row.stationRef);
          const early = answer.outboxId === undefined ? undefined : this.#settledEarly.get(answer.outboxId);
          this.#results.set(row.stationRef, { ...before, ...answer, ...early });
        } catch (error) {
          const message = error instanceof StationCallError ? words(error.error) : error instanceof Error ? error.message : String(error);
          this.#results.set(row.stationRef, { ...before, state: 'failed', message });
        }
      }
    } finally {
      this.#running = false;
      this.#settledEarly.clear();
    }
  }

  async #one(request: ActionRequest, stationRef: string): Promise<Pick<ActionResult, 'state' | 'message' | 'outboxId'>> {
    const reason = request.reason === undefined || request.reason.trim() === '' ? {} : { reason: request.reason.trim() };
    const queued = (change: { outboxId: number }) => ({ state: 'queued' as const, message: 'Queued: waiting for the service', outboxId: change.outboxId });
    switch (request.kind) {
      case 'cancel': {
        const [change] = await this.station.value('cancelShipments', { stationRefs: [stationRef], ...reason });
        if (change === undefined) throw new Error('the station queued nothing');
        return queued(change);
      }
      case 'block':
        return queued(await this.station.value('blockShipment', { stationRef, ...reason }));
      case 'unblock':
        return queued(await this.station.value('unblockShipment', { stationRef, ...reason }));
      case 'archive':
        return queued(await this.station.value('archiveShipment', { stationRef }));
      case 'update':
        return queued(await this.station.value('updateShipment', { stationRef, changes: request.changes ?? {} }));
      case 'track': {
        const [record] = await this.station.value('trackShipments', { stationRefs: [stationRef] });
        const latest = record?.events?.at(-1);
        return { state: 'done', message: latest === undefined ? 'Tracked: no events yet' : `Tracked: ${latest.description ?? latest.code ?? 'latest event'}` };
      }
      case 'reprint': {
        const detail = await this.station.value('getShipment', { stationRef });
        const labels = detail.documents.filter((doc) => doc.type === 'Label');
        if (labels.length === 0) return { state: 'failed', message: 'No label is kept for this shipment (not created yet, or past the retention period)' };
        for (const label of labels) await this.station.value('reprintDocument', { documentId: label.documentId });
        return { state: 'done', message: `${String(labels.length)} label${labels.length === 1 ? '' : 's'} sent to the printer` };
      }
    }
  }
}

/** What an outbox state means for a queued change's result, once it is settled. */
function settled(state: OutboxState): 'done' | 'failed' | undefined {
  if (state === 'done') return 'done';
  if (state === 'failed' || state === 'needs_review' || state === 'discarded') return 'failed';
  return undefined;
}
