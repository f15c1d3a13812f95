/**
 * Orders as a shop exports them (a CSV of Shopify's orders export, or any spreadsheet) and as the
 * station reads them: the fields an order gives the desk, how a file's columns map to them, and
 * what a preview of an import shows before anything is saved.
 */
import * as z from 'zod';
import { TEXT_LIMITS, text, type ShipmentAddress } from '../service/contract';
import type { ShipmentSummary } from './shipments';
import type { OrderClaim } from './warehouse';

/** What a column of an order file can be: one order-level field, or one field of an item line. */
export const ORDER_FIELDS = [
  'orderNumber',
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'stateProvince',
  'zipPostalCode',
  'country',
  'phone',
  'email',
  'requestedService',
  'currency',
  'note',
  'giftMessage',
  'orderStatus',
  'paymentStatus',
  'cancelledAt',
  'itemSku',
  'itemBarcode',
  'itemDescription',
  'itemQuantity',
  'itemPrice',
  'itemWeight',
  'itemWeightUnit',
  'itemRequiresShipping',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/**
 * The longest each field of a file may be, in characters: an order number what `getOrder` takes,
 * the rest what the service takes in a shipment (its TEXT_LIMITS: a phone, a state or a currency is
 * a code of 50 at most, a postal code 20), so an imported order can be looked up and shipped as it is.
 */
export const ORDER_FIELD_MAX_CHARS: Readonly<Record<OrderField, number>> = {
  orderNumber: 200,
  name: TEXT_LIMITS.text,
  company: TEXT_LIMITS.text,
  address1: TEXT_LIMITS.text,
  address2: TEXT_LIMITS.text,
  city: TEXT_LIMITS.text,
  stateProvince: TEXT_LIMITS.code,
  zipPostalCode: TEXT_LIMITS.postalCode,
  country: TEXT_LIMITS.text,
  phone: TEXT_LIMITS.code,
  email: TEXT_LIMITS.text,
  requestedService: TEXT_LIMITS.text,
  currency: TEXT_LIMITS.code,
  note: TEXT_LIMITS.notes,
  giftMessage: TEXT_LIMITS.notes,
  orderStatus: TEXT_LIMITS.text,
  paymentStatus: TEXT_LIMITS.text,
  cancelledAt: TEXT_LIMITS.text,
  itemSku: TEXT_LIMITS.text,
  itemBarcode: TEXT_LIMITS.code,
  itemDescription: TEXT_LIMITS.text,
  itemQuantity: TEXT_LIMITS.code,
  itemPrice: TEXT_LIMITS.code,
  itemWeight: TEXT_LIMITS.code,
  itemWeightUnit: TEXT_LIMITS.code,
  itemRequiresShipping: TEXT_LIMITS.code,
};

/** The fields every order needs, whichever file it came from. */
export const REQUIRED_ORDER_FIELDS = ['orderNumber', 'name', 'address1', 'city', 'zipPostalCode', 'country'] as const satisfies readonly OrderField[];

export const WEIGHT_UNITS = ['LB', 'OZ', 'KG', 'G'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Grams in one of each unit: an order's weights are kept in grams, and shown in the desk's unit. */
export const GRAMS_PER: Readonly<Record<WeightUnit, number>> = { LB: 453.59237, OZ: 28.349523125, KG: 1000, G: 1 };

const Header = text(200).min(1, 'must name a column');
const MappedColumns = Object.fromEntries(ORDER_FIELDS.map((field) => [field, Header.optional()])) as Record<OrderField, z.ZodOptional<typeof Header>>;

/**
 * Which column (by its header, as written in the file) gives each field, and the unit of weights
 * the file does not name (`weightUnit`: a row's weight-unit cell, when the file has one, still wins).
 */
export const ColumnMapping = z.strictObject({ ...MappedColumns, weightUnit: z.enum(WEIGHT_UNITS).optional() });
export type ColumnMapping = z.infer<typeof ColumnMapping>;

/** The fields a mapping gives a column for, with the column's header. */
export function mappedColumns(mapping: ColumnMapping): [OrderField, string][] {
  return ORDER_FIELDS.flatMap((field): [OrderField, string][] => {
    const header = mapping[field];
    return header === undefined ? [] : [[field, header]];
  });
}

/** Formats the station recognises by their headers; `custom` is a mapping made by hand. */
export const ORDER_FILE_FORMATS = ['shopify', 'generic', 'custom'] as const;
export type OrderFileFormat = (typeof ORDER_FILE_FORMATS)[number];

export interface OrderItem {
  readonly sku: string | null;
  /** The item's own barcode (UPC, EAN, GTIN) when the file gives it; a packer may scan it or the SKU. */
  readonly barcode: string | null;
  readonly description: string;
  readonly quantity: number;
  /** Price of one, in the order's currency. */
  readonly unitPrice: number | null;
  /** Weight of one, in grams, when the file gave it. */
  readonly unitWeightGrams: number | null;
}

export interface OrderAddress {
  readonly name: string;
  readonly company: string | null;
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly stateProvince: string;
  readonly zipPostalCode: string;
  /** Two-letter ISO code (a country name in the file is read as its code). */
  readonly country: string;
  readonly phone: string | null;
  readonly email: string | null;
}

export interface ImportedOrder {
  readonly orderNumber: string;
  readonly shipTo: OrderAddress;
  readonly items: readonly OrderItem[];
  readonly requestedService: string | null;
  readonly currency: string | null;
  /** The buyer's note to the shop ("leave at the back door"), as written. */
  readonly note: string | null;
  /** A gift message to put in the box. */
  readonly giftMessage: string | null;
  /** The items' weights added up, in grams; null when any item's weight is unknown. */
  readonly estimatedWeightGrams: number | null;
  /** The file's rows the order came from (the header is row 1). */
  readonly rows: readonly number[];
}

/** A row that cannot be imported, and why, in words for the person importing. */
export interface ImportRowProblem {
  readonly row: number;
  readonly orderNumber: string | null;
  readonly messages: readonly string[];
}

/** The encodings an order file may be read in (the WHATWG names TextDecoder knows). */
export const ORDER_FILE_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'windows-1250', 'windows-1251', 'iso-8859-15', 'macintosh', 'shift_jis'] as const;
export type OrderFileEncoding = (typeof ORDER_FILE_ENCODINGS)[number];

/** How much of a file's result comes back: the first orders (for a preview) and the first rows with problems. */
export const ORDERS_SHOWN = 200;
export const PROBLEMS_SHOWN = 500;

/** What reading a file found; the lists are its first `ORDERS_SHOWN` orders and `PROBLEMS_SHOWN` rows with problems. */
export interface OrderFileSummary {
  readonly format: OrderFileFormat;
  readonly delimiter: string;
  readonly headers: readonly string[];
  readonly mapping: ColumnMapping;
  /** The encoding the file was read in. */
  readonly encoding: OrderFileEncoding;
  /** True when the file named no encoding and was not UTF-8: it was read as Windows-1252, which the person should check. */
  readonly encodingGuessed: boolean;
  /** Data rows read (the header excluded). */
  readonly rowCount: number;
  /** Rows left out, each with why; the first `PROBLEMS_SHOWN` of `problemRowCount`, by row. */
  readonly problems: readonly ImportRowProblem[];
  readonly problemRowCount: number;
  /** Orders the shop cancelled, refunded or voided (left out, and said among the problems). */
  readonly gaveUpCount: number;
}

export interface ImportPreview extends OrderFileSummary {
  /** Orders that can be imported (none of their rows has a problem): the first `ORDERS_SHOWN` of `orderCount`. */
  readonly orders: readonly ImportedOrder[];
  readonly orderCount: number;
}

// ---- Orders in the station's store --------------------------------------------------------

/** Where an imported order stands: to pack, shipped by one of the station's shipments, or given up. */
export const ORDER_STATUSES = ['open', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What the station reads of one order file, and refuses beyond in words: its size in bytes, its
 * rows, the orders they name, the lines of one order, and the characters of one row (a quote left
 * open would otherwise make the rest of the file one row). A file is read in a worker thread, a
 * piece at a time, with its rows gathered on disk, so none of these is bounded by memory: they keep
 * a reading to minutes, not hours. A busy shop's year of orders is a few MB.
 */
export const ORDER_FILE_LIMITS = {
  bytes: 256 * 1024 * 1024,
  rows: 3_000_000,
  orders: 1_000_000,
  linesPerOrder: 1_000,
  rowChars: 65_536,
} as const;

/**
 * The largest file given whole as `text` (in characters): a small file, or a test's. A larger one
 * is sent in pieces (`openOrderFile`, `appendOrderFile`), within every transport's 1 MB bound.
 */
export const ORDER_TEXT_MAX_CHARS = 500_000;

/** A shop's file as text: tabs and line ends allowed, other control characters not. */
export const OrderFileText = text(ORDER_TEXT_MAX_CHARS);

/** A file sent in pieces: the id `openOrderFile` answered (24 base64url characters). */
export const OrderFileId = z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'must be the id openOrderFile answered');

/** The most bytes one piece of a file carries: 512 KiB, which is 699,052 characters of base64. */
export const ORDER_FILE_PIECE_BYTES = 512 * 1024;
/**
 * One piece of a file, its bytes in base64 (padding included): the alphabet, at most two `=` at
 * the end, whole groups of four. Said so rather than as a pattern of four-character groups,
 * which took 23 ms a 512 KiB piece against 4.
 */
export const OrderFilePiece = z
  .string()
  .max(Math.ceil(ORDER_FILE_PIECE_BYTES / 3) * 4, `must be at most ${String(ORDER_FILE_PIECE_BYTES)} bytes`)
  .refine((piece) => piece.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(piece), 'must be base64');

/** Where a file's text comes from: given whole (`text`) or sent in pieces before (`fileId`), never both. */
export const OrderFileInput = z
  .strictObject({
    text: OrderFileText.optional(),
    fileId: OrderFileId.optional(),
    mapping: ColumnMapping.optional(),
    /** Read in this encoding; left out, the station finds it (and says when it guessed). */
    encoding: z.enum(ORDER_FILE_ENCODINGS).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.text === undefined && input.fileId === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'must give the file: its text, or the fileId it was sent with' });
    if (input.text !== undefined && input.fileId !== undefined) ctx.addIssue({ code: 'custom', path: ['fileId'], message: 'must not be given with text: one file at a time' });
  });

/** What an order file reading is doing, sent as `orderFileProgress` events. */
export const ORDER_FILE_PHASES = ['reading', 'checking', 'storing'] as const;
export type OrderFilePhase = (typeof ORDER_FILE_PHASES)[number];

/** An order number as the desk scans or types it, exactly as the file gives it. */
export const OrderNumber = text(ORDER_FIELD_MAX_CHARS.orderNumber).trim().min(1, 'must not be empty');

/** A mapping's name, as a person chose it (unique, whatever its case). */
export const MappingName = text(100).trim().min(1, 'must not be empty');

/** A mapping worth saving: it names a column for every field an order needs. */
export const CompleteColumnMapping = ColumnMapping.superRefine((mapping, ctx) => {
  for (const field of REQUIRED_ORDER_FIELDS) {
    if (mapping[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `must name the column of ${field}: every order needs it` });
  }
});

/** An order as the station keeps it. */
export interface StoredOrder {
  readonly orderNumber: string;
  readonly status: OrderStatus;
  readonly shipTo: OrderAddress;
  readonly items: readonly OrderItem[];
  readonly requestedService: string | null;
  readonly currency: string | null;
  readonly note: string | null;
  readonly giftMessage: string | null;
  readonly estimatedWeightGrams: number | null;
  /** The format of the file it was last read from. */
  readonly format: OrderFileFormat;
  /** When it was first imported (ms since 1970). */
  readonly importedAt: number;
  /** When an import or a shipment last changed it. */
  readonly updatedAt: number;
  /** The station reference of the shipment that shipped it; null while open (or cancelled before shipping). */
  readonly stationRef: string | null;
  readonly shippedAt: number | null;
  /** In warehouse mode, the desk whose claim it was under when the warehouse last said (this desk's too); null when none. */
  readonly claim: OrderHolder | null;
}

/** The desk packing an order, as the warehouse last said: the Orders list shows it. */
export interface OrderHolder {
  readonly deskId: string;
  readonly deskName: string;
  /** When that desk claimed it (ms since 1970, the warehouse's clock). */
  readonly since: number;
}

/** An item of an order as a customs line, in the desk's unit of weight; a price may be missing. */
export interface DraftCommodity {
  readonly description: string;
  readonly quantity: number;
  readonly unitPrice: number | null;
  readonly unitWeight: number | null;
  readonly countryOfOrigin: string;
}

/**
 * The shipment an imported order becomes before a box and a service are chosen: the same for the
 * Ship screen and for a batch (electron/shipping/orderShipment.ts makes it).
 */
export interface OrderShipmentDraft {
  readonly orderNumber: string;
  readonly shipTo: ShipmentAddress;
  /** The items' weight in `unitOfWeight`, to the hundredth; null when the file gave no weight for some item. */
  readonly weight: number | null;
  readonly unitOfWeight: 'LB' | 'KG';
  readonly currencyCode: string;
  /** The items as customs lines (used when the order crosses a border), made in the ship-from's country. */
  readonly commodities: readonly DraftCommodity[];
}

/** What a scan at the Ship screen names: the order, what this station shipped of it, and the shipment it becomes. */
export interface OrderScan {
  /** The order number as the shop wrote it when an imported order matches (`#1002` for `1002`), else as scanned. */
  readonly orderNumber: string;
  /** The imported order, in any status; null when the scan names none. */
  readonly order: StoredOrder | null;
  /** This station's shipments of the order still standing (not voided, refused or discarded), newest first. */
  readonly shippedBefore: readonly ShipmentSummary[];
  /** The shipment the order becomes (null without an imported order). */
  readonly draft: OrderShipmentDraft | null;
  /** Imported orders the scan could mean once `#`, case and spaces are set aside, when more than one: none is chosen. */
  readonly ambiguous: readonly string[];
  /** Orders imported at this station in all: none means the desk ships without a shop's file. */
  readonly importedOrders: number;
  /** In warehouse mode: the order claimed for this desk, or who holds it and whether Ship may buy its label. */
  readonly claim?: OrderClaim;
}

export interface OrderPage {
  readonly orders: readonly StoredOrder[];
  /** Every order the filters allow, not only this page's. */
  readonly total: number;
}

/** What an import did with the orders of a file. */
export interface OrderImportCounts {
  /** Order numbers the store did not have. */
  readonly created: number;
  /** Open orders whose address, items, service, currency, notes or weight the file changed. */
  readonly updated: number;
  /** Open orders the file gives exactly as stored. */
  readonly unchanged: number;
  /** Orders already shipped or cancelled: kept as they are, with their shipment. */
  readonly keptShipped: number;
}

/** The answer of `importOrders`: the counts, and what reading the file found. */
export interface OrderImportResult extends OrderImportCounts, OrderFileSummary {
  /** Orders the file gave that could be imported (created, updated, unchanged or kept). */
  readonly orderCount: number;
  /**
   * Orders open in the store that the file says the shop cancelled or refunded: now cancelled
   * here too, so nobody packs them.
   */
  readonly cancelled: number;
}

export interface SavedOrderMapping {
  readonly name: string;
  readonly mapping: ColumnMapping;
  readonly updatedAt: number;
}
