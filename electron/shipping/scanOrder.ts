/**
 * A scan on the Ship screen: the imported order it names (by number or by a barcode the shop put
 * on the slip), the shipments it already has, and the shipment it would become (orderShipment.ts);
 * in warehouse mode, the order claimed for this desk or who holds it (orderClaims.ts).
 */
import type { ParsedInput, StationResults } from '../api';
import { UNITS_OF } from '../api';
import { deskCountry } from '../locations/locations';
import type { Store } from '../store';
import type { OrderClaims } from './orderClaims';
import { orderShipmentDraft } from './orderShipment';

/** Shipments that no longer stand for their order: voided, refused, or given up before the service had them. */
const GONE_STATUSES: ReadonlySet<string> = new Set(['Cancelled', 'failed', 'discarded']);

export async function scanOrder(parts: { readonly store: Store; readonly claims: OrderClaims }, { scanned, shipFromCountry }: ParsedInput<'scanOrder'>): Promise<StationResults['scanOrder']> {
  const { read } = parts.store;
  const found = read.findOrderByScan(scanned);
  const order = found !== undefined && 'order' in found ? found.order : null;
  const orderNumber = order?.orderNumber ?? scanned;
  const weightUnit = UNITS_OF[read.warehouseSetting('unitSystem')].weight;
  // An ambiguous scan names no order: nothing is claimed until the packer types it exactly.
  const claim = found !== undefined && 'ambiguous' in found ? undefined : await parts.claims.scanned(orderNumber);
  return {
    orderNumber,
    order,
    shippedBefore: read.shipmentsOfOrder(orderNumber).filter((s) => !GONE_STATUSES.has(s.status)),
    draft: order === null ? null : orderShipmentDraft(order, shipFromCountry?.toUpperCase() ?? deskCountry(read), weightUnit),
    ambiguous: found !== undefined && 'ambiguous' in found ? found.ambiguous : [],
    importedOrders: read.countOrders(),
    ...(claim === undefined ? {} : { claim }),
  };
}
