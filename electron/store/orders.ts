/**
 * Orders imported from a shop's file, and the column mappings kept for such files. An order is
 * one row per order number: an import adds the new ones and updates the open ones, and never
 * touches an order already shipped or cancelled. A shipment of this station that names an
 * order's number ships it (its station reference is kept on the order), and the same shipment
 * given up before the service had it puts the order back to open.
 */
import * as z from 'zod';
import {
  ColumnMapping,
  ORDER_FILE_FORMATS,
  ORDER_STATUSES,
  type ImportPreview,
  type OrderAddress,
  type OrderImportCounts,
  type OrderItem,
  type OrderPage,
  type OrderStatus,
  type SavedOrderMapping,
  type StoredOrder,
} from '../api/orders';
import { StoreInputError, StoreNotFoundError, StoreTransitionError } from './errors';
import { jsonColumn, parseInput, parseRow } from './rows';
import { atomically, statement, type Db } from './statements';
import { scanKeyOf } from './orderNumbers';
import { StationRef } from './stationRef';

const Instant = z.number().finite().min(0);

const OrderAddressSchema = z.object({
  name: z.string().min(1),
  company: z.string().nullable(),
  address1: z.string().min(1),
  address2: z.string().nullable(),
  city: z.string().min(1),
  stateProvince: z.string(),
  zipPostalCode: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  phone: z.string().nullable(),
  email: z.string().nullable(),
}) satisfies z.ZodType<OrderAddress>;

const OrderItemSchema = z.object({
  sku: z.string().nullable(),
  // Items stored before schema 11 have no barcode.
  barcode: z.string().nullable().default(null),
  description: z.string(),
  quantity: z.number().int().min(1),
  unitPrice: z.number().finite().min(0).nullable(),
  unitWeightGrams: z.number().finite().min(0).nullable(),
}) satisfies z.ZodType<OrderItem>;

/** An order of a preview, as the store takes it. */
const OrderToStore = z.object({
  orderNumber: z.string().min(1, 'must not be empty'),
  shipTo: OrderAddressSchema,
  items: z.array(OrderItemSchema).min(1, 'must have an item'),
  requestedService: z.string().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  giftMessage: z.string().nullable(),
  estimatedWeightGrams: z.number().finite().min(0).nullable(),
});

const PreviewToStore = z.object({ format: z.enum(ORDER_FILE_FORMATS), orders: z.array(OrderToStore) });

const OrderRow = z.object({
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  ship_to: jsonColumn(OrderAddressSchema),
  items: jsonColumn(z.array(OrderItemSchema)),
  requested_service: z.string().nullable(),
  currency: z.string().nullable(),
  note: z.string().nullable(),
  gift_message: z.string().nullable(),
  estimated_weight_grams: z.number().nullable(),
  format: z.enum(ORDER_FILE_FORMATS),
  imported_at: z.number().int(),
  updated_at: z.number().int(),
  station_ref: z.string().nullable(),
  shipped_at: z.number().int().nullable(),
  // Schema 16; read as none from a store not yet moved to it (the migration tests read older ones).
  claim_desk_id: z.string().nullish(),
  claim_desk_name: z.string().nullish(),
  claimed_at: z.number().int().nullish(),
});

function toOrder(row: unknown): StoredOrder {
  const where = `orders row ${typeof row === 'object' && row !== null && 'order_number' in row ? String(row.order_number) : '?'}`;
  const parsed = parseRow(OrderRow, row, where);
  return {
    orderNumber: parsed.order_number,
    status: parsed.status,
    shipTo: parsed.ship_to,
    items: parsed.items,
    requestedService: parsed.requested_service,
    currency: parsed.currency,
    note: parsed.note,
    giftMessage: parsed.gift_message,
    estimatedWeightGrams: parsed.estimated_weight_grams,
    format: parsed.format,
    importedAt: parsed.imported_at,
    updatedAt: parsed.updated_at,
    stationRef: parsed.station_ref,
    shippedAt: parsed.shipped_at,
    claim: parsed.claim_desk_id == null || parsed.claimed_at == null ? null : { deskId: parsed.claim_desk_id, deskName: parsed.claim_desk_name ?? parsed.claim_desk_id, since: parsed.claimed_at },
  };
}

/** Lower case without accents: "Müller" is found by "muller". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

type OrderContent = z.output<typeof OrderToStore>;

/** The columns an order's content fills, JSON written in one key order so equal content is equal text. */
function contentColumns(order: OrderContent) {
  const { shipTo } = order;
  const address: OrderAddress = {
    name: shipTo.name,
    company: shipTo.company,
    address1: shipTo.address1,
    address2: shipTo.address2,
    city: shipTo.city,
    stateProvince: shipTo.stateProvince,
    zipPostalCode: shipTo.zipPostalCode,
    country: shipTo.country,
    phone: shipTo.phone,
    email: shipTo.email,
  };
  const items: OrderItem[] = order.items.map((item) => ({
    sku: item.sku,
    barcode: item.barcode,
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    unitWeightGrams: item.unitWeightGrams,
  }));
  const words = [order.orderNumber, shipTo.name, shipTo.company, shipTo.address1, shipTo.address2, shipTo.city, shipTo.zipPostalCode, shipTo.email, ...items.flatMap((item) => [item.sku, item.barcode, item.description])];
  return {
    shipTo: JSON.stringify(address),
    shipToCountry: shipTo.country,
    items: JSON.stringify(items),
    requestedService: order.requestedService,
    currency: order.currency,
    note: order.note,
    giftMessage: order.giftMessage,
    weight: order.estimatedWeightGrams,
    searchText: folded(words.filter((word) => word !== null).join(' ')),
  };
}

const STORED_CONTENT = 'SELECT status, ship_to, items, requested_service, currency, note, gift_message, estimated_weight_grams FROM orders WHERE order_number = ?';

interface StoredContent {
  status: OrderStatus;
  ship_to: string;
  items: string;
  requested_service: string | null;
  currency: string | null;
  note: string | null;
  gift_message: string | null;
  estimated_weight_grams: number | null;
}

/** Whether the stored order already says everything `columns` would write. */
function sameContent(stored: StoredContent, columns: ReturnType<typeof contentColumns>): boolean {
  return (
    stored.ship_to === columns.shipTo &&
    stored.items === columns.items &&
    stored.requested_service === columns.requestedService &&
    stored.currency === columns.currency &&
    stored.note === columns.note &&
    stored.gift_message === columns.giftMessage &&
    stored.estimated_weight_grams === columns.weight
  );
}

const INSERT = `
INSERT INTO orders (order_number, scan_key, status, ship_to, ship_to_country, items, requested_service, currency, note, gift_message, estimated_weight_grams, format, search_text, imported_at, updated_at)
VALUES (@orderNumber, @scanKey, 'open', @shipTo, @shipToCountry, @items, @requestedService, @currency, @note, @giftMessage, @weight, @format, @searchText, @now, @now)`;

const UPDATE = `
UPDATE orders SET ship_to = @shipTo, ship_to_country = @shipToCountry, items = @items, requested_service = @requestedService, currency = @currency,
  note = @note, gift_message = @giftMessage, estimated_weight_grams = @weight, format = @format, search_text = @searchText, updated_at = @now
WHERE order_number = @orderNumber AND status = 'open'`;

/**
 * Stores the orders of a preview in one transaction: an order number the store does not have
 * is added as open; an open one is updated when the file changes anything of it; one already
 * shipped or cancelled keeps everything (status, shipment, address) and is counted as kept. The
 * preview's problems are not the store's: its good orders are imported all the same.
 */
export function importOrders(db: Db, preview: Pick<ImportPreview, 'format' | 'orders'>, now: number): OrderImportCounts {
  const { format, orders } = parseInput(PreviewToStore, preview, 'order import');
  const at = parseInput(Instant, now, 'now');
  return atomically(db, () => {
    const counts = { created: 0, updated: 0, unchanged: 0, keptShipped: 0 };
    for (const order of orders) {
      const columns = { orderNumber: order.orderNumber, scanKey: scanKeyOf(order.orderNumber), format, now: at, ...contentColumns(order) };
      const stored = statement(db, STORED_CONTENT).get(order.orderNumber) as StoredContent | undefined;
      if (stored === undefined) {
        statement(db, INSERT).run(columns);
        counts.created += 1;
      } else if (stored.status !== 'open') {
        counts.keptShipped += 1;
      } else if (sameContent(stored, columns)) {
        counts.unchanged += 1;
      } else {
        statement(db, UPDATE).run(columns);
        counts.updated += 1;
      }
    }
    return counts;
  });
}

/**
 * The shop cancelled or refunded these orders: those still open here are cancelled too (in one
 * transaction), so nobody packs them; shipped ones stay shipped, unknown numbers change nothing.
 * Returns how many were cancelled.
 */
export function cancelOrdersTheShopGaveUp(db: Db, orderNumbers: readonly string[], now: number): number {
  const at = parseInput(Instant, now, 'now');
  return atomically(db, () => {
    let cancelled = 0;
    for (const orderNumber of orderNumbers) cancelled += statement(db, "UPDATE orders SET status = 'cancelled', updated_at = ? WHERE order_number = ? AND status = 'open'").run(at, orderNumber).changes;
    return cancelled;
  });
}

/**
 * One batch of a file's orders, in one transaction: its orders stored as `importOrders` does, and
 * the orders the shop gave up cancelled where they are still open.
 */
export function storeImportBatch(db: Db, batch: Pick<ImportPreview, 'format' | 'orders'> & { readonly gaveUp: readonly string[] }, now: number): OrderImportCounts & { cancelled: number } {
  return atomically(db, () => ({ ...importOrders(db, batch, now), cancelled: cancelOrdersTheShopGaveUp(db, batch.gaveUp, now) }));
}

const MirroredOrderSchema = OrderToStore.extend({
  status: z.enum(ORDER_STATUSES),
  stationRef: z.string().min(1).nullable(),
  shippedAt: Instant.nullable(),
  importedAt: Instant,
  /** The desk holding its claim, if one does. */
  claim: z.object({ deskId: z.string().min(1), deskName: z.string().min(1), since: Instant }).nullable().default(null),
});
/** An order as a warehouse the desks share keeps it: its content, where it stands, and when it was first imported. */
export type MirroredOrder = z.input<typeof MirroredOrderSchema>;

const MIRROR_INSERT = `
INSERT INTO orders (order_number, scan_key, status, ship_to, ship_to_country, items, requested_service, currency, note, gift_message, estimated_weight_grams, format, search_text, imported_at, updated_at, station_ref, shipped_at, claim_desk_id, claim_desk_name, claimed_at)
VALUES (@orderNumber, @scanKey, @status, @shipTo, @shipToCountry, @items, @requestedService, @currency, @note, @giftMessage, @weight, 'generic', @searchText, @importedAt, @now, @stationRef, @shippedAt, @claimDeskId, @claimDeskName, @claimedAt)`;

const MIRROR_UPDATE = `
UPDATE orders SET status = @status, ship_to = @shipTo, ship_to_country = @shipToCountry, items = @items, requested_service = @requestedService, currency = @currency,
  note = @note, gift_message = @giftMessage, estimated_weight_grams = @weight, search_text = @searchText, station_ref = @stationRef, shipped_at = @shippedAt, updated_at = @now,
  claim_desk_id = @claimDeskId, claim_desk_name = @claimDeskName, claimed_at = @claimedAt
WHERE order_number = @orderNumber`;

const MIRROR_CLAIM = 'UPDATE orders SET claim_desk_id = @claimDeskId, claim_desk_name = @claimDeskName, claimed_at = @claimedAt WHERE order_number = @orderNumber';

const sameHolder = (a: StoredOrder['claim'], b: StoredOrder['claim']): boolean => a?.deskId === b?.deskId && a?.deskName === b?.deskName && a?.since === b?.since;

/**
 * Writes the warehouse's word about an order into the desk's copy, so scans and lists find it
 * (offline too). The warehouse decides, except where this desk knows more than it has been told:
 * an order shipped by one of this desk's own shipments stays shipped (the warehouse hears of that
 * shipment when the desk reports it), and an order this desk cancelled from a shop's file while the
 * warehouse was away stays cancelled while the warehouse still has it open (the desk passes the
 * cancellation on). Returns whether the desk's copy changed.
 */
export function mirrorSharedOrder(db: Db, order: MirroredOrder, now: number): boolean {
  const shared = parseInput(MirroredOrderSchema, order, `warehouse order ${order.orderNumber}`);
  const at = parseInput(Instant, now, 'now');
  return atomically(db, () => {
    const local = getOrder(db, shared.orderNumber);
    const columns = {
      orderNumber: shared.orderNumber,
      scanKey: scanKeyOf(shared.orderNumber),
      status: shared.status,
      stationRef: shared.status === 'shipped' ? shared.stationRef : null,
      shippedAt: shared.status === 'shipped' ? (shared.shippedAt ?? at) : null,
      importedAt: shared.importedAt,
      now: at,
      claimDeskId: shared.claim?.deskId ?? null,
      claimDeskName: shared.claim?.deskName ?? null,
      claimedAt: shared.claim?.since ?? null,
      ...contentColumns(shared),
    };
    if (columns.status === 'shipped' && columns.stationRef === null) throw new StoreInputError(`warehouse order ${shared.orderNumber}`, ['stationRef: a shipped order names its shipment']);
    if (local === undefined) {
      statement(db, MIRROR_INSERT).run(columns);
      return true;
    }
    // Who holds the order is the warehouse's word alone, whatever this desk knows of the rest.
    const holderChanged = !sameHolder(local.claim, shared.claim);
    if (holderChanged) statement(db, MIRROR_CLAIM).run(columns);
    if (local.status === 'shipped' && local.stationRef !== null && statement(db, 'SELECT 1 FROM shipments WHERE station_ref = ?').get(local.stationRef) !== undefined) return holderChanged;
    if (local.status === 'cancelled' && shared.status === 'open') return holderChanged;
    const stored = statement(db, STORED_CONTENT).get(shared.orderNumber) as StoredContent;
    if (local.status === columns.status && local.stationRef === columns.stationRef && sameContent(stored, columns)) return holderChanged;
    statement(db, MIRROR_UPDATE).run(columns);
    return true;
  });
}

export function getOrder(db: Db, orderNumber: string): StoredOrder | undefined {
  const row = statement(db, 'SELECT * FROM orders WHERE order_number = ?').get(orderNumber);
  return row === undefined ? undefined : toOrder(row);
}

/**
 * The imported order a scan names: the one of exactly that number, else the ones whose number
 * differs only by a leading `#`, case or spaces (scanKeyOf). More than one such order is said as
 * such, never guessed between.
 */
export function findOrderByScan(db: Db, scanned: string): { readonly order: StoredOrder } | { readonly ambiguous: readonly string[] } | undefined {
  const exact = getOrder(db, scanned.trim());
  if (exact !== undefined) return { order: exact };
  const key = scanKeyOf(scanned);
  if (key === '') return undefined;
  const rows = statement(db, 'SELECT * FROM orders WHERE scan_key = ? ORDER BY id LIMIT 5').all(key);
  if (rows.length === 0) return undefined;
  const found = rows.map(toOrder);
  const [only] = found;
  return found.length === 1 && only !== undefined ? { order: only } : { ambiguous: found.map((order) => order.orderNumber) };
}

/** How many orders were imported, in every status: none means the desk ships without a shop's file. */
export function countOrders(db: Db): number {
  return statement(db, 'SELECT total(n) FROM order_counts').pluck().get() as number;
}

/** How many orders are in `status` (all of them when undefined), from the counts the triggers keep (schema 14). */
function countByStatus(db: Db, status: OrderStatus | undefined): number {
  return status === undefined ? countOrders(db) : (statement(db, 'SELECT n FROM order_counts WHERE status = ?').pluck().get(status) as number | undefined) ?? 0;
}

function mustGetOrder(db: Db, orderNumber: string): StoredOrder {
  const found = getOrder(db, orderNumber);
  if (found === undefined) throw new StoreNotFoundError(`there is no imported order ${orderNumber}`);
  return found;
}

const ListOptions = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  query: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0),
  international: z.boolean().optional(),
  /** The desk's country, against which `international` is told. */
  homeCountry: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional(),
  minWeightGrams: z.number().finite().min(0).optional(),
  maxWeightGrams: z.number().finite().min(0).optional(),
  requestedService: z.string().min(1).optional(),
});

export type OrderListOptions = z.input<typeof ListOptions>;

/**
 * A page of orders, newest imported first, with how many the filters allow in all. Every word of
 * `query` must appear in the order number, recipient, company, address, city, postal code, e-mail
 * or an item's SKU or name (any case, accents ignored). A weight filter leaves out orders whose weight
 * is unknown; `international` needs `homeCountry`.
 */
export function listOrders(db: Db, options: OrderListOptions): OrderPage {
  const parsed = parseInput(ListOptions, options, 'order list');
  if (parsed.international !== undefined && parsed.homeCountry === undefined) throw new StoreInputError('order list', ['homeCountry: is needed to tell international orders']);
  const conditions: string[] = [];
  const values: (string | number)[] = [];
  const where = (condition: string, ...bound: (string | number)[]): void => {
    conditions.push(condition);
    values.push(...bound);
  };
  if (parsed.status !== undefined) where('status = ?', parsed.status);
  for (const word of folded(parsed.query ?? '').split(/\s+/).filter((w) => w !== '')) where('instr(search_text, ?) > 0', word);
  if (parsed.international !== undefined && parsed.homeCountry !== undefined) where(parsed.international ? 'ship_to_country <> ?' : 'ship_to_country = ?', parsed.homeCountry);
  if (parsed.minWeightGrams !== undefined) where('estimated_weight_grams >= ?', parsed.minWeightGrams);
  if (parsed.maxWeightGrams !== undefined) where('estimated_weight_grams <= ?', parsed.maxWeightGrams);
  if (parsed.requestedService !== undefined) where('requested_service = ? COLLATE NOCASE', parsed.requestedService);
  const filter = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
  return atomically(db, () => {
    // Prepared afresh: the filters make too many different texts to keep each one compiled.
    const rows = db.prepare(`SELECT * FROM orders ${filter} ORDER BY imported_at DESC, id DESC LIMIT ? OFFSET ?`).all(...values, parsed.limit, parsed.offset);
    // A status alone (or nothing) is counted already; other filters are counted here.
    const countedAlready = conditions.length === (parsed.status === undefined ? 0 : 1);
    const total = countedAlready ? countByStatus(db, parsed.status) : (db.prepare(`SELECT count(*) FROM orders ${filter}`).pluck().get(...values) as number);
    return { orders: rows.map(toOrder), total };
  });
}

/**
 * The shipment with station reference `stationRef` ships this order. Doing it again with the same
 * shipment changes nothing; an order shipped by another shipment, or cancelled, is refused.
 */
export function markOrderShipped(db: Db, orderNumber: string, stationRef: string, now: number): StoredOrder {
  const ref = parseInput(StationRef, stationRef, 'station reference');
  const at = parseInput(Instant, now, 'now');
  return atomically(db, () => {
    const order = mustGetOrder(db, orderNumber);
    if (order.status === 'shipped' && order.stationRef === ref) return order;
    if (order.status === 'shipped') throw new StoreTransitionError(`order ${orderNumber} was already shipped by shipment ${order.stationRef ?? '?'}: it cannot be shipped by ${ref} too`);
    if (order.status === 'cancelled') throw new StoreTransitionError(`order ${orderNumber} is cancelled: it is not to be shipped`);
    statement(db, "UPDATE orders SET status = 'shipped', station_ref = ?, shipped_at = ?, updated_at = ? WHERE order_number = ?").run(ref, at, at, orderNumber);
    return mustGetOrder(db, orderNumber);
  });
}

/** The order will not be shipped. Only an open order can be cancelled; cancelling it again changes nothing. */
export function markOrderCancelled(db: Db, orderNumber: string, now: number): StoredOrder {
  const at = parseInput(Instant, now, 'now');
  return atomically(db, () => {
    const order = mustGetOrder(db, orderNumber);
    if (order.status === 'cancelled') return order;
    if (order.status === 'shipped') throw new StoreTransitionError(`order ${orderNumber} was shipped by shipment ${order.stationRef ?? '?'}: a shipped order cannot be cancelled`);
    statement(db, "UPDATE orders SET status = 'cancelled', updated_at = ? WHERE order_number = ?").run(at, orderNumber);
    return mustGetOrder(db, orderNumber);
  });
}

/** The order the shipment `stationRef` shipped, if it shipped one. */
export function orderShippedBy(db: Db, stationRef: string): StoredOrder | undefined {
  const row = statement(db, 'SELECT * FROM orders WHERE station_ref = ?').get(stationRef);
  return row === undefined ? undefined : toOrder(row);
}

/** The shipment was given up before the service had it: the order it shipped is open again. */
export function reopenOrderShippedBy(db: Db, stationRef: string, now: number): StoredOrder | undefined {
  const at = parseInput(Instant, now, 'now');
  return atomically(db, () => {
    const order = orderShippedBy(db, stationRef);
    if (order === undefined) return undefined;
    statement(db, "UPDATE orders SET status = 'open', station_ref = NULL, shipped_at = NULL, updated_at = ? WHERE station_ref = ?").run(at, stationRef);
    return mustGetOrder(db, order.orderNumber);
  });
}

/**
 * Keeps the orders in step with what a queued shipment says it ships: the imported order named by
 * `orderNumber`, when open, is marked shipped by it; an order it shipped before under another
 * number (its input was corrected) is open again. An order number that names no imported order,
 * or one already shipped by another shipment or cancelled, is left alone: shipping is never
 * refused for an order's sake. Returns the order the shipment ships now, if any.
 */
export function followShipment(db: Db, stationRef: string, orderNumber: string | undefined, now: number): StoredOrder | undefined {
  return atomically(db, () => {
    const before = orderShippedBy(db, stationRef);
    if (before !== undefined && before.orderNumber === orderNumber) return before;
    if (before !== undefined) reopenOrderShippedBy(db, stationRef, now);
    const named = orderNumber === undefined ? undefined : getOrder(db, orderNumber);
    return named?.status === 'open' ? markOrderShipped(db, named.orderNumber, stationRef, now) : undefined;
  });
}

// ---- Column mappings kept by name -----------------------------------------------------------

const MappingRow = z.object({ name: z.string(), mapping: jsonColumn(ColumnMapping), updated_at: z.number().int() });

function toMapping(row: unknown): SavedOrderMapping {
  const parsed = parseRow(MappingRow, row, `order_mappings row ${typeof row === 'object' && row !== null && 'name' in row ? String(row.name) : '?'}`);
  return { name: parsed.name, mapping: parsed.mapping, updatedAt: parsed.updated_at };
}

const MappingName = z.string().trim().min(1, 'must not be empty').max(100);

/** Keeps `mapping` under `name`, replacing a mapping of the same name in any case (and taking this spelling). */
export function saveOrderMapping(db: Db, name: string, mapping: ColumnMapping, now: number): SavedOrderMapping {
  const key = parseInput(MappingName, name, 'mapping name');
  const checked = parseInput(ColumnMapping, mapping, 'column mapping');
  const at = parseInput(Instant, now, 'now');
  statement(db, 'INSERT INTO order_mappings (name, mapping, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET name = excluded.name, mapping = excluded.mapping, updated_at = excluded.updated_at').run(
    key,
    JSON.stringify(checked),
    at,
  );
  const saved = getOrderMapping(db, key);
  if (saved === undefined) throw new StoreNotFoundError(`the mapping ${key} vanished while being saved`);
  return saved;
}

export function getOrderMapping(db: Db, name: string): SavedOrderMapping | undefined {
  const row = statement(db, 'SELECT * FROM order_mappings WHERE name = ?').get(name.trim());
  return row === undefined ? undefined : toMapping(row);
}

/** Every kept mapping, by name. */
export function listOrderMappings(db: Db): SavedOrderMapping[] {
  return statement(db, 'SELECT * FROM order_mappings ORDER BY name').all().map(toMapping);
}

export function deleteOrderMapping(db: Db, name: string): void {
  const deleted = statement(db, 'DELETE FROM order_mappings WHERE name = ?').run(name.trim());
  if (deleted.changes === 0) throw new StoreNotFoundError(`there is no saved column mapping named "${name.trim()}"`);
}
