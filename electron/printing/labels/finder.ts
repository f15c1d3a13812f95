/**
 * Finds a shipping label on a sheet, or in an image that holds more than the label (a Letter or A4
 * page that carries the label and other things: instructions, a receipt, a second copy, a cut line).
 * Works on the page drawn in grey at a known resolution and on the barcodes read off it:
 *
 * 1. The barcodes are the label's anchors. Barcodes that say the same thing in two places are two
 *    copies of one label (two copies on a sheet): the first copy in reading order is the label, and
 *    the other copy's barcodes must stay out of the crop.
 * 2. The sheet's ink is gathered into blocks: ink nearer than 0.12 in is one block (the letters of a
 *    line, the lines of a paragraph, a label's fields between its rules).
 * 3. The label starts as the blocks its barcodes stand on, and takes in every block reaching into
 *    its box, then the blocks near it, nearest first: carriers leave up to half an inch of white
 *    between a label's own parts (DHL Express, Post.at), so a block within 0.6 in can be the
 *    label's. It stops taking them in when it is whole: its ink the size of a known label (4x6,
 *    100x150 mm, A6, 4x8, 100x200 mm, 105x203 mm, A5) and the next block further off than any gap
 *    inside it (instructions set apart from a 4x6 label). It gives up, unsure, when a block that
 *    near would make it bigger than a label's ink can be (more than 4.5 in across on a sheet), or
 *    when the other copy's barcodes are that near: that block could be the label's or not. A thin
 *    line that reaches past the label's own extent (a cut line across the sheet) is passed over.
 * 4. A drawn frame (a rectangle of long ruled lines) around all the anchors that covers at least
 *    half of what was found, and reaches no block set apart, is the label's own edge and is
 *    preferred: text printed just outside it (terms, a doc tab) is left off.
 * 5. The way the barcodes read tells which way the label is turned on the sheet.
 *
 * Nothing else is a guess: no barcode, copies too close, something near that cannot be told apart,
 * nothing label-sized, and the result is "unsure" with its reason, which the caller says when it
 * prints the whole sheet.
 */
import type { GreyImage } from '../zpl/bitmap';
import type { FoundBarcode } from './barcodes';
import { InkScanner, inkBounds, pixelWords, type PixelBox } from './raster';

export type QuarterTurn = 0 | 90 | 180 | 270;

export type FinderResult =
  | {
      readonly found: true;
      readonly box: PixelBox;
      /** The ink of the label within the box, without the white kept around it. */
      readonly ink: PixelBox;
      /** Clockwise turn that makes the label read upright. */
      readonly turn: QuarterTurn;
      /** How the edge was found: its drawn frame, or the extent of its ink. */
      readonly edge: 'frame' | 'ink';
      /** Other copies of the same label on the sheet, left out. */
      readonly copiesLeftOut: number;
      readonly barcodes: readonly FoundBarcode[];
    }
  | { readonly found: false; readonly reason: string; readonly barcodes: readonly FoundBarcode[] };

/** Four pixels of white paper, read as one word. */
const PAPER = 0xffffffff;
/** Ink for finding ruled lines: a little lighter than the print threshold, so hairlines drawn grey count. */
const SHAPE_INK = 170;
/**
 * Ink nearer than this is one block: the letters of a line, the lines of a paragraph, a label's
 * fields between its rules. Instructions are set further from a label than this.
 */
const JOIN_IN = 0.12;
/** A block this near the label can be a part of it: carriers leave up to half an inch of white inside a label. */
const LINK_IN = 0.6;
/** Further than the label's own widest gap by this much, a block is apart from a label already whole. */
const CLEARLY_APART_IN = 0.1;
/**
 * The sizes labels come in, short by long side in inches: 4x6, 100x150 mm, A6, 4x6.75 (a doc tab),
 * 4x8, 100x200 mm, 105x203 mm, A5. A label's ink reaches nearly to its edges.
 */
const KNOWN_SIZES_IN: readonly (readonly [number, number])[] = [[4, 6], [3.94, 5.91], [4.13, 5.83], [4, 6.75], [4, 8], [3.94, 7.87], [4.13, 8], [5.83, 8.27]];
/** How far a label's ink may fall short of (or a rule stand past) its known size. */
const KNOWN_SIZE_SLACK_IN = 0.2;
/** A block this thin across is a line (a rule, a cut line), not text. */
const THIN_LINE_IN = 0.06;
/** White kept around the label's ink when it is cut out, where the sheet has it. */
const PAD_IN = 0.03;
/** A label found on a sheet is at least this big: labels printed on sheets are 4x6, A6, A5 or longer, and their ink nearly as big. */
const SHEET_LABEL_MIN_IN = { short: 3, long: 4 } as const;
/** A ruled line at least this long can be a label's edge. */
const RULE_MIN_IN = 1.5;
/** Label sizes, in inches: the smallest and largest short and long sides a carrier label has. */
const LABEL_SIDES_IN = { minShort: 2, maxShort: 6.3, minLong: 3, maxLong: 8.8 } as const;
/**
 * The ink of a label found on a sheet is at most this wide: labels are drawn for a 4 in or 105 mm
 * head (Post.at's A5 label has 97 mm of ink). Wider, and it holds something else too.
 */
const SHEET_INK_MAX_SHORT_IN = 4.5;
/** How far past what was found a frame around it is looked for. */
const FRAME_REACH_IN = 0.6;
/** A frame must cover this share of its block's box to stand for the label's edge. */
const FRAME_COVERS = 0.5;
/** A label found on a sheet is at most this share of the sheet: more, and it is the sheet. */
const MAX_SHARE_OF_SHEET = 0.6;

const area = (b: PixelBox): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
const contains = (outer: PixelBox, inner: PixelBox, slack = 0): boolean =>
  inner.left >= outer.left - slack && inner.top >= outer.top - slack && inner.right <= outer.right + slack && inner.bottom <= outer.bottom + slack;

/** Ink as a grid of cells of about 1/50 in: a cell is inked when any of its pixels is. */
export interface InkGrid {
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
  /** A bit a cell, `words` 32-bit words a row: cell x of a row is bit x % 32 of word x / 32. */
  readonly bits: Uint32Array;
  readonly words: number;
}

/** Whether cell (x, y) of a grid of bits `words` words wide is set. */
const bitAt = (bits: Uint32Array, words: number, x: number, y: number): boolean => (((bits[y * words + (x >>> 5)] ?? 0) >>> (x & 31)) & 1) === 1;

export function inkGrid(image: GreyImage, dpi: number): InkGrid {
  const cell = Math.max(1, Math.round(dpi / 50));
  const { width, height, pixels } = image;
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const words = (cols + 31) >>> 5;
  const bits = new Uint32Array(words * rows);
  const scan = new InkScanner(pixels);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    const cy = Math.floor(y / cell);
    const by = cy * words;
    for (let cx = 0; cx < cols; ) {
      const at = scan.first(row + cx * cell, row + width);
      if (at < 0) break;
      cx = Math.floor((at - row) / cell);
      bits[by + (cx >>> 5)] = (bits[by + (cx >>> 5)] ?? 0) | (1 << (cx & 31));
      // The cells after it already inked (by a row above) need no more looking at.
      do cx += 1;
      while (cx < cols && bitAt(bits, words, cx, cy));
    }
  }
  return { cell, cols, rows, bits, words };
}

interface Rule {
  /** Position across the line (y of a horizontal rule, x of a vertical one), its middle. */
  readonly at: number;
  readonly from: number;
  readonly to: number;
}

/** Neighbouring lines of one thick rule become one rule. `runs` are in order of line, then of start. */
function mergeRuns(runs: readonly Rule[], dpi: number): Rule[] {
  const merged: Rule[] = [];
  for (const run of runs) {
    const last = merged.findLast((r) => run.at - r.at <= 3 && Math.abs(r.from - run.from) < dpi / 10 && Math.abs(r.to - run.to) < dpi / 10);
    if (last === undefined) merged.push(run);
    else merged[merged.indexOf(last)] = { at: (last.at + run.at) / 2, from: Math.min(last.from, run.from), to: Math.max(last.to, run.to) };
  }
  return merged;
}

/**
 * Long ruled lines within a region, horizontal (along rows) and vertical: runs of ink, breaks of up
 * to two pixels allowed. Both are found in one pass over the rows, each column's run carried from
 * row to row: reading a column down the image would touch a new cache line at every pixel.
 */
function rules(image: GreyImage, dpi: number, region: PixelBox): { horizontal: Rule[]; vertical: Rule[] } {
  const minLength = RULE_MIN_IN * dpi;
  const { pixels, width } = image;
  const { left, top, right, bottom } = region;
  const columns = right - left;
  // Per column: where its run started (-1: none) and its last inked row.
  const downFrom = new Int32Array(columns).fill(-1);
  const downLast = new Int32Array(columns);
  const horizontal: Rule[] = [];
  const vertical: Rule[] = [];
  // Four pixels of plain paper (255, what most of a label is) are passed over a word at a time.
  const words = pixelWords(pixels);
  for (let y = top; y < bottom; y += 1) {
    const row = y * width;
    let from = -1;
    let last = 0;
    for (let x = left; x < right; x += 1) {
      if (words !== undefined && ((row + x) & 3) === 0 && x + 4 <= right && words[(row + x) >> 2] === PAPER) {
        x += 3;
        continue;
      }
      if ((pixels[row + x] ?? 255) >= SHAPE_INK) continue;
      // More than two pixels of white since the last ink ends the run.
      if (from >= 0 && x - last > 3) {
        if (last + 1 - from >= minLength) horizontal.push({ at: y, from, to: last + 1 });
        from = -1;
      }
      if (from < 0) from = x;
      last = x;
      const c = x - left;
      const start = downFrom[c] ?? -1;
      if (start >= 0 && y - (downLast[c] ?? 0) > 3) {
        if ((downLast[c] ?? 0) + 1 - start >= minLength) vertical.push({ at: x, from: start, to: (downLast[c] ?? 0) + 1 });
        downFrom[c] = y;
      } else if (start < 0) downFrom[c] = y;
      downLast[c] = y;
    }
    if (from >= 0 && last + 1 - from >= minLength) horizontal.push({ at: y, from, to: last + 1 });
  }
  for (let c = 0; c < columns; c += 1) {
    const start = downFrom[c] ?? -1;
    if (start >= 0 && (downLast[c] ?? 0) + 1 - start >= minLength) vertical.push({ at: left + c, from: start, to: (downLast[c] ?? 0) + 1 });
  }
  // A column's runs were found row by row, among the other columns': put them in order of column.
  vertical.sort((a, b) => a.at - b.at || a.from - b.from);
  return { horizontal: mergeRuns(horizontal, dpi), vertical: mergeRuns(vertical, dpi) };
}

/** Rectangles drawn with ruled lines within a region: two horizontal rules joined at both ends by vertical ones. */
function frames(image: GreyImage, dpi: number, region: PixelBox): PixelBox[] {
  const { horizontal: across, vertical: down } = rules(image, dpi, region);
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

/** A rectangle of the grid, in cells (right and bottom exclusive). */
export interface Cells {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const union = (a: Cells, b: Cells): Cells => ({ left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) });
const touching = (a: Cells, b: Cells): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** The white between two rectangles: the larger of their distances across and down (0 when they overlap). */
/** A box the size of a known label (its ink, give or take the slack). */
function knownSize(box: Cells, perInch: number): boolean {
  const [short, long] = [(box.right - box.left) / perInch, (box.bottom - box.top) / perInch].sort((a, b) => a - b) as [number, number];
  return KNOWN_SIZES_IN.some(([s, l]) => Math.abs(short - s) <= KNOWN_SIZE_SLACK_IN && Math.abs(long - l) <= KNOWN_SIZE_SLACK_IN);
}
/** A line runs alongside a box when it reaches no further than the box (give or take `slack`) along its length. */
function alongside(line: Cells, box: Cells, slack: number): boolean {
  return line.right - line.left >= line.bottom - line.top
    ? line.left >= box.left - slack && line.right <= box.right + slack
    : line.top >= box.top - slack && line.bottom <= box.bottom + slack;
}
/** A block no thicker than a ruled line, across or down. */
const thinLine = (block: Cells, perInch: number): boolean => Math.min(block.right - block.left, block.bottom - block.top) <= THIN_LINE_IN * perInch;
const gapBetween = (a: Cells, b: Cells): number => Math.max(0, b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom);

/**
 * The sheet's blocks of ink: the ink grid with every inked cell grown by half of `join` cells each
 * way, cut into connected parts; each block is the box of the ink it holds. Ink nearer than `join`
 * ends up in one block.
 */
export function blocksOf(grid: InkGrid, join: number): Cells[] {
  const { cols, rows, bits, words } = grid;
  const reach = Math.max(1, Math.ceil(join / 2));
  // Grown a bit row at a time, 32 cells a step: across by a cell a pass, each word ORed with itself
  // moved a cell either way (carrying the bit that crosses into the next word), then down by ORing
  // the rows within reach. Bits past a row's last cell may be set on the way: grown from a cell
  // within reach, they only give back what that cell grows anyway, and the fill stops at the last cell.
  const across = bits.slice();
  for (let pass = 0; pass < reach; pass += 1) {
    for (let y = 0; y < rows; y += 1) {
      let previous = 0;
      for (let k = y * words, end = k + words; k < end; k += 1) {
        const word = across[k] ?? 0;
        const next = k + 1 < end ? (across[k + 1] ?? 0) : 0;
        across[k] = word | (word << 1) | (previous >>> 31) | (word >>> 1) | (next << 31);
        previous = word;
      }
    }
  }
  const grown = new Uint32Array(words * rows);
  for (let y = 0; y < rows; y += 1) {
    const from = Math.max(0, y - reach);
    const to = Math.min(rows - 1, y + reach);
    for (let k = 0; k < words; k += 1) {
      let word = 0;
      for (let r = from; r <= to; r += 1) word |= across[r * words + k] ?? 0;
      grown[y * words + k] = word;
    }
  }
  // Flood fill from each grown cell not yet taken, in reading order, each cell pushed once: its bit
  // is cleared as it is taken.
  const stack = new Int32Array(cols * rows);
  /** Pushes cell (x, y) and clears its bit, so it is pushed once. */
  const take = (x: number, y: number, size: number): number => {
    const k = y * words + (x >>> 5);
    grown[k] = (grown[k] ?? 0) & ~(1 << (x & 31));
    stack[size] = y * cols + x;
    return size + 1;
  };
  /** The box of the ink in the part of `grown` that holds cell (x, y), every cell of it taken; undefined when it holds no ink. */
  const fillFrom = (x: number, y: number): Cells | undefined => {
    let [left, top, right, bottom] = [cols, rows, -1, -1];
    let size = take(x, y, 0);
    while (size > 0) {
      size -= 1;
      const at = stack[size] ?? 0;
      const cy = Math.floor(at / cols);
      const cx = at - cy * cols;
      if (bitAt(bits, words, cx, cy)) [left, right, top, bottom] = [Math.min(left, cx), Math.max(right, cx), Math.min(top, cy), Math.max(bottom, cy)];
      if (cx > 0 && bitAt(grown, words, cx - 1, cy)) size = take(cx - 1, cy, size);
      if (cx < cols - 1 && bitAt(grown, words, cx + 1, cy)) size = take(cx + 1, cy, size);
      if (cy > 0 && bitAt(grown, words, cx, cy - 1)) size = take(cx, cy - 1, size);
      if (cy < rows - 1 && bitAt(grown, words, cx, cy + 1)) size = take(cx, cy + 1, size);
    }
    return right >= 0 ? { left, top, right: right + 1, bottom: bottom + 1 } : undefined;
  };
  const found: Cells[] = [];
  for (let y = 0; y < rows; y += 1) {
    for (let k = 0; k < words; k += 1) {
      // The row's next grown cell in this word, until the word has none left (or only bits past the row's end).
      for (let word = grown[y * words + k] ?? 0; word !== 0; word = grown[y * words + k] ?? 0) {
        const x = k * 32 + (31 - Math.clz32(word & -word));
        if (x >= cols) break;
        const block = fillFrom(x, y);
        if (block !== undefined) found.push(block);
      }
    }
  }
  return found;
}

const unsure = (reason: string, barcodes: readonly FoundBarcode[]): FinderResult => ({ found: false, reason, barcodes });

/** Finds the label on a sheet drawn at `dpi`; see the module comment for how. */
export function findLabel(image: GreyImage, dpi: number, barcodes: readonly FoundBarcode[], options: { readonly sheet: boolean } = { sheet: true }): FinderResult {
  if (barcodes.length === 0) return unsure('no barcode could be read on the sheet', barcodes);
  const grid = inkGrid(image, dpi);
  const perInch = dpi / grid.cell;
  const { anchors, others, copies } = firstCopy(barcodes, dpi);
  const cellsOf = (b: FoundBarcode): Cells => ({ left: Math.floor(b.left / grid.cell), top: Math.floor(b.top / grid.cell), right: Math.ceil(b.right / grid.cell), bottom: Math.ceil(b.bottom / grid.cell) });
  const sizedIn = (box: Cells, min: { readonly short: number; readonly long: number }): boolean => {
    const [short, long] = [(box.right - box.left) / perInch, (box.bottom - box.top) / perInch].sort((a, b) => a - b) as [number, number];
    return short >= min.short && short <= (options.sheet ? SHEET_INK_MAX_SHORT_IN : LABEL_SIDES_IN.maxShort) && long >= min.long && long <= LABEL_SIDES_IN.maxLong;
  };
  const smallest = options.sheet ? SHEET_LABEL_MIN_IN : { short: LABEL_SIDES_IN.minShort, long: LABEL_SIDES_IN.minLong };

  const blocks = blocksOf(grid, Math.round(JOIN_IN * perInch));
  const otherCopy = new Set(blocks.filter((block) => others.some((b) => touching(block, cellsOf(b)))));
  const label = new Set(blocks.filter((block) => anchors.some((b) => touching(block, cellsOf(b)))));
  if ([...label].some((block) => otherCopy.has(block))) return unsure('the copies of the label on the sheet touch each other', barcodes);
  const first = [...label][0];
  if (first === undefined) return unsure('its barcodes stand on no ink', barcodes);
  let box = [...label].reduce(union, first);
  // Step 3 of the module comment: blocks reaching into the box, then the near ones, nearest first.
  let widestLink = 0;
  const passed = new Set<Cells>();
  const link = Math.round(LINK_IN * perInch);
  for (;;) {
    const next = blocks
      .filter((block) => !label.has(block) && !passed.has(block))
      .map((block) => ({ block, gap: gapBetween(box, block) }))
      .filter(({ gap }) => gap <= link)
      .sort((a, b) => a.gap - b.gap)[0];
    if (next === undefined) break;
    if (next.gap > 0 && knownSize(box, perInch) && next.gap > widestLink + Math.round(CLEARLY_APART_IN * perInch)) break;
    if (otherCopy.has(next.block)) return unsure('the copies of the label on the sheet stand too close to tell apart', barcodes);
    const grown = union(box, next.block);
    if (next.gap > 0 && thinLine(next.block, perInch) && !alongside(next.block, box, Math.round(KNOWN_SIZE_SLACK_IN * perInch))) {
      // A line reaching past the label's own extent (a cut line across the sheet) is not the label's.
      passed.add(next.block);
      continue;
    }
    if (next.gap > 0 && !sizedIn(grown, { short: 0, long: 0 })) return unsure(`something ${(next.gap / perInch).toFixed(1)} in from the label cannot be told apart from it`, barcodes);
    label.add(next.block);
    widestLink = Math.max(widestLink, next.gap);
    box = grown;
  }
  if (!sizedIn(box, smallest)) return unsure('nothing the size of a label holds its barcodes apart from the rest of the sheet', barcodes);
  // A little white around the ink, where there is white: never into a block left out.
  const pad = Math.round(PAD_IN * perInch);
  const apart = blocks.filter((block) => !label.has(block));
  const room = (grow: Cells): boolean => !apart.some((block) => touching(grow, block));
  const padded: Cells = {
    left: room({ ...box, left: box.left - pad }) ? Math.max(0, box.left - pad) : box.left,
    top: room({ ...box, top: box.top - pad }) ? Math.max(0, box.top - pad) : box.top,
    right: room({ ...box, right: box.right + pad }) ? Math.min(grid.cols, box.right + pad) : box.right,
    bottom: room({ ...box, bottom: box.bottom + pad }) ? Math.min(grid.rows, box.bottom + pad) : box.bottom,
  };
  // inkBounds keeps to the image: the grid's last cells may reach past it.
  const ink = inkBounds(image, { left: box.left * grid.cell, top: box.top * grid.cell, right: box.right * grid.cell, bottom: box.bottom * grid.cell });
  let found: PixelBox = { left: padded.left * grid.cell, top: padded.top * grid.cell, right: Math.min(image.width, padded.right * grid.cell), bottom: Math.min(image.height, padded.bottom * grid.cell) };
  let edge: 'frame' | 'ink' = 'ink';
  // A drawn frame around the barcodes, the size of a label and most of what was found, is the label's own edge.
  // Looked for only around what was found: a frame must cover most of it, and the rest of the sheet is a lot of pixels.
  const reach = Math.round(FRAME_REACH_IN * dpi);
  const around = { left: Math.max(0, found.left - reach), top: Math.max(0, found.top - reach), right: Math.min(image.width, found.right + reach), bottom: Math.min(image.height, found.bottom + reach) };
  const frame = frames(image, dpi, around)
    .filter((f) => labelSized(f, dpi) && anchors.every((b) => contains(f, b, dpi / 20)) && !others.some((b) => contains(f, b)) && area(f) >= FRAME_COVERS * area(found))
    .filter((f) => !apart.some((block) => touching({ left: Math.floor(f.left / grid.cell), top: Math.floor(f.top / grid.cell), right: Math.ceil(f.right / grid.cell), bottom: Math.ceil(f.bottom / grid.cell) }, block) && gapBetween(box, block) > link))
    .sort((a, b) => area(b) - area(a))[0];
  if (frame !== undefined) {
    found = frame;
    edge = 'frame';
  }
  if (options.sheet && area(found) > MAX_SHARE_OF_SHEET * image.width * image.height) return unsure('what holds the barcodes covers most of the sheet', barcodes);
  return { found: true, box: found, ink: edge === 'frame' ? (inkBounds(image, found) ?? found) : (ink ?? found), turn: uprightTurn(anchors), edge, copiesLeftOut: copies - 1, barcodes: anchors };
}
