/**
 * The warehouse's shared history beside the desk's own: the Shipments screen's words asked of
 * every other desk's shipments too. The desk's own shipments are its store's (always there,
 * offline too), so they are never shown twice; a warehouse that cannot be answered now is said in
 * words, and the desk's own results stand alone.
 */
import type { OtherDeskShipment, ParsedInput, WarehouseHistoryAnswer, WarehouseStatus } from '../api';
import { messageOf } from '../base/errors';
import type { Store } from '../store';
import { WarehouseUnavailableError, searchHistory, type HistoryShipment, type Warehouse } from '../warehouse';

export interface SharedHistoryParts {
  readonly store: Store;
  /** The desk's link: the open warehouse while connected, and its state in words. */
  readonly warehouse: { readonly warehouse: Warehouse | undefined; readonly status: WarehouseStatus };
}

function otherDesks(shipment: HistoryShipment): OtherDeskShipment {
  return {
    stationRef: shipment.stationRef,
    deskId: shipment.deskId,
    deskName: shipment.deskName,
    orderNumber: shipment.orderNumber,
    trackingNumbers: shipment.trackingNumbers,
    carrier: shipment.carrier,
    serviceLevel: shipment.serviceLevel,
    recipientName: shipment.recipient.name,
    recipientCompany: shipment.recipient.company,
    recipientCity: shipment.recipient.city,
    recipientCountry: shipment.recipient.country,
    totalCharge: shipment.totalCharge,
    currency: shipment.currency,
    status: shipment.status,
    createdAt: shipment.createdAt,
    voidedAt: shipment.voidedAt,
  };
}

/** Why other desks' shipments are missing, in words, with the desk's own standing alone. */
function unreachable(why: string): WarehouseHistoryAnswer {
  return { kind: 'unreachable', words: `Other desks' shipments cannot be searched now (${why.replace(/\.$/, '')}): only this desk's shipments are shown.` };
}

export async function searchWarehouseHistory(parts: SharedHistoryParts, { text, limit, offset }: ParsedInput<'searchWarehouseHistory'>): Promise<WarehouseHistoryAnswer> {
  const { warehouse, status } = parts.warehouse;
  if (status.state === 'notConfigured') return { kind: 'notLinked' };
  // Not asked while the link says it is down: the answer would only wait for the same failure.
  if (warehouse === undefined || status.state !== 'connected') return unreachable(status.words);
  try {
    const page = await searchHistory(warehouse.db, { text, limit, offset, notDeskId: warehouse.desk.id });
    // A shipment this desk already keeps (found on the service and cached here) is in its own results.
    const shipments = page.shipments.filter((shipment) => parts.store.read.shipment(shipment.stationRef) === undefined).map(otherDesks);
    return { kind: 'found', shipments, more: page.more };
  } catch (error) {
    if (!(error instanceof WarehouseUnavailableError)) throw error;
    return unreachable(messageOf(error));
  }
}
