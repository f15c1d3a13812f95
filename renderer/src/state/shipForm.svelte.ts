/**
 * The Ship screen's form: the order being packed, where it ships from and to, its packages and
 * (across a border) its customs data, what the checks and the service said about each field,
 * and the request key of this one intent to ship. It holds text as typed; `build()` turns it
 * into the shipment the station API takes, or into messages at the fields that stop it.
 */
import type { BoxPreset, MethodInput, OrderShipmentDraft, ShipmentSummary, StationResults } from '../../../electron/api';

type AddressValidationResponse = StationResults['validateAddress'];

export type Shipment = MethodInput<'ship'>['shipment'];
type ShipmentAddress = Shipment['shipTo'];

export const ADDRESS_FIELDS = ['contactName', 'companyName', 'address1', 'address2', 'city', 'stateProvince', 'zipPostalCode', 'country', 'phoneNumber1', 'emailAddress'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;

export interface PackageDraft {
  /** The preset chosen, by its code; '' when the sizes were typed. */
  preset: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  declaredValue: string;
}

export interface CommodityDraft {
  description: string;
  quantity: string;
  unitPrice: string;
  unitWeight: string;
  countryOfOrigin: string;
}

export interface CustomsDraft {
  commodities: CommodityDraft[];
  incoTerm1: string;
  reasonToExport: string;
  dutiesPaidBy: string;
  currencyCode: string;
}

export const INCOTERMS = ['DAP', 'DDP', 'EXW', 'FCA', 'CPT', 'CIP', 'DPU'] as const;
export const EXPORT_REASONS = ['Sale', 'Gift', 'Sample', 'Return', 'Repair', 'Personal use'] as const;
export const DUTIES_PAYERS = ['Recipient', 'Sender', 'Third party'] as const;

const emptyAddress = (): AddressDraft => ({ contactName: '', companyName: '', address1: '', address2: '', city: '', stateProvince: '', zipPostalCode: '', country: 'US', phoneNumber1: '', emailAddress: '' });
const emptyPackage = (): PackageDraft => ({ preset: '', weight: '', length: '', width: '', height: '', declaredValue: '' });
const emptyCommodity = (): CommodityDraft => ({ description: '', quantity: '1', unitPrice: '', unitWeight: '', countryOfOrigin: 'US' });
const emptyCustoms = (): CustomsDraft => ({ commodities: [emptyCommodity()], incoTerm1: 'DAP', reasonToExport: 'Sale', dutiesPaidBy: 'Recipient', currencyCode: 'USD' });

/** A request key: made once per intent to ship, so that repeats of the intent buy nothing twice. */
export function newRequestKey(): string {
  return crypto.randomUUID();
}

/** A number typed in a field: undefined when empty, NaN when it is not a number. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^-?\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The result of building the shipment: it, or the messages by field that stop it. */
export type Built = { readonly ok: true; readonly shipment: Shipment } | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

export class ShipForm {
  #orderNumber = $state('');
  #shippedBefore = $state<readonly ShipmentSummary[]>([]);
  #shipFromId = $state<string | undefined>();
  #shipFrom = $state<ShipmentAddress | undefined>();
  #shipTo = $state<AddressDraft>(emptyAddress());
  #check = $state<AddressValidationResponse | undefined>();
  #checkedFor = $state<string | undefined>();
  #packages = $state<PackageDraft[]>([emptyPackage()]);
  #customs = $state<CustomsDraft>(emptyCustoms());
  #errors = $state<Record<string, string>>({});
  #requestKey = $state(newRequestKey());
  /** The address as the check compares it: what is typed, trimmed, any case. */
  readonly #addressKey = $derived(JSON.stringify(ADDRESS_FIELDS.map((f) => this.#shipTo[f].trim().toUpperCase())));
  /**
   * Everything a rate depends on, as typed: where from and to, the packages, and the customs when
   * the shipment crosses a border. Rates are for the form as it was when they were asked for; once
   * this changes they are out of date.
   */
  readonly #quoteKey = $derived(
    JSON.stringify([
      this.#shipFrom ?? null,
      // Exactly as typed (trimmed): a price is for the address sent, not for one like it.
      ADDRESS_FIELDS.map((f) => this.#shipTo[f].trim()),
      this.#packages.map((p) => [p.preset.startsWith('PALLET'), p.weight.trim(), p.length.trim(), p.width.trim(), p.height.trim(), p.declaredValue.trim()]),
      this.international ? this.#customs : null,
    ]),
  );

  get orderNumber(): string {
    return this.#orderNumber;
  }
  get shippedBefore(): readonly ShipmentSummary[] {
    return this.#shippedBefore;
  }
  get shipFromId(): string | undefined {
    return this.#shipFromId;
  }
  get shipFrom(): ShipmentAddress | undefined {
    return this.#shipFrom;
  }
  get shipTo(): AddressDraft {
    return this.#shipTo;
  }
  get packages(): readonly PackageDraft[] {
    return this.#packages;
  }
  get customs(): CustomsDraft {
    return this.#customs;
  }
  get errors(): Readonly<Record<string, string>> {
    return this.#errors;
  }
  get requestKey(): string {
    return this.#requestKey;
  }

  /** The last address check, while the address is still the one it checked. */
  get check(): AddressValidationResponse | undefined {
    return this.#checkedFor === this.#addressKey ? this.#check : undefined;
  }

  /** The address as typed (trimmed, any case): an override or a check is for this address only. */
  get addressKey(): string {
    return this.#addressKey;
  }

  /** What rates are asked for: see #quoteKey. */
  get quoteKey(): string {
    return this.#quoteKey;
  }

  /** Countries differ: customs data is needed. */
  get international(): boolean {
    const from = this.#shipFrom?.country.toUpperCase();
    return from !== undefined && this.#shipTo.country.trim().toUpperCase() !== from;
  }

  /** Starts a new order: everything cleared but the ship-from, a new request key. */
  reset(): void {
    this.#orderNumber = '';
    this.#shippedBefore = [];
    this.#shipTo = emptyAddress();
    this.#check = undefined;
    this.#checkedFor = undefined;
    this.#packages = [emptyPackage()];
    this.#customs = emptyCustoms();
    this.#errors = {};
    this.#requestKey = newRequestKey();
  }

  /** The scanned order, and this station's shipments of it already made. */
  setOrder(orderNumber: string, shippedBefore: readonly ShipmentSummary[]): void {
    this.#orderNumber = orderNumber.trim();
    this.#shippedBefore = shippedBefore;
    this.clearError('references.orderNumber');
  }

  /** The packer chose to ship an order again although it was shipped: a new shipment, on purpose. */
  shipAgain(): void {
    this.#shippedBefore = [];
  }

  setShipFrom(id: string, address: ShipmentAddress): void {
    this.#shipFromId = id;
    this.#shipFrom = address;
  }

  setAddressField(field: AddressField, value: string): void {
    this.#shipTo[field] = value;
    this.clearError(`shipTo.${field}`);
  }

  /**
   * Fills the form from an imported order as the station drafted it: its ship-to, its items as the
   * customs lines (used when the countries differ) and package 1's weight when the file gave the
   * items' weights. The box is still the packer's to choose.
   */
  loadDraft(draft: OrderShipmentDraft): void {
    const to = draft.shipTo;
    const address = emptyAddress();
    for (const field of ADDRESS_FIELDS) address[field] = to[field] ?? address[field];
    this.#shipTo = address;
    this.#check = undefined;
    this.#checkedFor = undefined;
    this.#packages = [{ ...emptyPackage(), weight: draft.weight === null ? '' : String(draft.weight) }];
    this.#customs = {
      ...emptyCustoms(),
      commodities: draft.commodities.map((item) => ({
        description: item.description,
        quantity: String(item.quantity),
        unitPrice: item.unitPrice === null ? '' : String(item.unitPrice),
        unitWeight: item.unitWeight === null ? '' : String(item.unitWeight),
        countryOfOrigin: item.countryOfOrigin,
      })),
      currencyCode: draft.currencyCode,
    };
    this.#errors = {};
  }

  /** Fills the form with a shipment's input (a refused one, to correct). */
  load(shipment: Shipment): void {
    this.reset();
    this.#orderNumber = shipment.references?.orderNumber ?? '';
    const to = shipment.shipTo;
    const address = emptyAddress();
    for (const field of ADDRESS_FIELDS) address[field] = to[field] ?? address[field];
    this.#shipTo = address;
    this.#packages = shipment.packages.map((p) => ({
      preset: '',
      weight: String(p.weight),
      length: String(p.length),
      width: String(p.width),
      height: String(p.height),
      declaredValue: p.declaredValue === undefined ? '' : String(p.declaredValue),
    }));
    const detail = shipment.internationalDetail;
    if (detail !== undefined) {
      this.#customs = {
        commodities: (detail.commodities ?? []).map((c) => ({
          description: c.description ?? '',
          quantity: c.quantity === undefined ? '' : String(c.quantity),
          unitPrice: c.unitPrice === undefined ? '' : String(c.unitPrice),
          unitWeight: c.unitWeight === undefined ? '' : String(c.unitWeight),
          countryOfOrigin: c.countryOfOrigin ?? 'US',
        })),
        incoTerm1: detail.incoTerm1 ?? 'DAP',
        reasonToExport: detail.reasonToExport ?? 'Sale',
        dutiesPaidBy: detail.dutiesPaidBy ?? 'Recipient',
        currencyCode: detail.currencyCode ?? 'USD',
      };
    }
  }

  /** Keeps the answer of an address check for the address as it is now. */
  setCheck(answer: AddressValidationResponse | undefined): void {
    this.#check = answer;
    this.#checkedFor = answer === undefined ? undefined : this.#addressKey;
  }

  /** Puts the standardized address in place of the typed one (names and phone are kept when it has none). */
  acceptStandardized(): void {
    const best = this.#check?.validatedAddress?.[0];
    if (best === undefined) return;
    const check = this.#check;
    for (const field of ADDRESS_FIELDS) {
      const value = best[field];
      if (typeof value === 'string' && value.trim() !== '') this.#shipTo[field] = value;
    }
    // The standardized address is the checked one: the check still stands for it.
    this.#check = check;
    this.#checkedFor = this.#addressKey;
    for (const field of ADDRESS_FIELDS) this.clearError(`shipTo.${field}`);
  }

  setPackageField(index: number, field: keyof PackageDraft, value: string): void {
    const row = this.#packages[index];
    if (row === undefined) return;
    row[field] = value;
    if (field !== 'preset' && field !== 'weight' && field !== 'declaredValue') row.preset = '';
    this.clearError(`packages[${index}].${field}`);
  }

  /** Puts a preset's sizes on a row, in the desk's unit of length. */
  applyPreset(index: number, preset: BoxPreset, lengthUnit: 'IN' | 'CM', convert: (value: number) => number): void {
    const row = this.#packages[index];
    if (row === undefined) return;
    row.preset = preset.code;
    const size = (value: number): string => String(preset.unitOfLength === lengthUnit ? value : convert(value));
    row.length = size(preset.length);
    row.width = size(preset.width);
    row.height = size(preset.height);
    for (const field of ['length', 'width', 'height']) this.clearError(`packages[${index}].${field}`);
  }

  /** Adds a package row after `index` (at the end by default); returns the new row's index. */
  addPackage(after = this.#packages.length - 1): number {
    this.#packages.splice(after + 1, 0, emptyPackage());
    return after + 1;
  }

  /** Removes a row (the last one stays, emptied). */
  removePackage(index: number): void {
    if (this.#packages.length === 1) this.#packages = [emptyPackage()];
    else this.#packages.splice(index, 1);
    this.#errors = {};
  }

  setCustomsField(field: Exclude<keyof CustomsDraft, 'commodities'>, value: string): void {
    this.#customs[field] = value;
    this.clearError(`internationalDetail.${field}`);
  }

  setCommodityField(index: number, field: keyof CommodityDraft, value: string): void {
    const row = this.#customs.commodities[index];
    if (row === undefined) return;
    row[field] = value;
    this.clearError(`internationalDetail.commodities[${index}].${field}`);
    this.clearError('internationalDetail.totalCustomValue');
  }

  addCommodity(): number {
    this.#customs.commodities.push(emptyCommodity());
    return this.#customs.commodities.length - 1;
  }

  removeCommodity(index: number): void {
    if (this.#customs.commodities.length > 1) this.#customs.commodities.splice(index, 1);
  }

  setErrors(errors: Readonly<Record<string, string>>): void {
    this.#errors = { ...errors };
  }

  clearError(field: string): void {
    if (field in this.#errors) {
      const { [field]: _gone, ...rest } = this.#errors;
      this.#errors = rest;
    }
  }

  /** The sum of the packages' declared values, when any is given. */
  get declaredTotal(): number | undefined {
    const values = this.#packages.map((p) => numberOf(p.declaredValue)).filter((v): v is number => v !== undefined && Number.isFinite(v));
    return values.length === 0 ? undefined : Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
  }

  /** The sum of the commodities' values (quantity × unit value). */
  get customsTotal(): number {
    const total = this.#customs.commodities.reduce((sum, c) => sum + (numberOf(c.quantity) ?? 0) * (numberOf(c.unitPrice) ?? 0), 0);
    return Math.round(total * 100) / 100;
  }

  /**
   * The shipment as the station takes it, in the desk's units, or the messages at the fields
   * that stop it (checked here for what a packer can fix at once; the station and the service
   * check the rest). `forRates` asks only what a rate request needs.
   */
  build(units: { weight: string; length: string }, shipmentInfo: Shipment['shipmentInfo'], options: { forRates?: boolean } = {}): Built {
    const errors: Record<string, string> = {};
    const need = (field: string, value: string, what: string): string => {
      if (value.trim() === '') errors[field] = `${what} is required`;
      return value.trim();
    };
    const positive = (field: string, text: string, what: string): number => {
      const value = numberOf(text);
      if (value === undefined) errors[field] = `${what} is required`;
      else if (!Number.isFinite(value) || value <= 0) errors[field] = `${what} must be a number above 0`;
      return value ?? 0;
    };
    const optionalAmount = (field: string, text: string, what: string): number | undefined => {
      const value = numberOf(text);
      if (value !== undefined && (!Number.isFinite(value) || value < 0)) errors[field] = `${what} must be a number of 0 or more`;
      return value;
    };

    if (this.#shipFrom === undefined) errors.shipFrom = 'Choose where this ships from';
    const to = this.#shipTo;
    if (to.contactName.trim() === '' && to.companyName.trim() === '') errors['shipTo.contactName'] = 'A name or a company is required';
    const shipTo: ShipmentAddress = {
      address1: need('shipTo.address1', to.address1, 'Address'),
      city: need('shipTo.city', to.city, 'City'),
      stateProvince: need('shipTo.stateProvince', to.stateProvince, 'State or province'),
      zipPostalCode: need('shipTo.zipPostalCode', to.zipPostalCode, 'ZIP or postal code'),
      country: need('shipTo.country', to.country, 'Country').toUpperCase(),
    };
    if (shipTo.country !== '' && !/^[A-Z]{2}$/.test(shipTo.country)) errors['shipTo.country'] = 'Country must be a two-letter code, such as US or CA';
    for (const field of ['contactName', 'companyName', 'address2', 'phoneNumber1', 'emailAddress'] as const) {
      const value = to[field].trim();
      if (value !== '') shipTo[field] = value;
    }

    const packages = this.#packages.map((p, i) => {
      const declared = optionalAmount(`packages[${i}].declaredValue`, p.declaredValue, 'Declared value');
      return {
        weight: positive(`packages[${i}].weight`, p.weight, 'Weight'),
        length: positive(`packages[${i}].length`, p.length, 'Length'),
        width: positive(`packages[${i}].width`, p.width, 'Width'),
        height: positive(`packages[${i}].height`, p.height, 'Height'),
        type: p.preset.startsWith('PALLET') ? 'Pallet' : 'Box',
        ...(declared === undefined ? {} : { declaredValue: declared }),
      };
    });

    let internationalDetail: Shipment['internationalDetail'];
    if (this.international) {
      const customs = this.#customs;
      const commodities = customs.commodities.map((c, i) => {
        const at = `internationalDetail.commodities[${i}]`;
        const quantity = positive(`${at}.quantity`, c.quantity, 'Quantity');
        const unitPrice = positive(`${at}.unitPrice`, c.unitPrice, 'Unit value');
        const unitWeight = optionalAmount(`${at}.unitWeight`, c.unitWeight, 'Unit weight');
        return {
          description: need(`${at}.description`, c.description, 'Description'),
          quantity,
          unitPrice,
          customValue: Math.round(quantity * unitPrice * 100) / 100,
          countryOfOrigin: need(`${at}.countryOfOrigin`, c.countryOfOrigin, 'Country of origin').toUpperCase(),
          numberOfBoxes: packages.length,
          ...(unitWeight === undefined ? {} : { unitWeight }),
        };
      });
      const total = this.customsTotal;
      const declared = this.declaredTotal;
      // Customs and the carrier's insurance must tell the same story about what is in the boxes.
      if (declared !== undefined && Math.abs(declared - total) > 0.005) {
        errors['internationalDetail.totalCustomValue'] = `The commodities come to ${total.toFixed(2)} but the packages declare ${declared.toFixed(2)}: make them agree`;
      }
      internationalDetail = {
        incoTerm1: customs.incoTerm1,
        reasonToExport: customs.reasonToExport,
        dutiesPaidBy: customs.dutiesPaidBy,
        currencyCode: customs.currencyCode,
        totalCustomValue: total,
        commodities,
      };
    }

    if (options.forRates !== true && this.#orderNumber === '') errors['references.orderNumber'] = 'Scan or type the order number';
    if (Object.keys(errors).length > 0 || this.#shipFrom === undefined) return { ok: false, errors };
    const shipment: Shipment = {
      // A timestamp for the request, not state of the form.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      shipDate: new Date().toISOString(),
      shipFrom: this.#shipFrom,
      shipTo,
      shipmentInfo,
      packages,
      unitOfWeight: units.weight,
      unitOfLength: units.length,
      ...(this.#orderNumber === '' ? {} : { references: { orderNumber: this.#orderNumber } }),
      ...(internationalDetail === undefined ? {} : { internationalDetail }),
      ...(this.#shipFromId === undefined ? {} : { location: this.#shipFromId }),
    };
    return { ok: true, shipment };
  }
}
