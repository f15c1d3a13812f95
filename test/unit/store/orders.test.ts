/**
 * Orders in the station's store, read from the order files of test/fixtures/orders into real
 * SQLite files: an import adds, updates or keeps each order by its number and never makes a
 * second row for one; an order already shipped or cancelled keeps its status, its shipment and
 * its address; the list's filters; the column mappings kept by name.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../electron/api';
import { readOrderText } from '../../../electron/orders/orderFileReader';
import { StoreInputError, StoreNotFoundError, StoreRowError, StoreTransitionError, orders, outbox, type Db, type MirroredOrder } from '../../../electron/store';
import { shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/orders/${name}`, import.meta.url), 'utf8');
const SHOPIFY_TEXT = fixture('shopify-orders-export.csv');
const SHOPIFY = await readOrderText(SHOPIFY_TEXT);
const SHEET = await readOrderText(fixture('spreadsheet-semicolon-bom-crlf.csv'));
const BAD_ROWS = await readOrderText(fixture('orders-with-bad-rows.csv'));

const REF_A = 'PB-DESK1-01JD0000000000000000000001';
const REF_B = 'PB-DESK1-01JD0000000000000000000002';

function importFile(db: Db, preview: ImportPreview, now = T0) {
  return orders.importOrders(db, preview, now);
}

function rowCount(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
}

const numbers = (page: { orders: readonly { orderNumber: string }[] }): string[] => page.orders.map((order) => order.orderNumber);

describe('importing a file', () => {
  it('stores every order of a Shopify export as open, with its address, items and format', () => {
    const { db } = openTempStore();
    expect(importFile(db, SHOPIFY)).toEqual({ created: 4, updated: 0, unchanged: 0, keptShipped: 0 });
    const first = orders.getOrder(db, '#1001');
    expect(first).toEqual({
      orderNumber: '#1001',
      status: 'open',
      shipTo: { name: 'Dana Whitfield', company: null, address1: '500 Howard St', address2: 'Suite 300', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US', phone: '+1 415-555-0101', email: 'dana@example.com' },
      items: [
        { sku: 'TS-BLU-M', barcode: null, description: 'Organic Cotton T-Shirt - Blue / M', quantity: 2, unitPrice: 24, unitWeightGrams: null },
        { sku: 'MUG-ENM', barcode: null, description: 'Enamel Camp Mug', quantity: 1, unitPrice: 16, unitWeightGrams: null },
      ],
      requestedService: 'Standard Shipping',
      currency: 'USD',
      note: 'Leave at the front desk.\nRing twice, please.',
      giftMessage: 'Happy birthday, Sam!',
      estimatedWeightGrams: null,
      format: 'shopify',
      importedAt: T0,
      updatedAt: T0,
      stationRef: null,
      shippedAt: null,
      claim: null,
    });
    expect(orders.getOrder(db, '#9999')).toBeUndefined();
  });

  it('again: the same file changes nothing and makes no second row for an order', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(importFile(db, SHOPIFY, T0 + 60_000)).toEqual({ created: 0, updated: 0, unchanged: 4, keptShipped: 0 });
    expect(rowCount(db)).toBe(4);
    expect(orders.getOrder(db, '#1002')).toMatchObject({ importedAt: T0, updatedAt: T0 });
  });

  it('again with an address changed: that open order is updated in place, the others are unchanged', async () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    const moved = await readOrderText(SHOPIFY_TEXT.replaceAll('233 S Wacker Dr', '1 N State St'));
    expect(importFile(db, moved, T0 + 60_000)).toEqual({ created: 0, updated: 1, unchanged: 3, keptShipped: 0 });
    expect(rowCount(db)).toBe(4);
    expect(orders.getOrder(db, '#1002')).toMatchObject({ status: 'open', shipTo: { address1: '1 N State St' }, importedAt: T0, updatedAt: T0 + 60_000 });
  });

  it('keeps an order already shipped or cancelled as it is: status, shipment and address', async () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    orders.markOrderShipped(db, '#1002', REF_A, T0 + 1000);
    orders.markOrderCancelled(db, '#1003', T0 + 2000);
    const moved = await readOrderText(SHOPIFY_TEXT.replaceAll('233 S Wacker Dr', '1 N State St').replaceAll('100 King St W', '1 Yonge St'));
    expect(importFile(db, moved, T0 + 60_000)).toEqual({ created: 0, updated: 0, unchanged: 2, keptShipped: 2 });
    expect(rowCount(db)).toBe(4);
    expect(orders.getOrder(db, '#1002')).toMatchObject({ status: 'shipped', stationRef: REF_A, shippedAt: T0 + 1000, shipTo: { address1: '233 S Wacker Dr' }, updatedAt: T0 + 1000 });
    expect(orders.getOrder(db, '#1003')).toMatchObject({ status: 'cancelled', stationRef: null, shipTo: { address1: '100 King St W' }, updatedAt: T0 + 2000 });
  });

  it('takes the good orders of a file with bad rows, and none of an order with a bad row', () => {
    const { db } = openTempStore();
    const preview = BAD_ROWS;
    expect(preview.problems.length).toBeGreaterThan(0);
    expect(orders.importOrders(db, preview, T0)).toEqual({ created: 2, updated: 0, unchanged: 0, keptShipped: 0 });
    expect(numbers(orders.listOrders(db, { limit: 10, offset: 0 })).sort()).toEqual(['B-1', 'B-7']);
  });

  it('refuses an order that is not one before writing anything', () => {
    const { db } = openTempStore();
    const preview = SHOPIFY;
    const [first, second] = preview.orders;
    if (first === undefined || second === undefined) throw new Error('the fixture has orders');
    const broken = { format: preview.format, orders: [first, { ...second, items: [] }] };
    expect(() => orders.importOrders(db, broken, T0)).toThrow(StoreInputError);
    expect(() => orders.importOrders(db, broken, T0)).toThrow('orders[1].items: must have an item');
    expect(rowCount(db)).toBe(0);
  });
});

describe('shipping and cancelling an order', () => {
  it('ships an open order once: again with the same shipment changes nothing, another shipment is refused', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(orders.markOrderShipped(db, '#1001', REF_A, T0 + 1000)).toMatchObject({ status: 'shipped', stationRef: REF_A, shippedAt: T0 + 1000, updatedAt: T0 + 1000 });
    expect(orders.markOrderShipped(db, '#1001', REF_A, T0 + 5000)).toMatchObject({ status: 'shipped', stationRef: REF_A, shippedAt: T0 + 1000 });
    expect(() => orders.markOrderShipped(db, '#1001', REF_B, T0 + 5000)).toThrow(new StoreTransitionError(`order #1001 was already shipped by shipment ${REF_A}: it cannot be shipped by ${REF_B} too`));
    expect(() => orders.markOrderShipped(db, '#4040', REF_B, T0)).toThrow(new StoreNotFoundError('there is no imported order #4040'));
    expect(() => orders.markOrderShipped(db, '#1002', 'not a reference', T0)).toThrow(StoreInputError);
  });

  it('cancels an open order only; a cancelled order is not shipped and a shipped one not cancelled', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(orders.markOrderCancelled(db, '#1003', T0 + 1000)).toMatchObject({ status: 'cancelled', updatedAt: T0 + 1000 });
    expect(orders.markOrderCancelled(db, '#1003', T0 + 2000)).toMatchObject({ status: 'cancelled', updatedAt: T0 + 1000 });
    expect(() => orders.markOrderShipped(db, '#1003', REF_A, T0)).toThrow('order #1003 is cancelled: it is not to be shipped');
    orders.markOrderShipped(db, '#1004', REF_B, T0);
    expect(() => orders.markOrderCancelled(db, '#1004', T0)).toThrow(`order #1004 was shipped by shipment ${REF_B}: a shipped order cannot be cancelled`);
  });

  it('follows a shipment: ships the open order it names, leaves others alone, moves when its number changes, reopens when it is given up', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(orders.followShipment(db, REF_A, '#1001', T0)).toMatchObject({ orderNumber: '#1001', status: 'shipped', stationRef: REF_A });
    // Another shipment for an order already shipped (a second box, a replacement) is never refused, and changes nothing.
    expect(orders.followShipment(db, REF_B, '#1001', T0)).toBeUndefined();
    expect(orders.followShipment(db, REF_B, 'SO-NOT-IMPORTED', T0)).toBeUndefined();
    expect(orders.followShipment(db, REF_B, undefined, T0)).toBeUndefined();
    expect(orders.getOrder(db, '#1001')).toMatchObject({ status: 'shipped', stationRef: REF_A });

    // The shipment corrected to name another order: the first is open again.
    expect(orders.followShipment(db, REF_A, '#1002', T0 + 1000)).toMatchObject({ orderNumber: '#1002', stationRef: REF_A });
    expect(orders.getOrder(db, '#1001')).toMatchObject({ status: 'open', stationRef: null, shippedAt: null, updatedAt: T0 + 1000 });
    expect(orders.orderShippedBy(db, REF_A)?.orderNumber).toBe('#1002');

    expect(orders.reopenOrderShippedBy(db, REF_A, T0 + 2000)).toMatchObject({ orderNumber: '#1002', status: 'open', stationRef: null, shippedAt: null });
    expect(orders.reopenOrderShippedBy(db, REF_A, T0 + 3000)).toBeUndefined();
    expect(orders.listOrders(db, { status: 'shipped', limit: 10, offset: 0 }).total).toBe(0);
  });

  it('holds a shipped order to its shipment in the table itself', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(() => db.prepare("UPDATE orders SET status = 'shipped' WHERE order_number = '#1001'").run()).toThrow(/CHECK constraint failed/);
    orders.markOrderShipped(db, '#1001', REF_A, T0);
    expect(() => db.prepare("UPDATE orders SET station_ref = ?, shipped_at = 1 WHERE order_number = '#1002'").run(REF_A)).toThrow(/CHECK constraint failed|UNIQUE constraint failed/);
  });
});

describe('the counts of orders by status (kept by triggers, schema 14)', () => {
  /** A shipment reference of the store's form, one per number. */
  const refOf = (n: number): string => `PB-DESK1-01JD${String(n).padStart(22, '0')}`;
  const NUMBERS = ['#1001', '#1002', '#1003', '#1004', 'SO-NOT-IMPORTED'] as const;
  const STATUSES = ['open', 'shipped', 'cancelled'] as const;

  it('always agree with the rows, whatever imports, shipments, cancels, moves and reopenings happen', () => {
    const op = fc.oneof(
      fc.constant({ kind: 'import' as const }),
      fc.constant({ kind: 'importSheet' as const }),
      fc.record({ kind: fc.constant('ship' as const), number: fc.constantFrom(...NUMBERS), ref: fc.nat(3) }),
      fc.record({ kind: fc.constant('cancel' as const), number: fc.constantFrom(...NUMBERS) }),
      fc.record({ kind: fc.constant('follow' as const), number: fc.constantFrom(...NUMBERS), ref: fc.nat(3) }),
      fc.record({ kind: fc.constant('reopen' as const), ref: fc.nat(3) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const store = openTempStore();
        const { db } = store;
        const check = (): void => {
          const counted = (status?: string): number =>
            (status === undefined ? db.prepare('SELECT count(*) FROM orders') : db.prepare('SELECT count(*) FROM orders WHERE status = ?')).pluck().get(...(status === undefined ? [] : [status])) as number;
          expect(orders.countOrders(db)).toBe(counted());
          expect(orders.listOrders(db, { limit: 1, offset: 0 }).total).toBe(counted());
          for (const status of STATUSES) expect(orders.listOrders(db, { status, limit: 1, offset: 0 }).total).toBe(counted(status));
        };
        ops.forEach((each, at) => {
          const now = T0 + at;
          try {
            if (each.kind === 'import') importFile(db, SHOPIFY, now);
            else if (each.kind === 'importSheet') importFile(db, SHEET, now);
            else if (each.kind === 'ship') orders.markOrderShipped(db, each.number, refOf(each.ref), now);
            else if (each.kind === 'cancel') orders.markOrderCancelled(db, each.number, now);
            else if (each.kind === 'follow') orders.followShipment(db, refOf(each.ref), each.number, now);
            else orders.reopenOrderShippedBy(db, refOf(each.ref), now);
          } catch (error) {
            // Refused steps change nothing: an unknown order, a second shipment, a shipped order
            // cancelled, or one shipment named for two orders (the table's unique shipment).
            const unique = error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
            if (!(error instanceof StoreTransitionError || error instanceof StoreNotFoundError || unique)) throw error;
          }
          check();
        });
        store.close();
      }),
      { numRuns: 60 },
    );
  });

  it('a search or another filter is counted from the rows', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    orders.markOrderCancelled(db, '#1003', T0);
    expect(orders.listOrders(db, { status: 'open', query: 'mug', limit: 1, offset: 0 }).total).toBe(db.prepare("SELECT count(*) FROM orders WHERE status = 'open' AND instr(search_text, 'mug') > 0").pluck().get());
  });
});

describe('the list', () => {
  function storeOfAll(): Db {
    const { db } = openTempStore();
    importFile(db, SHOPIFY, T0);
    importFile(db, SHEET, T0 + 1000);
    importFile(db, BAD_ROWS, T0 + 2000);
    return db;
  }
  const all = { limit: 50, offset: 0 };

  it('is newest imported first, a page at a time, with the total', () => {
    const db = storeOfAll();
    const everything = orders.listOrders(db, all);
    expect(everything.total).toBe(9);
    expect(numbers(everything)).toEqual(['B-7', 'B-1', 'WEB-2003', 'WEB-2002', 'WEB-2001', '#1004', '#1003', '#1002', '#1001']);
    const page = orders.listOrders(db, { limit: 3, offset: 3 });
    expect(page).toMatchObject({ total: 9 });
    expect(numbers(page)).toEqual(['WEB-2002', 'WEB-2001', '#1004']);
  });

  it('narrows by status', () => {
    const db = storeOfAll();
    orders.markOrderShipped(db, 'WEB-2002', REF_A, T0);
    orders.markOrderCancelled(db, 'B-1', T0);
    expect(numbers(orders.listOrders(db, { ...all, status: 'shipped' }))).toEqual(['WEB-2002']);
    expect(numbers(orders.listOrders(db, { ...all, status: 'cancelled' }))).toEqual(['B-1']);
    expect(orders.listOrders(db, { ...all, status: 'open' }).total).toBe(7);
  });

  it('finds every word typed, in any case and without accents, in numbers, names, places, e-mail and items', () => {
    const db = storeOfAll();
    expect(numbers(orders.listOrders(db, { ...all, query: 'muller' }))).toEqual(['WEB-2001']);
    expect(numbers(orders.listOrders(db, { ...all, query: 'MÜLLER berlin' }))).toEqual(['WEB-2001']);
    expect(numbers(orders.listOrders(db, { ...all, query: 'muller paris' }))).toEqual([]);
    expect(numbers(orders.listOrders(db, { ...all, query: '#100' }))).toEqual(['#1004', '#1003', '#1002', '#1001']);
    expect(numbers(orders.listOrders(db, { ...all, query: 'lamp-02' }))).toEqual(['WEB-2002']);
    expect(numbers(orders.listOrders(db, { ...all, query: 'atlas' }))).toEqual(['WEB-2003']);
    expect(numbers(orders.listOrders(db, { ...all, query: 'lee@example' }))).toEqual(['#1002']);
    expect(numbers(orders.listOrders(db, { ...all, query: '10117' }))).toEqual(['WEB-2001']);
    // Text that means something to SQL is only text here.
    expect(orders.listOrders(db, { ...all, query: "%' OR 1=1 --" }).total).toBe(0);
  });

  it('tells international orders from the desk\'s country', () => {
    const db = storeOfAll();
    expect(numbers(orders.listOrders(db, { ...all, international: true, homeCountry: 'US' }))).toEqual(['WEB-2002', 'WEB-2001', '#1003']);
    expect(orders.listOrders(db, { ...all, international: false, homeCountry: 'US' }).total).toBe(6);
    expect(numbers(orders.listOrders(db, { ...all, international: false, homeCountry: 'DE' }))).toEqual(['WEB-2001']);
    expect(() => orders.listOrders(db, { ...all, international: true })).toThrow('homeCountry: is needed to tell international orders');
  });

  it('narrows by estimated weight, leaving out orders whose weight is unknown', () => {
    const db = storeOfAll();
    // WEB-2001 600 g, WEB-2002 1200 g, WEB-2003 1134 g, B-1 680 g, B-7 680 g; the Shopify export gives no weights.
    expect(numbers(orders.listOrders(db, { ...all, minWeightGrams: 1000 }))).toEqual(['WEB-2003', 'WEB-2002']);
    expect(numbers(orders.listOrders(db, { ...all, maxWeightGrams: 600 }))).toEqual(['WEB-2001']);
    expect(numbers(orders.listOrders(db, { ...all, minWeightGrams: 601, maxWeightGrams: 1150 }))).toEqual(['B-7', 'B-1', 'WEB-2003']);
  });

  it('narrows by the service the customer chose, in any case', () => {
    const db = storeOfAll();
    expect(numbers(orders.listOrders(db, { ...all, requestedService: 'express' }))).toEqual(['WEB-2002', '#1002']);
    expect(numbers(orders.listOrders(db, { ...all, requestedService: 'Express', query: 'paris', status: 'open' }))).toEqual(['WEB-2002']);
  });
});

describe('column mappings kept by name', () => {
  const SHEET_MAPPING = { orderNumber: 'Order No', name: 'Recipient', address1: 'Street', city: 'City', zipPostalCode: 'Postcode', country: 'Country' };

  it('are saved, listed by name, replaced under the same name in any case, and deleted', () => {
    const { db } = openTempStore();
    expect(orders.saveOrderMapping(db, 'Market sheet', SHEET_MAPPING, T0)).toEqual({ name: 'Market sheet', mapping: SHEET_MAPPING, updatedAt: T0 });
    orders.saveOrderMapping(db, 'Etsy', { ...SHEET_MAPPING, orderNumber: 'Order ID' }, T0);
    expect(orders.listOrderMappings(db).map((m) => m.name)).toEqual(['Etsy', 'Market sheet']);

    const replaced = orders.saveOrderMapping(db, '  market SHEET ', { ...SHEET_MAPPING, city: 'Town' }, T0 + 1);
    expect(replaced).toEqual({ name: 'market SHEET', mapping: { ...SHEET_MAPPING, city: 'Town' }, updatedAt: T0 + 1 });
    expect(orders.listOrderMappings(db).map((m) => m.name)).toEqual(['Etsy', 'market SHEET']);
    expect(orders.getOrderMapping(db, 'Market Sheet')?.mapping.city).toBe('Town');

    orders.deleteOrderMapping(db, 'ETSY');
    expect(orders.listOrderMappings(db).map((m) => m.name)).toEqual(['market SHEET']);
    expect(() => orders.deleteOrderMapping(db, 'Etsy')).toThrow(new StoreNotFoundError('there is no saved column mapping named "Etsy"'));
  });

  it('refuse a mapping that is not one, and say so of a stored one that no longer reads', () => {
    const { db } = openTempStore();
    expect(() => orders.saveOrderMapping(db, 'Bad', { ...SHEET_MAPPING, city: '' }, T0)).toThrow(StoreInputError);
    expect(() => orders.saveOrderMapping(db, ' ', SHEET_MAPPING, T0)).toThrow(StoreInputError);
    db.prepare('INSERT INTO order_mappings (name, mapping, updated_at) VALUES (?, ?, ?)').run('Damaged', JSON.stringify({ shoeSize: 'Col' }), T0);
    expect(() => orders.getOrderMapping(db, 'Damaged')).toThrow(StoreRowError);
    expect(() => orders.getOrderMapping(db, 'Damaged')).toThrow(/order_mappings row Damaged: mapping: /);
  });
});

describe('finding the order a scan names', () => {
  it('takes the exact number first, then the number without a leading #, case or spaces', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(orders.findOrderByScan(db, '#1002')).toMatchObject({ order: { orderNumber: '#1002' } });
    for (const typed of ['1002', ' 1002 ', '#1002 ', '１００２']) expect(orders.findOrderByScan(db, typed), typed).toMatchObject({ order: { orderNumber: '#1002' } });
    expect(orders.findOrderByScan(db, '10 02')).toMatchObject({ order: { orderNumber: '#1002' } });
    expect(orders.findOrderByScan(db, '9999')).toBeUndefined();
    expect(orders.findOrderByScan(db, '#')).toBeUndefined();
  });

  it('names every order a scan could mean rather than choosing one', async () => {
    const { db } = openTempStore();
    const sheet = ['Order,Name,Address,City,State,Zip,Country,Item', '#77,Ann Lee,1 Main St,Boston,MA,02108,US,Mug', 'a-77,Bo Lee,2 Main St,Boston,MA,02108,US,Cup', 'A-77,Cy Lee,3 Main St,Boston,MA,02108,US,Pot'].join('\n');
    importFile(db, await readOrderText(sheet));
    expect(orders.findOrderByScan(db, '77')).toMatchObject({ order: { orderNumber: '#77' } });
    expect(orders.findOrderByScan(db, 'A-77')).toMatchObject({ order: { orderNumber: 'A-77' } });
    expect(orders.findOrderByScan(db, 'A -77')).toEqual({ ambiguous: ['a-77', 'A-77'] });
    expect(orders.countOrders(db)).toBe(3);
  });
});

describe("the warehouse's word about an order", () => {
  const REF_OTHER_DESK = 'PB-DESK2-01JD0000000000000000000009';

  function sharedOf(db: Db, orderNumber: string, overrides: Partial<MirroredOrder> = {}): MirroredOrder {
    const order = orders.getOrder(db, orderNumber);
    if (order === undefined) throw new Error(`no order ${orderNumber}`);
    const { format: _format, updatedAt: _updatedAt, ...rest } = order;
    return { ...rest, items: [...order.items], ...overrides };
  }

  it('adds an order the desk did not have, as the warehouse has it, and changes nothing when told it again', () => {
    const source = openTempStore().db;
    importFile(source, SHOPIFY);
    const { db } = openTempStore();
    const shared = sharedOf(source, '#1001', { status: 'shipped', stationRef: REF_OTHER_DESK, shippedAt: T0 + 500, importedAt: T0 - 1000 });
    expect(orders.mirrorSharedOrder(db, shared, T0 + 1000)).toBe(true);
    expect(orders.getOrder(db, '#1001')).toMatchObject({ orderNumber: '#1001', status: 'shipped', stationRef: REF_OTHER_DESK, shippedAt: T0 + 500, importedAt: T0 - 1000, shipTo: shared.shipTo, items: shared.items, format: 'generic' });
    expect(orders.findOrderByScan(db, '1001')).toMatchObject({ order: { orderNumber: '#1001' } });
    expect(orders.mirrorSharedOrder(db, shared, T0 + 2000)).toBe(false);
    expect(orders.getOrder(db, '#1001')?.updatedAt).toBe(T0 + 1000);
  });

  it('follows the warehouse for open orders and other desks’ shipments: a new address, shipped elsewhere, opened again by a void, cancelled', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    const moved = sharedOf(db, '#1001', { shipTo: { ...sharedOf(db, '#1001').shipTo, address1: '9 Moved Ave' } });
    expect(orders.mirrorSharedOrder(db, moved, T0 + 1000)).toBe(true);
    expect(orders.getOrder(db, '#1001')?.shipTo.address1).toBe('9 Moved Ave');
    expect(orders.mirrorSharedOrder(db, { ...moved, status: 'shipped', stationRef: REF_OTHER_DESK, shippedAt: T0 + 1500 }, T0 + 2000)).toBe(true);
    expect(orders.getOrder(db, '#1001')).toMatchObject({ status: 'shipped', stationRef: REF_OTHER_DESK });
    expect(orders.mirrorSharedOrder(db, moved, T0 + 3000)).toBe(true);
    expect(orders.getOrder(db, '#1001')).toMatchObject({ status: 'open', stationRef: null, shippedAt: null });
    expect(orders.mirrorSharedOrder(db, { ...moved, status: 'cancelled' }, T0 + 4000)).toBe(true);
    expect(orders.getOrder(db, '#1001')?.status).toBe('cancelled');
  });

  it("keeps what only this desk knows yet: an order its own shipment shipped, and one a file cancelled here while the warehouse has it open", () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    const open1001 = sharedOf(db, '#1001');
    const open1002 = sharedOf(db, '#1002');
    outbox.queueShipment(db, { stationRef: REF_A, input: shipmentInput(), now: T0 });
    orders.followShipment(db, REF_A, '#1001', T0);
    expect(orders.mirrorSharedOrder(db, open1001, T0 + 1000)).toBe(false);
    expect(orders.getOrder(db, '#1001')).toMatchObject({ status: 'shipped', stationRef: REF_A });

    orders.cancelOrdersTheShopGaveUp(db, ['#1002'], T0);
    expect(orders.mirrorSharedOrder(db, open1002, T0 + 1000)).toBe(false);
    expect(orders.getOrder(db, '#1002')?.status).toBe('cancelled');
    expect(orders.mirrorSharedOrder(db, { ...open1002, status: 'shipped', stationRef: REF_OTHER_DESK, shippedAt: T0 }, T0 + 2000)).toBe(true);
    expect(orders.getOrder(db, '#1002')).toMatchObject({ status: 'shipped', stationRef: REF_OTHER_DESK });
  });

  it('keeps who is packing an order as the warehouse says, even where the rest of its word is not taken, and reads it back with the order', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(orders.getOrder(db, '#1001')?.claim).toBeNull();
    const desk3 = { deskId: 'DESK3', deskName: 'Desk 3', since: T0 + 100 };
    const open1001 = sharedOf(db, '#1001');
    expect(orders.mirrorSharedOrder(db, { ...open1001, claim: desk3 }, T0 + 1000)).toBe(true);
    expect(orders.getOrder(db, '#1001')?.claim).toEqual(desk3);
    expect(orders.listOrders(db, { status: 'open', limit: 50, offset: 0 }).orders.find((o) => o.orderNumber === '#1001')?.claim).toEqual(desk3);
    expect(orders.mirrorSharedOrder(db, { ...open1001, claim: desk3 }, T0 + 2000)).toBe(false);
    // Taken over by another desk, then given back.
    expect(orders.mirrorSharedOrder(db, { ...open1001, claim: { deskId: 'DESK1', deskName: 'Desk 1', since: T0 + 3000 } }, T0 + 3000)).toBe(true);
    expect(orders.getOrder(db, '#1001')?.claim).toMatchObject({ deskName: 'Desk 1' });
    expect(orders.mirrorSharedOrder(db, { ...open1001, claim: null }, T0 + 4000)).toBe(true);
    expect(orders.getOrder(db, '#1001')?.claim).toBeNull();

    // Shipped by this desk's own shipment: the status stays this desk's, the holder the warehouse's.
    outbox.queueShipment(db, { stationRef: REF_A, input: shipmentInput(), now: T0 });
    orders.followShipment(db, REF_A, '#1001', T0);
    expect(orders.mirrorSharedOrder(db, { ...open1001, claim: desk3 }, T0 + 5000)).toBe(true);
    expect(orders.getOrder(db, '#1001')).toMatchObject({ status: 'shipped', stationRef: REF_A, claim: desk3 });
  });

  it('refuses a shipped order that names no shipment, changing nothing', () => {
    const { db } = openTempStore();
    importFile(db, SHOPIFY);
    expect(() => orders.mirrorSharedOrder(db, sharedOf(db, '#1001', { status: 'shipped', stationRef: null }), T0)).toThrow(StoreInputError);
    expect(orders.getOrder(db, '#1001')?.status).toBe('open');
  });
});
