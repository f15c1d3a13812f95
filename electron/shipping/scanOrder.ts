/**
 * A scan on the Ship screen: the imported order it names (by number or by a barcode the shop put
 * on the slip), the shipments it already has, and the shipment it would become (orderShipment.ts).
 */
import type { ParsedInput, StationResults } from '../api';
import { UNITS_OF } from '../api';
import { deskCountry } from '../locations/locations';
import type { Store } from '../store';
import { orderShipmentDraft } from './orderShipment';

/** Shipments that no longer stand for their order: voided, refused, or given up before the service had them. */
const GONE_STATUSES: ReadonlySet<string> = new Set(['Cancelled', 'failed', 'discarded']);

export function scanOrder(parts: { readonly store: Store }, { scanned, shipFromCountry }: ParsedInput<'scanOrder'>): StationResults['scanOrder'] {
  const { read } = parts.store;
  const found = read.findOrderByScan(scanned);
  const order = found !== undefined && 'order' in found ? found.order : null;
  const orderNumber = order?.orderNumber ?? scanned;
  const weightUnit = UNITS_OF[read.warehouseSetting('unitSystem')].weight;
  return {
    orderNumber,
    order,
    shippedBefore: read.shipmentsOfOrder(orderNumber).filter((s) => !GONE_STATUSES.has(s.status)),
    draft: order === null ? null : orderShipmentDraft(order, shipFromCountry?.toUpperCase() ?? deskCountry(read), weightUnit),
    ambiguous: found !== undefined && 'ambiguous' in found ? found.ambiguous : [],
    importedOrders: read.countOrders(),
  };
}
