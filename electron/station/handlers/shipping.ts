/**
 * The steps before a label: check the address, compare rates, preview what the business rules
 * change, then ship. Shipping always goes through the outbox, online or not: the shipment and
 * its create are saved in one transaction before anything is sent, so a dropped connection or a
 * crash can never lose it or buy its label twice. When the service is reachable it is sent at once.
 */
import type { StationHandlers } from '../../api';
import { renderPackingSlip, PACKING_SLIP_TYPE } from '../../printing/packingSlip';
import type { ShipmentCreate } from '../../service/contract';
import { saveDocuments } from '../../store/documents';
import { followShipment, getOrder } from '../../store/orders';
import { listForShipment, queueShipment } from '../../store/outbox';
import { getSetting } from '../../store/settings';
import { recordOverride } from '../../store/overrides';
import { rememberShipRequest, shipmentOfRequest } from '../../store/shipRequests';
import { getByStationRef } from '../../store/shipments';
import { atomically } from '../../store/statements';
import { newStationRef } from '../../store/stationRef';
import type { StationContext } from '../context';

type ShippingMethods = 'validateAddress' | 'rateShop' | 'previewRules' | 'ship';

/**
 * The packing slip of the imported order a shipment ships, when the desk prints slips: made before
 * the shipment is queued (it needs no answer from the service) and kept with it, so it prints
 * right after the label.
 */
async function packingSlipFor(station: StationContext, shipment: ShipmentCreate, now: number): Promise<Uint8Array | undefined> {
  const db = station.connection().store.db;
  const orderNumber = shipment.references?.orderNumber;
  if (orderNumber === undefined || !getSetting(db, 'packingSlips')) return undefined;
  const order = getOrder(db, orderNumber);
  if (order === undefined) return undefined;
  const from = shipment.shipFrom.companyName ?? shipment.shipFrom.contactName ?? shipment.shipFrom.city;
  return renderPackingSlip({ order, from, shippedAt: now });
}

export function shippingHandlers(station: StationContext): Pick<StationHandlers, ShippingMethods> {
  return {
    validateAddress: ({ address }) => station.connection().service().validateAddress({ address }),
    rateShop: ({ request }) => station.connection().service().rateShop(request),
    previewRules: ({ shipment }) => station.connection().service().applyRule(shipment),
    ship: async ({ shipment, requestKey, overrides }) => {
      const now = station.timers.now();
      const slip = await packingSlipFor(station, shipment, now);
      // The key is looked up and remembered in the shipment's own transaction: two presses that
      // race each other still queue one shipment.
      return station.connection().queue((db) =>
        atomically(db, () => {
          const known = shipmentOfRequest(db, requestKey);
          if (known !== undefined) {
            const create = listForShipment(db, known).find((item) => item.kind === 'createShipment');
            return { stationRef: known, outboxId: create?.id ?? 0, status: getByStationRef(db, known)?.status ?? 'queued', repeated: true };
          }
          const stationRef = newStationRef(getSetting(db, 'deskId'), now);
          const item = queueShipment(db, { stationRef, input: shipment, now });
          rememberShipRequest(db, requestKey, stationRef, now);
          for (const override of overrides ?? []) recordOverride(db, stationRef, override, now);
          if (slip !== undefined) saveDocuments(db, stationRef, [{ type: PACKING_SLIP_TYPE, name: `packing-slip-${shipment.references?.orderNumber ?? stationRef}.pdf`, mime: 'application/pdf', packageIndex: null, bytes: slip }], now);
          // An imported open order of this number is shipped by it, in the same transaction.
          followShipment(db, stationRef, shipment.references?.orderNumber, now);
          return { stationRef, outboxId: item.id, status: getByStationRef(db, stationRef)?.status ?? 'queued', repeated: false };
        }),
      );
    },
  };
}
