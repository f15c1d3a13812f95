/**
 * What the warehouse sets once for every desk: box presets, the rules that turn a shop's
 * requested service into a carrier service, and a few warehouse-wide choices. Each value is
 * checked with its schema when written and again when read (a newer desk may have written a
 * shape this one does not know: it is reported, not used). A change names the version it
 * started from, so two people editing presets at two desks cannot overwrite each other unseen.
 */
import * as z from 'zod';
import { SETTING_SCHEMAS } from '../api/settings';
import { TEXT_LIMITS, text } from '../service/contract';
import { publish } from './changes';
import { WarehouseInputError, WarehouseRowError, WarehouseSettingConflictError } from './errors';
import { Millis, inTransaction, row, type Queryable, type Db } from './sql';

const ServiceCode = text(TEXT_LIMITS.code).trim().min(1, 'must not be empty');

/** A shop's requested service ("Express", "Standard Shipping"), matched in any case, and the service it means here. */
export const RequestedServiceRule = z.strictObject({
  requestedService: text(TEXT_LIMITS.text).trim().min(1, 'must not be empty'),
  carrier: ServiceCode,
  serviceLevel: ServiceCode,
  shipMethod: ServiceCode,
});
export type RequestedServiceRule = z.infer<typeof RequestedServiceRule>;

export const RequestedServiceRules = z
  .array(RequestedServiceRule)
  .max(500, 'must have at most 500 rules')
  .refine((rules) => new Set(rules.map((r) => r.requestedService.toLowerCase())).size === rules.length, 'must not name a requested service twice');

/** Every shared setting's schema, by key. Desk-only settings (printers, scale, desk id) stay at the desk. */
export const SHARED_SETTING_SCHEMAS = {
  boxPresets: SETTING_SCHEMAS.boxPresets,
  requestedServiceRules: RequestedServiceRules,
  /** The desk's own service rules (several names, the cheapest rate or a named service, a service for offline), as every desk uses them. */
  serviceRules: SETTING_SCHEMAS.serviceRules,
  defaultLocationId: SETTING_SCHEMAS.defaultLocationId,
  unitSystem: SETTING_SCHEMAS.unitSystem,
  preferredCarrier: SETTING_SCHEMAS.preferredCarrier,
  /** How long a claim lasts without renewal, in seconds. */
  claimLeaseSeconds: z.number().int('must be a whole number of seconds').min(15).max(3600),
} as const;
export type SharedSettingKey = keyof typeof SHARED_SETTING_SCHEMAS;
export type SharedSettingValue<K extends SharedSettingKey> = z.output<(typeof SHARED_SETTING_SCHEMAS)[K]>;

export interface SharedSetting<K extends SharedSettingKey> {
  readonly key: K;
  readonly value: SharedSettingValue<K>;
  /** Counts changes: give it back with the next change. */
  readonly version: number;
  readonly updatedBy: string;
  readonly updatedAt: number;
}

const SettingRow = z.object({ value: z.json(), version: z.number().int(), updated_by: z.string(), updated_at: Millis });

/** The setting as stored, or undefined when nobody has set it (the desk uses its own default). */
export async function getSharedSetting<K extends SharedSettingKey>(db: Queryable, key: K): Promise<SharedSetting<K> | undefined> {
  const found = await row(db, 'settings', SettingRow, 'SELECT value, version, updated_by, updated_at FROM settings WHERE key = $1', [key]);
  if (found === undefined) return undefined;
  const parsed = SHARED_SETTING_SCHEMAS[key].safeParse(found.value);
  if (!parsed.success) throw new WarehouseRowError(`settings.${key}`, parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`));
  return { key, value: parsed.data as SharedSettingValue<K>, version: found.version, updatedBy: found.updated_by, updatedAt: found.updated_at };
}

/**
 * Sets a shared setting. `expectedVersion` is the version the change started from (null: the
 * setting was not set); a different version means someone else changed it meanwhile, and the
 * change is refused with `WarehouseSettingConflictError`. Returns the new version.
 */
export async function putSharedSetting<K extends SharedSettingKey>(db: Db, deskId: string, key: K, value: SharedSettingValue<K>, expectedVersion: number | null): Promise<number> {
  const parsed = SHARED_SETTING_SCHEMAS[key].safeParse(value);
  if (!parsed.success) throw new WarehouseInputError(`setting ${key}`, parsed.error.issues.map((i) => `${i.path.join('.') || 'value'} ${i.message}`));
  return inTransaction(db, async (tx) => {
    // One statement that changes the row only if it is still at the version the change started
    // from (or, for a first value, only if there is none yet): two desks cannot both win.
    const written = await row(
      tx,
      'settings',
      z.object({ version: z.number().int() }),
      expectedVersion === null
        ? `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING version`
        : `UPDATE settings SET value = $2, version = version + 1, updated_by = $3, updated_at = clock_timestamp() WHERE key = $1 AND version = $4 RETURNING version`,
      expectedVersion === null ? [key, JSON.stringify(parsed.data), deskId] : [key, JSON.stringify(parsed.data), deskId, expectedVersion],
    );
    if (written === undefined) {
      const current = await row(tx, 'settings', z.object({ version: z.number().int() }), 'SELECT version FROM settings WHERE key = $1', [key]);
      throw new WarehouseSettingConflictError(key, expectedVersion ?? 0, current?.version ?? 0);
    }
    await publish(tx, { kind: 'settingChanged', deskId, key, version: written.version });
    return written.version;
  });
}
