/**
 * The service's records as the store keeps them: JSON, packed with raw deflate and a preset
 * dictionary. A create input or a search record is 600 to 700 bytes of JSON whose keys, and
 * most of whose values (the desk's own ship-from address, the carriers, the status), repeat
 * from one shipment to the next; deflate alone halves it, a dictionary that already holds those
 * repeats takes a record to about a fifth (measured in docs/store.md).
 *
 * A packed value is a BLOB: one byte naming the dictionary, then the deflated JSON. Dictionary
 * 0 is built in (below) and never changes; a store trains a dictionary of its own from its
 * first records (`pack_dictionaries`, schema 4), which is kept for as long as the store lives:
 * a packed value is only ever read with the dictionary it names. A TEXT value is JSON as
 * written before packing (or by a support tool) and is read as it is.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { statement, type Db } from './statements';

/**
 * Dictionary 0: the keys and common values of create inputs, create results and search
 * records. deflate looks back into the dictionary for matches, nearest first, so what repeats
 * most comes last. Frozen: values packed with it must stay readable.
 */
const BUILT_IN = Buffer.from(
  [
    '{"client":"","location":"","unitOfWeight":"LB","unitOfLength":"IN","notes":"","internationalDetail":{"dutiesPaidBy":"Recipient","totalCustomValue":0,"reasonToExport":"Sale","incoTerm1":"DAP","currencyCode":"USD","commodities":[{"description":"","numberOfBoxes":1,"quantity":1,"unitWeight":1,"unitPrice":1,"customValue":1,"countryOfOrigin":"US"}]}}',
    '{"totalPackageWeight":"1 LB","trackingUrl":"https://www.ups.com/track?tracknum=","trackingUrl":"https://www.fedex.com/fedextrack/?trknbr=","trackingUrl":"https://tools.usps.com/go/TrackConfirmAction?tLabels="}',
    '"shipmentInfo":{"shipMethod":"Ground","carrier":"UPS","serviceLevel":"","carrierAccount":"","paymentType":"Sender"},"shipmentInfo":{"carrier":"FEDEX","shipMethod":"FedEx Ground"},"shipmentInfo":{"carrier":"USPS","shipMethod":"Priority Mail"},"shipmentInfo":{"carrier":"DHL","shipMethod":"Express Worldwide"}',
    '"packages":[{"weight":1,"length":12,"width":10,"height":8,"type":"Box","declaredValue":0,"items":[{"itemId":"","name":"","description":"","weight":1,"qty":1,"unitPrice":1}]}]',
    '"references":{"orderNumber":"SO-","customerPO":"PO-","stationRef":"PB-DESK1-01',
    '"shipFrom":{"companyName":"","contactName":"","emailAddress":"","phoneNumber1":"+1 ","address1":"","address2":"","city":"","stateProvince":"","zipPostalCode":"","country":"US"}',
    '{"id":"shp_","shipmentId":"shp_","statusId":"Created","shipmentDate":"2025-01-01T00:00:00.000Z","locationName":"","totalPackage":1,"shipFrom":{',
    '"shipTo":{"companyName":"","contactName":"","address1":"","city":"","stateProvince":"","zipPostalCode":"","country":"US"},"trackingNumber":"1Z',
    '{"shipDate":"2025-01-01T00:00:00.000Z","shipTo":{"companyName":"","contactName":"","address1":" Main St","city":"","stateProvince":"","zipPostalCode":"","country":"US"},"shipFrom":{"companyName":"","address1":"","city":"","stateProvince":"","zipPostalCode":"","country":"US"},"shipmentInfo":{"shipMethod":"Ground","carrier":"UPS"},"packages":[{"weight":1,"length":12,"width":10,"height":8}],"references":{"orderNumber":"SO-","customerPO":"PO-","stationRef":"PB-DESK1-01',
  ].join(''),
);

/** deflate's window: 8 KB holds a trained dictionary and a record, and keeps each call cheap. */
const WINDOW_BITS = 13;
/** Most a trained dictionary holds: what fits in the window beside one record. */
const TRAINED_MAX_BYTES = 6 * 1024;
/** A store makes its own dictionary once a connection has packed this many records with the built-in one. */
export const TRAIN_AFTER = 128;
/** Records a store's own dictionary is made of. */
const TRAINING_SAMPLE = 12;

interface PackState {
  /** Dictionaries by id, loaded as they are needed. */
  readonly dictionaries: Map<number, Buffer>;
  /** The dictionary new values are packed with (0 until the store has one of its own). */
  current: number;
  /** The last records packed here, to train a dictionary from. */
  readonly recent: string[];
  /** Values packed with the built-in dictionary by this connection. */
  packedWithBuiltIn: number;
}

const states = new WeakMap<Db, PackState>();

function latestDictionary(db: Db): { id: number; bytes: Buffer } | undefined {
  return statement(db, 'SELECT id, bytes FROM pack_dictionaries ORDER BY id DESC LIMIT 1').get() as { id: number; bytes: Buffer } | undefined;
}

function stateOf(db: Db): PackState {
  let state = states.get(db);
  if (state === undefined) {
    state = { dictionaries: new Map([[0, BUILT_IN]]), current: 0, recent: [], packedWithBuiltIn: 0 };
    const latest = latestDictionary(db);
    if (latest !== undefined) {
      state.dictionaries.set(latest.id, latest.bytes);
      state.current = latest.id;
    }
    states.set(db, state);
  }
  return state;
}

function dictionary(db: Db, id: number): Buffer {
  const state = stateOf(db);
  let bytes = state.dictionaries.get(id);
  if (bytes === undefined) {
    const row = statement(db, 'SELECT bytes FROM pack_dictionaries WHERE id = ?').get(id) as { bytes: Buffer } | undefined;
    if (row === undefined) throw new Error(`packed with dictionary ${id}, which this store does not have`);
    bytes = row.bytes;
    state.dictionaries.set(id, bytes);
  }
  return bytes;
}

/**
 * The dictionary to pack with now. A store's own is made once, from the last records this
 * connection packed (its ship-from addresses, carriers and services, the shape of its
 * references), when it has packed TRAIN_AFTER with the built-in one; the caller holds the
 * transaction. The row is looked for every time: a rollback may have taken it away again.
 */
function currentDictionary(db: Db, state: PackState, json: string, now: number): number {
  if (state.current !== 0 && statement(db, 'SELECT 1 FROM pack_dictionaries WHERE id = ?').get(state.current) === undefined) {
    states.delete(db);
    return currentDictionary(db, stateOf(db), json, now);
  }
  state.recent.push(json);
  if (state.recent.length > TRAINING_SAMPLE) state.recent.shift();
  if (state.current !== 0 || ++state.packedWithBuiltIn < TRAIN_AFTER) return state.current;
  // Another connection may have made one meanwhile: use it rather than make a second.
  const latest = latestDictionary(db);
  if (latest !== undefined) {
    state.dictionaries.set(latest.id, latest.bytes);
    state.current = latest.id;
    return state.current;
  }
  let bytes = Buffer.from(state.recent.join(''));
  if (bytes.length > TRAINED_MAX_BYTES) bytes = bytes.subarray(bytes.length - TRAINED_MAX_BYTES);
  const id = 1;
  statement(db, 'INSERT INTO pack_dictionaries (id, bytes, created_at) VALUES (?, ?, ?)').run(id, bytes, now);
  state.dictionaries.set(id, bytes);
  state.current = id;
  return id;
}

/** JSON text packed for a column (null stays null). */
export function pack(db: Db, json: string | null, now: number): Buffer | null {
  if (json === null) return null;
  const id = currentDictionary(db, stateOf(db), json, now);
  const deflated = deflateRawSync(Buffer.from(json), { dictionary: dictionary(db, id), windowBits: WINDOW_BITS, level: 9, memLevel: 8 });
  const out = Buffer.allocUnsafe(deflated.length + 1);
  out[0] = id;
  deflated.copy(out, 1);
  return out;
}

/** The JSON text of a column value: packed (a BLOB) or as written (TEXT). */
export function unpack(db: Db, value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Buffer.isBuffer(value) || value.length < 1) throw new Error('is neither JSON text nor a packed record');
  const id = value[0] ?? 0;
  return inflateRawSync(value.subarray(1), { dictionary: dictionary(db, id), windowBits: WINDOW_BITS }).toString();
}
