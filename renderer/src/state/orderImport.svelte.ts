/**
 * Importing a shop's order file on the Orders screen: the file sent to the station in pieces (so a
 * file of any size goes over either transport, and the page never holds it whole), a preview from
 * the station (what would be imported, and each bad row's problem in words) before anything is
 * saved, with a progress bar and a cancel while the station reads it, the columns chosen by hand
 * when the station does not know the file's headers (a mapping that can be saved by name and used
 * again), the encoding chosen when the station had to guess it, and the import itself.
 */
import Papa from 'papaparse';
import type { ColumnMapping, ImportPreview, OrderField, OrderFileEncoding, OrderFilePhase, OrderImportResult, SavedOrderMapping, WeightUnit } from '../../../electron/api';
import { base64Of } from '../lib/base64';
import { fieldMessages, handleError, reason } from '../lib/errors';
import { StationCallError, type StationClient } from '../lib/station';

/** Every order field, in the order the mapping editor shows them, with its words. */
export const FIELD_WORDS = {
  orderNumber: 'Order number',
  name: 'Recipient name',
  company: 'Company',
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  stateProvince: 'State or province',
  zipPostalCode: 'ZIP or postal code',
  country: 'Country',
  phone: 'Phone',
  email: 'E-mail',
  requestedService: 'Requested service',
  currency: 'Currency',
  note: "Buyer's note",
  giftMessage: 'Gift message',
  orderStatus: 'Order status',
  paymentStatus: 'Payment status',
  cancelledAt: 'Cancelled at',
  itemSku: 'Item SKU',
  itemBarcode: 'Item barcode (UPC, EAN)',
  itemDescription: 'Item description',
  itemQuantity: 'Item quantity',
  itemPrice: 'Item price',
  itemWeight: 'Item weight',
  itemWeightUnit: 'Item weight unit',
  itemRequiresShipping: 'Item requires shipping',
} as const satisfies Record<OrderField, string>;

/** The station takes a file in pieces of this many bytes (ORDER_FILE_PIECE_BYTES of the station API). */
const ORDER_FILE_PIECE_BYTES = 512 * 1024;
/** The file's start read here for its header row. */
const HEAD_BYTES = 64 * 1024;

/** Each encoding a file may be read in, as a person knows it. */
export const ENCODING_WORDS = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  'iso-8859-15': 'ISO-8859-15 (Western European with €)',
  macintosh: 'Mac OS Roman',
  shift_jis: 'Shift JIS (Japanese)',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
} as const satisfies Record<OrderFileEncoding, string>;

export const FORMAT_WORDS = { shopify: 'Shopify orders export', generic: 'A sheet with known column names', custom: 'Columns chosen by hand' } as const;

/** What the station is doing with the file: sending it in pieces, reading it, checking its orders, storing them. */
export interface ImportProgress {
  readonly phase: 'sending' | OrderFilePhase;
  readonly done: number;
  readonly total: number;
  /** The file is being imported (storing), not only previewed. */
  readonly importing: boolean;
}

export type ImportOutcome = Pick<OrderImportResult, 'created' | 'updated' | 'unchanged' | 'keptShipped' | 'cancelled'>;

export class OrderImportState {
  #fileName = $state<string | undefined>();
  #fileId: string | undefined;
  #preview = $state.raw<ImportPreview | undefined>();
  #problem = $state<string | undefined>();
  #mapping = $state<ColumnMapping>({});
  #encoding = $state<OrderFileEncoding | undefined>();
  #busy = $state(false);
  #progress = $state.raw<ImportProgress | undefined>();
  #outcome = $state<ImportOutcome | undefined>();
  #notice = $state<string | undefined>();
  #headers = $state.raw<readonly string[]>([]);
  #saved = $state.raw<readonly SavedOrderMapping[]>([]);
  /** Bumped by every new file, cancel and close: work for an older one stops and its answers are dropped. */
  #generation = 0;
  #cancelling = false;

  constructor(private readonly station: StationClient) {}

  get fileName(): string | undefined {
    return this.#fileName;
  }
  get preview(): ImportPreview | undefined {
    return this.#preview;
  }
  /** Why the file could not be read, in words. */
  get problem(): string | undefined {
    return this.#problem;
  }
  get mapping(): ColumnMapping {
    return this.#mapping;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get progress(): ImportProgress | undefined {
    return this.#progress;
  }
  get outcome(): ImportOutcome | undefined {
    return this.#outcome;
  }
  /** What a cancel left: the reading stopped, or how many orders an import stored before it stopped. */
  get notice(): string | undefined {
    return this.#notice;
  }
  /** The file's column names, read here so columns can be chosen even when the station could not map them. */
  get headers(): readonly string[] {
    return this.#headers;
  }

  /** The column mappings saved by name, to use again on another file. */
  get saved(): readonly SavedOrderMapping[] {
    return this.#saved;
  }

  async loadMappings(): Promise<void> {
    const result = await this.station.call('listOrderMappings', {});
    if (result.ok) this.#saved = result.value;
  }

  /** Saves the columns as chosen now under `name`; whether it was saved (what went wrong is said). */
  async saveMapping(name: string): Promise<boolean> {
    try {
      await this.station.value('saveOrderMapping', { name, mapping: this.#mapping });
    } catch (error) {
      handleError(error);
      return false;
    }
    await this.loadMappings();
    return true;
  }

  /** Follows the station's progress reports on the file being read; returns the unsubscribe. */
  follow(): () => void {
    return this.station.on('orderFileProgress', (event) => {
      if (event.fileId !== this.#fileId || !this.#busy) return;
      this.#progress = { phase: event.phase, done: event.done, total: event.total, importing: this.#progress?.importing ?? false };
    });
  }

  /** Sends a chosen or dropped file to the station in pieces, and asks for its preview. */
  async choose(file: File): Promise<void> {
    const generation = this.#reset();
    this.#fileName = file.name;
    // The header row, from the file's start only: a big file is never read whole here.
    const head = await file.slice(0, HEAD_BYTES).text();
    const firstRow = Papa.parse<string[]>(head.replace(/^\uFEFF/, ''), { preview: 1 }).data[0] ?? [];
    this.#headers = firstRow.map((header) => header.trim()).filter((header) => header !== '');
    this.#busy = true;
    try {
      const opened = await this.station.call('openOrderFile', { name: file.name, size: file.size });
      if (!opened.ok) {
        this.#problem = reason(opened.error);
        return;
      }
      this.#fileId = opened.value.fileId;
      for (let offset = 0; offset < file.size; offset += ORDER_FILE_PIECE_BYTES) {
        if (generation !== this.#generation) return;
        this.#progress = { phase: 'sending', done: offset, total: file.size, importing: false };
        const data = base64Of(new Uint8Array(await file.slice(offset, offset + ORDER_FILE_PIECE_BYTES).arrayBuffer()));
        const sent = await this.station.call('appendOrderFile', { fileId: opened.value.fileId, offset, data });
        if (!sent.ok) {
          this.#problem = reason(sent.error);
          return;
        }
      }
    } finally {
      if (generation === this.#generation) {
        this.#busy = false;
        this.#progress = undefined;
      }
    }
    if (generation === this.#generation) await this.#previewWith(undefined);
  }

  setWeightUnit(unit: WeightUnit | undefined): void {
    const next: ColumnMapping = { ...this.#mapping };
    if (unit === undefined) delete next.weightUnit;
    else next.weightUnit = unit;
    this.#mapping = next;
  }

  setColumn(field: OrderField, header: string): void {
    const next: ColumnMapping = { ...this.#mapping };
    if (header === '') delete next[field];
    else next[field] = header;
    this.#mapping = next;
  }

  /** Previews again with the columns as chosen by hand (or a saved mapping). */
  async applyMapping(mapping: ColumnMapping = this.#mapping): Promise<void> {
    this.#mapping = { ...mapping };
    await this.#previewWith(this.#mapping);
  }

  /** Reads the file again, as its headers say (a reading was cancelled). */
  async readAgain(): Promise<void> {
    await this.#previewWith(undefined);
  }

  /** Reads the file again in another encoding (the station guessed, or the person knows better). */
  async useEncoding(encoding: OrderFileEncoding): Promise<void> {
    this.#encoding = encoding;
    await this.#previewWith(this.#preview?.format === 'custom' ? this.#mapping : undefined);
  }

  async #previewWith(mapping: ColumnMapping | undefined): Promise<void> {
    const fileId = this.#fileId;
    if (fileId === undefined) return;
    const generation = this.#generation;
    this.#busy = true;
    this.#notice = undefined;
    this.#progress = { phase: 'reading', done: 0, total: 1, importing: false };
    try {
      const result = await this.station.call('previewOrderImport', { fileId, ...(mapping === undefined ? {} : { mapping }), ...(this.#encoding === undefined ? {} : { encoding: this.#encoding }) });
      if (generation !== this.#generation) return;
      if (result.ok) {
        this.#preview = result.value;
        this.#problem = undefined;
        this.#encoding = result.value.encoding;
        if (mapping === undefined) this.#mapping = { ...result.value.mapping };
      } else {
        this.#preview = undefined;
        // A file that cannot be read as asked is named by its field; anything else is the station's own words.
        const fields = fieldMessages(result.error.fields);
        this.#problem = fields.fileId ?? fields.encoding ?? reason(result.error);
      }
    } finally {
      if (generation === this.#generation) {
        this.#busy = false;
        this.#progress = undefined;
      }
    }
  }

  /** Saves the orders the preview shows (the station reads the file again itself). */
  async import(): Promise<ImportOutcome | undefined> {
    const preview = this.#preview;
    const fileId = this.#fileId;
    if (fileId === undefined || preview === undefined || this.#busy) return undefined;
    const generation = this.#generation;
    this.#busy = true;
    this.#notice = undefined;
    this.#progress = { phase: 'reading', done: 0, total: 1, importing: true };
    try {
      const result = await this.station.value('importOrders', { fileId, encoding: preview.encoding, ...(preview.format === 'custom' ? { mapping: this.#mapping } : {}) });
      if (generation !== this.#generation) return undefined;
      this.#outcome = result;
      return result;
    } catch (error) {
      // A cancelled import says what it kept, in the station's words, where the import was shown.
      if (this.#cancelling && error instanceof StationCallError) this.#notice = `${reason(error.error)}.`;
      else handleError(error);
      return undefined;
    } finally {
      this.#cancelling = false;
      this.#busy = false;
      this.#progress = undefined;
    }
  }

  /** Stops what runs on the file: sending it (the file is closed), or reading or importing it (an import keeps what it stored, and says so). */
  async cancel(): Promise<void> {
    const fileId = this.#fileId;
    if (this.#progress?.phase === 'sending' || fileId === undefined) {
      this.clear();
      return;
    }
    this.#cancelling = this.#progress?.importing ?? false;
    if (!this.#cancelling) {
      // A preview's answer is dropped: the file stays, to be read again with other columns or closed.
      this.#generation += 1;
      this.#busy = false;
      this.#progress = undefined;
      this.#notice = 'Reading stopped.';
    }
    await this.station.call('cancelOrderFile', { fileId });
  }

  /** Closes the file: the station forgets it, and the same file can be chosen again. */
  clear(): void {
    this.#reset();
    this.#fileName = undefined;
  }

  #reset(): number {
    this.#generation += 1;
    const fileId = this.#fileId;
    if (fileId !== undefined) void this.station.call('closeOrderFile', { fileId });
    this.#fileId = undefined;
    this.#preview = undefined;
    this.#problem = undefined;
    this.#outcome = undefined;
    this.#notice = undefined;
    this.#mapping = {};
    this.#encoding = undefined;
    this.#headers = [];
    this.#busy = false;
    this.#progress = undefined;
    this.#cancelling = false;
    return this.#generation;
  }
}
