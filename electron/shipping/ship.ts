/**
 * The Ship key. Shipping always goes through the outbox, online or not: the shipment and its
 * create are saved in one transaction before anything is sent, so a dropped connection or a crash
 * can never lose it or buy its label twice. When the service is reachable it is sent at once.
 */
import type { ParsedInput, ShipResult } from '../api';
import { PACKING_SLIP_TYPE, renderPackingSlip } from '../printing/packingSlip';
import type { ShipmentCreate } from '../service/contract';
import type { Store } from '../store';
import { queueNewShipment } from './queueShipment';

/** What shipping needs of the working set: its store, its clock, and the outbox worker's ear. */
export interface ShipParts {
  readonly store: Store;
  now(): number;
  /** Something was queued: the outbox worker sends it at once if the service can be reached. */
  queued(): void;
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

export async function ship(parts: ShipParts, { shipment, requestKey, overrides }: ParsedInput<'ship'>): Promise<ShipResult> {
  const now = parts.now();
  const slip = await packingSlipFor(parts, shipment, now);
  // The key is looked up and remembered in the shipment's own transaction: two presses that
  // race each other still queue one shipment.
  const shipped = parts.store.atomically((write): ShipResult => {
    const known = write.shipmentOfRequest(requestKey);
    if (known !== undefined) {
      const create = write.outboxOfShipment(known).find((item) => item.kind === 'createShipment');
      return { stationRef: known, outboxId: create?.id ?? 0, status: write.shipment(known)?.status ?? 'queued', repeated: true };
    }
    const { stationRef, item } = queueNewShipment(write, { deskId: write.deskSetting('deskId'), shipment, now });
    write.rememberShipRequest(requestKey, stationRef, now);
    for (const override of overrides ?? []) write.recordOverride(stationRef, override, now);
    if (slip !== undefined) write.saveDocuments(stationRef, [{ type: PACKING_SLIP_TYPE, name: `packing-slip-${shipment.references?.orderNumber ?? stationRef}.pdf`, mime: 'application/pdf', packageIndex: null, bytes: slip }], now);
    return { stationRef, outboxId: item.id, status: write.shipment(stationRef)?.status ?? 'queued', repeated: false };
  });
  parts.queued();
  return shipped;
}
