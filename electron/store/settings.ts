/**
 * Station settings: key → JSON value, each key with its own zod schema and default, so a
 * caller reads a typed value and a bad write is refused with the key and the reason.
 */
import * as z from 'zod';
import presetFile from '../../resources/box-presets.json' with { type: 'json' };
import { BoxPresets, SETTING_SCHEMAS, type BoxPreset, type NamedService, type ServiceRule, type SettingKey, type SettingValue } from '../api/settings';
import { StoreInputError, StoreRowError } from './errors';
import { issuesOf } from './rows';
import { statement, type Db } from './statements';

export type { SettingKey, SettingValue } from '../api/settings';

const PresetFile = z.strictObject({ format: z.literal('packbench-box-presets'), version: z.literal(1), presets: BoxPresets });

/** The box presets a new desk starts with (resources/box-presets.json), checked when the module loads. */
export const SEEDED_BOX_PRESETS: readonly BoxPreset[] = PresetFile.parse(presetFile).presets;

const GROUND: NamedService = { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' };
const SECOND_DAY: NamedService = { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_2ND_DAY_AIR', displayName: 'UPS 2nd Day Air' };
const NEXT_DAY: NamedService = { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_NEXT_DAY_AIR_SAVER', displayName: 'UPS Next Day Air Saver' };

/**
 * What the usual names of a shop's shipping methods mean until an admin says otherwise. A generic
 * name is never read as a premium service: the cheapest rule comes first, so a name that matches
 * it as well as a faster one ("Standard Overnight") takes the cheapest.
 */
export const DEFAULT_SERVICE_RULES: readonly ServiceRule[] = [
  { names: ['Standard', 'Free', 'Economy', 'Ground', 'Regular', 'Basic'], choice: { kind: 'cheapest', withinDays: null, expressOnly: false }, offline: null },
  { names: ['Express', 'Expedited', 'Priority'], choice: { kind: 'cheapest', withinDays: 3, expressOnly: true }, offline: SECOND_DAY },
  { names: ['Two Day', '2 Day', '2Day', 'Second Day', '2nd Day'], choice: { kind: 'cheapest', withinDays: 2, expressOnly: true }, offline: SECOND_DAY },
  { names: ['Next Day', 'Overnight', 'One Day', '1 Day', 'Next Business Day'], choice: { kind: 'cheapest', withinDays: 1, expressOnly: true }, offline: NEXT_DAY },
];

/** The value each setting has until someone sets it. */
export const SETTING_DEFAULTS: { readonly [K in SettingKey]: SettingValue<K> } = {
  deskId: 'DESK1',
  labelRetentionDays: 30,
  autoPrintLabels: true,
  autoPrintDocuments: true,
  defaultLocationId: null,
  unitSystem: 'imperial',
  boxPresets: [...SEEDED_BOX_PRESETS],
  preferredCarrier: null,
  // A USB scale asks for nothing; 9600 8N1 SICS is what most serial bench scales leave the factory with.
  scale: { connection: 'usb', protocol: 'sics', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, serialPort: null },
  serviceRules: [...DEFAULT_SERVICE_RULES],
  defaultService: GROUND,
  packVerification: true,
  sounds: true,
  packingSlips: false,
  labelPrinter: null,
  documentPrinter: null,
  printerMedia: {},
  printerLongerMedia: {},
  printerCopies: {},
  pdfFolder: null,
  warehouse: null,
};

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

function definitionOf(key: string): { schema: z.ZodType; default: unknown } {
  if (!Object.hasOwn(SETTING_SCHEMAS, key)) throw new StoreInputError('setting', [`unknown setting "${key}": known settings are ${SETTING_KEYS.join(', ')}`]);
  return { schema: SETTING_SCHEMAS[key as SettingKey], default: SETTING_DEFAULTS[key as SettingKey] };
}

/** The stored value of `key`, or its default when it was never set. */
export function getSetting<K extends SettingKey>(db: Db, key: K): SettingValue<K> {
  const definition = definitionOf(key);
  const row = statement(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (row === undefined) return definition.default as SettingValue<K>;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    throw new StoreRowError(`settings row ${key}`, ['value is not valid JSON: set it again']);
  }
  const problems = issuesOf(definition.schema, value);
  if (problems.length > 0) throw new StoreRowError(`settings row ${key}`, [...problems, 'set it again']);
  return value as SettingValue<K>;
}

export function setSetting<K extends SettingKey>(db: Db, key: K, value: SettingValue<K>): void {
  const problems = issuesOf(definitionOf(key).schema, value);
  if (problems.length > 0) throw new StoreInputError(`setting ${key}`, problems);
  statement(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
}

/**
 * A printer's own entry of a per-printer setting (its media, copies or language), or undefined
 * when it has none. Only an own entry counts: a printer called "constructor" or "__proto__" names
 * no property every object inherits.
 */
export function printerEntry<T>(entries: Readonly<Record<string, T>>, printer: string): T | undefined {
  return Object.hasOwn(entries, printer) ? entries[printer] : undefined;
}

/** Every setting with its current value (defaults filled in), for a settings page. */
export function allSettings(db: Db): { [K in SettingKey]: SettingValue<K> } {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, getSetting(db, key)])) as { [K in SettingKey]: SettingValue<K> };
}
