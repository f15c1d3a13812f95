/**
 * Finds a shipping label on a sheet, or in an image that holds more than the label (a Letter or A4 page that carries the label and other things:
 * instructions, a receipt, a second copy, a cut line). Works on the page drawn in grey at a known
 * resolution and on the barcodes read off it:
 *
 * 1. The barcodes are the label's anchors. Barcodes that say the same thing in two places are two
 *    copies of one label (two copies on a sheet): the first copy in reading order is the label, and
 *    the other copy's barcodes must stay out of the crop.
 * 2. The sheet is cut along its blank bands (rows or columns with no ink across the whole region,
 *    as a person sees the gap between a label and the text beside it), recursively, keeping the side
 *    with the anchors. Every region reached that holds all the anchors, none of the other copy's, and
 *    is the size of a label (3 to 6.3 in by 4 to 8.8 in) is a candidate; the largest wins, so a
 *    label is never cut along a blank band of its own (some have an inch and more of white inside).
 * 3. Thin strips without barcodes at its edges (a cut line, one line of text) are trimmed off.
 * 4. A drawn frame (a rectangle of long ruled lines) around all the anchors that covers at least
 *    half of that region is the label's own edge and is preferred: text printed just outside it
 *    (terms, a doc tab, a cut line) is left off.
 * 5. The way the barcodes read tells which way the label is turned on the sheet.
 *
 * Nothing else is a guess: no barcode, barcodes that say different things, nothing label-sized,
 * and the result is "unsure" with its reason, which the caller says when it prints the whole sheet.
 */
import type { GreyImage } from '../zpl/bitmap';
import type { FoundBarcode } from './barcodes';
import { INK_LEVEL, type PixelBox } from './raster';

export type QuarterTurn = 0 | 90 | 180 | 270;

export type FinderResult =
  | {
      readonly found: true;
      readonly box: PixelBox;
      /** Clockwise turn that makes the label read upright. */
      readonly turn: QuarterTurn;
      /** How the edge was found: its drawn frame, or the extent of its ink. */
      readonly edge: 'frame' | 'ink';
      /** Other copies of the same label on the sheet, left out. */
      readonly copiesLeftOut: number;
      readonly barcodes: readonly FoundBarcode[];
    }
  | { readonly found: false; readonly reason: string; readonly barcodes: readonly FoundBarcode[] };

/** Ink for finding ruled lines: a little lighter than the print threshold, so hairlines drawn grey count. */
const SHAPE_INK = 170;
/** Blank bands narrower than this are the space between words and lines, not between things. */
const MIN_BAND_IN = 0.2;
/** A strip this thin at a label's edge, without barcodes, is a cut line or a line of text. */
const THIN_STRIP_IN = 0.75;
/** A label found on a sheet is at least this big: labels printed on sheets are 4x6, A6, A5 or longer. */
const SHEET_LABEL_MIN_IN = { short: 3, long: 4 } as const;
/** A ruled line at least this long can be a label's edge. */
const RULE_MIN_IN = 1.5;
/** Label sizes, in inches: the smallest and largest short and long sides a carrier label has. */
const LABEL_SIDES_IN = { minShort: 2, maxShort: 6.3, minLong: 3, maxLong: 8.8 } as const;
/** A frame must cover this share of its block's box to stand for the label's edge. */
const FRAME_COVERS = 0.5;
/** A label found on a sheet is at most this share of the sheet: more, and it is the sheet. */
const MAX_SHARE_OF_SHEET = 0.6;

const area = (b: PixelBox): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
const contains = (outer: PixelBox, inner: PixelBox, slack = 0): boolean =>
  inner.left >= outer.left - slack && inner.top >= outer.top - slack && inner.right <= outer.right + slack && inner.bottom <= outer.bottom + slack;

/** Ink as a grid of cells of about 1/50 in: a cell is inked when any of its pixels is. */
interface InkGrid {
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
  readonly inked: Uint8Array;
}

function inkGrid(image: GreyImage, dpi: number): InkGrid {
  const cell = Math.max(1, Math.round(dpi / 50));
  const cols = Math.ceil(image.width / cell);
  const rows = Math.ceil(image.height / cell);
  const inked = new Uint8Array(cols * rows);
  for (let y = 0; y < image.height; y += 1) {
    const row = y * image.width;
    const cy = Math.floor(y / cell) * cols;
    for (let x = 0; x < image.width; x += 1) if ((image.pixels[row + x] ?? 255) < INK_LEVEL) inked[cy + Math.floor(x / cell)] = 1;
  }
  return { cell, cols, rows, inked };
}

/** A region of the grid, in cells (right and bottom exclusive). */
interface Cells {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The region shrunk to its ink; undefined when it holds none. */
function tighten(grid: InkGrid, r: Cells): Cells | undefined {
  let left = r.right;
  let top = r.bottom;
  let right = -1;
  let bottom = -1;
  for (let y = r.top; y < r.bottom; y += 1) {
    for (let x = r.left; x < r.right; x += 1) {
      if (grid.inked[y * grid.cols + x] !== 1) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, right: right + 1, bottom: bottom + 1 };
}

interface Band {
  readonly across: 'rows' | 'columns';
  /** First blank row or column, and the first inked one after it. */
  readonly from: number;
  readonly to: number;
}

/** Blank bands inside a (tight) region at least `min` cells wide, widest first. */
function blankBands(grid: InkGrid, r: Cells, min: number): Band[] {
  const bands: Band[] = [];
  const scan = (across: 'rows' | 'columns', from: number, to: number, blank: (i: number) => boolean): void => {
    let start = -1;
    for (let i = from; i < to; i += 1) {
      if (blank(i)) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        if (i - start >= min) bands.push({ across, from: start, to: i });
        start = -1;
      }
    }
  };
  scan('rows', r.top, r.bottom, (y) => {
    for (let x = r.left; x < r.right; x += 1) if (grid.inked[y * grid.cols + x] === 1) return false;
    return true;
  });
  scan('columns', r.left, r.right, (x) => {
    for (let y = r.top; y < r.bottom; y += 1) if (grid.inked[y * grid.cols + x] === 1) return false;
    return true;
  });
  return bands.sort((a, b) => b.to - b.from - (a.to - a.from));
}

interface Rule {
  /** Position across the line (y of a horizontal rule, x of a vertical one), its middle. */
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** Long ruled lines, horizontal (`across` rows) or vertical: runs of ink, one- or two-pixel breaks allowed. */
function rules(image: GreyImage, dpi: number, direction: 'horizontal' | 'vertical'): Rule[] {
  const minLength = RULE_MIN_IN * dpi;
  const lines = direction === 'horizontal' ? image.height : image.width;
  const along = direction === 'horizontal' ? image.width : image.height;
  const ink = (line: number, pos: number): boolean =>
    (image.pixels[direction === 'horizontal' ? line * image.width + pos : pos * image.width + line] ?? 255) < SHAPE_INK;
  const runs: Rule[] = [];
  for (let line = 0; line < lines; line += 1) {
    let start = -1;
    let gap = 0;
    for (let pos = 0; pos <= along; pos += 1) {
      if (pos < along && ink(line, pos)) {
        if (start < 0) start = pos;
        gap = 0;
      } else if (start >= 0) {
        gap += 1;
        if (gap > 2 || pos === along) {
          const end = pos - gap + 1;
          if (end - start >= minLength) runs.push({ at: line, from: start, to: end });
          start = -1;
          gap = 0;
        }
      }
    }
  }
  // Neighbouring lines of one thick rule become one rule.
  const merged: Rule[] = [];
  for (const run of runs) {
    const last = merged.findLast((r) => run.at - r.at <= 3 && Math.abs(r.from - run.from) < dpi / 10 && Math.abs(r.to - run.to) < dpi / 10);
    if (last === undefined) merged.push(run);
    else merged[merged.indexOf(last)] = { at: (last.at + run.at) / 2, from: Math.min(last.from, run.from), to: Math.max(last.to, run.to) };
  }
  return merged;
}

/** Rectangles drawn with ruled lines: two horizontal rules joined at both ends by vertical ones. */
function frames(image: GreyImage, dpi: number): PixelBox[] {
  const across = rules(image, dpi, 'horizontal');
  const down = rules(image, dpi, 'vertical');
  const slack = Math.max(3, dpi / 25);
  const found: PixelBox[] = [];
  for (const [i, top] of across.entries()) {
    for (const bottom of across.slice(i + 1)) {
      if (bottom.at - top.at < LABEL_SIDES_IN.minShort * dpi) continue;
      const from = Math.max(top.from, bottom.from);
      const to = Math.min(top.to, bottom.to);
      if (to - from < LABEL_SIDES_IN.minShort * dpi) continue;
      const sides = down.filter((v) => v.at >= from - slack && v.at <= to + slack && v.from <= top.at + slack && v.to >= bottom.at - slack);
      if (sides.length < 2) continue;
      const left = Math.min(...sides.map((v) => v.at));
      const right = Math.max(...sides.map((v) => v.at));
      if (right - left < LABEL_SIDES_IN.minShort * dpi) continue;
      // The rules' own thickness belongs to the frame.
      found.push({ left: Math.floor(left - slack / 2), top: Math.floor(top.at - slack / 2), right: Math.ceil(right + slack / 2), bottom: Math.ceil(bottom.at + slack / 2) });
    }
  }
  return found;
}

function labelSized(box: PixelBox, dpi: number): boolean {
  const w = (box.right - box.left) / dpi;
  const h = (box.bottom - box.top) / dpi;
  const [short, long] = w < h ? [w, h] : [h, w];
  return short >= LABEL_SIDES_IN.minShort && short <= LABEL_SIDES_IN.maxShort && long >= LABEL_SIDES_IN.minLong && long <= LABEL_SIDES_IN.maxLong;
}

/** The clockwise turn that makes most of the barcodes read left to right. */
function uprightTurn(barcodes: readonly FoundBarcode[]): QuarterTurn {
  const votes = new Map<QuarterTurn, number>();
  for (const barcode of barcodes) {
    const reads = ((Math.round(barcode.orientation / 90) % 4) * 90) as QuarterTurn;
    const turn = ((360 - reads) % 360) as QuarterTurn;
    votes.set(turn, (votes.get(turn) ?? 0) + 1);
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

/** Barcodes by what they say: a text found in two places is a label printed twice. */
function firstCopy(barcodes: readonly FoundBarcode[], dpi: number): { anchors: FoundBarcode[]; others: FoundBarcode[]; copies: number } {
  const key = (b: FoundBarcode): string => `${b.format}:${b.text}`;
  const byText = new Map<string, FoundBarcode[]>();
  for (const barcode of barcodes) byText.set(key(barcode), [...(byText.get(key(barcode)) ?? []), barcode]);
  // Copies repeat every barcode alike; a text repeated on its own (USPS prints its DataMatrix twice) is one label's.
  const counts = new Set([...byText.values()].map((found) => found.length));
  const copies = counts.size === 1 ? ([...counts][0] ?? 1) : 1;
  if (copies === 1) return { anchors: [...barcodes], others: [], copies };
  // Reading order: top to bottom, blocks side by side (tops within an inch) left to right.
  const readingOrder = (a: FoundBarcode, b: FoundBarcode): number => (Math.abs(a.top - b.top) < dpi ? a.left - b.left : a.top - b.top);
  const first = [...barcodes].sort(readingOrder)[0];
  if (first === undefined) return { anchors: [], others: [], copies };
  // The first copy's anchors: of each repeated text, the instance nearest the first barcode.
  const near = (b: FoundBarcode): number => Math.hypot(b.left - first.left, b.top - first.top);
  const anchors = [...byText.values()].map((found) => [...found].sort((a, b) => near(a) - near(b))[0]).filter((b): b is FoundBarcode => b !== undefined);
  return { anchors, others: barcodes.filter((b) => !anchors.includes(b)), copies };
}

/** Finds the label on a sheet drawn at `dpi`; see the module comment for how. */
export function findLabel(image: GreyImage, dpi: number, barcodes: readonly FoundBarcode[], options: { readonly sheet: boolean } = { sheet: true }): FinderResult {
  if (barcodes.length === 0) return { found: false, reason: 'no barcode could be read on the sheet', barcodes };
  const grid = inkGrid(image, dpi);
  const perInch = dpi / grid.cell;
  const { anchors, others, copies } = firstCopy(barcodes, dpi);
  const toCells = (b: FoundBarcode): Cells => ({ left: Math.floor(b.left / grid.cell), top: Math.floor(b.top / grid.cell), right: Math.ceil(b.right / grid.cell), bottom: Math.ceil(b.bottom / grid.cell) });
  const inside = (r: Cells, b: FoundBarcode): boolean => contains(r, toCells(b), 1);
  const overlaps = (r: Cells, b: FoundBarcode): boolean => {
    const c = toCells(b);
    return c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top;
  };
  const sized = (r: Cells, min: { short: number; long: number }): boolean => {
    const [short, long] = [(r.right - r.left) / perInch, (r.bottom - r.top) / perInch].sort((a, b) => a - b) as [number, number];
    return short >= min.short && short <= LABEL_SIDES_IN.maxShort && long >= min.long && long <= LABEL_SIDES_IN.maxLong;
  };
  const candidates: Cells[] = [];
  const seen = new Set<string>();
  const search = (region: Cells): void => {
    const tight = tighten(grid, region);
    if (tight === undefined) return;
    const id = `${String(tight.left)},${String(tight.top)},${String(tight.right)},${String(tight.bottom)}`;
    if (seen.has(id) || !anchors.every((b) => inside(tight, b))) return;
    seen.add(id);
    if (!others.some((b) => overlaps(tight, b)) && sized(tight, options.sheet ? SHEET_LABEL_MIN_IN : { short: LABEL_SIDES_IN.minShort, long: LABEL_SIDES_IN.minLong })) candidates.push(tight);
    for (const band of blankBands(grid, tight, Math.max(1, Math.round(MIN_BAND_IN * perInch)))) {
      const halves: Cells[] =
        band.across === 'rows'
          ? [{ ...tight, bottom: band.from }, { ...tight, top: band.to }]
          : [{ ...tight, right: band.from }, { ...tight, left: band.to }];
      for (const half of halves) search(half);
    }
  };
  search({ left: 0, top: 0, right: grid.cols, bottom: grid.rows });
  const best = candidates.sort((a, b) => area(b) - area(a))[0];
  if (best === undefined) {
    return { found: false, reason: copies > 1 || others.length === 0 ? 'nothing the size of a label holds its barcodes apart from the rest of the sheet' : 'the sheet carries barcodes that say different things', barcodes };
  }
  const trimmed = trimStrips(grid, best, perInch, {
    keeps: (r) => anchors.every((b) => inside(r, b)) && sized(r, options.sheet ? SHEET_LABEL_MIN_IN : { short: LABEL_SIDES_IN.minShort, long: LABEL_SIDES_IN.minLong }),
    droppable: (r, thickness) => !barcodes.some((b) => overlaps(r, b)) && thickness <= THIN_STRIP_IN * perInch,
  });
  let box: PixelBox = { left: trimmed.left * grid.cell, top: trimmed.top * grid.cell, right: Math.min(image.width, trimmed.right * grid.cell), bottom: Math.min(image.height, trimmed.bottom * grid.cell) };
  let edge: 'frame' | 'ink' = 'ink';
  const frame = frames(image, dpi)
    .filter((f) => labelSized(f, dpi) && anchors.every((b) => contains(f, b, dpi / 20)) && !others.some((b) => contains(f, b)) && area(f) >= FRAME_COVERS * area(box))
    .sort((a, b) => area(b) - area(a))[0];
  if (frame !== undefined) {
    box = frame;
    edge = 'frame';
  }
  if (options.sheet && area(box) > MAX_SHARE_OF_SHEET * image.width * image.height) return { found: false, reason: 'what holds the barcodes covers most of the sheet', barcodes };
  return { found: true, box, turn: uprightTurn(anchors), edge, copiesLeftOut: copies - 1, barcodes: anchors };
}

/**
 * Trims what a blank band of at least a third of an inch sets apart at the region's edges, when it
 * carries no barcode and is thin (a cut line, a line of text), as long as what stays is a label.
 */
function trimStrips(grid: InkGrid, region: Cells, perInch: number, rule: { keeps: (r: Cells) => boolean; droppable: (r: Cells, thickness: number) => boolean }): Cells {
  let current = region;
  for (let pass = 0; pass < 8; pass += 1) {
    let next: Cells | undefined;
    for (const band of blankBands(grid, current, Math.max(1, Math.round(0.3 * perInch)))) {
      const [before, after]: [Cells, Cells] =
        band.across === 'rows' ? [{ ...current, bottom: band.from }, { ...current, top: band.to }] : [{ ...current, right: band.from }, { ...current, left: band.to }];
      for (const [keep, drop] of [
        [before, after],
        [after, before],
      ] as const) {
        const tightDrop = tighten(grid, drop);
        const tightKeep = tighten(grid, keep);
        if (tightDrop === undefined || tightKeep === undefined) continue;
        const thickness = band.across === 'rows' ? tightDrop.bottom - tightDrop.top : tightDrop.right - tightDrop.left;
        if (rule.keeps(tightKeep) && rule.droppable(tightDrop, thickness)) {
          next = tightKeep;
          break;
        }
      }
      if (next !== undefined) break;
    }
    if (next === undefined) return current;
    current = next;
  }
  return current;
}
