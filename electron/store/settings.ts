/**
 * Station settings: key → JSON value, each key with its own zod schema and default, so a
 * caller reads a typed value and a bad write is refused with the key and the reason.
 */
import * as z from 'zod';
import { StoreInputError, StoreRowError } from './errors';
import { issuesOf } from './rows';
import { MediaConfig } from '../printing/media';
import { statement, type Db } from './statements';

export const SETTINGS = {
  /** Part of every station reference (PB-<desk>-…): tells desks apart in shared logs. */
  deskId: { schema: z.string().regex(/^[A-Za-z0-9]{1,12}$/, 'must be 1 to 12 letters or digits'), default: 'DESK1' },
  /** Days labels are kept for reprint. */
  labelRetentionDays: { schema: z.number().int('must be a whole number of days').min(1).max(3650), default: 30 },
  /** Whether a new shipment's labels go to the printer without asking. */
  autoPrintLabels: { schema: z.boolean(), default: true },
  /** The label printer's name; null means the system's default printer. */
  labelPrinter: { schema: z.string().min(1).nullable(), default: null },
  /** The printer for documents other than labels (commercial invoices…); null means the system's default printer. */
  documentPrinter: { schema: z.string().min(1).nullable(), default: null },
  /** Media loaded in each printer, by printer name; a printer not listed gets 4x6 for labels, Letter for documents. */
  printerMedia: { schema: z.record(z.string().min(1), MediaConfig), default: {} },
} as const satisfies Record<string, { schema: z.ZodType; default: unknown }>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

function definitionOf(key: string): { schema: z.ZodType; default: unknown } {
  if (!Object.hasOwn(SETTINGS, key)) throw new StoreInputError('setting', [`unknown setting "${key}": known settings are ${SETTING_KEYS.join(', ')}`]);
  return SETTINGS[key as SettingKey];
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

/** Every setting with its current value (defaults filled in), for a settings page. */
export function allSettings(db: Db): { [K in SettingKey]: SettingValue<K> } {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, getSetting(db, key)])) as { [K in SettingKey]: SettingValue<K> };
}
