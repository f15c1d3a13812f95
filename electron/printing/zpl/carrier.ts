/**
 * ZPL as carriers send it (UPS, FedEx, USPS, DHL, Colissimo…): a program for the printer, not a
 * picture. For a printer set to ZPL it goes raw, untouched but for the resolution: ZPL counts in
 * dots, so a label drawn for 203 dpi prints at two thirds of its size on a 300 dpi head. For a
 * printer that takes PDF it is drawn by a ZPL renderer (zebrash, compiled to WebAssembly by
 * zpl-renderer-js, in a worker thread: zplDrawer.ts) at the label's own resolution, one image dot per printer dot.
 */
import type { GreyImage } from './bitmap';
import { drawZplInWorker } from './zplDrawer';
import { inkBounds } from '../labels/raster';
import { barcodeExtent, mostBelow, sizedByData, type BarcodeCommand } from './barcodeExtent';

/** One ^XA…^XZ label of a job, and what it says about its size. */
export interface CarrierZplLabel {
  readonly program: string;
  /** ^PW, the print width in dots, when the label sets it. */
  readonly printWidth: number | undefined;
  /** ^LL, the label length in dots, when the label sets it. */
  readonly labelLength: number | undefined;
  /** The resolution it was drawn for (from its print width), 203 dpi unless it says otherwise. */
  readonly dpi: 203 | 300 | 600;
}

const number = (program: string, command: string): number | undefined => {
  const match = new RegExp(`\\${command}\\s*(\\d+)`).exec(program);
  return match?.[1] === undefined ? undefined : Number(match[1]);
};

/**
 * A print width says the resolution: 4 in stock is 812 dots wide at 203 dpi, 1200 at 300, 2400 at
 * 600; carriers write a little less (800, 799) or a little more. Without ^PW, 8 dots/mm (203 dpi), the
 * resolution carriers draw for.
 */
function dpiOf(printWidth: number | undefined): 203 | 300 | 600 {
  if (printWidth === undefined || printWidth <= 1000) return 203;
  return printWidth <= 1800 ? 300 : 600;
}

/**
 * A command's first comma-separated parameters as numbers (NaN where one is left out or is a
 * letter). No command read here needs more than four: a ^GF's data after them is not split.
 */
const parameters = (text: string): number[] => text.split(',', 4).map((part) => (part.trim() === '' ? Number.NaN : Number(part)));

/** `value` when it is a number, else `fallback`. */
const or = (value: number | undefined, fallback: number): number => (value !== undefined && Number.isFinite(value) ? value : fallback);

/** How far one graphic command of a field placed by its top draws down from it, in dots (0: nothing known). */
function graphicDown(name: string, args: readonly number[]): number {
  switch (name) {
    case '^GB': {
      // Width, height, border thickness: a height below the thickness is the thickness.
      const thickness = or(args[2], 1);
      return Math.max(or(args[1], thickness), thickness);
    }
    case '^GF':
      // Compression, binary byte count, graphic field count, bytes a row: rows = count ÷ row.
      return or(args[3], 0) > 0 ? Math.ceil(or(args[2], 0) / or(args[3], 1)) : 0;
    case '^GC':
      return or(args[0], 3);
    case '^GE':
    case '^GD':
      return or(args[1], 1);
    default:
      return 0;
  }
}

/** A field's data as the printer reads it: after ^FH, the indicator and two hex digits (`_1E`) are one byte. */
function fieldData(text: string, hexIndicator: string | undefined): string {
  if (hexIndicator === undefined) return text;
  let data = '';
  for (let at = 0; at < text.length; at += 1) {
    const hex = text.slice(at + 1, at + 3);
    if (text[at] === hexIndicator && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      data += String.fromCharCode(parseInt(hex, 16));
      at += 2;
    } else data += text[at] ?? '';
  }
  return data;
}

/**
 * How far down a label's fields reach, in dots: the bottom of its lowest field. A label without ^LL
 * is about this long (DHL Paket's reaches 1551 dots, 7.6 in, with no ^LL). A field placed by
 * its top (^FO) reaches down by what it draws: a box's height (^GB), a graphic's rows (^GF), a
 * barcode's height (its own, or ^BY's) and the line of text printed under it, a 2D symbol's height
 * for its data (barcodeExtent.ts), its text's lines (^A's height, or ^CF's, times ^FB's lines). A
 * field placed by its bottom (^FT) reaches its y, and a barcode's line under it. Both count from
 * the label home's y (^LH). An estimate for a label that says no length, at the label's resolution
 * (`dpi`): a turned field is taken as upright.
 */
export function fieldsReach(program: string, dpi = 203): number {
  let reach = 0;
  let homeY = 0;
  let barHeight = 10; // ^BY's default
  let moduleWidth = 2; // ^BY's default
  let fontHeight = 9; // font 0's smallest
  // The field being read: its y, whether that is its top, the graphics it draws (how far down), its
  // barcode, its data as written, its ^FH indicator, and its text's font height and lines.
  let field: { y: number; byTop: boolean; drawn: number; barcode?: BarcodeCommand; data?: string; hex?: string; font: number; lines: number } | undefined;
  // 2D symbols placed by their top, measured last: only those that could reach past the rest are encoded.
  const symbols: { y: number; barcode: BarcodeCommand; data: string }[] = [];
  const endField = (): void => {
    if (field === undefined) return;
    const { y, byTop, drawn, barcode, data } = field;
    if (barcode !== undefined && sizedByData(barcode)) {
      // Placed by its bottom, a symbol reaches its y. Its data is decoded only here: its size follows from it.
      if (byTop) symbols.push({ y, barcode, data: fieldData(data ?? '', field.hex) });
      reach = Math.max(reach, y + drawn);
    } else {
      const extent = barcode === undefined ? undefined : barcodeExtent(barcode, data ?? '', dpi);
      const text = data !== undefined && extent === undefined && drawn === 0 ? field.font * field.lines : 0;
      const down = byTop ? Math.max(drawn, text, extent === undefined ? 0 : extent.height + extent.lineBelow) : (extent?.lineBelow ?? 0);
      reach = Math.max(reach, y + down);
    }
    field = undefined;
  };
  for (const command of program.split(/(?=[\^~])/)) {
    // Two letters after the caret; ^A's third character is its font (^A0N,40,30: orientation N,
    // height 40), and so ^B's and ^G's is their kind.
    const name = command.slice(0, 3).toUpperCase();
    const args = parameters(command.slice(3));
    if (name === '^LH') homeY = or(args[1], homeY);
    else if (name === '^BY') {
      moduleWidth = or(args[0], moduleWidth);
      barHeight = or(args[2], barHeight);
    } else if (name === '^CF') fontHeight = or(args[1], fontHeight);
    else if (name === '^FO' || name === '^FT') {
      endField();
      field = { y: homeY + or(args[1], 0), byTop: name === '^FO', drawn: 0, font: fontHeight, lines: 1 };
    } else if (name === '^FS') endField();
    else if (field === undefined) continue;
    else if (name.startsWith('^A')) field.font = or(args[1], field.font);
    else if (name === '^FB') field.lines = Math.max(1, or(args[1], 1));
    else if (name === '^FH') field.hex = command.charAt(3) === '' ? '_' : command.charAt(3);
    else if (name === '^FD' || name === '^FV') field.data = command.slice(3);
    else if (name.startsWith('^B') && name !== '^BY') field.barcode = { name, args: command.slice(3).split(',', 8), moduleWidth, barHeight };
    else if (name.startsWith('^G')) field.drawn = Math.max(field.drawn, graphicDown(name, args));
  }
  endField();
  for (const { y, barcode, data } of symbols.sort((a, b) => b.y - a.y)) {
    if (y + mostBelow(barcode, data, dpi) > reach) reach = Math.max(reach, y + barcodeExtent(barcode, data, dpi).height);
  }
  return reach;
}

/**
 * The labels of a job, each ^XA…^XZ. A label that only sets printer state (`^XA^MCY^XZ`, no field
 * drawn) is kept with the next one, so it still reaches the printer first.
 */
export function splitZpl(zpl: string): CarrierZplLabel[] {
  const labels: string[] = [];
  let pending = '';
  for (const match of zpl.matchAll(/\^XA[\s\S]*?\^XZ/g)) {
    const program = match[0];
    if (!/\^F[DO T]|\^FO|\^FT|\^GF|\^GB|\^B[0-9A-Z]/.test(program)) {
      pending += `${program}\n`;
      continue;
    }
    labels.push(pending + program);
    pending = '';
  }
  return labels.map((program) => {
    const printWidth = number(program, '^PW');
    return { program, printWidth, labelLength: number(program, '^LL'), dpi: dpiOf(printWidth) };
  });
}

/** What a label does not say of its size, told it from its stock: its print width and length in dots. */
export interface StockTold {
  readonly label: CarrierZplLabel;
  /** What was added after the label's own ^XA (`^PW812`, `^LL1218`), nothing when it said both. */
  readonly told: readonly { readonly what: 'width' | 'length'; readonly command: string }[];
}

/**
 * The label told its stock's print width (^PW) and length (^LL), in dots at its own resolution,
 * right after its own ^XA, where it says none: a carrier label laid out on its stock as the
 * station's own ZPL labels are. A printer keeps the last ^PW and ^LL it was sent, so a 4x6 label
 * after one told 8 in would run 8 in, and one after a label of ^PW600 would be cut off 600 dots
 * across.
 */
export function withStockSize(label: CarrierZplLabel, stock: { readonly width: number; readonly length: number }): StockTold {
  const told = [
    ...(label.printWidth === undefined ? [{ what: 'width' as const, command: `^PW${String(stock.width)}` }] : []),
    ...(label.labelLength === undefined ? [{ what: 'length' as const, command: `^LL${String(stock.length)}` }] : []),
  ];
  if (told.length === 0) return { label, told };
  const at = label.program.lastIndexOf('^XA');
  const program = `${label.program.slice(0, at + 3)}${told.map((t) => t.command).join('')}${label.program.slice(at + 3)}`;
  return { label: { ...label, program, printWidth: label.printWidth ?? stock.width, labelLength: label.labelLength ?? stock.length }, told };
}

export class ZplResolutionError extends Error {
  override name = 'ZplResolutionError';
}

/**
 * The label for a printer of `printerDpi`. Same resolution: as sent. A printer with a whole multiple
 * of the label's resolution (a 203 dpi label on a 600 dpi head, 300 on 600): ^MU tells the printer to
 * scale the format by that whole number of dots, so every bar stays a whole number of dots wide. Any
 * other pair (203 on 300, 300 on 203) cannot be scaled by whole dots: refused with what to do.
 */
export function zplForPrinter(label: CarrierZplLabel, printerDpi: number, what: string, printer: string): { program: string; note?: string } {
  if (label.dpi === printerDpi) return { program: label.program };
  const factor = printerDpi / label.dpi;
  if (Number.isInteger(Math.round(factor)) && Math.abs(factor - Math.round(factor)) < 0.05 && factor > 1) {
    const base = label.dpi === 203 ? 200 : label.dpi;
    // ^MUd,base,target right after each ^XA: ZPL's own conversion, whole dots per dot.
    const program = label.program.replace(/\^XA/g, `^XA^MUd,${String(base)},${String(printerDpi)}`);
    return { program, note: `${what} is ZPL drawn for ${String(label.dpi)} dpi: printer ${printer} (${String(printerDpi)} dpi) scales it ${String(Math.round(factor))} dots for each` };
  }
  throw new ZplResolutionError(
    `${what} is ZPL drawn for ${String(label.dpi)} dpi, and printer ${printer} is set to ${String(printerDpi)} dpi: it would print at ${String(Math.round((label.dpi / printerDpi) * 100))}% of its size. Set the printer's resolution to what its head has, or set it to PDF to have the label drawn for it`,
  );
}

/** The longest label drawn: 8 in, the longest stock a desk holds, at the label's resolution. */
const DRAW_LENGTH_IN = 8;

/**
 * How long a label that says no length (^LL) prints on a ZPL printer, in its dots: 6 in, unless its
 * fields reach more than a tenth of an inch past that (a line of text is counted at its font's
 * height, a little more than its letters: UPS's 4x6 label ends in a line of 14-dot text that ends 11
 * dots past 6 in).
 */
export function lengthWithoutLl(label: CarrierZplLabel): number {
  const sixInches = Math.round(6 * label.dpi);
  const reach = fieldsReach(label.program, label.dpi);
  return reach > sixInches + Math.round(label.dpi / 10) ? reach : sixInches;
}

/**
 * Millimetres that zebrash turns back into exactly `dots` at `dotsPerMm`: it takes the canvas in
 * millimetres and rounds up (ceil(mm × dots a mm)), so a hair under, lest a rounding error add a dot.
 */
const millimetresOf = (dots: number, dotsPerMm: number): number => (dots - 1e-6) / dotsPerMm;

/**
 * Draws one label at its own resolution, as wide as it says (else 4 in) and as long as it says.
 * The canvas is exactly as wide as the label's print width (^PW): on a wider one zebrash draws the
 * label on a canvas of the print width and then copies it, through a bilinear transform, onto one
 * of the asked width: over half its time for FedEx's label (about 200 against 90 ms). A label that
 * says no length is drawn on as far as its fields reach (fieldsReach), at least 6 in, and a quarter
 * of an inch more, at most 8 in: zebrash's time grows with its canvas (UPS's label took 188 to 231
 * ms on 6 in against 228 to 244 on 8), and most such labels end near 6 in. The reach is an
 * estimate (a turned field is counted as upright), so a drawing with ink past it is drawn again on
 * 8 in.
 */
export async function drawZpl(label: CarrierZplLabel): Promise<GreyImage> {
  // Whole dots a millimetre, as zebrash takes them: 8 at 203 dpi, 12 at 300, 24 at 600.
  const dotsPerMm = Math.round(label.dpi / 25.4);
  const widthMm = millimetresOf(label.printWidth ?? Math.round(4 * label.dpi), dotsPerMm);
  const draw = (lengthDots: number): Promise<GreyImage> => drawZplInWorker({ program: label.program, widthMm, lengthMm: millimetresOf(lengthDots, dotsPerMm), dotsPerMm });
  if (label.labelLength !== undefined) return draw(label.labelLength);
  const longest = Math.round(DRAW_LENGTH_IN * label.dpi);
  const reach = Math.max(Math.round(6 * label.dpi), fieldsReach(label.program, label.dpi));
  const canvas = Math.min(longest, reach + Math.round(label.dpi / 4));
  const drawn = await draw(canvas);
  if (canvas < longest && (inkBounds(drawn)?.bottom ?? 0) > reach) return draw(longest);
  return drawn;
}
