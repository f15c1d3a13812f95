/**
 * What an imported order becomes as a shipment, once, for the Ship screen and for batches alike:
 * the ship-to from its address, the weight of its items in the desk's unit, its items as customs
 * lines made in the ship-from's country, and its number in the references. Pure (the API's types
 * and the service contract only): callers read the order and the ship-from and hand them in.
 */
import type { OrderShipmentDraft, StoredOrder } from '../api';
import type { InternationalDetail, ShipmentAddress } from '../service/contract';

/** Grams in a pound and in a kilogram: an order file's weights are kept in grams. */
export const GRAMS_PER: Readonly<Record<'LB' | 'KG', number>> = { LB: 453.59237, KG: 1000 };

/**
 * The customs terms an order ships under when nobody says otherwise: delivered at place, the
 * recipient paying duties, sold.
 */
export const CUSTOMS_DEFAULTS = { incoTerm1: 'DAP', reasonToExport: 'Sale', dutiesPaidBy: 'Recipient' } as const;

const round2 = (value: number): number => Math.round(value * 100) / 100;

const optional = (value: string | null): string | undefined => (value === null || value.trim() === '' ? undefined : value.trim());

/** The order's address as the service takes a ship-to. */
export function shipToOf(order: StoredOrder): ShipmentAddress {
  const to = order.shipTo;
  const company = optional(to.company);
  const address2 = optional(to.address2);
  const phone = optional(to.phone);
  const email = optional(to.email);
  return {
    contactName: to.name,
    address1: to.address1,
    city: to.city,
    stateProvince: to.stateProvince,
    zipPostalCode: to.zipPostalCode,
    country: to.country,
    ...(company === undefined ? {} : { companyName: company }),
    ...(address2 === undefined ? {} : { address2 }),
    ...(phone === undefined ? {} : { phoneNumber1: phone }),
    ...(email === undefined ? {} : { emailAddress: email }),
  };
}

/** The order's weight in `unit`, to the hundredth; null when the file gave no weight for some item. */
export function orderWeightIn(order: StoredOrder, unit: 'LB' | 'KG'): number | null {
  const grams = order.estimatedWeightGrams;
  return grams === null || grams <= 0 ? null : round2(grams / GRAMS_PER[unit]);
}

/**
 * The shipment an order becomes before the packer chooses the box and the service: the form of
 * the Ship screen starts from it, and a batch fills in its box and service.
 */
export function orderShipmentDraft(order: StoredOrder, originCountry: string, weightUnit: 'LB' | 'KG'): OrderShipmentDraft {
  return {
    orderNumber: order.orderNumber,
    shipTo: shipToOf(order),
    weight: orderWeightIn(order, weightUnit),
    unitOfWeight: weightUnit,
    currencyCode: order.currency ?? 'USD',
    commodities: order.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      unitWeight: item.unitWeightGrams === null ? null : round2(item.unitWeightGrams / GRAMS_PER[weightUnit]),
      countryOfOrigin: originCountry,
    })),
  };
}

/**
 * Customs for a draft crossing a border, every commodity at its price in one box. Without a price
 * for some item customs cannot be declared: that item (its description) is named instead.
 */
export function internationalDetailOf(draft: OrderShipmentDraft, numberOfBoxes: number): { detail: InternationalDetail } | { missingPrice: string } {
  const commodities = [];
  for (const item of draft.commodities) {
    if (item.unitPrice === null) return { missingPrice: item.description };
    commodities.push({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      customValue: round2(item.quantity * item.unitPrice),
      countryOfOrigin: item.countryOfOrigin,
      numberOfBoxes,
      ...(item.unitWeight === null ? {} : { unitWeight: item.unitWeight }),
    });
  }
  const totalCustomValue = round2(commodities.reduce((sum, c) => sum + c.customValue, 0));
  return { detail: { ...CUSTOMS_DEFAULTS, currencyCode: draft.currencyCode, totalCustomValue, commodities } };
}
