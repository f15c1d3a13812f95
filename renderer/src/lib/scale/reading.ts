/**
 * What a scale says, whatever its protocol: a status, and a weight in the scale's own unit with
 * the increment it counts in. The parsers (hid.ts, serial.ts) make these; stability.ts decides
 * when one is the parcel's weight; units.ts converts it to the shipment's unit.
 */

/**
 * The scale's own word on its state. The first eight are the HID point-of-sale scale statuses
 * (hid.ts); `busy` is a serial scale that cannot answer now (SICS "S I").
 */
export type ScaleStatus = 'fault' | 'zero' | 'motion' | 'stable' | 'underZero' | 'overload' | 'needsCalibration' | 'needsRezero' | 'busy';

/** Units of mass the HID point-of-sale tables name (serial scales use a subset). */
export type MassUnit = 'mg' | 'g' | 'kg' | 'ct' | 'tael' | 'gr' | 'dwt' | 't' | 'ton' | 'ozt' | 'oz' | 'lb';

export interface ScaleReading {
  readonly status: ScaleStatus;
  /** The weight in `unit` (negative under zero); null when the scale gave none (overload, busy). */
  readonly weight: number | null;
  readonly unit: MassUnit | null;
  /** The smallest step the scale reports, in `unit` (0.01 for "0.50 kg"): two weights within it are the same. */
  readonly increment: number;
}

/** The increment of a number as the scale printed it: 10^-(digits after the point). */
export function incrementOf(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 1 : 10 ** -(text.length - point - 1);
}

/** A reading's status in words a packer can act on. */
export function statusWords(status: ScaleStatus): string {
  switch (status) {
    case 'motion':
      return 'The scale is moving: hold the parcel still';
    case 'stable':
      return 'Stable';
    case 'zero':
      return 'Ready: put the parcel on the scale';
    case 'underZero':
      return 'Below zero: empty the scale and press its Zero key';
    case 'overload':
      return "Over the scale's capacity: weigh it on a bigger scale";
    case 'fault':
      return 'The scale reports a fault: unplug it and plug it back in';
    case 'needsCalibration':
      return 'The scale needs calibrating: ask a supervisor';
    case 'needsRezero':
      return 'The scale needs zeroing: empty it and press its Zero key';
    case 'busy':
      return 'The scale is busy: wait a moment';
  }
}
