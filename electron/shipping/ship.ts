/**
 * The Ship key. Shipping always goes through the outbox, online or not: the shipment and its
 * create are saved in one transaction before anything is sent, so a dropped connection or a crash
 * can never lose it or buy its label twice. When the service is reachable it is sent at once.
 *
 * In warehouse mode the purchase guard goes first (orderClaims.ts): the desk's intent to buy the
 * order's label is recorded in the warehouse under the station reference the create will carry,
 * and the create is queued only when the guard is clear; any other answer is a typed error in words.
 */
import type { ParsedInput, ShipResult } from '../api';
import { PACKING_SLIP_TYPE, renderPackingSlip } from '../printing/packingSlip';
import type { ShipmentCreate } from '../service/contract';
import { newStationRef, type Store } from '../store';
import type { OrderClaims } from './orderClaims';
import { queueNewShipment } from './queueShipment';
import type { WarehouseJournal } from './warehouseJournal';

/** What shipping needs of the working set: its store, its clock, and the outbox worker's ear. */
export interface ShipParts {
  readonly store: Store;
  now(): number;
  /** Something was queued: the outbox worker sends it at once if the service can be reached. */
  queued(): void;
  /** The purchase guard, in warehouse mode. */
  readonly claims: Pick<OrderClaims, 'beforeShip'>;
  /** The packer's overrides, told to the warehouse's audit log in warehouse mode. */
  readonly journal: Pick<WarehouseJournal, 'audit'>;
}

/**
 * The packing slip of the imported order a shipment ships, when the desk prints slips: made before
 * the shipment is queued (it needs no answer from the service) and kept with it, so it prints
 * right after the label.
 */
async function packingSlipFor(parts: ShipParts, shipment: ShipmentCreate, now: number): Promise<Uint8Array | undefined> {
  const { read } = parts.store;
  const orderNumber = shipment.references?.orderNumber;
  if (orderNumber === undefined || !read.warehouseSetting('packingSlips')) return undefined;
  const order = read.order(orderNumber);
  if (order === undefined) return undefined;
  const from = shipment.shipFrom.companyName ?? shipment.shipFrom.contactName ?? shipment.shipFrom.city;
  return renderPackingSlip({ order, from, shippedAt: now });
}

/** Presses on their way, by store and request key. */
const pressesOf = new WeakMap<Store, Map<string, Promise<ShipResult>>>();

/**
 * A press of Ship. A press with the key of one still on its way (a scanner's second Enter) waits
 * for it and answers its shipment: the guard is asked once per intent, never twice at once.
 */
export function ship(parts: ShipParts, input: ParsedInput<'ship'>): Promise<ShipResult> {
  let presses = pressesOf.get(parts.store);
  if (presses === undefined) pressesOf.set(parts.store, (presses = new Map<string, Promise<ShipResult>>()));
  const running = presses.get(input.requestKey);
  if (running !== undefined) return running.then((shipped) => ({ ...shipped, repeated: true }));
  const press = shipOnce(parts, input).finally(() => presses.delete(input.requestKey));
  presses.set(input.requestKey, press);
  return press;
}

async function shipOnce(parts: ShipParts, { shipment, requestKey, overrides }: ParsedInput<'ship'>): Promise<ShipResult> {
  const now = parts.now();
  const orderNumber = shipment.references?.orderNumber;
  const { read } = parts.store;
  const known = read.shipmentOfRequest(requestKey);
  // A press seen before answers its shipment (below) without asking the guard again.
  const clearance = known === undefined ? await parts.claims.beforeShip({ orderNumber, stationRef: newStationRef(read.deskSetting('deskId'), now), requestKey }) : undefined;
  const slip = await packingSlipFor(parts, shipment, now);
  // The key is looked up and remembered in the shipment's own transaction: two presses that
  // race each other still queue one shipment.
  const shipped = parts.store.atomically((write): ShipResult => {
    const known = write.shipmentOfRequest(requestKey);
    if (known !== undefined) {
      const create = write.outboxOfShipment(known).find((item) => item.kind === 'createShipment');
      return { stationRef: known, outboxId: create?.id ?? 0, status: write.shipment(known)?.status ?? 'queued', repeated: true };
    }
    const guarded = clearance?.kind === 'guarded' ? { stationRef: clearance.stationRef } : {};
    const { stationRef, item } = queueNewShipment(write, { deskId: write.deskSetting('deskId'), shipment, now, ...guarded });
    write.rememberShipRequest(requestKey, stationRef, now);
    for (const override of overrides ?? []) write.recordOverride(stationRef, override, now);
    if (slip !== undefined) write.saveDocuments(stationRef, [{ type: PACKING_SLIP_TYPE, name: `packing-slip-${shipment.references?.orderNumber ?? stationRef}.pdf`, mime: 'application/pdf', packageIndex: null, bytes: slip }], now);
    return { stationRef, outboxId: item.id, status: write.shipment(stationRef)?.status ?? 'queued', repeated: false };
  });
  parts.queued();
  if (!shipped.repeated) for (const override of overrides ?? []) parts.journal.audit('override', orderNumber ?? null, shipped.stationRef, { kind: override.kind, note: override.note });
  return shipped;
}
