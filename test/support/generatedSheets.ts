/**
 * Sheets made for the label finder's tests: a 4x6 label (the sandbox's own, or a real carrier's
 * from the shared fixtures) placed on a Letter or A4 page, portrait or landscape, at a corner with
 * a margin, turned by a quarter turn or none, with blocks of instructions beside it (a heading,
 * numbered steps, a paragraph, sometimes a cut line or a boxed receipt) at a gap from it, as
 * carriers and shop systems lay out labels to be printed on office paper.
 *
 * Some sheets carry a /Rotate, as PDF producers turn landscape pages. Each sheet says where
 * everything went, in the sheet's own PDF points (from its lower-left corner, before any /Rotate):
 * the label's page, its ink, and the box of every line of instructions, so a test can tell a crop
 * that holds the whole label and nothing else from one that does not.
 */
import fc from 'fast-check';
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface Box {
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
  readonly top: number;
}

/** A label to place: its one-page PDF and where its ink is on that page (points from its lower-left corner). */
export interface LabelSource {
  readonly name: string;
  readonly pdf: Uint8Array;
  readonly ink: Box;
}

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface SheetPlan {
  readonly sheet: 'Letter' | 'A4';
  readonly landscape: boolean;
  readonly label: number;
  /** Counter-clockwise quarter turns of the label on the sheet. */
  readonly turn: 0 | 90 | 180 | 270;
  readonly corner: Corner;
  /** From the sheet's edges to the label's page, in inches. */
  readonly margin: number;
  /** Between the label's page and the instructions, in inches. */
  readonly gap: number;
  /** Instructions beside the label (across the sheet), below or above it (along), or both. */
  readonly beside: boolean;
  readonly along: boolean;
  readonly cutLine: boolean;
  readonly receipt: boolean;
  /** Instructions turned a quarter turn too (the whole layout was turned). */
  readonly textTurned: boolean;
  readonly words: number;
  readonly textSize: number;
  /** The sheet's own /Rotate: how a viewer turns the page before showing it. */
  readonly pageRotate: 0 | 90 | 180 | 270;
}

export interface GeneratedSheet {
  readonly plan: SheetPlan;
  readonly pdf: Uint8Array;
  readonly size: { readonly width: number; readonly height: number };
  /** The label's page and its ink on the sheet. */
  readonly labelPage: Box;
  readonly labelInk: Box;
  /** Every line of instructions, heading and receipt drawn beside the label, and the cut line. */
  readonly text: readonly Box[];
  readonly cutLine: Box | undefined;
}

const SHEETS = { Letter: { width: 612, height: 792 }, A4: { width: 595.28, height: 841.89 } } as const;
const INCH = 72;

export const sheetPlans = (labels: number): fc.Arbitrary<SheetPlan> =>
  fc.record({
    sheet: fc.constantFrom('Letter' as const, 'A4' as const),
    landscape: fc.boolean(),
    label: fc.nat({ max: labels - 1 }),
    turn: fc.constantFrom(0 as const, 90 as const, 180 as const, 270 as const),
    corner: fc.constantFrom<Corner>('top-left', 'top-right', 'bottom-left', 'bottom-right'),
    margin: fc.double({ min: 0.25, max: 0.9, noNaN: true }),
    // Mostly clearly apart, sometimes as near as a label's own parts stand to each other.
    gap: fc.oneof({ arbitrary: fc.double({ min: 0.25, max: 0.7, noNaN: true }), weight: 1 }, { arbitrary: fc.double({ min: 0.7, max: 1.8, noNaN: true }), weight: 3 }),
    beside: fc.boolean(),
    along: fc.boolean(),
    cutLine: fc.boolean(),
    receipt: fc.boolean(),
    textTurned: fc.boolean(),
    words: fc.integer({ min: 25, max: 160 }),
    textSize: fc.double({ min: 7.5, max: 11, noNaN: true }),
    pageRotate: fc.constantFrom(0 as const, 0 as const, 90 as const, 180 as const, 270 as const),
  });

const VOCABULARY = [
  'print', 'this', 'label', 'and', 'attach', 'it', 'to', 'your', 'parcel', 'with', 'clear', 'tape', 'do', 'not', 'cover', 'the', 'barcode',
  'fold', 'along', 'line', 'keep', 'receipt', 'for', 'records', 'drop', 'off', 'at', 'any', 'post', 'office', 'or', 'schedule', 'a', 'pickup',
  'online', 'return', 'items', 'within', '30', 'days', 'of', 'delivery', 'questions', 'call', 'customer', 'service', 'include', 'packing', 'slip',
  'inside', 'box', 'remove', 'old', 'labels', 'tracking', 'number', 'is', 'shown', 'above', 'insurance', 'up', 'to', '$100', 'included',
];

/** Words from a seeded walk over a small vocabulary: text that looks like instructions. */
function wordsOf(count: number, seed: number): string[] {
  const out: string[] = [];
  let state = seed >>> 0 || 1;
  for (let i = 0; i < count; i += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out.push(VOCABULARY[state % VOCABULARY.length] ?? 'label');
  }
  return out;
}

/** Lines of at most `width` points. */
function wrap(words: readonly string[], font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) > width && line !== '') {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Draws text laid out in a box of its own (x right, y down from the box's top-left, unturned) onto
 * the sheet, turned a quarter turn counter-clockwise when `turned`; returns each line's box on the sheet.
 */
class Writer {
  readonly boxes: Box[] = [];

  constructor(
    private readonly page: PDFPage,
    private readonly area: Box,
    private readonly turned: boolean,
  ) {}

  /** The area's size as the text sees it (width across its lines). */
  get width(): number {
    return this.turned ? this.area.top - this.area.bottom : this.area.right - this.area.left;
  }

  get height(): number {
    return this.turned ? this.area.right - this.area.left : this.area.top - this.area.bottom;
  }

  /** A point of the text's own space (x right, y down) on the sheet. */
  private at(x: number, y: number): { x: number; y: number } {
    return this.turned ? { x: this.area.left + y, y: this.area.bottom + x } : { x: this.area.left + x, y: this.area.top - y };
  }

  private note(x0: number, y0: number, x1: number, y1: number): void {
    const a = this.at(x0, y0);
    const b = this.at(x1, y1);
    this.boxes.push({ left: Math.min(a.x, b.x), right: Math.max(a.x, b.x), bottom: Math.min(a.y, b.y), top: Math.max(a.y, b.y) });
  }

  /** One line with its baseline at `y`; false when it does not fit. */
  line(text: string, x: number, y: number, font: PDFFont, size: number): boolean {
    const width = font.widthOfTextAtSize(text, size);
    if (y > this.height || x + width > this.width) return false;
    const origin = this.at(x, y);
    this.page.drawText(text, { x: origin.x, y: origin.y, size, font, color: rgb(0, 0, 0), rotate: degrees(this.turned ? 90 : 0) });
    this.note(x, y - size * 0.8, x + width, y + size * 0.25);
    return true;
  }

  rectangle(x: number, y: number, width: number, height: number, thickness: number, dashed: boolean): void {
    // The lower-left corner on the sheet: the text's top-left when turned, its bottom-left when not.
    const a = this.turned ? this.at(x, y) : this.at(x, y + height);
    const [w, h] = this.turned ? [height, width] : [width, height];
    this.page.drawRectangle({ x: a.x, y: a.y, width: w, height: h, borderColor: rgb(0, 0, 0), borderWidth: thickness, ...(dashed ? { borderDashArray: [6, 4] } : {}) });
    this.note(x - thickness, y - thickness, x + width + thickness, y + height + thickness);
  }
}

/** A block of instructions filling (some of) `area`: heading, numbered steps, a paragraph, maybe a receipt box. */
function instructions(writer: Writer, fonts: { regular: PDFFont; bold: PDFFont }, plan: SheetPlan, seed: number): void {
  const size = plan.textSize;
  const lead = size * 1.3;
  const width = Math.min(writer.width, 4.5 * INCH);
  let y = 14;
  if (!writer.line('Instructions', 0, y, fonts.bold, 14)) return;
  y += 10;
  const words = wordsOf(plan.words, seed);
  const steps = [words.slice(0, Math.ceil(words.length / 3)), words.slice(Math.ceil(words.length / 3), Math.ceil((2 * words.length) / 3))];
  for (const [index, step] of steps.entries()) {
    for (const [n, text] of wrap(step, fonts.regular, size, width - 14).entries()) {
      y += lead;
      if (!writer.line(n === 0 ? `${String(index + 1)}.` : '', 0, y, fonts.regular, size) && n === 0) return;
      if (!writer.line(text, 14, y, fonts.regular, size)) return;
    }
    y += lead / 2;
  }
  for (const text of wrap(words.slice(Math.ceil((2 * words.length) / 3)), fonts.regular, size, width)) {
    y += lead;
    if (!writer.line(text, 0, y, fonts.regular, size)) return;
  }
  if (!plan.receipt) return;
  y += lead * 1.5;
  const rows = ['Receipt', `Ship date: 2026-05-${String(10 + (seed % 18))}`, 'Postage: $8.45', `Reference: R${String(seed % 100_000).padStart(5, '0')}`];
  const boxHeight = rows.length * lead + 10;
  if (y + boxHeight > writer.height || width < 2 * INCH) return;
  writer.rectangle(0, y, Math.min(width, 3 * INCH), boxHeight, 0.8, false);
  rows.forEach((row, index) => writer.line(row, 6, y + 4 + (index + 1) * lead - lead * 0.2, index === 0 ? fonts.bold : fonts.regular, size));
}

/** The label's page box on the sheet once turned counter-clockwise by `turn` and put at `corner`. */
function labelPlace(plan: SheetPlan, sheet: { width: number; height: number }, page: { width: number; height: number }): Box {
  const [w, h] = plan.turn % 180 === 0 ? [page.width, page.height] : [page.height, page.width];
  const m = plan.margin * INCH;
  const left = plan.corner.endsWith('left') ? m : sheet.width - m - w;
  const bottom = plan.corner.startsWith('bottom') ? m : sheet.height - m - h;
  return { left, bottom, right: left + w, top: bottom + h };
}

/** A point of the label's own page (from its lower-left corner) on the sheet. */
function onSheet(place: Box, page: { width: number; height: number }, turn: SheetPlan['turn'], x: number, y: number): { x: number; y: number } {
  switch (turn) {
    case 0:
      return { x: place.left + x, y: place.bottom + y };
    case 90:
      return { x: place.right - y, y: place.bottom + x };
    case 180:
      return { x: place.right - x, y: place.top - y };
    case 270:
      return { x: place.left + y, y: place.top - x };
  }
}

function boxOnSheet(place: Box, page: { width: number; height: number }, turn: SheetPlan['turn'], box: Box): Box {
  const a = onSheet(place, page, turn, box.left, box.bottom);
  const b = onSheet(place, page, turn, box.right, box.top);
  return { left: Math.min(a.x, b.x), right: Math.max(a.x, b.x), bottom: Math.min(a.y, b.y), top: Math.max(a.y, b.y) };
}

/** The free areas beside (across) and along the label, at the plan's gap, each a box of the sheet. */
function freeAreas(plan: SheetPlan, sheet: { width: number; height: number }, label: Box): Box[] {
  const gap = plan.gap * INCH;
  const edge = 0.3 * INCH;
  const areas: Box[] = [];
  if (plan.beside) {
    const area = plan.corner.endsWith('left') ? { left: label.right + gap, right: sheet.width - edge } : { left: edge, right: label.left - gap };
    if (area.right - area.left >= 1.2 * INCH) areas.push({ ...area, bottom: label.bottom, top: label.top });
  }
  if (plan.along || areas.length === 0) {
    const area = plan.corner.startsWith('top') ? { top: label.bottom - gap, bottom: edge } : { bottom: label.top + gap, top: sheet.height - edge };
    if (area.top - area.bottom >= 1.2 * INCH) areas.push({ ...area, left: label.left, right: Math.min(sheet.width - edge, label.left + 5 * INCH) });
  }
  return areas;
}

/** Makes the sheet a plan describes, around `labels[plan.label]`. */
export async function generateSheet(plan: SheetPlan, labels: readonly LabelSource[], seed: number): Promise<GeneratedSheet> {
  const source = labels[plan.label];
  if (source === undefined) throw new Error(`no label ${String(plan.label)}`);
  const base = SHEETS[plan.sheet];
  const size = plan.landscape ? { width: base.height, height: base.width } : base;
  const doc = await PDFDocument.create();
  const page = doc.addPage([size.width, size.height]);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const [embedded] = await doc.embedPdf(source.pdf, [0]);
  if (embedded === undefined) throw new Error(`${source.name} has no page`);
  const labelSize = { width: embedded.width, height: embedded.height };
  const place = labelPlace(plan, size, labelSize);
  const origin = onSheet(place, labelSize, plan.turn, 0, 0);
  page.drawPage(embedded, { x: origin.x, y: origin.y, rotate: degrees(plan.turn) });
  const text: Box[] = [];
  for (const [index, area] of freeAreas(plan, size, place).entries()) {
    const writer = new Writer(page, area, plan.textTurned);
    instructions(writer, fonts, plan, seed + index);
    text.push(...writer.boxes);
  }
  let cutLine: Box | undefined;
  if (plan.cutLine) {
    // A dashed cut line across the sheet, half way through the gap below or above the label.
    const gap = plan.gap * INCH;
    const y = plan.corner.startsWith('top') ? place.bottom - gap / 2 : place.top + gap / 2;
    if (y > 0.2 * INCH && y < size.height - 0.2 * INCH) {
      page.drawLine({ start: { x: 0.3 * INCH, y }, end: { x: size.width - 0.3 * INCH, y }, thickness: 0.6, dashArray: [5, 4], color: rgb(0, 0, 0) });
      cutLine = { left: 0.3 * INCH, right: size.width - 0.3 * INCH, bottom: y - 0.5, top: y + 0.5 };
    }
  }
  page.setRotation(degrees(plan.pageRotate));
  return { plan, pdf: await doc.save(), size, labelPage: place, labelInk: boxOnSheet(place, labelSize, plan.turn, source.ink), text, cutLine };
}

export const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;
export const holds = (outer: Box, inner: Box, slack = 0): boolean =>
  inner.left >= outer.left - slack && inner.right <= outer.right + slack && inner.bottom >= outer.bottom - slack && inner.top <= outer.top + slack;

/** The white between the label's ink and the nearest instructions (the cut line aside), in inches (Infinity without any). */
export function inkGap(sheet: GeneratedSheet, boxes: readonly Box[] = sheet.text): number {
  const ink = sheet.labelInk;
  const gaps = boxes.map((box) => Math.max(0, box.left - ink.right, ink.left - box.right, box.bottom - ink.top, ink.bottom - box.top) / INCH);
  return Math.min(Number.POSITIVE_INFINITY, ...gaps);
}

/** The white between the label's ink and the cut line, in inches (Infinity without one). */
export const cutLineGap = (sheet: GeneratedSheet): number => (sheet.cutLine === undefined ? Number.POSITIVE_INFINITY : inkGap(sheet, [sheet.cutLine]));
