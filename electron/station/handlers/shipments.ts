/** Shipments after shipping (shipping/shipments.ts): found, looked at, changed through the outbox, tracked (tracking/track.ts). */
import type { StationHandlers } from '../../api';
import { searchWarehouseHistory } from '../../shipping/sharedHistory';
import * as shipments from '../../shipping/shipments';
import { trackShipments } from '../../tracking/track';
import type { StationContext } from '../context';

type ShipmentMethods =
  | 'findShipmentsByOrder'
  | 'searchLocalShipments'
  | 'searchRemoteShipments'
  | 'searchWarehouseHistory'
  | 'getShipment'
  | 'cancelShipments'
  | 'updateShipment'
  | 'blockShipment'
  | 'unblockShipment'
  | 'archiveShipment'
  | 'trackShipments';

export function shipmentHandlers(station: StationContext): Pick<StationHandlers, ShipmentMethods> {
  return {
    findShipmentsByOrder: (input) => shipments.shipmentsOfOrder(station.connection(), input),
    searchLocalShipments: (input) => shipments.searchLocal(station.connection(), input),
    searchRemoteShipments: (input) => shipments.searchRemote(station.connection(), input),
    searchWarehouseHistory: (input) => searchWarehouseHistory(station.connection(), input),
    getShipment: (input) => shipments.shipmentDetail(station.connection(), input),
    cancelShipments: (input) => shipments.cancelShipments(station.connection(), input),
    updateShipment: (input) => shipments.updateShipment(station.connection(), input),
    blockShipment: (input) => shipments.blockShipment(station.connection(), input),
    unblockShipment: (input) => shipments.unblockShipment(station.connection(), input),
    archiveShipment: (input) => shipments.archiveShipment(station.connection(), input),
    trackShipments: (input) => trackShipments(station.connection(), input),
  };
}
