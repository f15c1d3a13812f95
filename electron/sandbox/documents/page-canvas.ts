/**
 * A thin drawing surface over pdf-lib for the sandbox's documents.
 *
 * Why not `page.drawText` / `page.drawRectangle`: each of those calls re-resolves the
 * page's resources and wraps its operators in a graphics state of its own, which made a
 * label cost about twice as much (see docs/sandbox/documents.md). Here a page collects
 * pdf-lib operators in one list and becomes a single content stream when the document is
 * saved. Coordinates are measured from the top-left corner, as a layout is read; text
 * always has a box width and is shrunk or cut to fit it, so nothing can overflow.
 */
import {
  PDFContentStream,
  PDFDocument,
  StandardFonts,
  beginText,
  endText,
  fill,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  showText,
  stroke,
} from 'pdf-lib';
import type { PDFFont, PDFName, PDFOperator, PDFPage } from 'pdf-lib';
import { fitLine, printable, wrapLines } from './text';
import type { FittedText } from './text';

/**
 * Content streams are stored uncompressed: deflating them was the largest single cost of
 * a label, and a 4x6 label stays a few kilobytes either way (measured in the doc).
 */
const COMPRESS_CONTENT = false;

export interface DocumentFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

export type Align = 'left' | 'center' | 'right';

export interface TextStyle {
  readonly size: number;
  readonly bold?: boolean;
  /** Smallest size the text may shrink to before it is cut; defaults to `size` (no shrinking). */
  readonly minSize?: number;
  readonly align?: Align;
  /** White text is for dark boxes. */
  readonly inverse?: boolean;
}

export class PageCanvas {
  private readonly operators: PDFOperator[] = [];
  private readonly regularKey: PDFName;
  private readonly boldKey: PDFName;
  // Kept here: pdf-lib re-reads the MediaBox on every getHeight(), and every shape needs it.
  readonly width: number;
  readonly height: number;

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: DocumentFonts,
  ) {
    this.regularKey = page.node.newFontDictionary(fonts.regular.name, fonts.regular.ref);
    this.boldKey = page.node.newFontDictionary(fonts.bold.name, fonts.bold.ref);
    this.width = page.getWidth();
    this.height = page.getHeight();
  }

  font(bold: boolean | undefined): PDFFont {
    return bold === true ? this.fonts.bold : this.fonts.regular;
  }

  /**
   * Draws one line of caller text with its baseline `baseline` points below the top edge,
   * inside the box [x, x + maxWidth]. Returns what was printed, after fitting.
   */
  text(value: string, x: number, baseline: number, maxWidth: number, style: TextStyle): FittedText {
    const font = this.font(style.bold);
    const fitted = fitLine(font, printable(font, value), style.size, maxWidth, style.minSize ?? style.size);
    this.placeLine(fitted, x, baseline, maxWidth, style);
    return fitted;
  }

  /** Caller text as printable lines no wider than `maxWidth`, at most `maxLines` of them. */
  wrap(value: string, maxWidth: number, style: TextStyle & { readonly maxLines: number }): string[] {
    const font = this.font(style.bold);
    return wrapLines(font, printable(font, value), style.size, maxWidth, style.maxLines);
  }

  private placeLine(fitted: FittedText, x: number, baseline: number, maxWidth: number, style: TextStyle): void {
    if (fitted.text === '') return;
    const font = this.font(style.bold);
    const offset = style.align === 'right' ? maxWidth - fitted.width : style.align === 'center' ? (maxWidth - fitted.width) / 2 : 0;
    const ops = this.operators;
    if (style.inverse === true) ops.push(setFillingGrayscaleColor(1));
    ops.push(
      beginText(),
      setFontAndSize(style.bold === true ? this.boldKey : this.regularKey, fitted.size),
      moveText(round(x + offset), round(this.height - baseline)),
      showText(font.encodeText(fitted.text)),
      endText(),
    );
    if (style.inverse === true) ops.push(setFillingGrayscaleColor(0));
  }

  /** A solid black box; rules are thin boxes so their thickness is exact. */
  fillRect(x: number, top: number, width: number, height: number): void {
    this.operators.push(rectangle(round(x), round(this.height - top - height), round(width), round(height)), fill());
  }

  /** Many black boxes filled as one path: a barcode's bars. */
  fillRects(boxes: readonly { readonly x: number; readonly top: number; readonly width: number; readonly height: number }[]): void {
    if (boxes.length === 0) return;
    for (const box of boxes) this.operators.push(rectangle(round(box.x), round(this.height - box.top - box.height), round(box.width), round(box.height)));
    this.operators.push(fill());
  }

  /** An outlined box whose outer edge is the given rectangle. */
  strokeRect(x: number, top: number, width: number, height: number, lineWidth: number): void {
    const inset = lineWidth / 2;
    this.operators.push(
      pushGraphicsState(),
      setLineWidth(lineWidth),
      rectangle(round(x + inset), round(this.height - top - height + inset), round(width - lineWidth), round(height - lineWidth)),
      stroke(),
      popGraphicsState(),
    );
  }

  /** Writes the collected drawing as the page's content stream. */
  finish(doc: PDFDocument): void {
    const stream = PDFContentStream.of(doc.context.obj({}), this.operators, COMPRESS_CONTENT);
    this.page.node.addContentStream(doc.context.register(stream));
  }
}

/** Four decimals are far finer than any printer dot and keep the content stream short. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export interface DocumentInfo {
  readonly title: string;
  readonly subject: string;
}

/** A PDF under construction: pages are added, then `save` writes them all. */
export class PdfBuilder {
  private readonly canvases: PageCanvas[] = [];

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: DocumentFonts,
  ) {}

  static async create(info: DocumentInfo): Promise<PdfBuilder> {
    // No creation or modification date from the clock: the same input gives the same bytes.
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(info.title);
    doc.setSubject(info.subject);
    doc.setProducer('Packbench sandbox (pdf-lib)');
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    return new PdfBuilder(doc, { regular, bold });
  }

  addPage(width: number, height: number): PageCanvas {
    const canvas = new PageCanvas(this.doc.addPage([width, height]), this.fonts);
    this.canvases.push(canvas);
    return canvas;
  }

  async save(): Promise<Uint8Array> {
    for (const canvas of this.canvases) canvas.finish(this.doc);
    // Object streams save a kilobyte but cost a deflate pass per document.
    return this.doc.save({ useObjectStreams: false, addDefaultPage: false });
  }
}
