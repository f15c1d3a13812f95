/**
 * How tall a barcode field of carrier ZPL prints, in dots, for a label that says no length (no
 * ^LL): its bars or its symbol, and the line of text a one-dimensional barcode prints under it.
 *
 * A 2D symbol's height follows from its data, so it is encoded here with bwip-js (the encoder the
 * station's packing slip already uses) to count its rows, then sized as ZPL sizes it: a QR code's
 * and an Aztec code's modules times their magnification (QR printed 10 dots below its origin, as
 * Zebra printers do), a Data Matrix's rows times its module, a PDF417's rows times its row height.
 * MaxiCode has one size. Where the parameters leave the size to the printer, the Zebra
 * Programming Guide's defaults are taken. Symbologies no carrier label uses here (^BB, ^BF, ^BR,
 * ^BT) and data the encoder refuses count as nothing, as every 2D symbol did before.
 *
 * Encoding takes milliseconds (an Aztec code tens of them), so a symbol is encoded only when the
 * most it could measure (`mostBelow`, from its parameters and its data's length alone) would reach
 * past everything else on the label: carriers put theirs mid-label, above the last lines of text.
 */
import { createRequire } from 'node:module';
import type bwipPackage from 'bwip-js/node';

/** A barcode command of a field, with the ^BY state it was given under. */
export interface BarcodeCommand {
  /** `^BC`, `^BQ`…: the caret and two letters. */
  readonly name: string;
  /** Its parameters as written, empty where left out. */
  readonly args: readonly string[];
  /** ^BY's module width and bar height at the command. */
  readonly moduleWidth: number;
  readonly barHeight: number;
}

export interface BarcodeExtent {
  /** From the field's origin down: the bars, or the whole symbol. */
  readonly height: number;
  /** The human-readable line printed under the bars (0 when not printed, or printed above). */
  readonly lineBelow: number;
}

/** Two-dimensional symbols, whose height follows from their data (Aztec is both ^BO and ^B0). */
const SIZED_BY_DATA = new Set(['^BQ', '^BX', '^BD', '^B7', '^BO', '^B0', '^BR', '^BB', '^BF', '^BT']);
/** Barcodes whose height is their third parameter (after orientation and a check-digit flag), and so whose "print the line" flag is their fourth. */
const HEIGHT_THIRD = new Set(['^B1', '^B3', '^BK', '^BM', '^BP']);
/**
 * The line under a one-dimensional barcode, per dot of its module width: its letters scale with the
 * module (20 dots under a barcode of ^BY2, 30 under ^BY3 as drawn by zebrash), plus a little
 * space: over rather than under.
 */
const LINE_PER_MODULE = 10;
const LINE_SPACE = 2;
/** MaxiCode is one size: 26.91 mm tall (ISO/IEC 16023). */
const MAXICODE_TALL_IN = 26.91 / 25.4;
/** Zebra printers print a QR code this many dots below its field's origin. */
const QR_DROP = 10;
/** The largest symbols, in modules a side (rows for PDF417): QR version 40, Data Matrix 144x144, PDF417's 90 rows, a full Aztec code of 32 layers. */
const MOST_MODULES = { qr: 177, dataMatrix: 144, pdf417Rows: 90, aztec: 151 } as const;

const load = createRequire(import.meta.url);
let bwip: typeof bwipPackage | undefined;

/** A parameter as a positive whole number, else undefined. */
function count(value: string | undefined): number | undefined {
  const n = Number(value?.trim() === '' ? Number.NaN : value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

/** The default magnification of QR and Aztec codes: 1 on 150 dpi, 2 on 200, 3 on 300, 6 on 600. */
const defaultMagnification = (dpi: number): number => (dpi >= 600 ? 6 : dpi >= 300 ? 3 : 2);

/** A square symbol's height: its modules times its magnification (else the printer's default). */
const magnified = (modules: number, magnification: string | undefined, dpi: number): number => modules * (count(magnification) ?? defaultMagnification(dpi));

/** A PDF417's height: its rows times its row height, else ^BY's height shared among them (whole dots each). */
const pdf417Height = (command: BarcodeCommand, rows: number): number => rows * (count(command.args[1]) ?? Math.max(1, Math.ceil(command.barHeight / rows)));

/** The encoded symbol's rows (modules, for square symbols), or undefined where the encoder refuses the data. */
function rowsOf(bcid: string, text: string, options: Record<string, unknown>): number | undefined {
  bwip ??= load('bwip-js/node') as typeof bwipPackage;
  try {
    const [symbol] = bwip.raw(bcid, text, options) as readonly { readonly pixy?: number }[];
    return symbol?.pixy !== undefined && symbol.pixy > 0 ? symbol.pixy : undefined;
  } catch {
    return undefined;
  }
}

/** A QR field's data is led by its error correction and input mode (`QA,`, or `MM,` and a character mode). */
function qrData(data: string): { level?: string; text: string } {
  const led = /^([HQML])([AM]),([\s\S]*)$/.exec(data);
  if (led === null) return { text: data };
  const [, level, input, rest = ''] = led;
  const text = input === 'M' ? rest.replace(/^(?:[NAK]|B\d{4})/, '') : rest;
  return { ...(level === undefined ? {} : { level }), text };
}

/** Rows of a PDF417 whose rows the field does not set: ZPL keeps rows to columns at about 2:1. */
function pdf417Rows(text: string, security: number, columns: number | undefined): number | undefined {
  if (columns !== undefined) return rowsOf('pdf417', text, { columns, eclevel: security, rowmult: 1 });
  // The code words the data takes: one column holds up to 90 rows, one code word each.
  for (let tried = 1; tried <= 30; tried += 1) {
    const rows = rowsOf('pdf417', text, { columns: tried, eclevel: security, rowmult: 1 });
    if (rows !== undefined) return Math.max(3, Math.ceil(Math.sqrt(2 * rows * tried)));
  }
  return undefined;
}

/** Aztec's fourth parameter: 0 the default error correction, 1–99 a percentage, 101–104 compact layers, 201–232 full layers, 300 a rune. */
function aztecOptions(size: number | undefined): Record<string, unknown> {
  if (size === undefined) return {};
  if (size <= 99) return { eclevel: size };
  if (size >= 101 && size <= 104) return { format: 'compact', layers: size - 100 };
  if (size >= 201 && size <= 232) return { format: 'full', layers: size - 200 };
  if (size === 300) return { format: 'rune' };
  return {};
}

/** How tall a 2D symbol prints, in dots (0: not known). */
function symbolHeight(command: BarcodeCommand, data: string, dpi: number): number {
  const { name, args } = command;
  switch (name) {
    case '^BQ': {
      // Its error correction as its data says, else as its fourth parameter says, else Q.
      const { level, text } = qrData(data);
      const given = args[3]?.trim().toUpperCase() ?? '';
      const modules = rowsOf('qrcode', text, { eclevel: level ?? (/^[HQML]$/.test(given) ? given : 'Q') });
      return modules === undefined ? 0 : QR_DROP + magnified(modules, args[2], dpi);
    }
    case '^BX': {
      // Its module (square), else the symbol about as tall as ^BY's height; rows as asked, else as the data needs.
      const module = count(args[1]);
      if (module === undefined) return command.barHeight;
      const rows = count(args[4]) ?? rowsOf('datamatrix', data, {});
      return rows === undefined ? 0 : rows * module;
    }
    case '^B7': {
      const rows = count(args[4]) ?? pdf417Rows(data, Math.min(8, count(args[2]) ?? 0), count(args[3]));
      return rows === undefined ? 0 : pdf417Height(command, rows);
    }
    case '^BO':
    case '^B0': {
      const options = aztecOptions(count(args[3]));
      // Unless told its layers, the smallest symbol the data fits: compact (up to 4 layers) or full.
      const sizes = (options.format === undefined ? [{ ...options, format: 'compact' }, options] : [options]).map((tried) => rowsOf('azteccode', data, tried)).filter((n) => n !== undefined);
      return sizes.length === 0 ? 0 : magnified(Math.min(...sizes), args[1], dpi);
    }
    case '^BD':
      return Math.ceil(MAXICODE_TALL_IN * dpi);
    default:
      return 0;
  }
}

/** The line of text a one-dimensional barcode prints under its bars: printed unless its flag says N, under unless another says Y. */
function lineBelow(command: BarcodeCommand): number {
  const at = HEIGHT_THIRD.has(command.name) ? 3 : 2;
  const flag = (index: number, fallback: string): string => command.args[index]?.trim().toUpperCase().slice(0, 1) || fallback;
  // LOGMARS has no "print" flag: it always prints its line, above when its only flag says so.
  if (command.name === '^BL') return flag(2, 'N') === 'Y' ? 0 : LINE_PER_MODULE * command.moduleWidth + LINE_SPACE;
  if (flag(at, 'Y') === 'N' || flag(at + 1, 'N') === 'Y') return 0;
  return LINE_PER_MODULE * command.moduleWidth + LINE_SPACE;
}

/** Whether the field is a 2D symbol, whose height takes encoding its data. */
export const sizedByData = (command: BarcodeCommand): boolean => SIZED_BY_DATA.has(command.name);

/**
 * The most a 2D symbol can measure down from its origin, in dots, without encoding it: the largest
 * symbol its parameters allow, or for PDF417 the rows its data's length could take at most (a byte
 * of data is at most a code word; the length, a mode latch and its error correction words added).
 */
export function mostBelow(command: BarcodeCommand, data: string, dpi: number): number {
  const { name, args } = command;
  switch (name) {
    case '^BQ':
      return QR_DROP + magnified(MOST_MODULES.qr, args[2], dpi);
    case '^BX': {
      const module = count(args[1]);
      return module === undefined ? command.barHeight : module * (count(args[4]) ?? MOST_MODULES.dataMatrix);
    }
    case '^B7': {
      const words = data.length + 2 + 2 ** (Math.min(8, count(args[2]) ?? 0) + 1);
      const columns = count(args[3]);
      const rows = count(args[4]) ?? Math.min(MOST_MODULES.pdf417Rows, Math.max(3, columns === undefined ? Math.ceil(Math.sqrt(2 * words)) : Math.ceil(words / columns)));
      return pdf417Height(command, rows);
    }
    case '^BO':
    case '^B0':
      return magnified(MOST_MODULES.aztec, args[1], dpi);
    default:
      return symbolHeight(command, data, dpi);
  }
}

/** How far a barcode field prints below its origin, from its command and data, at the label's resolution. */
export function barcodeExtent(command: BarcodeCommand, data: string, dpi: number): BarcodeExtent {
  if (SIZED_BY_DATA.has(command.name)) return { height: symbolHeight(command, data, dpi), lineBelow: 0 };
  const height = count(command.args[HEIGHT_THIRD.has(command.name) ? 2 : 1]) ?? command.barHeight;
  return { height, lineBelow: lineBelow(command) };
}
