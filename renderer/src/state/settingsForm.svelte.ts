/**
 * The Settings screen's form: the desk's settings as typed, what the station said about each
 * field, and the one Save that sends every changed setting in one `updateSettings` (the station
 * takes all of it or none). Box presets are rows with a key of their own, so a moved row keeps
 * its focus and its fields. A form with unsaved changes is parked when the packer leaves the
 * screen and taken up again on return, so nothing typed is lost by looking at another screen.
 */
import type { BoxPreset, MethodInput, NamedService, ScaleSettings, ServiceRule, SettingsView, StationSettings, UnitSystem } from '../../../electron/api';
import { KNOWN_SERVICES, serviceKey } from '../lib/carriers';
import { handleError } from '../lib/errors';
import { StationCallError } from '../lib/station';
import type { SettingsState } from './settings.svelte';

type Patch = MethodInput<'updateSettings'>;

export type LengthUnit = BoxPreset['unitOfLength'];
export const LENGTH_UNITS = ['IN', 'CM'] as const satisfies readonly LengthUnit[];

/** The most presets the station keeps (electron/api/settings.ts). */
export const MAX_PRESETS = 50;

export interface PresetDraft {
  /** The row's own key: stays with the row when it moves. */
  readonly key: number;
  code: string;
  name: string;
  length: string;
  width: string;
  height: string;
  unitOfLength: LengthUnit;
}

export type PresetField = 'code' | 'name' | 'length' | 'width' | 'height';

/** A requested-service rule as the form holds it: names as typed (comma between them), services by their key. */
export interface RuleDraft {
  readonly key: number;
  names: string;
  kind: ServiceRule['choice']['kind'];
  /** '' for any number of days. */
  withinDays: string;
  expressOnly: boolean;
  /** The service a `service` rule names (serviceKey). */
  service: string;
  /** The service without rates (serviceKey); '' for the desk's default. */
  offline: string;
}

export type RuleField = Exclude<keyof RuleDraft, 'key'>;

/** The most rules the station keeps (electron/api/settings.ts). */
export const MAX_RULES = 50;

/** The scale's settings as the form holds them: the port as typed ('' for the first port). */
export type ScaleDraft = Omit<ScaleSettings, 'serialPort'> & { serialPort: string };

export interface SettingsDraft {
  deskId: string;
  labelRetentionDays: string;
  autoPrintLabels: boolean;
  autoPrintDocuments: boolean;
  /** '' for the first active location. */
  defaultLocationId: string;
  unitSystem: UnitSystem;
  /** '' for no preferred carrier. */
  preferredCarrier: string;
  boxPresets: PresetDraft[];
  scale: ScaleDraft;
  packVerification: boolean;
  sounds: boolean;
  packingSlips: boolean;
  /** The desk's service without rates (serviceKey). */
  defaultService: string;
  serviceRules: RuleDraft[];
}

export type ScalarField = Exclude<keyof SettingsDraft, 'boxPresets' | 'scale' | 'serviceRules'>;

/** A number as typed: undefined when empty, NaN when it is not one. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^-?\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What a draft looks like without its rows' keys: two drafts that say the same compare equal. */
function comparable(draft: SettingsDraft): string {
  return JSON.stringify({ ...draft, boxPresets: draft.boxPresets.map(({ key: _key, ...rest }) => rest), serviceRules: draft.serviceRules.map(({ key: _key, ...rest }) => rest) });
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export type SaveOutcome = 'saved' | 'unchanged' | 'refused';

const KNOWN_KEYS: ReadonlySet<string> = new Set(KNOWN_SERVICES.map(serviceKey));

/** Every service the settings name (the desk's default, the rules' own), each once. */
function servicesNamedBy(settings: StationSettings): NamedService[] {
  const named = [settings.defaultService, ...settings.serviceRules.flatMap((rule) => [rule.choice.kind === 'service' ? rule.choice.service : null, rule.offline])];
  return [...new Map(named.filter((service): service is NamedService => service !== null).map((service) => [serviceKey(service), service])).values()];
}

export class SettingsForm {
  // Raw: compared by identity with what SettingsState holds.
  #saved = $state.raw<SettingsView | undefined>();
  #draft = $state<SettingsDraft | undefined>();
  #errors = $state<Record<string, string>>({});
  #saving = $state(false);
  /** The station's settings changed (another connection became active) while this form had changes. */
  #stale = $state(false);
  /** Services the settings name that the desk's list does not know, offered beside it. */
  readonly #otherServices = $derived(this.#saved === undefined ? [] : servicesNamedBy(this.#saved).filter((service) => !KNOWN_KEYS.has(serviceKey(service))));
  #nextKey = 1;

  constructor(private readonly settings: SettingsState) {}

  get draft(): SettingsDraft | undefined {
    return this.#draft;
  }
  /** With a warehouse linked: that the box presets and service rules are its, or why the desk's copy is shown, in words. */
  get sharedWords(): string | undefined {
    return this.#saved?.shared?.words;
  }

  get errors(): Readonly<Record<string, string>> {
    return this.#errors;
  }
  get saving(): boolean {
    return this.#saving;
  }
  get stale(): boolean {
    return this.#stale;
  }
  /** The services a rule or the desk's default may name. */
  get services(): readonly NamedService[] {
    return [...KNOWN_SERVICES, ...this.#otherServices];
  }

  /** Something on the form differs from what the station keeps. */
  get dirty(): boolean {
    return this.#draft !== undefined && this.#saved !== undefined && comparable(this.#draft) !== comparable(this.#draftOf(this.#saved));
  }

  /** Takes the station's settings: the form shows them unless it holds changes of its own. */
  rebase(current: SettingsView): void {
    if (this.#saved === current) return;
    if (this.#draft === undefined || !this.dirty) {
      this.#saved = current;
      this.#draft = this.#draftOf(current);
      this.#stale = false;
    } else {
      this.#stale = true;
      this.#saved = current;
    }
  }

  /** Puts back what the station keeps. */
  discard(): void {
    if (this.#saved === undefined) return;
    this.#draft = this.#draftOf(this.#saved);
    this.#errors = {};
    this.#stale = false;
  }

  set<F extends ScalarField>(field: F, value: SettingsDraft[F]): void {
    if (this.#draft === undefined) return;
    this.#draft[field] = value;
    this.#clear(field);
  }

  setScale<F extends keyof ScaleDraft>(field: F, value: ScaleDraft[F]): void {
    if (this.#draft === undefined) return;
    this.#draft.scale[field] = value;
    this.#clear(`scale.${field}`);
    this.#clear('scale');
  }

  setPresetField(index: number, field: PresetField, value: string): void {
    const row = this.#draft?.boxPresets[index];
    if (row === undefined) return;
    row[field] = field === 'code' ? value.toUpperCase() : value;
    this.#clear(`boxPresets[${index}].${field}`);
    if (field === 'code') this.#clear('boxPresets');
  }

  setPresetUnit(index: number, unit: LengthUnit): void {
    const row = this.#draft?.boxPresets[index];
    if (row !== undefined) row.unitOfLength = unit;
  }

  /** Adds an empty preset after `after` (at the end when absent); its index, or undefined when the list is full. */
  addPreset(after?: number): number | undefined {
    const rows = this.#draft?.boxPresets;
    if (rows === undefined || rows.length >= MAX_PRESETS) return undefined;
    const at = after === undefined ? rows.length : after + 1;
    const unit: LengthUnit = this.#draft?.unitSystem === 'metric' ? 'CM' : 'IN';
    rows.splice(at, 0, { key: this.#nextKey++, code: '', name: '', length: '', width: '', height: '', unitOfLength: unit });
    this.#clearPresetErrors();
    return at;
  }

  removePreset(index: number): void {
    const rows = this.#draft?.boxPresets;
    if (rows === undefined || rows[index] === undefined) return;
    rows.splice(index, 1);
    this.#clearPresetErrors();
  }

  /** Moves a preset one place up or down (its number key changes with it); its new index. */
  movePreset(index: number, by: -1 | 1): number {
    const rows = this.#draft?.boxPresets;
    const to = index + by;
    if (rows === undefined || to < 0 || to >= rows.length) return index;
    const [row] = rows.splice(index, 1);
    if (row !== undefined) rows.splice(to, 0, row);
    this.#clearPresetErrors();
    return to;
  }

  setRuleField<F extends RuleField>(index: number, field: F, value: RuleDraft[F]): void {
    const row = this.#draft?.serviceRules[index];
    if (row === undefined) return;
    row[field] = value;
    this.#clear(`serviceRules[${index}].${field === 'kind' || field === 'service' ? 'choice' : field}`);
  }

  /** Adds a rule at the end; its index, or undefined when the list is full. */
  addRule(): number | undefined {
    const rows = this.#draft?.serviceRules;
    if (rows === undefined || rows.length >= MAX_RULES) return undefined;
    rows.push({ key: this.#nextKey++, names: '', kind: 'cheapest', withinDays: '', expressOnly: false, service: serviceKey(KNOWN_SERVICES[0] ?? { carrier: 'UPS', serviceLevel: 'UPS_GROUND' }), offline: '' });
    this.#clearRuleErrors();
    return rows.length - 1;
  }

  removeRule(index: number): void {
    const rows = this.#draft?.serviceRules;
    if (rows === undefined || rows[index] === undefined) return;
    rows.splice(index, 1);
    this.#clearRuleErrors();
  }

  /** Moves a rule one place up or down (the first of equal matches wins); its new index. */
  moveRule(index: number, by: -1 | 1): number {
    const rows = this.#draft?.serviceRules;
    const to = index + by;
    if (rows === undefined || to < 0 || to >= rows.length) return index;
    const [row] = rows.splice(index, 1);
    if (row !== undefined) rows.splice(to, 0, row);
    this.#clearRuleErrors();
    return to;
  }

  /** Saves every changed setting at once; field messages from the station land at their fields. */
  async save(): Promise<SaveOutcome> {
    const draft = this.#draft;
    const saved = this.#saved;
    if (draft === undefined || saved === undefined || this.#saving) return 'unchanged';
    const built = this.#build(draft);
    if (!built.ok) {
      this.#errors = built.errors;
      return 'refused';
    }
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(built.values)) {
      if (!sameValue(value, saved[key as keyof StationSettings])) patch[key] = value;
    }
    if (Object.keys(patch).length === 0) {
      this.#errors = {};
      return 'unchanged';
    }
    // A change of the warehouse's settings names the versions it started from (another desk may have moved on).
    const versions = saved.shared?.versions;
    if (versions !== undefined && ('boxPresets' in patch || 'serviceRules' in patch)) patch.sharedVersions = versions;
    this.#saving = true;
    try {
      const now = await this.settings.update(patch);
      this.#saved = now;
      this.#draft = this.#draftOf(now);
      this.#errors = {};
      this.#stale = false;
      return 'saved';
    } catch (error) {
      // The screen shows each message at its field, and any other by Save.
      this.#errors = handleError(error, {});
      // Another desk changed the warehouse's settings meanwhile: theirs are shown, to be changed again.
      if (error instanceof StationCallError && error.error.code === 'conflict') await this.#showNewer();
      return 'refused';
    } finally {
      this.#saving = false;
    }
  }

  async #showNewer(): Promise<void> {
    await this.settings.load();
    const newer = this.settings.current;
    if (newer === undefined) return;
    this.#saved = newer;
    this.#draft = this.#draftOf(newer);
  }

  #draftOf(settings: StationSettings): SettingsDraft {
    return {
      packVerification: settings.packVerification,
      sounds: settings.sounds,
      packingSlips: settings.packingSlips,
      defaultService: serviceKey(settings.defaultService),
      serviceRules: settings.serviceRules.map((rule) => ({
        key: this.#nextKey++,
        names: rule.names.join(', '),
        kind: rule.choice.kind,
        withinDays: rule.choice.kind === 'cheapest' && rule.choice.withinDays !== null ? String(rule.choice.withinDays) : '',
        expressOnly: rule.choice.kind === 'cheapest' && rule.choice.expressOnly,
        service: rule.choice.kind === 'service' ? serviceKey(rule.choice.service) : serviceKey(settings.defaultService),
        offline: rule.offline === null ? '' : serviceKey(rule.offline),
      })),
      deskId: settings.deskId,
      labelRetentionDays: String(settings.labelRetentionDays),
      autoPrintLabels: settings.autoPrintLabels,
      autoPrintDocuments: settings.autoPrintDocuments,
      defaultLocationId: settings.defaultLocationId ?? '',
      unitSystem: settings.unitSystem,
      preferredCarrier: settings.preferredCarrier ?? '',
      scale: { ...settings.scale, serialPort: settings.scale.serialPort ?? '' },
      // Keys are made afresh; comparisons leave them out.
      boxPresets: settings.boxPresets.map((preset) => ({
        key: this.#nextKey++,
        code: preset.code,
        name: preset.name,
        length: String(preset.length),
        width: String(preset.width),
        height: String(preset.height),
        unitOfLength: preset.unitOfLength,
      })),
    };
  }

  /** The settings the form says, or what stops them being sent (numbers that are not numbers). */
  #build(draft: SettingsDraft): { ok: true; values: Required<Omit<Patch, 'sharedVersions'>> } | { ok: false; errors: Record<string, string> } {
    const errors: Record<string, string> = {};
    const retention = numberOf(draft.labelRetentionDays);
    if (retention === undefined || Number.isNaN(retention)) errors.labelRetentionDays = 'Label retention must be a whole number of days';
    const presets = draft.boxPresets.map((row, i): BoxPreset => {
      const sides = { length: numberOf(row.length), width: numberOf(row.width), height: numberOf(row.height) };
      for (const [side, value] of Object.entries(sides)) {
        if (value === undefined || Number.isNaN(value)) errors[`boxPresets[${i}].${side}`] = `${side.charAt(0).toUpperCase()}${side.slice(1)} must be a number`;
      }
      return { code: row.code.trim(), name: row.name.trim(), length: sides.length ?? 0, width: sides.width ?? 0, height: sides.height ?? 0, unitOfLength: row.unitOfLength };
    });
    const serviceOf = (key: string): NamedService | undefined => this.services.find((service) => serviceKey(service) === key);
    const rules = draft.serviceRules.map((row, i): ServiceRule => {
      const names = row.names.split(',').map((name) => name.trim()).filter((name) => name !== '');
      if (names.length === 0) errors[`serviceRules[${i}].names`] = 'Name at least one requested service (commas between names)';
      const days = numberOf(row.withinDays);
      if (days !== undefined && (Number.isNaN(days) || !Number.isInteger(days) || days < 1 || days > 10)) errors[`serviceRules[${i}].withinDays`] = 'Days must be a whole number from 1 to 10, or empty for any';
      const offline = row.offline === '' ? null : (serviceOf(row.offline) ?? null);
      const service = serviceOf(row.service);
      if (row.kind === 'service' && service !== undefined) return { names, choice: { kind: 'service', service }, offline };
      return { names, choice: { kind: 'cheapest', withinDays: days === undefined || Number.isNaN(days) ? null : days, expressOnly: row.expressOnly }, offline };
    });
    const defaultService = serviceOf(draft.defaultService);
    if (defaultService === undefined) errors.defaultService = 'Choose the service to ship with when no rates can be had';
    if (Object.keys(errors).length > 0 || defaultService === undefined) return { ok: false, errors };
    const carrier = draft.preferredCarrier.trim();
    return {
      ok: true,
      values: {
        deskId: draft.deskId.trim(),
        labelRetentionDays: retention ?? 0,
        autoPrintLabels: draft.autoPrintLabels,
        autoPrintDocuments: draft.autoPrintDocuments,
        defaultLocationId: draft.defaultLocationId === '' ? null : draft.defaultLocationId,
        unitSystem: draft.unitSystem,
        preferredCarrier: carrier === '' ? null : carrier,
        boxPresets: presets,
        scale: { ...draft.scale, serialPort: draft.scale.serialPort.trim() === '' ? null : draft.scale.serialPort.trim() },
        packVerification: draft.packVerification,
        sounds: draft.sounds,
        packingSlips: draft.packingSlips,
        defaultService,
        serviceRules: rules,
      },
    };
  }

  #clear(path: string): void {
    if (this.#errors[path] === undefined) return;
    const { [path]: _gone, ...rest } = this.#errors;
    this.#errors = rest;
  }

  #clearRuleErrors(): void {
    this.#errors = Object.fromEntries(Object.entries(this.#errors).filter(([path]) => !path.startsWith('serviceRules')));
  }

  /** Row messages name rows by place: once rows move, the places no longer fit. */
  #clearPresetErrors(): void {
    this.#errors = Object.fromEntries(Object.entries(this.#errors).filter(([path]) => !path.startsWith('boxPresets')));
  }
}

/**
 * A form with unsaved changes, parked while the Settings screen is not shown. It belongs to the
 * connection it was made under (each connection keeps its own settings).
 */
let parked: { readonly form: SettingsForm; readonly profileId: string | undefined } | undefined;

export function parkSettingsForm(form: SettingsForm, profileId: string | undefined): void {
  parked = form.dirty ? { form, profileId } : undefined;
}

/** The parked form when it belongs to this connection; `dropped` when it belonged to another one. */
export function takeParkedSettingsForm(profileId: string | undefined): { form?: SettingsForm; dropped: boolean } {
  const found = parked;
  parked = undefined;
  if (found === undefined) return { dropped: false };
  if (found.profileId !== profileId) return { dropped: true };
  return { form: found.form, dropped: false };
}
