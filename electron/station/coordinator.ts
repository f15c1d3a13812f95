/**
 * What the desk does when the outbox moves: the one place the sync engine's events are routed.
 *
 * - `connectivity`: remembered as the reason the station is online or offline;
 * - `blocked`: the service refused the credentials, and sending waits until an admin fixes them;
 * - `labelsReady`: a shipment's labels print by themselves (as the auto-print settings let them),
 *   unless they wait for their batch to settle;
 * - a shipment's create settled: its batch is told, and a batch that has settled prints;
 * - an item settled, in warehouse mode: what the warehouse is to be told of it (a create bought or
 *   given up, a void) goes to the desk's warehouse journal (shipping/warehouseJournal.ts).
 *
 * Every event goes on to the desk (the station's listeners) as it came.
 */
import type { OutboxState, StationEvent } from '../api';
import { messageOf } from '../base/errors';
import type { Batches } from '../batches/batches';
import type { PrintService } from '../printing/printService';
import type { WarehouseJournal } from '../shipping/warehouseJournal';
import type { Store } from '../store';
import type { SyncEvent } from '../sync/events';

/** Outbox states in which a create has settled, for its batch's counts. */
const SETTLED: ReadonlySet<OutboxState> = new Set(['done', 'failed', 'needs_review', 'discarded']);

export interface CoordinatorParts {
  readonly store: Store;
  readonly printing: Pick<PrintService, 'printQueued'>;
  readonly batches: Pick<Batches, 'itemChanged'>;
  readonly journal: Pick<WarehouseJournal, 'outboxSettled'>;
  readonly emit: (event: StationEvent) => void;
}

export class OutboxCoordinator {
  /** Why the station last decided it is online or offline. */
  reason = 'checking the connection';
  /** Set when the service refused the credentials: sending waits until an admin fixes them. */
  refusedCredentials: string | undefined;
  private closed = false;

  constructor(private readonly parts: CoordinatorParts) {}

  /** An event of the sync engine, routed. */
  readonly syncEvent = (event: SyncEvent): void => {
    if (event.type === 'connectivity') this.reason = event.reason;
    if (event.type === 'blocked') this.refusedCredentials = event.message;
    this.parts.emit(event);
    // A batch's labels wait for the batch: they print together once it has settled.
    if (event.type === 'labelsReady' && !this.parts.store.read.heldForBatch(event.stationRef)) void this.printAutomatically();
    if (event.type === 'outboxItem' && event.kind === 'createShipment' && SETTLED.has(event.state)) this.batchItemChanged(event.stationRef);
    if (event.type === 'outboxItem' && SETTLED.has(event.state) && !this.closed) this.parts.journal.outboxSettled(event);
  };

  /**
   * A shipment's create settled, was resubmitted or was discarded: its batch (if it has one) is
   * told, and a batch that has now settled prints its labels.
   */
  batchItemChanged(stationRef: string): void {
    if (this.closed) return;
    if (this.parts.batches.itemChanged(stationRef)) void this.printAutomatically();
  }

  /** Prints what the auto-print settings let through; the rest stays held until someone releases it. */
  async printAutomatically(): Promise<void> {
    if (this.closed) return;
    const { read } = this.parts.store;
    const roles = { label: read.deskSetting('autoPrintLabels'), document: read.deskSetting('autoPrintDocuments') };
    if (!roles.label && !roles.document) return;
    try {
      await this.parts.printing.printQueued(roles);
    } catch (error) {
      // Failures of single rows are recorded on the rows; this is the whole pass failing.
      this.parts.emit({ type: 'printJob', ids: [], state: 'failed', message: `printing stopped: ${messageOf(error)}` });
    }
  }

  /** The connection is closing: nothing more is printed or counted. */
  close(): void {
    this.closed = true;
  }
}
