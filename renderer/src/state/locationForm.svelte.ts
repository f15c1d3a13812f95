/**
 * The form of one ship-from location, every field of the service's location record: the
 * location itself, its address, a billing address, settings, dangerous-goods details and
 * regional settings. The fields are described once (LOCATION_SECTIONS) and the form, the
 * checks and the record sent are all made from that description.
 *
 * Update Location merges a nested object that is sent into the stored one, so a section that
 * changed is sent whole, and an optional field that was emptied is sent as "" to clear it.
 */
import type { MethodInput, StationResults } from '../../../electron/api';

/** A location as Get Location answers it. */
export type LocationDetail = StationResults['getLocation'];

export type FieldKind = 'text' | 'flag' | 'lines' | 'notes';

export interface FieldSpec {
  readonly key: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly hint?: string;
  readonly inputmode?: 'email' | 'tel';
}

export type SectionId = 'location' | 'address' | 'billingAddress' | 'settings' | 'dgDetail' | 'regionalSetting';

export interface SectionSpec {
  readonly id: SectionId;
  readonly title: string;
  readonly fields: readonly FieldSpec[];
}

const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { key: 'contactName', label: 'Contact name', kind: 'text' },
  { key: 'emailAddress', label: 'E-mail', kind: 'text', inputmode: 'email' },
  { key: 'phoneNumber1', label: 'Phone', kind: 'text', inputmode: 'tel' },
  { key: 'phoneNumber2', label: 'Second phone', kind: 'text', inputmode: 'tel' },
  { key: 'address1', label: 'Address line 1', kind: 'text', required: true },
  { key: 'address2', label: 'Address line 2', kind: 'text' },
  { key: 'area', label: 'Area or district', kind: 'text' },
  { key: 'city', label: 'City', kind: 'text', required: true },
  { key: 'stateProvince', label: 'State or province', kind: 'text', required: true },
  { key: 'zipPostalCode', label: 'ZIP or postal code', kind: 'text', required: true },
  { key: 'country', label: 'Country', kind: 'text', required: true, hint: 'Two letters: US, CA, GB…' },
  { key: 'vatorTaxType', label: 'VAT or tax id type', kind: 'text' },
];

export const LOCATION_SECTIONS: readonly SectionSpec[] = [
  {
    id: 'location',
    title: 'Location',
    fields: [
      { key: 'locationName', label: 'Location name', kind: 'text', required: true },
      { key: 'referenceId', label: 'Reference id', kind: 'text', required: true, hint: 'Your own code for this location' },
      { key: 'groupId', label: 'Group', kind: 'text' },
      { key: 'active', label: 'Active (offered as a ship-from location)', kind: 'flag' },
      { key: 'tags', label: 'Tags', kind: 'lines', hint: 'One tag per line' },
    ],
  },
  { id: 'address', title: 'Address', fields: ADDRESS_FIELDS },
  { id: 'billingAddress', title: 'Billing address', fields: ADDRESS_FIELDS },
  {
    id: 'settings',
    title: 'Settings',
    fields: [
      { key: 'currencyCode', label: 'Currency', kind: 'text', hint: 'Three letters: USD, CAD, EUR…' },
      { key: 'unitOfWeight', label: 'Unit of weight', kind: 'text', hint: 'LB or KG' },
      { key: 'unitOfLength', label: 'Unit of length', kind: 'text', hint: 'IN or CM' },
      { key: 'defaultTimezone', label: 'Time zone', kind: 'text', hint: 'As America/Chicago' },
      { key: 'manualShippingAvailable', label: 'Manual shipping available', kind: 'flag' },
      { key: 'defaultDescription', label: 'Default product descriptions', kind: 'lines', hint: 'One per line' },
      { key: 'defaultDeclaration', label: 'Default customs declaration', kind: 'notes' },
      { key: 'defaultShiptoContactName', label: 'Default ship-to contact', kind: 'text' },
      { key: 'defaultShiptoEmailAddress', label: 'Default ship-to e-mail', kind: 'text', inputmode: 'email' },
    ],
  },
  {
    id: 'dgDetail',
    title: 'Dangerous goods',
    fields: [
      { key: 'emergPhone', label: 'Emergency phone', kind: 'text', inputmode: 'tel' },
      { key: 'offererContractHolder', label: 'Offeror or contract holder', kind: 'text' },
      { key: 'contractNo', label: 'Contract number', kind: 'text' },
    ],
  },
  {
    id: 'regionalSetting',
    title: 'Regional settings',
    fields: [
      { key: 'useItemData', label: 'Use item data', kind: 'flag' },
      { key: 'defaultFreightClass', label: 'Default freight class', kind: 'text' },
      { key: 'defaultNmfcCode', label: 'Default NMFC code', kind: 'text' },
      { key: 'autoCalcFreightClass', label: 'Work out the freight class', kind: 'flag' },
      { key: 'zeroFreightforOutboundThirdParty', label: 'Zero freight for outbound third-party billing', kind: 'flag' },
      { key: 'zeroFreightforOutboundCollectOrRecipient', label: 'Zero freight for outbound collect or recipient billing', kind: 'flag' },
    ],
  },
];

type Value = string | boolean;
type Draft = Record<SectionId, Record<string, Value>>;
type Sent = Record<string, unknown>;

/** The path of a field as the station names it below `location` ("address.city", "tags"). */
export function fieldPath(section: SectionId, key: string): string {
  return section === 'location' ? key : `${section}.${key}`;
}

const FIELD_PATHS: ReadonlySet<string> = new Set(LOCATION_SECTIONS.flatMap((section) => section.fields.map((field) => fieldPath(section.id, field.key))));

/** Whether the form has a field for a message at `path` (one about a list's entry stands at the list). */
export function showsField(path: string): boolean {
  return FIELD_PATHS.has(path.replace(/\[\d+\]$/, ''));
}

/** What a stored value looks like in the form: text, lines for a list, a flag. */
function formValue(field: FieldSpec, value: unknown): Value {
  if (field.kind === 'flag') return value === true;
  if (field.kind === 'lines') return Array.isArray(value) ? value.filter((v) => typeof v === 'string').join('\n') : '';
  return typeof value === 'string' ? value : '';
}

function emptyDraft(): Draft {
  const draft = {} as Draft;
  for (const section of LOCATION_SECTIONS) {
    draft[section.id] = Object.fromEntries(section.fields.map((field) => [field.key, field.kind === 'flag' ? false : '']));
  }
  draft.location.active = true;
  return draft;
}

function draftOf(detail: LocationDetail): Draft {
  const draft = emptyDraft();
  const record = detail as Record<string, unknown>;
  for (const section of LOCATION_SECTIONS) {
    const source = section.id === 'location' ? record : record[section.id];
    if (typeof source !== 'object' || source === null) continue;
    for (const field of section.fields) draft[section.id][field.key] = formValue(field, (source as Record<string, unknown>)[field.key]);
  }
  return draft;
}

/** A field's value as the service takes it, or undefined when there is nothing to send. */
function sentValue(field: FieldSpec, value: Value): unknown {
  if (field.kind === 'flag') return value === true;
  const text = String(value);
  if (field.kind === 'lines') {
    const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    return lines;
  }
  return field.kind === 'notes' ? text : text.trim();
}

const isBlank = (value: unknown): boolean => value === '' || value === false || (Array.isArray(value) && value.length === 0);

export class LocationForm {
  #draft = $state<Draft>(emptyDraft());
  #initial: Draft;
  #errors = $state<Record<string, string>>({});
  #billing = $state(false);
  #saving = $state(false);
  readonly #dirty = $derived.by(() => JSON.stringify($state.snapshot(this.#draft)) !== JSON.stringify(this.#initial) || this.#billing !== this.hadBilling);
  /** The location being edited; undefined for a new one. */
  readonly editing: LocationDetail | undefined;
  readonly hadBilling: boolean;

  constructor(detail?: LocationDetail) {
    this.editing = detail;
    this.#draft = detail === undefined ? emptyDraft() : draftOf(detail);
    // A plain copy: what the form started from, to tell what changed.
    this.#initial = $state.snapshot(this.#draft);
    this.hadBilling = detail?.billingAddress !== undefined;
    this.#billing = this.hadBilling;
  }

  get errors(): Readonly<Record<string, string>> {
    return this.#errors;
  }
  get saving(): boolean {
    return this.#saving;
  }
  /** Whether the billing address is part of the location (it can be added; the service cannot remove one). */
  get billing(): boolean {
    return this.#billing;
  }
  set billing(on: boolean) {
    this.#billing = on || this.hadBilling;
  }
  get dirty(): boolean {
    return this.#dirty;
  }

  value(section: SectionId, key: string): Value {
    return this.#draft[section][key] ?? '';
  }

  set(section: SectionId, key: string, value: Value): void {
    this.#draft[section][key] = value;
    const path = fieldPath(section, key);
    if (Object.keys(this.#errors).some((at) => at === path || at.startsWith(`${path}[`))) {
      this.#errors = Object.fromEntries(Object.entries(this.#errors).filter(([at]) => at !== path && !at.startsWith(`${path}[`)));
    }
  }

  setSaving(saving: boolean): void {
    this.#saving = saving;
  }

  /** The station's messages, by path below `location`; a message about one list entry stands at its list. */
  setErrors(errors: Record<string, string>): void {
    const placed: Record<string, string> = {};
    for (const [path, message] of Object.entries(errors)) placed[path.replace(/\[\d+\]$/, '')] ??= message;
    this.#errors = placed;
  }

  /**
   * The record to send: a new location whole, or for an edit the location's own fields that
   * changed and every nested section that changed, whole. Undefined with the messages at the
   * fields when a required field is empty.
   */
  build(): { ok: true; location: MethodInput<'createLocation'>['location'] } | { ok: true; changes: MethodInput<'updateLocation'>['location'] } | { ok: false } {
    const errors: Record<string, string> = {};
    const creating = this.editing === undefined;
    const record: Sent = {};
    for (const section of LOCATION_SECTIONS) {
      if (section.id === 'billingAddress' && !this.#billing) continue;
      const values = this.#draft[section.id];
      const before = this.#initial[section.id];
      const changed = section.fields.some((field) => values[field.key] !== before[field.key]) || (section.id === 'billingAddress' && !this.hadBilling);
      const sent: Sent = {};
      for (const field of section.fields) {
        const value = sentValue(field, values[field.key] ?? '');
        if (field.required === true && isBlank(value)) errors[fieldPath(section.id, field.key)] = `${field.label} is needed`;
        const wasSet = !isBlank(sentValue(field, before[field.key] ?? ''));
        // A flag is sent when it is on, or was on; text when it holds something, or is being cleared.
        if (!isBlank(value) || (!creating && wasSet) || (field.key === 'active' && section.id === 'location')) sent[field.key] = value;
      }
      if (section.id === 'location') {
        for (const field of section.fields) {
          if (creating || values[field.key] !== before[field.key]) if (field.key in sent) record[field.key] = sent[field.key];
        }
      } else if (creating ? Object.keys(sent).length > 0 : changed) {
        record[section.id] = sent;
      }
    }
    if (Object.keys(errors).length > 0) {
      this.#errors = errors;
      return { ok: false };
    }
    this.#errors = {};
    // The station checks the record against the service contract and names any field it refuses.
    return creating ? { ok: true, location: record as MethodInput<'createLocation'>['location'] } : { ok: true, changes: record };
  }
}
