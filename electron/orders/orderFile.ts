/**
 * What the rows of a shop's order file mean: which column gives each order field (Shopify's orders
 * export and a generic sheet are recognised by their headers; any other file by a mapping made by
 * hand), what each row says (checked on its own), and the order its rows make together (Shopify
 * writes one row per item, the address on the first). An order with any bad row is left out whole,
 * with each bad row's problems in words: nothing is half-imported. Reading the file itself (its
 * encoding, the CSV, rows gathered by order) is orderFileReader.ts.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { ColumnMapping, ImportedOrder, OrderAddress, OrderField, OrderFileFormat, OrderItem, WeightUnit } from '../api/orders';
import { ORDER_FIELD_MAX_CHARS, REQUIRED_ORDER_FIELDS, mappedColumns } from '../api/orders';
import { countryCode } from './countries';

/**
 * A file that cannot be read as orders. `fields` say what is at fault: the file itself (`text`),
 * or the fields of a mapping chosen by hand (`mapping.city`).
 */
export class OrderFileError extends Error {
  override name = 'OrderFileError';
  constructor(
    message: string,
    readonly fields: readonly string[] = ['text'],
  ) {
    super(message);
  }
}

/** A file's size in words: "4 KB", "256 MB". */
export function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB` : `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** Shopify's orders export, with its real headers (one row per line item). */
export const SHOPIFY_MAPPING: ColumnMapping = {
  orderNumber: 'Name',
  email: 'Email',
  currency: 'Currency',
  requestedService: 'Shipping Method',
  note: 'Notes',
  giftMessage: 'Note Attributes',
  paymentStatus: 'Financial Status',
  cancelledAt: 'Cancelled at',
  itemQuantity: 'Lineitem quantity',
  itemDescription: 'Lineitem name',
  itemPrice: 'Lineitem price',
  itemSku: 'Lineitem sku',
  itemRequiresShipping: 'Lineitem requires shipping',
  name: 'Shipping Name',
  address1: 'Shipping Address1',
  address2: 'Shipping Address2',
  company: 'Shipping Company',
  city: 'Shipping City',
  zipPostalCode: 'Shipping Zip',
  stateProvince: 'Shipping Province',
  country: 'Shipping Country',
  phone: 'Shipping Phone',
};

/**
 * How a generic sheet may name each field, compared without case, spaces or punctuation ("Ship To
 * Name", "ZIP/Postal Code", "order_id"). The first header of the file that a field's list names is
 * taken, in the list's order.
 */
const GENERIC_NAMES: Readonly<Record<OrderField, readonly string[]>> = {
  orderNumber: ['ordernumber', 'order', 'orderno', 'orderid', 'ordernum', 'orderref', 'orderreference', 'ordercode', 'salesorder', 'salesordernumber'],
  name: ['shiptoname', 'shippingname', 'recipient', 'recipientname', 'name', 'customer', 'customername', 'fullname', 'contactname', 'contact', 'deliveryname', 'addressee'],
  company: ['company', 'shiptocompany', 'shippingcompany', 'companyname', 'business', 'businessname', 'organisation', 'organization'],
  address1: ['address1', 'address', 'addressline1', 'address1line', 'street', 'streetaddress', 'street1', 'shiptoaddress1', 'shippingaddress1', 'shippingaddress', 'shippingstreet', 'deliveryaddress', 'line1'],
  address2: ['address2', 'addressline2', 'apartment', 'suite', 'street2', 'shiptoaddress2', 'shippingaddress2', 'line2', 'aptsuite'],
  city: ['city', 'town', 'towncity', 'citytown', 'locality', 'suburb', 'shiptocity', 'shippingcity', 'deliverycity'],
  stateProvince: ['state', 'province', 'stateprovince', 'provincestate', 'statecode', 'provincecode', 'region', 'county', 'shiptostate', 'shippingstate', 'shippingprovince', 'shippingprovincecode', 'shippingregion'],
  zipPostalCode: ['zip', 'zipcode', 'postcode', 'postalcode', 'zippostalcode', 'postalzipcode', 'postal', 'zippostal', 'shiptozip', 'shippingzip', 'shippingpostcode', 'shippingpostalcode', 'deliverypostcode'],
  country: ['country', 'countrycode', 'countryregion', 'shiptocountry', 'shippingcountry', 'shippingcountrycode', 'destinationcountry'],
  phone: ['phone', 'telephone', 'phonenumber', 'tel', 'mobile', 'mobilephone', 'shiptophone', 'shippingphone', 'contactphone'],
  email: ['email', 'emailaddress', 'mail', 'customeremail', 'buyeremail'],
  requestedService: ['service', 'shippingservice', 'shipmethod', 'shippingmethod', 'requestedservice', 'carrierservice', 'servicelevel', 'shipservice', 'deliverymethod', 'shippingoption'],
  currency: ['currency', 'currencycode'],
  note: ['note', 'notes', 'ordernote', 'ordernotes', 'buyernote', 'customernote', 'comments', 'deliveryinstructions'],
  giftMessage: ['giftmessage', 'giftnote', 'giftmsg', 'gift'],
  orderStatus: ['status', 'orderstatus'],
  paymentStatus: ['financialstatus', 'paymentstatus'],
  cancelledAt: ['cancelledat', 'canceledat', 'cancelled', 'canceled', 'cancelleddate', 'canceleddate', 'cancelledon', 'cancellationdate'],
  itemSku: ['sku', 'itemsku', 'productsku', 'productcode', 'lineitemsku', 'itemcode', 'partnumber'],
  itemBarcode: ['barcode', 'upc', 'ean', 'gtin', 'itembarcode', 'lineitembarcode', 'productbarcode'],
  itemDescription: ['description', 'item', 'items', 'itemname', 'product', 'products', 'productname', 'itemdescription', 'title', 'itemtitle', 'producttitle', 'lineitemname', 'lineitem'],
  itemQuantity: ['quantity', 'qty', 'itemquantity', 'units', 'quantityordered', 'qtyordered', 'orderedquantity', 'lineitemquantity', 'count'],
  itemPrice: ['price', 'unitprice', 'itemprice', 'value', 'unitvalue', 'priceeach', 'lineitemprice'],
  itemWeight: ['weight', 'itemweight', 'unitweight', 'weighteach', 'productweight', 'shippingweight', 'lineitemweight'],
  itemWeightUnit: ['weightunit', 'weightunits', 'unitofweight', 'weightuom', 'uom'],
  itemRequiresShipping: ['requiresshipping', 'shippable', 'lineitemrequiresshipping'],
};

const GRAMS_PER: Readonly<Record<WeightUnit, number>> = { LB: 453.59237, OZ: 28.349523125, KG: 1000, G: 1 };
const UNIT_WORDS: Readonly<Record<string, WeightUnit>> = {
  lb: 'LB', lbs: 'LB', pound: 'LB', pounds: 'LB',
  oz: 'OZ', ounce: 'OZ', ounces: 'OZ',
  kg: 'KG', kgs: 'KG', kilo: 'KG', kilos: 'KG', kilogram: 'KG', kilograms: 'KG',
  g: 'G', gr: 'G', gram: 'G', grams: 'G',
};

/** Words for each field in a problem ("missing ZIP or postal code"). */
const FIELD_WORDS: Readonly<Record<OrderField, string>> = {
  orderNumber: 'order number',
  name: 'recipient name',
  company: 'company',
  address1: 'address line 1',
  address2: 'address line 2',
  city: 'city',
  stateProvince: 'state or province',
  zipPostalCode: 'ZIP or postal code',
  country: 'country',
  phone: 'phone',
  email: 'e-mail',
  requestedService: 'requested service',
  currency: 'currency',
  note: 'note',
  giftMessage: 'gift message',
  orderStatus: 'status',
  paymentStatus: 'payment status',
  cancelledAt: 'cancelled at',
  itemSku: 'SKU',
  itemBarcode: 'barcode',
  itemDescription: 'item',
  itemQuantity: 'quantity',
  itemPrice: 'price',
  itemWeight: 'weight',
  itemWeightUnit: 'weight unit',
  itemRequiresShipping: 'requires shipping',
};

/** Order-level fields: the same for every row of an order (a later row may leave them empty). */
const ORDER_LEVEL: readonly OrderField[] = ['name', 'company', 'address1', 'address2', 'city', 'stateProvince', 'zipPostalCode', 'country', 'phone', 'email', 'requestedService', 'currency', 'note', 'giftMessage', 'orderStatus', 'paymentStatus', 'cancelledAt'];

/**
 * Fields a spreadsheet may hold as text with a leading apostrophe so its zeros are kept (Shopify
 * writes ZIP codes `'02108` and phone numbers so): the apostrophe is the sheet's mark, not the value.
 */
const APOSTROPHE_KEPT: ReadonlySet<OrderField> = new Set(['orderNumber', 'zipPostalCode', 'phone', 'itemSku', 'itemBarcode']);

/** What a status cell says about an order that must not be shipped; other statuses ship. */
const STATUS_LEFT_OUT: Readonly<Record<string, string>> = { cancelled: 'cancelled', canceled: 'cancelled', cancel: 'cancelled', refunded: 'refunded', voided: 'voided', void: 'voided' };

/**
 * Why an order the shop gave up on is left out, in words naming the column that says so; undefined
 * for an order to ship. A "cancelled at" cell with a time (or yes) cancels it; a status or payment
 * status of cancelled, refunded or voided too (partially refunded still ships).
 */
function leftOutBecause(values: Partial<Record<OrderField, string>>, mapping: ColumnMapping): { verb: string; message: string } | undefined {
  const cancelledAt = values.cancelledAt;
  if (cancelledAt !== undefined && !/^(no|false|0|n)$/i.test(cancelledAt)) {
    return { verb: 'cancelled', message: `left out: the order was cancelled in the shop (${mapping.cancelledAt ?? 'cancelled at'} "${cancelledAt}")` };
  }
  for (const field of ['orderStatus', 'paymentStatus'] as const) {
    const value = values[field];
    const verb = value === undefined ? undefined : STATUS_LEFT_OUT[value.toLowerCase().replace(/[^a-z]/g, '')];
    if (value !== undefined && verb !== undefined) return { verb, message: `left out: the order was ${verb} (${mapping[field] ?? FIELD_WORDS[field]} "${value}")` };
  }
  return undefined;
}

/**
 * A weight column whose header names its unit ("Weight (kg)", "weight_lbs", "Weight in ounces"):
 * the header without the unit, and the unit. Undefined when the header names none.
 */
function headerUnit(header: string): { base: string; unit: WeightUnit } | undefined {
  const match = /^(.*?)(?:[\s_-]+(?:in\s+)?|\s*[([]\s*)([a-z]+)\s*[)\]]?$/i.exec(header.trim());
  const unit = match?.[2] === undefined ? undefined : UNIT_WORDS[match[2].toLowerCase()];
  return match?.[1] === undefined || unit === undefined || match[1].trim() === '' ? undefined : { base: match[1], unit };
}

/**
 * Shopify keeps a checkout's extra fields in one "Note Attributes" cell, a `name: value` line each
 * ("gift_message: Happy birthday!"): the gift message is the value of the line named a gift
 * message, note or card; the cell's other lines (`gift_wrap: yes`, a delivery date) are not one.
 */
export function giftMessageOfAttributes(cell: string): string | undefined {
  for (const line of cell.split(/\r?\n/)) {
    const match = /^\s*([^:]*gift[\s_-]*(?:message|msg|note|card)[^:]*):\s*(.*)$/i.exec(line);
    const message = match?.[2]?.trim();
    if (message !== undefined && message !== '') return message;
  }
  return undefined;
}

const compact = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The format a file's headers say, and the mapping that goes with it. */
export function recognise(headers: readonly string[]): { format: OrderFileFormat; mapping: ColumnMapping } {
  const present = new Set(headers);
  if (['Name', 'Lineitem name', 'Shipping Address1', 'Shipping Zip'].every((h) => present.has(h))) {
    const mapping: ColumnMapping = {};
    for (const [field, header] of mappedColumns(SHOPIFY_MAPPING)) if (present.has(header)) mapping[field] = header;
    return { format: 'shopify', mapping };
  }
  const mapping: ColumnMapping = {};
  const byCompact = new Map<string, string>();
  for (const header of headers) if (!byCompact.has(compact(header))) byCompact.set(compact(header), header);
  // A weight headed with its unit ("Weight (kg)") is found by its name without the unit.
  const unitOf = new Map<string, WeightUnit>();
  for (const header of headers) {
    const named = headerUnit(header);
    if (named === undefined || byCompact.has(compact(named.base))) continue;
    byCompact.set(compact(named.base), header);
    unitOf.set(header, named.unit);
  }
  const taken = new Set<string>();
  for (const [field, names] of Object.entries(GENERIC_NAMES) as [OrderField, readonly string[]][]) {
    // One column gives one field.
    const header = names.map((name) => byCompact.get(name)).find((found) => found !== undefined && !taken.has(found));
    if (header === undefined) continue;
    mapping[field] = header;
    taken.add(header);
  }
  const weightUnit = mapping.itemWeight === undefined ? undefined : unitOf.get(mapping.itemWeight);
  if (weightUnit !== undefined) mapping.weightUnit = weightUnit;
  return { format: 'generic', mapping };
}

function numberIn(text: string): number | undefined {
  // "1,234.50" and "12,5" (a decimal comma, as semicolon sheets write it) both read.
  const cleaned = text.trim().replace(/^[$€£]/, '');
  const normal = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned) ? cleaned.replace(/,/g, '') : cleaned.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : undefined;
}

/** One row as the mapping reads it, with its own problems (an order's problems come later). */
export interface RowRead {
  readonly row: number;
  readonly orderNumber: string | null;
  readonly values: Partial<Record<OrderField, string>>;
  readonly item: OrderItem | null;
  readonly problems: string[];
}

/** Where each mapped field's column is in a row: its header's first place in the header row. */
export type ColumnPlaces = readonly (readonly [OrderField, string, number])[];

/**
 * The order number a row's cells give at `place`, as readRow reads it; undefined when the row
 * names none it can keep (empty, or longer than an order number can be).
 */
export function orderNumberIn(cells: readonly string[], place: number): string | undefined {
  const number = (cells[place] ?? '').trim().replace(/^'/, '');
  return number === '' || number.length > ORDER_FIELD_MAX_CHARS.orderNumber ? undefined : number;
}

/** Reads row `row` of the file (the header is row 1) from its cells. */
export function readRow(cells: readonly string[], row: number, places: ColumnPlaces, mapping: ColumnMapping): RowRead {
  const values: Partial<Record<OrderField, string>> = {};
  for (const [field, header, place] of places) {
    const trimmed = (cells[place] ?? '').trim();
    const cell = APOSTROPHE_KEPT.has(field) ? trimmed.replace(/^'/, '') : trimmed;
    const value = field === 'giftMessage' && header === SHOPIFY_MAPPING.giftMessage ? (giftMessageOfAttributes(cell) ?? '') : cell;
    if (value !== '') values[field] = value;
  }
  const problems: string[] = [];
  const hadOrderNumber = values.orderNumber !== undefined;
  for (const [field, value] of Object.entries(values) as [OrderField, string][]) {
    const max = ORDER_FIELD_MAX_CHARS[field];
    if (value.length <= max) continue;
    problems.push(`the ${FIELD_WORDS[field]} is ${value.length.toLocaleString('en-US')} characters long: it can be at most ${max.toLocaleString('en-US')}`);
    // Too long to be kept or looked up: the row names no order.
    if (field === 'orderNumber') delete values.orderNumber;
  }
  const orderNumber = values.orderNumber ?? null;
  if (!hadOrderNumber) problems.push('missing order number');
  let item: OrderItem | null = null;
  const shippable = values.itemRequiresShipping === undefined || !/^(false|no|0)$/i.test(values.itemRequiresShipping);
  if (shippable && (values.itemDescription !== undefined || values.itemSku !== undefined || values.itemBarcode !== undefined || values.itemQuantity !== undefined)) {
    const quantityText = values.itemQuantity ?? '1';
    const quantity = numberIn(quantityText);
    if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1) problems.push(`quantity "${quantityText}" is not a whole number of at least 1`);
    const price = values.itemPrice === undefined ? null : (numberIn(values.itemPrice) ?? Number.NaN);
    if (price !== null && (Number.isNaN(price) || price < 0)) problems.push(`price "${values.itemPrice ?? ''}" is not an amount`);
    let unitWeightGrams: number | null = null;
    if (values.itemWeight !== undefined) {
      const weight = numberIn(values.itemWeight);
      // The row's own unit, else the mapping's, else the one its header names, else pounds.
      const unitText = values.itemWeightUnit ?? mapping.weightUnit ?? (mapping.itemWeight === undefined ? undefined : headerUnit(mapping.itemWeight)?.unit) ?? (mapping.itemWeightUnit === undefined ? 'lb' : '');
      const unit = UNIT_WORDS[unitText.toLowerCase()];
      if (weight === undefined || weight < 0) problems.push(`bad weight "${values.itemWeight}": it must be a number of at least 0`);
      else if (unit === undefined) problems.push(`unknown weight unit "${unitText}": use lb, oz, kg or g`);
      else unitWeightGrams = Math.round(weight * GRAMS_PER[unit] * 1000) / 1000;
    }
    item = {
      sku: values.itemSku ?? null,
      barcode: values.itemBarcode ?? null,
      description: values.itemDescription ?? values.itemSku ?? 'Item',
      quantity: quantity ?? 0,
      unitPrice: price,
      unitWeightGrams,
    };
  }
  return { row, orderNumber, values, item, problems };
}

/** The order's address from its rows, with problems for what is missing, unknown or contradicted. */
function addressOf(rows: readonly RowRead[], problemsOf: (row: number) => string[]): { address: OrderAddress; values: Partial<Record<OrderField, string>> } | undefined {
  const values: Partial<Record<OrderField, string>> = {};
  const from = new Map<OrderField, number>();
  for (const read of rows) {
    for (const field of ORDER_LEVEL) {
      const value = read.values[field];
      if (value === undefined) continue;
      const earlier = values[field];
      if (earlier === undefined) {
        values[field] = value;
        from.set(field, read.row);
      } else if (earlier !== value) {
        problemsOf(read.row).push(`${FIELD_WORDS[field]} "${value}" differs from "${earlier}" on row ${String(from.get(field))} of the same order`);
      }
    }
  }
  const first = rows[0]?.row ?? 0;
  const at = (field: OrderField): number => from.get(field) ?? first;
  for (const field of REQUIRED_ORDER_FIELDS) if (values[field] === undefined && field !== 'orderNumber') problemsOf(first).push(`missing ${FIELD_WORDS[field]}`);
  const country = values.country === undefined ? undefined : countryCode(values.country);
  if (values.country !== undefined && country === undefined) problemsOf(at('country')).push(`unknown country "${values.country}"`);
  if (country !== undefined && (country === 'US' || country === 'CA') && values.stateProvince === undefined) problemsOf(first).push(`missing ${FIELD_WORDS.stateProvince} (needed in ${country})`);
  const zip = values.zipPostalCode;
  if (country !== undefined && zip !== undefined && postcodeValidatorExistsForCountry(country) && !postcodeValidator(zip, country)) {
    problemsOf(at('zipPostalCode')).push(`"${zip}" is not a valid ${country === 'US' ? 'US ZIP code' : `${country} postal code`}`);
  }
  if (values.name === undefined || values.address1 === undefined || values.city === undefined || zip === undefined || country === undefined) return undefined;
  return {
    values,
    address: {
      name: values.name,
      company: values.company ?? null,
      address1: values.address1,
      address2: values.address2 ?? null,
      city: values.city,
      stateProvince: values.stateProvince ?? '',
      zipPostalCode: zip,
      country,
      phone: values.phone ?? null,
      email: values.email ?? null,
    },
  };
}

/**
 * The mapping a file is read with: the one chosen by hand (format `custom`), or the one its headers
 * say. Refused, in words, when it names a column the file does not have or leaves out a field every
 * order needs. Also where each mapped column is in a row.
 */
export function mappingFor(headers: readonly string[], chosen: ColumnMapping | undefined): { format: OrderFileFormat; mapping: ColumnMapping; places: ColumnPlaces; orderNumberPlace: number } {
  const recognised = recognise(headers);
  const format: OrderFileFormat = chosen === undefined ? recognised.format : 'custom';
  const mapping = chosen ?? recognised.mapping;
  const unknown = mappedColumns(mapping).filter(([, header]) => !headers.includes(header));
  if (unknown.length > 0) throw new OrderFileError(`the mapping names columns the file does not have: ${unknown.map(([field, header]) => `${FIELD_WORDS[field]} → "${header}"`).join(', ')}`, unknown.map(([field]) => `mapping.${field}`));
  const missing = REQUIRED_ORDER_FIELDS.filter((field) => mapping[field] === undefined);
  if (missing.length > 0) {
    const what = missing.map((field) => FIELD_WORDS[field]).join(', ');
    if (chosen !== undefined) throw new OrderFileError(`the mapping gives no column for the ${what}`, missing.map((field) => `mapping.${field}`));
    throw new OrderFileError(`no column gives the ${what}: choose the columns by hand`);
  }
  return { format, mapping, places: mappedColumns(mapping).map(([field, header]) => [field, header, headers.indexOf(header)] as const), orderNumberPlace: headers.indexOf(mapping.orderNumber ?? '') };
}

/** What the rows of one order make: the order, or why it is left out, row by row. */
export type OrderOutcome =
  | { readonly kind: 'order'; readonly order: ImportedOrder }
  /** `gaveUp`: the shop cancelled or refunded it (said in `problems` too). */
  | { readonly kind: 'leftOut'; readonly problems: ReadonlyMap<number, string[]>; readonly gaveUp: string | undefined };

/**
 * The order the rows of one order number make. `rowCount` is how many rows the file has for it:
 * more than `rows` when the order had more lines than the station keeps.
 */
export function orderOf(orderNumber: string, rows: readonly RowRead[], rowCount: number, mapping: ColumnMapping): OrderOutcome {
  const problems = new Map<number, string[]>();
  const problemsOf = (row: number): string[] => {
    let messages = problems.get(row);
    if (messages === undefined) {
      messages = [];
      problems.set(row, messages);
    }
    return messages;
  };
  const first = rows[0]?.row ?? 0;
  // Each order-level field as its first row that gives it says.
  const orderValues: Partial<Record<OrderField, string>> = Object.assign({}, ...rows.map((r) => r.values).reverse()) as Partial<Record<OrderField, string>>;
  const gaveUp = leftOutBecause(orderValues, mapping);
  if (gaveUp !== undefined) {
    // The shop gave the order up: that is the reason, whatever else its rows say.
    problemsOf(first).push(gaveUp.message);
    for (const r of rows.slice(1)) problemsOf(r.row).push(`left out with row ${String(first)}: the order was ${gaveUp.verb}`);
    return { kind: 'leftOut', problems, gaveUp: gaveUp.message };
  }
  if (rowCount > rows.length) {
    problemsOf(first).push(`left out: the order has ${rowCount.toLocaleString('en-US')} rows, and an order is at most ${rows.length.toLocaleString('en-US')} lines`);
    return { kind: 'leftOut', problems, gaveUp: undefined };
  }
  for (const read of rows) if (read.problems.length > 0) problemsOf(read.row).push(...read.problems);
  const built = addressOf(rows, problemsOf);
  const items = rows.map((r) => r.item).filter((item): item is OrderItem => item !== null);
  if (items.length === 0) problemsOf(first).push('no item to ship (every line says it needs no shipping, or names no item)');
  const bad = rows.filter((r) => problems.has(r.row)).map((r) => r.row);
  if (built === undefined || bad.length > 0) {
    // The order is left out whole: its good rows say why, so no row seems lost.
    const why = `not imported: row${bad.length === 1 ? '' : 's'} ${bad.join(', ')} of the same order ${bad.length === 1 ? 'has a problem' : 'have problems'}`;
    for (const r of rows) if (!problems.has(r.row) && bad.length > 0) problemsOf(r.row).push(why);
    return { kind: 'leftOut', problems, gaveUp: undefined };
  }
  const weights = items.map((item) => (item.unitWeightGrams === null ? null : item.unitWeightGrams * item.quantity));
  return {
    kind: 'order',
    order: {
      orderNumber,
      shipTo: built.address,
      items,
      requestedService: built.values.requestedService ?? null,
      currency: built.values.currency ?? null,
      note: built.values.note ?? null,
      giftMessage: built.values.giftMessage ?? null,
      estimatedWeightGrams: weights.some((w) => w === null) ? null : Math.round(weights.reduce((sum: number, w) => sum + (w ?? 0), 0) * 1000) / 1000,
      rows: rows.map((r) => r.row),
    },
  };
}
