/**
 * Code 128 tracking barcodes: bwip-js encodes the symbol (it picks the code sets and the
 * check character), this module sizes it for a 203 dpi thermal printer and draws the bars
 * as filled rectangles, so the PDF stays vector and prints crisp at any resolution.
 */
import { bwipjs } from '../lazyPackages';
import type { PageCanvas } from './page-canvas';
import { messageOf } from '../../base/errors';

/** The resolution of the common desktop thermal label printer (8 dots per mm). */
export const PRINTER_DPI = 203;
/** One printer dot, in PDF points. */
export const PRINTER_DOT = 72 / PRINTER_DPI;
/** ISO/IEC 15417 asks for at least ten modules of blank space on each side. */
export const QUIET_ZONE_MODULES = 10;
/**
 * Narrowest bar in whole printer dots, preferred first: 3 dots is 14.8 mil, inside the
 * 13-21 mil range carriers ask for; 2 dots (9.9 mil) is the narrowest a thermal head
 * prints reliably, kept for long tracking numbers that would not fit otherwise.
 */
const DOTS_PER_MODULE = [3, 2] as const;

export interface Bar {
  /** Left edge, in modules from the start of the symbol. */
  readonly start: number;
  readonly width: number;
}

export interface Code128Symbol {
  readonly text: string;
  readonly bars: readonly Bar[];
  /** Width of the symbol without quiet zones, in modules. */
  readonly modules: number;
}

/** What `bwipjs.raw` returns: bar widths for linear symbols, a pixel grid for 2D ones. */
type RawSymbols = readonly ({ readonly sbs: readonly number[] } | { readonly pixs: readonly number[] })[];

function rawCode128(text: string): RawSymbols {
  try {
    return bwipjs().raw('code128', text, {});
  } catch (error) {
    throw new Error(`cannot encode ${JSON.stringify(text)} as Code 128: ${messageOf(error)}`, { cause: error });
  }
}

/** Encodes printable ASCII as Code 128; bwip-js's error is rethrown as one naming the text. */
export function encodeCode128(text: string): Code128Symbol {
  // bwip-js would quietly encode other characters through FNC4 as Latin-1 bytes, which
  // scanners report differently; tracking numbers are ASCII, so anything else is refused.
  if (!/^[\x20-\x7E]+$/.test(text)) throw new Error(`cannot encode ${JSON.stringify(text)} as Code 128: only printable ASCII is supported`);
  const first = rawCode128(text)[0];
  if (first === undefined || !('sbs' in first)) throw new Error(`bwip-js returned no bar pattern for ${JSON.stringify(text)}`);
  // `sbs` alternates bar and space widths, starting with a bar.
  const bars: Bar[] = [];
  let position = 0;
  first.sbs.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ start: position, width });
    position += width;
  });
  return { text, bars, modules: position };
}

export interface BarcodePlacement {
  /** Left edge of the first bar, in points from the page's left edge, on the printer's dot grid. */
  readonly x: number;
  readonly moduleWidth: number;
  readonly dotsPerModule: number;
  /** Width of the bars alone; the quiet zones are `QUIET_ZONE_MODULES * moduleWidth` either side. */
  readonly symbolWidth: number;
}

/**
 * Centres the symbol in [boxLeft, boxLeft + boxWidth] with its quiet zones inside the box,
 * using the widest bars that fit; undefined when even the narrowest do not.
 */
export function placeCode128(symbol: Code128Symbol, boxLeft: number, boxWidth: number): BarcodePlacement | undefined {
  for (const dots of DOTS_PER_MODULE) {
    const moduleWidth = dots * PRINTER_DOT;
    const symbolWidth = symbol.modules * moduleWidth;
    // One dot of slack absorbs the snap to the dot grid below.
    if (symbolWidth + 2 * QUIET_ZONE_MODULES * moduleWidth > boxWidth - PRINTER_DOT) continue;
    // Bars that start on a dot boundary print every module with the same number of dots.
    const x = Math.round((boxLeft + (boxWidth - symbolWidth) / 2) / PRINTER_DOT) * PRINTER_DOT;
    return { x, moduleWidth, dotsPerModule: dots, symbolWidth };
  }
  return undefined;
}

export function drawCode128(canvas: PageCanvas, symbol: Code128Symbol, placement: BarcodePlacement, top: number, height: number): void {
  canvas.fillRects(
    symbol.bars.map((bar) => ({
      x: placement.x + bar.start * placement.moduleWidth,
      top,
      width: bar.width * placement.moduleWidth,
      height,
    })),
  );
}
