/**
 * A purchase another desk left pending, met by this desk at Ship after it took the order over (the
 * other desk died or was cut off while a label was being bought). Nobody may buy while its outcome
 * is unknown, so the station reference is looked up on the service, as the outbox does after a lost
 * answer (`reconcileCreate`):
 *
 * - **found**: the label was bought. It is recorded in the warehouse's history as the other desk's
 *   shipment (its purchase `bought`, the order shipped), and this desk buys nothing: it keeps the
 *   shipment and prints its label (`keepFoundShipment`), since the parcel is on this desk now.
 * - **absent**: nothing was bought. The purchase is given up with the reason (`abandonPurchase`, an
 *   `override` entry in the audit log under this desk), and this desk may buy.
 * - **undecided** (several shipments carry the reference, or no tracking number) or the service
 *   cannot be asked: the order stays blocked, in words a packer or an admin can act on.
 *
 * The limit (docs/warehouse.md): a desk only cut off from the warehouse may still send its create
 * after the lookup found nothing; that shipment becomes a conflict when the desk reports it.
 */
import { randomUUID } from 'node:crypto';
import type { PrintJob } from '../api';
import type { SearchRecord, ShipmentCreateResult } from '../service/contract';
import type { Store } from '../store';
import { documentsOfCreated } from '../sync/createdDocuments';
import type { ShipmentVerdict } from '../sync/reconcile';
import { abandonPurchase, recordShipment, shipmentFromCreate, type ShipmentParties, type StandingPurchase, type Warehouse } from '../warehouse';

type Db = Warehouse['db'];

export interface OtherDeskPurchaseCalls {
  readonly abandonPurchase: typeof abandonPurchase;
  readonly recordShipment: typeof recordShipment;
}

export const WAREHOUSE_PURCHASE_CALLS: OtherDeskPurchaseCalls = { abandonPurchase, recordShipment };

/**
 * `free`: this desk may pass the guard again and buy. `shipped`: the label was bought, and is now in
 * the history. `blocked`: its outcome stays unknown. The words say which, and `retry` whether
 * trying again later may help.
 */
export type Settled = { readonly kind: 'free' } | { readonly kind: 'shipped' | 'blocked'; readonly words: string; readonly retry: boolean };

/** A shipment another desk bought, found on the service by its station reference. */
export type FoundShipment = Extract<ShipmentVerdict, { readonly verdict: 'found' }>;

export interface SettleArgs {
  readonly db: Db;
  readonly deskId: string;
  readonly orderNumber: string;
  readonly purchase: StandingPurchase;
  readonly lookUp: (stationRef: string) => Promise<ShipmentVerdict>;
  readonly now: () => number;
  /** Keeps the found shipment at this desk and prints its label here; words the label as printing when given. */
  readonly keepHere?: (found: FoundShipment) => void;
  readonly calls?: OtherDeskPurchaseCalls;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The recipient and carrier of a shipment as the service's search record shows them (fields it does not show stay empty). */
function partiesOf(record: SearchRecord, result: ShipmentCreateResult): ShipmentParties {
  const shipTo = record.shipTo ?? {};
  const info = record.shipmentInfo ?? {};
  return {
    shipTo: { contactName: text(shipTo.contactName), companyName: text(shipTo.companyName), city: text(shipTo.city), country: text(shipTo.country) },
    shipmentInfo: { carrier: text(result.carrier) ?? text(info.carrier), serviceLevel: text(info.serviceLevel) },
  };
}

export async function settleOtherDeskPurchase(args: SettleArgs): Promise<Settled> {
  const { db, deskId, orderNumber, purchase } = args;
  const calls = args.calls ?? WAREHOUSE_PURCHASE_CALLS;
  const ref = purchase.stationRef;
  const found = await args.lookUp(ref);
  switch (found.verdict) {
    case 'found': {
      const { result } = found;
      await calls.recordShipment(db, deskId, {
        shipment: shipmentFromCreate({ stationRef: ref, orderNumber, createdAt: purchase.since, input: partiesOf(found.record, result), result }),
        audit: { entryId: randomUUID(), action: 'ship', actor: null, orderNumber, stationRef: ref, detail: { foundOnTheService: true, boughtAt: purchase.deskId }, happenedAt: args.now() },
      });
      args.keepHere?.(found);
      const label = args.keepHere === undefined ? '' : found.labelsRecovered ? 'its label prints here; ' : "the service did not give its label again (print it from the carrier's portal); ";
      return {
        kind: 'shipped',
        words: `Order ${orderNumber} was already bought at ${purchase.deskName} before this desk took it over (${ref}, tracking ${result.trackingNumber}): ${label}it is recorded in the warehouse's history and not to be bought again`,
        retry: false,
      };
    }
    case 'absent': {
      const reason = `${purchase.deskName} stopped while buying it; the service has no shipment under ${ref}`;
      const given = await calls.abandonPurchase(db, deskId, { stationRef: ref, reason, actor: null });
      if (given.kind === 'abandoned' || given.kind === 'notPending') return { kind: 'free' };
      return { kind: 'blocked', words: `This desk no longer holds order ${orderNumber}: scan it again before shipping it`, retry: false };
    }
    case 'undecided':
      return {
        kind: 'blocked',
        words: `A label for order ${orderNumber} may have been bought at ${purchase.deskName} (${ref}), and the service cannot tell (${found.message}): look it up on the service and settle it before shipping the order here`,
        retry: false,
      };
    case 'unreachable':
      return {
        kind: 'blocked',
        words: `A label for order ${orderNumber} was being bought at ${purchase.deskName} (${ref}) when it stopped, and the service cannot be asked whether it was bought (${found.error.message}): try again once the service answers`,
        retry: true,
      };
  }
}

/**
 * The found shipment in this desk's store (as a shipment found on the service) with its documents,
 * its labels handed to printing. Kept once: a shipment whose documents the desk has already kept
 * is left as it is, so its label is never printed twice this way.
 */
export function keepFoundShipment(store: Store, found: FoundShipment, now: number): { stationRef: string; jobs: PrintJob[] } {
  return store.atomically((write) => {
    const kept = write.upsertFromSearch(found.record, now);
    if (write.listDocuments(kept.stationRef).length > 0) return { stationRef: kept.stationRef, jobs: [] };
    write.saveDocuments(kept.stationRef, documentsOfCreated(found.result), now);
    return { stationRef: kept.stationRef, jobs: write.handOffForPrinting(kept.stationRef, now, { documents: 'labels' }) };
  });
}
