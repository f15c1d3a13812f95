/**
 * Orders shared by the whole warehouse: a shop's file is imported once, at any desk, and every
 * desk sees the orders (and who is packing each) at once. The import rules are the station's
 * own (docs/orders.md): a new number is added, an open order takes what the file now says, a
 * shipped or cancelled one is kept as it is, and an open order the shop gave up (cancelled or
 * refunded in the file) is cancelled.
 */
import * as z from 'zod';
import { OrderNumber, type ImportedOrder, type OrderImportCounts, type OrderStatus, ORDER_STATUSES } from '../api/orders';
import { publish } from './changes';
import { WarehouseInputError } from './errors';
import { Millis, NullableMillis, inTransaction, pageLimit, rows, run, type Db, type Queryable } from './sql';

/** An order as the warehouse keeps it: the file's fields, without the rows it came from. */
export type SharedOrderData = Omit<ImportedOrder, 'rows'>;

const Address = z.object({
  name: z.string(),
  company: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateProvince: z.string(),
  zipPostalCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
const Item = z.object({
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number().nullable(),
  unitWeightGrams: z.number().nullable(),
});
const OrderData = z.object({
  orderNumber: OrderNumber,
  shipTo: Address,
  items: z.array(Item),
  requestedService: z.string().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  giftMessage: z.string().nullable(),
  estimatedWeightGrams: z.number().nullable(),
}) satisfies z.ZodType<SharedOrderData>;

/** Who holds an order's claim, as every desk sees it. */
export interface ClaimHolder {
  readonly deskId: string;
  readonly deskName: string;
  /** When the desk claimed it (ms since 1970, the database's clock). */
  readonly claimedAt: number;
  readonly leaseUntil: number;
  /** False once the lease has run out: the desk is gone, and another may take the order over. */
  readonly live: boolean;
}

export interface SharedOrder extends SharedOrderData {
  readonly status: OrderStatus;
  readonly importedBy: string;
  readonly importedAt: number;
  readonly updatedAt: number;
  /** The shipment that shipped it; null while open or cancelled. */
  readonly stationRef: string | null;
  readonly shippedAt: number | null;
  /** The desk packing it now, if any. */
  readonly claim: ClaimHolder | null;
}

const OrderRow = z
  .object({
    data: OrderData,
    status: z.enum(ORDER_STATUSES),
    imported_by: z.string(),
    imported_at: Millis,
    updated_at: Millis,
    station_ref: z.string().nullable(),
    shipped_at: NullableMillis,
    claim_desk: z.string().nullable(),
    claim_desk_name: z.string().nullable(),
    claimed_at: NullableMillis,
    lease_until: NullableMillis,
    claim_live: z.boolean().nullable(),
  })
  .transform(
    (r): SharedOrder => ({
      ...r.data,
      status: r.status,
      importedBy: r.imported_by,
      importedAt: r.imported_at,
      updatedAt: r.updated_at,
      stationRef: r.station_ref,
      shippedAt: r.shipped_at,
      claim:
        r.claim_desk === null || r.claimed_at === null || r.lease_until === null
          ? null
          : { deskId: r.claim_desk, deskName: r.claim_desk_name ?? r.claim_desk, claimedAt: r.claimed_at, leaseUntil: r.lease_until, live: r.claim_live === true },
    }),
  );

const ORDER_COLUMNS = `o.data, o.status, o.imported_by, o.imported_at, o.updated_at, o.station_ref, o.shipped_at,
  c.desk_id AS claim_desk, d.name AS claim_desk_name, c.claimed_at, c.lease_until, c.lease_until > clock_timestamp() AS claim_live
  FROM orders o LEFT JOIN claims c ON c.order_number = o.order_number LEFT JOIN desks d ON d.id = c.desk_id`;

/** Orders imported in one statement at most: a file of thousands goes in several, in one transaction. */
const IMPORT_CHUNK = 500;

function orderData(order: ImportedOrder): SharedOrderData {
  const { rows: _rows, ...data } = order;
  const parsed = OrderData.safeParse(data);
  if (!parsed.success) throw new WarehouseInputError(`order ${order.orderNumber}`, parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`));
  return parsed.data;
}

/** What a warehouse import did: the station's counts, and the open orders it cancelled because the shop gave them up. */
export type SharedImportCounts = OrderImportCounts & { readonly cancelled: number };

/**
 * Imports a file's orders for the whole warehouse in one transaction, and tells the other desks
 * which orders are new or changed. `gaveUp` names the orders the file says the shop cancelled or
 * refunded: those still open are cancelled, so no desk packs them. An order a desk is buying a
 * label for right now (a pending purchase) is left open, as the station's own import leaves an
 * order its queued shipment already shipped: the purchase's outcome decides it. Importing the
 * same file again changes nothing.
 */
export async function importOrders(db: Db, deskId: string, orders: readonly ImportedOrder[], gaveUp: readonly string[] = []): Promise<SharedImportCounts> {
  const data = orders.map(orderData);
  const numbers = data.map((d) => d.orderNumber);
  if (new Set(numbers).size !== numbers.length) throw new WarehouseInputError('orders', ['an order number is given twice']);
  const givenUp = [...new Set(gaveUp.map(givenUpNumber))].sort();
  if (givenUp.some((number) => numbers.includes(number))) throw new WarehouseInputError('orders', ['an order number is given both to import and as given up']);
  // The same order of row locks in every import, so two desks importing at once cannot deadlock.
  data.sort((a, b) => (a.orderNumber < b.orderNumber ? -1 : a.orderNumber > b.orderNumber ? 1 : 0));
  return inTransaction(db, async (tx) => {
    const created: string[] = [];
    const updated: string[] = [];
    for (let start = 0; start < data.length; start += IMPORT_CHUNK) {
      const chunk = data.slice(start, start + IMPORT_CHUNK);
      const written = await rows(
        tx,
        'orders import',
        z.object({ order_number: z.string(), inserted: z.boolean() }),
        `INSERT INTO orders (order_number, data, imported_by)
         SELECT number, data, $3 FROM unnest($1::text[], $2::jsonb[]) AS given (number, data)
         ON CONFLICT (order_number) DO UPDATE SET data = excluded.data, updated_at = clock_timestamp()
           WHERE orders.status = 'open' AND orders.data IS DISTINCT FROM excluded.data
         RETURNING order_number, (xmax = 0) AS inserted`,
        [chunk.map((d) => d.orderNumber), chunk.map((d) => JSON.stringify(d)), deskId],
      );
      for (const row of written) (row.inserted ? created : updated).push(row.order_number);
    }
    const untouched = numbers.filter((n) => !created.includes(n) && !updated.includes(n));
    const statuses = await rows(tx, 'orders import', z.object({ open: z.number() }), `SELECT count(*) FILTER (WHERE status = 'open')::int AS open FROM orders WHERE order_number = ANY($1::text[])`, [untouched]);
    const unchanged = statuses[0]?.open ?? 0;
    const cancelled = await cancelGivenUp(tx, givenUp);
    // A cancelled order is a changed one: every desk reads it again and finds it cancelled.
    if (created.length + updated.length + cancelled.length > 0) await publish(tx, { kind: 'ordersImported', deskId, created, updated: [...updated, ...cancelled] });
    return { created: created.length, updated: updated.length, unchanged, keptShipped: untouched.length - unchanged, cancelled: cancelled.length };
  });
}

function givenUpNumber(number: string): string {
  const parsed = OrderNumber.safeParse(number);
  if (!parsed.success) throw new WarehouseInputError('gaveUp', parsed.error.issues.map((i) => `${number.slice(0, 40)}: ${i.message}`));
  return parsed.data;
}

/** Cancels those of `numbers` (sorted) still open and not being bought; returns the ones cancelled. */
async function cancelGivenUp(tx: Queryable, numbers: readonly string[]): Promise<string[]> {
  if (numbers.length === 0) return [];
  // Locked in order number order first, as the import's rows are, so two imports cannot deadlock.
  await run(tx, 'SELECT 1 FROM orders WHERE order_number = ANY($1::text[]) ORDER BY order_number FOR UPDATE', [numbers]);
  const cancelled = await rows(
    tx,
    'orders import',
    z.object({ order_number: z.string() }),
    `UPDATE orders o SET status = 'cancelled', updated_at = clock_timestamp()
     WHERE o.order_number = ANY($1::text[]) AND o.status = 'open'
       AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.order_number = o.order_number AND p.state = 'pending')
     RETURNING o.order_number`,
    [numbers],
  );
  return cancelled.map((r) => r.order_number).sort();
}

export async function getOrder(db: Queryable, orderNumber: string): Promise<SharedOrder | undefined> {
  return (await rows(db, 'orders', OrderRow, `SELECT ${ORDER_COLUMNS} WHERE o.order_number = $1`, [orderNumber]))[0];
}

/** The orders of these numbers the warehouse has (one query, whatever their number), with who holds each. */
export async function getOrders(db: Queryable, orderNumbers: readonly string[]): Promise<SharedOrder[]> {
  if (orderNumbers.length === 0) return [];
  return rows(db, 'orders', OrderRow, `SELECT ${ORDER_COLUMNS} WHERE o.order_number = ANY($1::text[]) ORDER BY o.imported_at, o.order_number`, [[...new Set(orderNumbers)]]);
}

export interface OrderListQuery {
  readonly status?: OrderStatus;
  readonly limit?: number;
  readonly offset?: number;
}

/** Orders oldest import first (the order a warehouse packs them in), with who holds each. */
export async function listOrders(db: Queryable, query: OrderListQuery = {}): Promise<SharedOrder[]> {
  const limit = pageLimit(query.limit, 100, 1000);
  const offset = Math.max(query.offset ?? 0, 0);
  return rows(db, 'orders', OrderRow, `SELECT ${ORDER_COLUMNS} WHERE ($1::text IS NULL OR o.status = $1) ORDER BY o.imported_at, o.order_number LIMIT $2 OFFSET $3`, [
    query.status ?? null,
    limit,
    offset,
  ]);
}
