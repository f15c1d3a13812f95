/**
 * The steps before a label: check the address, compare rates, preview what the business rules
 * change, then ship. Shipping always goes through the outbox, online or not: the shipment and
 * its create are saved in one transaction before anything is sent, so a dropped connection or a
 * crash can never lose it or buy its label twice. When the service is reachable it is sent at once.
 */
import type { StationHandlers } from '../../api';
import { getSetting } from '../../store/settings';
import { newStationRef } from '../../store/stationRef';
import { queueShipment } from '../../store/outbox';
import { getByStationRef } from '../../store/shipments';
import type { StationContext } from '../station';

type ShippingMethods = 'validateAddress' | 'rateShop' | 'previewRules' | 'ship';

export function shippingHandlers(station: StationContext): Pick<StationHandlers, ShippingMethods> {
  return {
    validateAddress: ({ address }) => station.connection().service().validateAddress({ address }),
    rateShop: ({ request }) => station.connection().service().rateShop(request),
    previewRules: ({ shipment }) => station.connection().service().applyRule(shipment),
    ship: ({ shipment }) => {
      const connection = station.connection();
      const db = connection.store.db;
      const now = station.timers.now();
      const stationRef = newStationRef(getSetting(db, 'deskId'), now);
      const item = queueShipment(db, { stationRef, input: shipment, now });
      connection.sync.queued();
      return { stationRef, outboxId: item.id, status: getByStationRef(db, stationRef)?.status ?? 'queued' };
    },
  };
}
