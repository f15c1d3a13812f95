/**
 * What the desk tells the warehouse database of its shipping, in warehouse mode: each create's
 * outcome (a shipment bought: its history row and `ship` audit entry; a shipment given up: its
 * purchase abandoned), voids, reprints and the packer's overrides. Every entry goes to the desk's
 * own journal first (the store's `warehouse_journal`, in one transaction) and is sent from there,
 * oldest first, and removed once the warehouse has it; while the warehouse is unreachable the
 * entries wait, and they are sent when the link is connected again. Every send is idempotent (a
 * shipment by its station reference, an audit entry by the id made here), so an entry sent again
 * after a lost answer is one row. A shipment the warehouse finds standing beside another for the
 * same order is kept and recorded as a conflict there, for a person to settle.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { OutboxState, RefusedJournalEntry, WarehouseJournalView } from '../api';
import { messageOf } from '../base/errors';
import type { Store, WarehouseJournalEntry, WarehouseJournalKind } from '../store';
import type { WarehouseAccess } from './orderClaims';
import {
  AuditEntryInput,
  WarehouseShipment,
  WarehouseUnavailableError,
  abandonPurchase,
  derivedEntryId,
  recordVoid,
  shipmentFromCreate,
  uploadAudit,
  uploadShipments,
  type AuditAction,
  type Warehouse,
} from '../warehouse';

type Db = Warehouse['db'];

const ShipmentEntry = z.strictObject({ shipment: WarehouseShipment, audit: AuditEntryInput.nullable() });
const AbandonEntry = z.strictObject({ stationRef: z.string().min(1), reason: z.string().min(3).max(500) });
const VoidEntry = z.strictObject({ stationRef: z.string().min(1), voidedAt: z.number().int().nonnegative(), audit: AuditEntryInput.nullable() });

/** The warehouse's functions the journal sends with (tests of the logic above them give fakes). */
export interface JournalCalls {
  readonly uploadShipments: typeof uploadShipments;
  readonly uploadAudit: typeof uploadAudit;
  readonly abandonPurchase: typeof abandonPurchase;
  readonly recordVoid: typeof recordVoid;
}

const WAREHOUSE_JOURNAL_CALLS: JournalCalls = { uploadShipments, uploadAudit, abandonPurchase, recordVoid };

export interface WarehouseJournalParts {
  readonly store: Store;
  /** Whether the desk is in warehouse mode, and its database while the link is connected. */
  readonly warehouse: () => WarehouseAccess;
  readonly deskId: () => string;
  readonly now: () => number;
  readonly log: (line: string) => void;
  /** The journal changed (an entry written, sent or refused): entries waiting, and how many were refused. */
  readonly onChange?: (counts: { readonly waiting: number; readonly refused: number }) => void;
  readonly calls?: JournalCalls;
}

/** Refused entries listed at most (a person reads them; more than this is said as a count). */
const REFUSED_SHOWN = 200;

const KIND_WORDS: Readonly<Record<WarehouseJournalKind, string>> = { shipment: 'Shipment', audit: 'Audit entry', abandon: 'Purchase given up', void: 'Void' };

/** What an entry tells, in words, from its payload (read leniently: it is shown, not sent). */
function whatOf(entry: WarehouseJournalEntry): string {
  const payload = z.looseObject({ stationRef: z.string().optional(), orderNumber: z.string().nullish(), action: z.string().optional(), shipment: z.looseObject({ stationRef: z.string().optional(), orderNumber: z.string().nullish() }).optional() }).safeParse(entry.payload);
  const fields = payload.success ? payload.data : {};
  const ref = fields.shipment?.stationRef ?? fields.stationRef;
  const order = fields.shipment?.orderNumber ?? fields.orderNumber;
  const kind = entry.kind === 'audit' && fields.action !== undefined ? `${KIND_WORDS.audit} (${fields.action})` : KIND_WORDS[entry.kind];
  return [kind, ref === undefined ? '' : ` ${ref}`, order === undefined || order === null ? '' : ` of order ${order}`].join('');
}

/** A settled outbox item, as the coordinator hears it. */
export interface SettledItem {
  readonly stationRef: string;
  readonly kind: string;
  readonly state: OutboxState;
  readonly message?: string;
}

/** Entries sent in one pass at most; the pass goes on while there are more. */
const PAGE = 100;

export class WarehouseJournal {
  readonly #calls: JournalCalls;
  #sending: Promise<void> | undefined;
  #again = false;

  constructor(private readonly parts: WarehouseJournalParts) {
    this.#calls = parts.calls ?? WAREHOUSE_JOURNAL_CALLS;
  }

  /** What the desk still owes the warehouse, for a person: how many entries wait, and those refused with the reason. */
  view(): WarehouseJournalView {
    const refused = this.parts.store.read.refusedWarehouseJournal(REFUSED_SHOWN).map(
      (entry): RefusedJournalEntry => ({ id: entry.id, what: whatOf(entry), attempts: entry.attempts, reason: entry.lastError ?? '', since: entry.createdAt }),
    );
    return { waiting: this.waiting, refused };
  }

  /** Entries not yet sent. */
  get waiting(): number {
    return this.parts.store.read.warehouseJournalSize();
  }

  /** An outbox item settled: a create bought (recorded) or given up (its purchase abandoned), a void done. */
  outboxSettled(item: SettledItem): void {
    if (this.parts.warehouse().kind === 'none') return;
    const shipment = this.parts.store.read.shipment(item.stationRef);
    const orderNumber = shipment?.input?.references?.orderNumber ?? null;
    if (item.kind === 'createShipment' && item.state === 'done' && shipment?.input != null && shipment.result !== null) {
      // The store keeps the documents' bytes apart (labels stay at the desk that printed them).
      const { documents: _kept, ...result } = shipment.result;
      const recorded = shipmentFromCreate({ stationRef: item.stationRef, orderNumber, createdAt: shipment.createdAt, input: shipment.input, result });
      const audit = this.#audit('ship', orderNumber, item.stationRef, { carrier: recorded.carrier, trackingNumbers: recorded.trackingNumbers }, derivedEntryId('ship', item.stationRef));
      this.#add('shipment', { shipment: recorded, audit });
    }
    // Only a discarded create is given up: a refused one stays in the queue to be corrected and
    // sent again under the same reference, so its purchase stands until then (docs/warehouse.md).
    if (item.kind === 'createShipment' && item.state === 'discarded' && orderNumber !== null) {
      this.#add('abandon', { stationRef: item.stationRef, reason: `discarded at the desk${item.message === undefined ? '' : `: ${item.message}`}`.slice(0, 500) });
    }
    if (item.kind === 'cancelShipment' && item.state === 'done') {
      this.#add('void', { stationRef: item.stationRef, voidedAt: this.parts.now(), audit: this.#audit('void', orderNumber, item.stationRef, {}, derivedEntryId('void', item.stationRef)) });
    }
  }

  /** An audit entry of this desk (a reprint, a packer's override), in warehouse mode. */
  audit(action: Extract<AuditAction, 'reprint' | 'override'>, orderNumber: string | null, stationRef: string | null, detail: Record<string, string>): void {
    if (this.parts.warehouse().kind === 'none') return;
    this.#add('audit', this.#audit(action, orderNumber, stationRef, detail, randomUUID()));
  }

  /** Sends what waits, oldest first; one pass at a time (a call meanwhile makes the pass go on). Resolves when it stops. */
  flush(): Promise<void> {
    if (this.#sending !== undefined) {
      this.#again = true;
      return this.#sending;
    }
    this.#sending = (async () => {
      try {
        do {
          this.#again = false;
          await this.#pass();
        } while (this.#again);
      } finally {
        this.#sending = undefined;
        this.#told();
      }
    })();
    return this.#sending;
  }

  #audit(action: AuditAction, orderNumber: string | null, stationRef: string | null, detail: Record<string, string | readonly string[] | null>, entryId: string): AuditEntryInput {
    return { entryId, action, actor: null, orderNumber, stationRef, detail: { ...detail }, happenedAt: this.parts.now() };
  }

  #add(kind: WarehouseJournalKind, payload: unknown): void {
    this.parts.store.atomically((write) => write.journalForWarehouse(kind, payload, this.parts.now()));
    this.#told();
    void this.flush();
  }

  #told(): void {
    if (this.parts.onChange === undefined) return;
    this.parts.onChange({ waiting: this.waiting, refused: this.parts.store.read.refusedWarehouseJournal(REFUSED_SHOWN).length });
  }

  async #pass(): Promise<void> {
    const seen = new Set<number>();
    for (;;) {
      const warehouse = this.parts.warehouse();
      if (warehouse.kind !== 'connected') return;
      const entries = this.parts.store.read.warehouseJournal(PAGE + seen.size).filter((entry) => !seen.has(entry.id));
      if (entries.length === 0) return;
      for (const entry of entries) {
        seen.add(entry.id);
        try {
          await this.#send(warehouse.db, entry);
          this.parts.store.atomically((write) => write.forgetJournalEntry(entry.id));
        } catch (error) {
          if (error instanceof WarehouseUnavailableError) return; // sent again when the link is back
          // The warehouse refused it: kept with the reason (a person or a newer desk can see it), the rest go on.
          this.parts.log(`warehouse: could not send the ${entry.kind} entry ${String(entry.id)} (${messageOf(error)}); it is kept`);
          this.parts.store.atomically((write) => write.noteJournalFailure(entry.id, messageOf(error)));
        }
      }
    }
  }

  async #send(db: Db, entry: WarehouseJournalEntry): Promise<void> {
    const deskId = this.parts.deskId();
    switch (entry.kind) {
      case 'shipment':
        await this.#calls.uploadShipments(db, deskId, [ShipmentEntry.parse(entry.payload)]);
        return;
      case 'audit':
        await this.#calls.uploadAudit(db, deskId, [AuditEntryInput.parse(entry.payload)]);
        return;
      case 'abandon': {
        const { stationRef, reason } = AbandonEntry.parse(entry.payload);
        await this.#calls.abandonPurchase(db, deskId, { stationRef, reason, actor: null });
        return;
      }
      case 'void':
        await this.#calls.recordVoid(db, deskId, VoidEntry.parse(entry.payload));
        return;
    }
  }
}
