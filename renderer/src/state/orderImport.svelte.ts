/**
 * Importing a shop's order file on the Orders screen: the file sent to the station in pieces (so a
 * file of any size goes over either transport, and the page never holds it whole), a preview from
 * the station (what would be imported, and each bad row's problem in words) before anything is
 * saved, with a progress bar and a cancel while the station reads it, the columns chosen by hand
 * when the station does not know the file's headers (a mapping that can be saved by name and used
 * again), the encoding chosen when the station had to guess it, and the import itself.
 */
import Papa from 'papaparse';
import type { ColumnMapping, ImportPreview, OrderField, OrderFileEncoding, OrderFilePhase, OrderImportResult, WeightUnit } from '../../../electron/api';
import { handleError } from '../lib/errors';
import type { StationClient } from '../lib/station';

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

/** A piece of the file as base64, read by the browser itself. */
function base64Of(piece: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      // A data URL: "data:<type>;base64," and the bytes.
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(piece);
  });
}

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
        this.#problem = opened.error.message;
        return;
      }
      this.#fileId = opened.value.fileId;
      for (let offset = 0; offset < file.size; offset += ORDER_FILE_PIECE_BYTES) {
        if (generation !== this.#generation) return;
        this.#progress = { phase: 'sending', done: offset, total: file.size, importing: false };
        const data = await base64Of(file.slice(offset, offset + ORDER_FILE_PIECE_BYTES));
        const sent = await this.station.call('appendOrderFile', { fileId: opened.value.fileId, offset, data });
        if (!sent.ok) {
          this.#problem = sent.error.message;
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
        this.#problem = result.error.fields.find((f) => f.field === 'fileId' || f.field === 'encoding')?.message ?? result.error.message;
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
      if (this.#cancelling) this.#notice = `${error instanceof Error ? error.message : String(error)}.`;
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
