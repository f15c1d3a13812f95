/**
 * USB HID point-of-sale scales (usage page 0x8D, "Weighing Devices" / "Scales").
 *
 * The codes come from the USB-IF "HID Point of Sale Usage Tables" 1.02 (pos1_02.pdf), usage
 * page 0x8D: Scale Data Report (usage 0x32) carries a Scale Status (the collection 0x70, whose
 * selectors 0x71 to 0x78 are sent as 1 to 8), a Weight Unit (the collection 0x50, selectors
 * 0x51 to 0x5C sent as 1 to 12), Data Scaling (0x41, a signed power of ten) and Data Weight
 * (0x40, 16 bits little-endian). The scales on the market send it as input report 3:
 *
 *   byte 0 status, byte 1 unit, byte 2 exponent (signed), bytes 3-4 weight (little-endian)
 *
 * WebHID gives the report id apart from the data, so `data` here starts at the status byte.
 */
import type { MassUnit, ScaleReading, ScaleStatus } from './reading';

/** The HID usage page of weighing devices. */
export const SCALE_USAGE_PAGE = 0x8d;
/** The input report that carries the scale data report on point-of-sale scales. */
export const SCALE_DATA_REPORT_ID = 3;

/** Scale Status selectors 0x71..0x78, as the data report sends them (1..8). */
const STATUSES: Readonly<Record<number, ScaleStatus>> = {
  1: 'fault', // 0x71 Scale Status Fault
  2: 'zero', // 0x72 Scale Status Stable at Center of Zero
  3: 'motion', // 0x73 Scale Status In Motion
  4: 'stable', // 0x74 Scale Status Weight Stable
  5: 'underZero', // 0x75 Scale Status Under Zero
  6: 'overload', // 0x76 Scale Status Over Weight Limit
  7: 'needsCalibration', // 0x77 Scale Status Requires Calibration
  8: 'needsRezero', // 0x78 Scale Status Requires Rezeroing
};

/** Weight Unit selectors 0x51..0x5C, as the data report sends them (1..12). */
const UNITS: Readonly<Record<number, MassUnit>> = {
  1: 'mg', // 0x51 Weight Unit Milligram
  2: 'g', // 0x52 Gram
  3: 'kg', // 0x53 Kilogram
  4: 'ct', // 0x54 Carats
  5: 'tael', // 0x55 Taels
  6: 'gr', // 0x56 Grains
  7: 'dwt', // 0x57 Pennyweights
  8: 't', // 0x58 Metric Ton
  9: 'ton', // 0x59 Avoir Ton
  10: 'ozt', // 0x5A Troy Ounce
  11: 'oz', // 0x5B Ounce
  12: 'lb', // 0x5C Pound
};

/**
 * One input report as a reading, or undefined when it is not a scale data report (another
 * report id, too short, or a status or unit the tables do not name).
 */
export function parseHidScaleReport(reportId: number, data: Uint8Array): ScaleReading | undefined {
  if (reportId !== SCALE_DATA_REPORT_ID || data.length < 5) return undefined;
  const status = STATUSES[data[0] ?? 0];
  if (status === undefined) return undefined;
  const unit = UNITS[data[1] ?? 0] ?? null;
  // Data Scaling is a signed byte: 0xFF is 10^-1.
  const exponent = ((data[2] ?? 0) << 24) >> 24;
  const raw = (data[3] ?? 0) | ((data[4] ?? 0) << 8);
  const increment = 10 ** exponent;
  // Rounded to the increment, so 0.1 × 3 is 0.3 and not 0.30000000000000004.
  const decimals = Math.max(0, -exponent);
  let weight: number | null = Number((raw * increment).toFixed(decimals));
  // The report's weight has no sign; a scale under zero means below it.
  if (status === 'underZero') weight = -weight;
  if (status === 'overload' || status === 'fault' || unit === null) weight = null;
  return { status, weight, unit, increment };
}

/** The part of a WebHID device's collections the filter reads. */
export interface HidCollectionInfo {
  readonly usagePage?: number | undefined;
}

/** Whether a HID device is a scale: one of its top-level collections is on the weighing devices page. */
export function isHidScale(collections: readonly HidCollectionInfo[] | undefined): boolean {
  return (collections ?? []).some((c) => c.usagePage === SCALE_USAGE_PAGE);
}
