/**
 * What a packing desk sends for one order, for the warehouse's desk processes (tests and the
 * bench): the create of its label (carrying the order and the station reference), a rate quote
 * and an address check for the same parcel, and the record the warehouse keeps of a purchase.
 */
import { randomUUID } from 'node:crypto';
import type { RateShopRequest, ShipmentCreate, AddressValidationRequest } from '../../electron/service/contract';
import type { CallOptions, ServiceClient } from '../../electron/service/client/client';
import { shipmentFromCreate, type RecordInput } from '../../electron/warehouse';
import { CHICAGO, SAN_FRANCISCO } from './shipments';

const PARCEL = { weight: 2, length: 10, width: 8, height: 6 };

export function createFor(orderNumber: string, stationRef: string): ShipmentCreate {
  return {
    shipDate: new Date().toISOString(),
    shipFrom: CHICAGO,
    shipTo: SAN_FRANCISCO,
    shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS' },
    packages: [PARCEL],
    references: { orderNumber, stationRef },
  };
}

export function quoteFor(): RateShopRequest {
  return { shipDate: new Date().toISOString(), shipFrom: CHICAGO, shipTo: SAN_FRANCISCO, packages: [PARCEL] };
}

export function addressCheckFor(): AddressValidationRequest {
  const { contactName: _name, address2: _line2, ...address } = SAN_FRANCISCO;
  return { address };
}

/** Buys the label of a guarded purchase; what the warehouse records of it (with the desk's `ship` entry). */
export async function buyLabel(client: ServiceClient, desk: { readonly name: string }, orderNumber: string, stationRef: string, options: CallOptions = {}): Promise<RecordInput> {
  const input = createFor(orderNumber, stationRef);
  const result = await client.createShipment(input, options);
  return {
    shipment: shipmentFromCreate({ stationRef, orderNumber, createdAt: Date.now(), input, result }),
    audit: { entryId: randomUUID(), action: 'ship', actor: desk.name, orderNumber, stationRef, detail: {}, happenedAt: Date.now() },
  };
}
