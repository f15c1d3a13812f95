/**
 * ZPL as carriers send it (UPS, FedEx, USPS, DHL, Colissimo…): a program for the printer, not a
 * picture. For a printer set to ZPL it goes raw, untouched but for the resolution: ZPL counts in
 * dots, so a label drawn for 203 dpi prints at two thirds of its size on a 300 dpi head. For a
 * printer that takes PDF it is drawn here by a ZPL renderer (zebrash, compiled to WebAssembly by
 * zpl-renderer-js) at the label's own resolution, one image dot per printer dot.
 */
import type { ZplApi } from 'zpl-renderer-js';
import type { GreyImage } from './bitmap';
import { decodeImage } from '../labels/raster';

/** One ^XA…^XZ label of a job, and what it says about its size. */
export interface CarrierZplLabel {
  readonly program: string;
  /** ^PW, the print width in dots, when the label sets it. */
  readonly printWidth: number | undefined;
  /** ^LL, the label length in dots, when the label sets it. */
  readonly labelLength: number | undefined;
  /**
   * How far down the label's fields start, in dots: the largest y of its ^FO and ^FT. A label
   * without ^LL is at least this long (DHL Paket's reaches 1551 dots, 7.6 in, with no ^LL).
   */
  readonly fieldsReach: number;
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
    const fieldsReach = Math.max(0, ...[...program.matchAll(/\^F[OT]\s*\d+\s*,\s*(\d+)/g)].map((field) => Number(field[1])));
    return { program, printWidth, labelLength: number(program, '^LL'), fieldsReach, dpi: dpiOf(printWidth) };
  });
}

/**
 * The label told its length (^LL, in dots) right after its own ^XA, when it says none: a carrier
 * label laid out on its stock as the station's own ZPL labels are, whatever length the printer
 * was last told.
 */
export function withLabelLength(label: CarrierZplLabel, dots: number): CarrierZplLabel {
  if (label.labelLength !== undefined) return label;
  const at = label.program.lastIndexOf('^XA');
  const program = `${label.program.slice(0, at + 3)}^LL${String(dots)}${label.program.slice(at + 3)}`;
  return { ...label, program, labelLength: dots };
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

type Renderer = ZplApi;

/** Loaded at the first carrier ZPL label for a PDF printer (8 MB of WebAssembly), once per process. */
let renderer: Promise<Renderer> | undefined;

function zebrash(): Promise<Renderer> {
  renderer ??= import('zpl-renderer-js')
    .then(async (module) => (await module.ready).api)
    .catch((error: unknown) => {
      renderer = undefined;
      throw error;
    });
  return renderer;
}

/** The longest label drawn: 8 in, the longest stock a desk holds, at the label's resolution. */
const DRAW_LENGTH_IN = 8;

/** Draws one label at its own resolution, as wide as it says (else 4 in) and as long as it says (else 8 in). */
export async function drawZpl(label: CarrierZplLabel): Promise<GreyImage> {
  const api = await zebrash();
  const dotsPerMm = label.dpi / 25.4;
  const widthMm = (label.printWidth ?? Math.round(4 * label.dpi)) / dotsPerMm;
  const lengthMm = (label.labelLength ?? Math.round(DRAW_LENGTH_IN * label.dpi)) / dotsPerMm;
  const [png] = await api.zplToBase64MultipleAsync(label.program, widthMm, lengthMm, Math.round(dotsPerMm));
  if (png === undefined) throw new Error('the ZPL renderer drew nothing');
  return decodeImage(new Uint8Array(Buffer.from(png, 'base64')), 'png').image;
}
