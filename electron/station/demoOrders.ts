/**
 * The orders a new desk on the Sandbox connection finds waiting, so a newcomer's first scan fills
 * the form instead of asking for an address by hand: one domestic parcel, one of several items,
 * one abroad (customs lines and a commercial invoice), and one whose address the check flags.
 * They ship from the sandbox's demo warehouse (Chicago) and are seeded once, when the sandbox
 * profile's store is new; imported over, shipped or left alone, they are ordinary open orders.
 */
import type { ImportedOrder, OrderAddress, OrderItem } from '../api';
import { importOrders } from '../store/orders';
import type { Db } from '../store/statements';

function address(fields: Pick<OrderAddress, 'name' | 'address1' | 'city' | 'stateProvince' | 'zipPostalCode' | 'country'> & Partial<OrderAddress>): OrderAddress {
  return { company: null, address2: null, phone: null, email: null, ...fields };
}

function item(sku: string, description: string, quantity: number, unitPrice: number, unitWeightGrams: number): OrderItem {
  return { sku, barcode: null, description, quantity, unitPrice, unitWeightGrams };
}

function order(orderNumber: string, shipTo: OrderAddress, items: readonly OrderItem[], extra: Partial<Pick<ImportedOrder, 'requestedService' | 'note' | 'giftMessage'>> = {}): ImportedOrder {
  return {
    orderNumber,
    shipTo,
    items,
    requestedService: extra.requestedService ?? null,
    currency: 'USD',
    note: extra.note ?? null,
    giftMessage: extra.giftMessage ?? null,
    estimatedWeightGrams: items.reduce((grams, each) => grams + (each.unitWeightGrams ?? 0) * each.quantity, 0),
    rows: [],
  };
}

export const DEMO_ORDERS: readonly ImportedOrder[] = [
  order('DEMO-1001', address({ name: 'Dana Whitfield', address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US', email: 'dana@example.com' }), [
    item('MUG-BLUE', 'Stoneware mug, blue', 1, 18, 450),
  ]),
  order(
    'DEMO-1002',
    address({ name: 'Alex Moreno', address1: '77 Congress Ave', city: 'Austin', stateProvince: 'TX', zipPostalCode: '78701', country: 'US', phone: '512-555-0199' }),
    [item('TOTE-NAT', 'Cotton tote bag', 2, 12, 200), item('POUR-SET', 'Pour-over coffee set', 1, 42, 900), item('NOTE-A5', 'Notebook, A5', 3, 6.5, 150)],
    { note: 'Leave with the front desk' },
  ),
  order(
    'DEMO-1003',
    address({ name: 'Avery Singh', company: 'Maple Leaf Supply', address1: '100 King St W', city: 'Toronto', stateProvince: 'ON', zipPostalCode: 'M5X 1A9', country: 'CA' }),
    [item('HOOD-GRY-M', 'Cotton hoodie, grey, M', 2, 60, 700)],
    { requestedService: 'Express' },
  ),
  // 10001 is a New York ZIP code: the address check says so and offers Denver's.
  order('DEMO-1004', address({ name: 'Pat Quinn', address1: '1600 Champa St', city: 'Denver', stateProvince: 'CO', zipPostalCode: '10001', country: 'US' }), [
    item('CANDLE-3', 'Soy candle, set of 3', 1, 28, 1100),
  ]),
];

/** Adds the demo orders to a new store (the sandbox profile's, when it is first opened). */
export function seedDemoOrders(db: Db, now: number): void {
  importOrders(db, { format: 'generic', orders: DEMO_ORDERS }, now);
}
