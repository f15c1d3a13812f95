/**
 * Importing a shop's order file on the Orders screen: the file read in the page, a preview from
 * the station (what would be imported, and each bad row's problem in words) before anything is
 * saved, the columns chosen by hand when the station does not know the file's headers (a mapping
 * that can be saved by name and used again), and the import itself.
 */
import Papa from 'papaparse';
import type { ColumnMapping, ImportPreview, OrderField } from '../../../electron/api';
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
  itemSku: 'Item SKU',
  itemBarcode: 'Item barcode',
  itemDescription: 'Item description',
  itemQuantity: 'Item quantity',
  itemPrice: 'Item price',
  itemWeight: 'Item weight',
  itemWeightUnit: 'Item weight unit',
  itemRequiresShipping: 'Item requires shipping',
} as const satisfies Record<OrderField, string>;

export const FORMAT_WORDS = { shopify: 'Shopify orders export', generic: 'A sheet with known column names', custom: 'Columns chosen by hand' } as const;

export interface ImportOutcome {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly keptShipped: number;
}

export class OrderImportState {
  #fileName = $state<string | undefined>();
  #text: string | undefined;
  #preview = $state.raw<ImportPreview | undefined>();
  #problem = $state<string | undefined>();
  #mapping = $state<ColumnMapping>({});
  #busy = $state(false);
  #outcome = $state<ImportOutcome | undefined>();
  #headers = $state.raw<readonly string[]>([]);

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
  get outcome(): ImportOutcome | undefined {
    return this.#outcome;
  }
  /** The file's column names, read here so columns can be chosen even when the station could not map them. */
  get headers(): readonly string[] {
    return this.#headers;
  }

  /** Reads a chosen or dropped file and asks for its preview. */
  async choose(file: File): Promise<void> {
    this.#fileName = file.name;
    this.#outcome = undefined;
    this.#mapping = {};
    this.#text = await file.text();
    const firstRow = Papa.parse<string[]>(this.#text.replace(/^\uFEFF/, ''), { preview: 1 }).data[0] ?? [];
    this.#headers = firstRow.map((header) => header.trim()).filter((header) => header !== '');
    await this.#preview_(undefined);
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
    await this.#preview_(this.#mapping);
  }

  async #preview_(mapping: ColumnMapping | undefined): Promise<void> {
    if (this.#text === undefined) return;
    this.#busy = true;
    try {
      const result = await this.station.call('previewOrderImport', { text: this.#text, ...(mapping === undefined ? {} : { mapping }) });
      if (result.ok) {
        this.#preview = result.value;
        this.#problem = undefined;
        if (mapping === undefined) this.#mapping = { ...result.value.mapping };
      } else {
        this.#preview = undefined;
        this.#problem = result.error.fields.find((f) => f.field === 'text')?.message ?? result.error.message;
      }
    } finally {
      this.#busy = false;
    }
  }

  /** Saves the orders the preview shows (the station reads the file again itself). */
  async import(): Promise<ImportOutcome | undefined> {
    const preview = this.#preview;
    if (this.#text === undefined || preview === undefined || this.#busy) return undefined;
    this.#busy = true;
    try {
      const result = await this.station.value('importOrders', { text: this.#text, ...(preview.format === 'custom' ? { mapping: this.#mapping } : {}) });
      this.#outcome = result;
      return result;
    } catch (error) {
      handleError(error);
      return undefined;
    } finally {
      this.#busy = false;
    }
  }

  clear(): void {
    this.#fileName = undefined;
    this.#text = undefined;
    this.#preview = undefined;
    this.#problem = undefined;
    this.#outcome = undefined;
    this.#mapping = {};
  }
}
