/**
 * What a batch makes of each imported order: the shipment it queues (ship-to from the order, one
 * package in the batch's box weighing the order's estimated weight in the desk's unit, the order
 * number in the references, the ship-from location), the rate request that prices it, or the
 * sentence that says why the order is refused before anything is queued. Pure: the handlers
 * (handlers/batches.ts) read the orders, the location and the settings and hand them in.
 */
import type { BatchBox, StoredOrder } from '../api';
import {
  PackageWeight,
  ShipmentCreate,
  type InternationalDetail,
  type RateShopRequest,
  type ShipmentAddress,
  type ShipmentInfo,
} from '../service/contract';
import { parseWith } from '../service/contract';
import { internationalDetailOf, orderShipmentDraft } from '../shipping/orderShipment';

/** Where the batch ships from: the location's id (sent as `location`) and its address. */
export interface ShipFrom {
  readonly id: string;
  readonly address: ShipmentAddress;
}

/**
 * The shipment info a batch by rule starts from, as the Ship screen rates a shipment before a
 * service is chosen: the rules keep the shipment's method unless they name another.
 */
export const RULE_PROBE: ShipmentInfo = { carrier: 'UPS', shipMethod: 'Ground' };

export interface PlanContext {
  readonly shipFrom: ShipFrom;
  readonly box: BatchBox;
  /** The desk's unit of weight (settings: unitSystem). */
  readonly weightUnit: 'LB' | 'KG';
  /** The service of every shipment; a batch by rule starts from RULE_PROBE. */
  readonly shipmentInfo: ShipmentInfo;
  readonly now: number;
}

export type OrderPlan =
  | {
      readonly ok: true;
      readonly orderNumber: string;
      readonly create: ShipmentCreate;
      /** The rate request that prices every order of the same destination, box and weight band. */
      readonly rateRequest: RateShopRequest;
      readonly rateKey: string;
    }
  | { readonly ok: false; readonly orderNumber: string; readonly message: string };

/**
 * The weight a band of weights is rated at: the next whole pound, or the next half kilogram. The
 * sandbox's parcel carriers bill whole pounds (DHL half kilograms), so every order of a band pays
 * what its top pays; rating the top never prices an order below its label.
 */
export function weightBandTop(weight: number, unit: 'LB' | 'KG'): number {
  const step = unit === 'LB' ? 1 : 0.5;
  return Math.max(step, Math.ceil(weight / step - 1e-9) * step);
}

/** A postal code as the same place however it was typed: upper case, no spaces or dashes. */
function postalKey(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Why an order cannot go in a batch as it stands, or undefined when it can. */
export function refusalOf(orderNumber: string, order: StoredOrder | undefined): string | undefined {
  if (order === undefined) return `there is no imported order ${orderNumber}: import the shop's file that holds it`;
  if (order.status === 'shipped') return `order ${orderNumber} is already shipped (shipment ${order.stationRef ?? '?'})`;
  if (order.status === 'cancelled') return `order ${orderNumber} is cancelled: it is not to be shipped`;
  if (order.estimatedWeightGrams === null || order.estimatedWeightGrams <= 0) {
    return `order ${orderNumber} has no weight: its file gives no weight for some item; ship it from the Ship screen with the weight from the scale`;
  }
  return undefined;
}

/** The shipment a batch queues for an order, and the request that rates it; or why it cannot ship. */
export function planOrder(orderNumber: string, order: StoredOrder | undefined, context: PlanContext): OrderPlan {
  const refused = refusalOf(orderNumber, order);
  if (refused !== undefined || order === undefined) return { ok: false, orderNumber, message: refused ?? `there is no imported order ${orderNumber}` };
  const { shipFrom, box, weightUnit } = context;
  const draft = orderShipmentDraft(order, shipFrom.address.country, weightUnit);
  const weight = draft.weight ?? 0;
  if (!PackageWeight.safeParse(weight).success) {
    const shown = `${String(weight)} ${weightUnit.toLowerCase()}`;
    return { ok: false, orderNumber, message: `order ${orderNumber} weighs ${shown} by its file, which no parcel carrier takes: ship it from the Ship screen with the weight from the scale` };
  }
  const shipTo = draft.shipTo;
  const international = shipTo.country !== shipFrom.address.country;
  let internationalDetail: InternationalDetail | undefined;
  if (international) {
    const customs = internationalDetailOf(draft, 1);
    if ('missingPrice' in customs) {
      return { ok: false, orderNumber, message: `order ${orderNumber} ships abroad and its item ${customs.missingPrice} has no price: customs needs the value of every item, so ship it from the Ship screen` };
    }
    internationalDetail = customs.detail;
  }
  const pack = { length: box.length, width: box.width, height: box.height };
  const units = { unitOfWeight: weightUnit, unitOfLength: box.unitOfLength };
  const candidate = {
    shipDate: new Date(context.now).toISOString(),
    location: shipFrom.id,
    shipFrom: shipFrom.address,
    shipTo,
    shipmentInfo: context.shipmentInfo,
    packages: [{ weight, ...pack, type: 'Box' }],
    ...units,
    references: { orderNumber },
    ...(internationalDetail === undefined ? {} : { internationalDetail }),
  };
  // What a shop's file holds is not bounded as the service's fields are (a 60-character phone).
  const checked = parseWith(ShipmentCreate, candidate);
  if (!checked.ok) {
    const problems = checked.issues.map((issue) => issue.message).join('; ');
    return { ok: false, orderNumber, message: `order ${orderNumber} cannot be shipped as imported (${problems}): correct it in the shop and import it again, or ship it from the Ship screen` };
  }
  const band = weightBandTop(weight, weightUnit);
  const residential = shipTo.companyName === undefined;
  const rateRequest: RateShopRequest = {
    shipDate: candidate.shipDate,
    shipFrom: shipFrom.address,
    shipTo,
    packages: [{ weight: band, ...pack }],
    ...units,
    ...(internationalDetail === undefined ? {} : { internationalDetail }),
  };
  // The price depends on the lane and the destination's code (zone, delivery area, taxes), whether
  // it is a residence, the box and the billed weight: not on the street or the name.
  const rateKey = JSON.stringify([shipFrom.address.country, postalKey(shipFrom.address.zipPostalCode), shipTo.country, postalKey(shipTo.zipPostalCode), residential, band, weightUnit, pack, box.unitOfLength]);
  return { ok: true, orderNumber, create: checked.value, rateRequest, rateKey };
}
