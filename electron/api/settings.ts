/**
 * The desk's settings as the station API shows them, each with the schema a value must pass.
 * The store keeps them (electron/store/settings.ts) with these schemas and its defaults.
 */
import * as z from 'zod';
import { PackageDimension, TEXT_LIMITS, text } from '../service/contract';
import { FolderPath, MediaConfig, PrinterName } from './printing';
import { DeskId } from './stationRef';
import { WarehouseLink } from './warehouse';

export const LabelRetentionDays = z.number().int('must be a whole number of days').min(1).max(3650);

/** How the desk weighs and measures: pounds and inches, or kilograms and centimetres. */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const UNITS_OF: Readonly<Record<UnitSystem, { readonly weight: 'LB' | 'KG'; readonly length: 'IN' | 'CM' }>> = {
  imperial: { weight: 'LB', length: 'IN' },
  metric: { weight: 'KG', length: 'CM' },
};

/**
 * A box the desk uses often: picked on a package row by its number key (its place in the list,
 * 1 to 9) or by scanning its code. Sizes are in the preset's own unit, converted to the desk's.
 */
export const BoxPreset = z.strictObject({
  /** What is printed on the shelf label, scanned to pick the box: letters, digits and dashes. */
  code: z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,23}$/, 'must be 1 to 24 capital letters, digits or dashes'),
  name: text(TEXT_LIMITS.text).min(1, 'must not be empty'),
  length: PackageDimension,
  width: PackageDimension,
  height: PackageDimension,
  unitOfLength: z.enum(['IN', 'CM']),
});
export type BoxPreset = z.infer<typeof BoxPreset>;

export const BoxPresets = z
  .array(BoxPreset)
  .max(50, 'must have at most 50 presets')
  .refine((presets) => new Set(presets.map((p) => p.code)).size === presets.length, 'must not use a code twice');

/** How the desk's scale is reached: a USB point-of-sale scale (HID), or a serial one. */
export const SCALE_CONNECTIONS = ['usb', 'serial'] as const;
/** What a serial scale speaks: Mettler Toledo SICS, or CAS-style lines (ST,GS,…). */
export const SCALE_PROTOCOLS = ['sics', 'cas'] as const;
export const SCALE_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const SCALE_PARITIES = ['none', 'even', 'odd'] as const;

/**
 * The desk's scale. A USB scale needs nothing more; a serial port says nothing about what is on
 * it, so a serial scale's port settings and protocol are set here, to match the scale's own menu.
 */
export const ScaleSettings = z.strictObject({
  connection: z.enum(SCALE_CONNECTIONS),
  protocol: z.enum(SCALE_PROTOCOLS),
  baudRate: z
    .number()
    .int()
    .refine((rate) => (SCALE_BAUD_RATES as readonly number[]).includes(rate), `must be one of ${SCALE_BAUD_RATES.join(', ')}`),
  dataBits: z.union([z.literal(7), z.literal(8)]),
  parity: z.enum(SCALE_PARITIES),
  stopBits: z.union([z.literal(1), z.literal(2)]),
  /** The serial port the desktop app lets the page use, by its system name (COM3, /dev/ttyUSB0); null: the first port. */
  serialPort: text(TEXT_LIMITS.code).min(1, 'must not be empty').nullable(),
});
export type ScaleSettings = z.infer<typeof ScaleSettings>;

/** A location id, as the service gives it. */
const LocationId = text(TEXT_LIMITS.code).min(1, 'must not be empty');
/** A carrier's name as rates name it (`carrierName`). */
const CarrierName = text(TEXT_LIMITS.code).min(1, 'must not be empty');

/**
 * A service named outright, as rates name it: the carrier (`carrierName`), the method (`shipMethod`:
 * Ground, Express…) and the service (`serviceName`, sent as `serviceLevel`), with the words a
 * packer reads. Used to ship without rates (offline) and by a rule that names its service.
 */
export const NamedService = z.strictObject({
  carrier: CarrierName,
  shipMethod: text(TEXT_LIMITS.code).min(1, 'must not be empty'),
  serviceLevel: text(TEXT_LIMITS.code).min(1, 'must not be empty'),
  displayName: text(TEXT_LIMITS.text).min(1, 'must not be empty'),
});
export type NamedService = z.infer<typeof NamedService>;

/**
 * How a rule chooses among the rates: the cheapest (optionally only express services, optionally
 * only those arriving within so many days), or one service named outright.
 */
export const ServiceChoice = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('cheapest'),
    /** Only services arriving within this many business days; null: any. */
    withinDays: z.number().int('must be a whole number of days').min(1).max(10).nullable(),
    /** Only express services (never ground), as the shop's customer paid for speed. */
    expressOnly: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('service'), service: NamedService }),
]);
export type ServiceChoice = z.infer<typeof ServiceChoice>;

/**
 * What a shop's requested service ("Standard Shipping", "Express", "Next Day") means at this
 * desk. A rule applies when every word of one of its names is a word of the requested service;
 * the rule matching the most words wins, the first among equals.
 */
export const ServiceRule = z.strictObject({
  names: z
    .array(text(100).trim().min(1, 'must not be empty'))
    .min(1, 'must name at least one requested service')
    .max(20, 'must have at most 20 names'),
  choice: ServiceChoice,
  /** The service to ship with when no rates can be had (offline); null: the desk's default service. */
  offline: NamedService.nullable(),
});
export type ServiceRule = z.infer<typeof ServiceRule>;

export const ServiceRules = z.array(ServiceRule).max(50, 'must have at most 50 rules');

/** Every setting's schema, by its key. */
export const SETTING_SCHEMAS = {
  /** Part of every station reference (PB-<desk>-…): tells desks apart in shared logs. */
  deskId: DeskId,
  /** Days labels are kept for reprint. */
  labelRetentionDays: LabelRetentionDays,
  /** Whether a new shipment's labels go to the printer without asking (else they are held). */
  autoPrintLabels: z.boolean(),
  /** Whether a new shipment's other documents (commercial invoices…) go to the document printer without asking. */
  autoPrintDocuments: z.boolean(),
  /** The ship-from location a new shipment starts with; null: the first active one. */
  defaultLocationId: LocationId.nullable(),
  unitSystem: z.enum(UNIT_SYSTEMS),
  boxPresets: BoxPresets,
  /** The carrier whose services are listed first among rates; null: none. */
  preferredCarrier: CarrierName.nullable(),
  /** The desk's scale: how it is reached and, for a serial one, its port settings. */
  scale: ScaleSettings,
  /** What each requested service of a shop's orders means here (see ServiceRule). */
  serviceRules: ServiceRules,
  /** The service a new order ships with when no rates can be had (offline) and no rule names one. */
  defaultService: NamedService,
  /** Items of an imported order are scanned into the box before Ship (when every item has a code to scan). */
  packVerification: z.boolean(),
  /** Sounds for a good scan, an error and a shipment. */
  sounds: z.boolean(),
  /** A packing slip of an imported order is printed on the document printer after its label. */
  packingSlips: z.boolean(),
  /** The label printer's name; null means the system's default printer. */
  labelPrinter: PrinterName.nullable(),
  /** The printer for documents other than labels (commercial invoices…); null means the system's default printer. */
  documentPrinter: PrinterName.nullable(),
  /** Media loaded in each printer, by printer name; a printer not listed gets 4x6 for labels, Letter for documents. */
  printerMedia: z.record(PrinterName, MediaConfig),
  /** A longer stock each printer can also print on, by printer name, for labels longer than its media; a printer not listed has none. */
  printerLongerMedia: z.record(PrinterName, MediaConfig),
  /** Copies of each automatic print, by printer name; a printer not listed prints one. */
  printerCopies: z.record(PrinterName, z.number().int('must be a whole number').min(1).max(9)),
  /** The folder the PDF folder printer writes to; null: the desk's default folder. */
  pdfFolder: FolderPath.nullable(),
  /** Where the warehouse's shared database is and the desk's name there; null: the desk works alone (docs/warehouse.md). */
  warehouse: WarehouseLink.nullable(),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_SCHEMAS)[K]>;

/** The settings of the settings page (printer choices have their own methods). */
export const DESK_SETTING_KEYS = [
  'deskId',
  'labelRetentionDays',
  'autoPrintLabels',
  'autoPrintDocuments',
  'defaultLocationId',
  'unitSystem',
  'boxPresets',
  'preferredCarrier',
  'scale',
  'serviceRules',
  'defaultService',
  'packVerification',
  'sounds',
  'packingSlips',
] as const satisfies readonly SettingKey[];
export type DeskSettingKey = (typeof DESK_SETTING_KEYS)[number];

export type StationSettings = { readonly [K in DeskSettingKey]: SettingValue<K> };

/** Settings a warehouse shares with every desk when one is linked (the desk keeps a copy for when it cannot be reached). */
export const SHARED_DESK_SETTINGS = ['boxPresets', 'serviceRules'] as const satisfies readonly DeskSettingKey[];
export type SharedDeskSetting = (typeof SHARED_DESK_SETTINGS)[number];

/** The version of each shared setting as read from the warehouse (null: never set there), given back with a change of it. */
export const SharedVersions = z.strictObject({
  boxPresets: z.number().int().min(0).nullable().optional(),
  serviceRules: z.number().int().min(0).nullable().optional(),
}) satisfies z.ZodType<Partial<Record<SharedDeskSetting, number | null>>>;
export type SharedVersions = z.infer<typeof SharedVersions>;

/** Where the shared settings shown come from, when a warehouse is linked. */
export interface SharedSettingsView {
  /** `warehouse`: read from it just now; `deskCopy`: it cannot be reached, so the desk's copy is shown and cannot be changed. */
  readonly source: 'warehouse' | 'deskCopy';
  /** Said in words for the Settings screen. */
  readonly words: string;
  /** Each shared setting's version read: give them back in `sharedVersions` with a change. */
  readonly versions: Readonly<Record<SharedDeskSetting, number | null>>;
}

/** The settings as the desk shows them: with a warehouse linked, where its shared ones come from. */
export type SettingsView = StationSettings & { readonly shared?: SharedSettingsView };

/** A change to some of them: the keys given are set, all or none. */
export const SettingsPatch = z.strictObject({
  /** With a warehouse linked: the versions of the shared settings the change started from. */
  sharedVersions: SharedVersions.optional(),
  deskId: SETTING_SCHEMAS.deskId.optional(),
  labelRetentionDays: SETTING_SCHEMAS.labelRetentionDays.optional(),
  autoPrintLabels: SETTING_SCHEMAS.autoPrintLabels.optional(),
  autoPrintDocuments: SETTING_SCHEMAS.autoPrintDocuments.optional(),
  defaultLocationId: SETTING_SCHEMAS.defaultLocationId.optional(),
  unitSystem: SETTING_SCHEMAS.unitSystem.optional(),
  boxPresets: SETTING_SCHEMAS.boxPresets.optional(),
  preferredCarrier: SETTING_SCHEMAS.preferredCarrier.optional(),
  scale: SETTING_SCHEMAS.scale.optional(),
  serviceRules: SETTING_SCHEMAS.serviceRules.optional(),
  defaultService: SETTING_SCHEMAS.defaultService.optional(),
  packVerification: SETTING_SCHEMAS.packVerification.optional(),
  sounds: SETTING_SCHEMAS.sounds.optional(),
  packingSlips: SETTING_SCHEMAS.packingSlips.optional(),
}) satisfies z.ZodType<Partial<StationSettings>>;
