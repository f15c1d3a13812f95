/**
 * From a document as the service sent it to the labels in it, each upright and at its true size:
 *
 * - a PDF's pages; a Letter or A4 sheet on label stock is searched for its label (finder.ts), a
 *   later page that only repeats an earlier page's barcodes (an archive copy) is left out;
 * - a PNG, GIF or JPEG image at its own resolution (one image dot per printer dot), cropped to its
 *   drawn frame or its ink, turned so its barcodes read left to right;
 * - carrier ZPL, kept as the program for a ZPL printer, drawn at its resolution for any other.
 *
 * Everything decided that the packer should know (a crop, a copy left out, a sheet printed whole
 * because its label could not be told apart) is a note on the label, in words.
 */
import type { PDFPage } from 'pdf-lib';
import type { GreyImage } from '../zpl/bitmap';
import { drawZpl, lengthWithoutLl, splitZpl, type CarrierZplLabel } from '../zpl/carrier';
import { rasterizePdf } from '../zpl/rasterize';
import { DocumentError, checkPdf, lookalike, normalisedRotation, sniffFormat, type CheckedPdf } from '../document';
import { visibleBox, type PageBox } from '../fit';
import type { Size } from '../placement';
import { LINEAR_SYMBOLOGIES, readBarcodes, type FoundBarcode, type ReadOptions } from './barcodes';
import { findLabel, type FinderResult, type QuarterTurn } from './finder';
import { cropImage, decodeImage, inkBounds, turnImage, type PixelBox } from './raster';
import { messageOf } from '../../base/errors';

/** What is printed for one label. */
export type LabelArt =
  | {
      readonly kind: 'page';
      readonly pdf: CheckedPdf;
      readonly pageIndex: number;
      readonly box: PageBox;
      readonly upright: QuarterTurn;
      /** Where the ink is within the box, when the page was drawn to find it (a label cut out of a sheet). */
      readonly ink?: PageBox;
    }
  | { readonly kind: 'bitmap'; readonly image: GreyImage; readonly dpi: number }
  | { readonly kind: 'zpl'; readonly label: CarrierZplLabel };

export type SourceFormat = 'PDF' | 'PNG' | 'GIF' | 'JPEG' | 'ZPL';

export interface PreparedLabel {
  readonly what: string;
  readonly format: SourceFormat;
  readonly art: LabelArt;
  /** Its true size, upright, in points: what prints at 100%. */
  readonly size: Size;
  /** The page or image it came from, in points, when it was cropped out of it. */
  readonly croppedFrom?: Size;
  readonly notes: readonly string[];
}

export interface PrepareTarget {
  /** A ZPL printer is sent carrier ZPL as it is; any other printer gets it drawn. */
  readonly language: 'PDF' | 'ZPL';
  /** Sheet media (Letter, A4) keeps sheets whole: only label stock has a label searched for. */
  readonly labelStock: boolean;
}

/** The resolution carriers draw label images at when the file does not say (8 dots/mm). */
export const DEFAULT_IMAGE_DPI = 203;
/** Where the finder looks: fine enough for ZXing to read a carrier's barcodes, coarse enough to be quick. */
export const FINDER_DPI = 150;
/**
 * Where it looks again when nothing read: the resolution labels are drawn for. A Code 128 drawn in
 * whole dots at 203 dpi can fall between the finder's pixels: of 60 sandbox labels on Letter and A4
 * sheets (30 tracking numbers of four carriers), one UPS label read at no effort at 150 dpi; it,
 * and another that failed a run, read at 160 dpi and above.
 */
const SECOND_LOOK_DPI = 203;

/** How a carrier ZPL label's first note ends: what goes to a ZPL printer is the carrier's program. */
export const ZPL_AS_IT_CAME = 'sent to the printer as it came';
/** A page at least this big on both sides is a sheet, not a label: Letter and A4, either way round. */
const SHEET_MIN_IN = { short: 7.5, long: 10 } as const;

const inches = (points: number): string => (points / 72).toFixed(1);
const sizeText = (s: Size): string => `${inches(s.width)} x ${inches(s.height)} in`;

function isSheet(size: Size): boolean {
  const [short, long] = [size.width, size.height].sort((a, b) => a - b) as [number, number];
  return short >= SHEET_MIN_IN.short * 72 && long >= SHEET_MIN_IN.long * 72;
}

/** A page's size as shown, in points. */
function shownSize(page: PDFPage): Size {
  const box = visibleBox(page);
  const w = box.right - box.left;
  const h = box.top - box.bottom;
  return normalisedRotation(page) % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/**
 * A box found in the page as shown (pixels at `dpi`, from the top-left) in the page's own user
 * space: undoes the page's /Rotate, which turned the raw page clockwise before it was shown.
 */
export function shownToPage(page: PDFPage, px: PixelBox, dpi: number): PageBox {
  const box = visibleBox(page);
  const k = 72 / dpi;
  const raw = { width: box.right - box.left, height: box.top - box.bottom };
  const [l, t, r, b] = [px.left * k, px.top * k, px.right * k, px.bottom * k];
  // In raw coordinates from the raw lower-left corner, per rotation of the shown page.
  const rect = (() => {
    switch (normalisedRotation(page)) {
      case 0:
        return { left: l, right: r, bottom: raw.height - b, top: raw.height - t };
      case 90:
        return { left: t, right: b, bottom: l, top: r };
      case 180:
        return { left: raw.width - r, right: raw.width - l, bottom: t, top: b };
      case 270:
        return { left: raw.width - b, right: raw.width - t, bottom: raw.height - r, top: raw.height - l };
    }
  })();
  return {
    left: box.left + Math.max(0, rect.left),
    right: box.left + Math.min(raw.width, rect.right),
    bottom: box.bottom + Math.max(0, rect.bottom),
    top: box.bottom + Math.min(raw.height, rect.top),
  };
}

/** A box of the page's user space on the page as shown: points from its top-left corner, y down (the reverse of shownToPage at 72 dpi, unrounded). */
export function shownRect(page: PDFPage, box: PageBox): PixelBox {
  const crop = visibleBox(page);
  const raw = { width: crop.right - crop.left, height: crop.top - crop.bottom };
  const [l, b, r, t] = [box.left - crop.left, box.bottom - crop.bottom, box.right - crop.left, box.top - crop.bottom];
  switch (normalisedRotation(page)) {
    case 0:
      return { left: l, right: r, top: raw.height - t, bottom: raw.height - b };
    case 90:
      return { left: b, right: t, top: l, bottom: r };
    case 180:
      return { left: raw.width - r, right: raw.width - l, top: b, bottom: t };
    case 270:
      return { left: raw.height - t, right: raw.height - b, top: raw.width - r, bottom: raw.width - l };
  }
}

/** The reverse of shownToPage: a box of the page's user space as pixels of the page shown at `dpi`, rounded outwards. */
export function pageToShown(page: PDFPage, box: PageBox, dpi: number): PixelBox {
  const shown = shownRect(page, box);
  const k = dpi / 72;
  return { left: Math.floor(shown.left * k), top: Math.floor(shown.top * k), right: Math.ceil(shown.right * k), bottom: Math.ceil(shown.bottom * k) };
}

/** A box of a page's own user space as it prints: turned by the page's /Rotate and then by `upright`. */
export function uprightSize(page: PDFPage, box: PageBox, upright: QuarterTurn): Size {
  const w = box.right - box.left;
  const h = box.top - box.bottom;
  return (normalisedRotation(page) + upright) % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/** Reads tried in turn until one finds a barcode; see barcodesOn. */
const READS: readonly ReadOptions[] = [
  { effort: 'quick', formats: LINEAR_SYMBOLOGIES },
  { effort: 'quick' },
  { effort: 'harder', formats: LINEAR_SYMBOLOGIES },
  { effort: 'harder' },
  { effort: 'thorough' },
];

/**
 * Barcodes on an image, read until a read finds some. Each effort looks for the linear symbols
 * first: every carrier's label carries its tracking number as one, which tells the finder where the
 * label is and which way it reads, and ZXing finds those far quicker than the 2D symbols (on UPS's
 * 1400x800 GIF, 0.9 ms against 18 ms for every symbology). So: the linear ones quickly, then every
 * symbology quickly (FedEx's PNG, whose only readable symbol is a PDF417), then the linear ones
 * harder (DHL Paket's Code 128 on its A4 sheet at the finder's resolution: 10 ms, where every
 * symbology read harder takes 30), then every symbology harder, then a thorough read.
 */
async function barcodesOn(image: GreyImage, ink = inkBounds(image)): Promise<FoundBarcode[]> {
  // Only where there is ink (`ink`, when the caller has measured it), and a little white around it
  // (a symbol's quiet zone): a sheet's blank margins and halves are pixels ZXing would look at for nothing.
  if (ink === undefined) return [];
  const margin = Math.round(image.width / 50);
  const box = { left: Math.max(0, ink.left - margin), top: Math.max(0, ink.top - margin), right: Math.min(image.width, ink.right + margin), bottom: Math.min(image.height, ink.bottom + margin) };
  const region = cropImage(image, box);
  let found: FoundBarcode[] = [];
  for (const read of READS) {
    found = await readBarcodes(region, read);
    if (found.length > 0) break;
  }
  return found.map((b) => ({ ...b, left: b.left + box.left, right: b.right + box.left, top: b.top + box.top, bottom: b.bottom + box.top }));
}

/** The barcodes on a sheet drawn at FINDER_DPI; when none read there, those on the page drawn at SECOND_LOOK_DPI, placed on the first drawing. */
async function sheetBarcodes(pdf: Uint8Array, pageIndex: number, image: GreyImage): Promise<FoundBarcode[]> {
  const found = await barcodesOn(image);
  if (found.length > 0) return found;
  const [finer] = await rasterizePdf(pdf, SECOND_LOOK_DPI, [pageIndex]);
  if (finer === undefined) return [];
  const k = FINDER_DPI / SECOND_LOOK_DPI;
  return (await barcodesOn(finer)).map((b) => ({ ...b, left: b.left * k, top: b.top * k, right: b.right * k, bottom: b.bottom * k }));
}

const keyOf = (b: FoundBarcode): string => `${b.format}:${b.text}`;

function noteOnLast(labels: PreparedLabel[], note: string): void {
  const last = labels[labels.length - 1];
  if (last !== undefined) labels[labels.length - 1] = { ...last, notes: [...last.notes, note] };
}

async function preparePdf(pdf: CheckedPdf, target: PrepareTarget): Promise<PreparedLabel[]> {
  const pages = pdf.document.getPages();
  const sheets = pages.map((page) => target.labelStock && isSheet(shownSize(page)));
  const sheetImages = sheets.some(Boolean) ? await rasterizePdf(pdf.bytes, FINDER_DPI, sheets.flatMap((s, i) => (s ? [i] : []))) : [];
  const printedBarcodes = new Set<string>();
  const labels: PreparedLabel[] = [];
  let sheetAt = 0;
  for (const [index, page] of pages.entries()) {
    const what = pages.length > 1 ? `${pdf.what} page ${String(index + 1)}` : pdf.what;
    const whole: PreparedLabel = { what, format: 'PDF', art: { kind: 'page', pdf, pageIndex: index, box: visibleBox(page), upright: 0 }, size: pdf.pages[index] ?? shownSize(page), notes: [] };
    if (sheets[index] !== true) {
      labels.push(whole);
      continue;
    }
    const image = sheetImages[sheetAt];
    sheetAt += 1;
    if (image === undefined) throw new DocumentError('damaged', `${what} could not be drawn`);
    const found: FinderResult = findLabel(image, FINDER_DPI, await sheetBarcodes(pdf.bytes, index, image));
    const codes = found.barcodes.map(keyOf);
    if (index > 0 && codes.length > 0 && codes.every((c) => printedBarcodes.has(c))) {
      // An archive or shipper's copy repeats the label's barcodes: it is not a second label.
      noteOnLast(labels, `page ${String(index + 1)} repeats this label's barcodes (a copy for the shipper): not printed`);
      continue;
    }
    if (index > 0 && codes.length === 0) {
      noteOnLast(labels, `page ${String(index + 1)} carries no barcode (not a label): not printed`);
      continue;
    }
    for (const code of codes) printedBarcodes.add(code);
    const sheetSize = shownSize(page);
    if (!found.found) {
      labels.push({ ...whole, notes: [`the label could not be told apart on the ${sizeText(sheetSize)} sheet (${found.reason}): the whole sheet prints`] });
      continue;
    }
    const box = shownToPage(page, found.box, FINDER_DPI);
    const size = uprightSize(page, box, found.turn);
    const notes = [
      `label found on the ${sizeText(sheetSize)} sheet by its ${found.edge === 'frame' ? 'drawn frame' : 'barcodes and ink'}: ${sizeText(size)}${found.turn === 0 ? '' : ', turned upright'}`,
      ...(found.copiesLeftOut > 0 ? [`${String(found.copiesLeftOut)} more ${found.copiesLeftOut === 1 ? 'copy' : 'copies'} of it on the sheet not printed`] : []),
    ];
    labels.push({ what, format: 'PDF', art: { kind: 'page', pdf, pageIndex: index, box, upright: found.turn, ink: shownToPage(page, found.ink, FINDER_DPI) }, size, croppedFrom: sheetSize, notes });
  }
  return labels;
}

const pointsOf = (pixels: number, dpi: number): number => (pixels * 72) / dpi;

/** An image label: at its resolution, cropped to its frame or ink, turned so it reads upright. */
async function prepareImage(bytes: Uint8Array, format: 'png' | 'gif' | 'jpeg', what: string): Promise<PreparedLabel> {
  let decoded;
  try {
    decoded = decodeImage(bytes, format);
  } catch (error) {
    throw new DocumentError('damaged', `${what} is a damaged ${format.toUpperCase()} image and cannot be read`, { cause: error });
  }
  const { image, declaredDpi } = decoded;
  // A declared resolution a label printer could have is believed; anything else (72, 96) is a screen's.
  const dpi = declaredDpi !== undefined && declaredDpi >= 150 && declaredDpi <= 600 ? declaredDpi : DEFAULT_IMAGE_DPI;
  const original = { width: pointsOf(image.width, dpi), height: pointsOf(image.height, dpi) };
  const ink = inkBounds(image);
  if (ink === undefined) throw new DocumentError('no-pages', `${what} is a blank image`);
  const found = findLabel(image, dpi, await barcodesOn(image, ink), { sheet: false });
  const box = found.found ? found.box : ink;
  const turn: QuarterTurn = found.found ? found.turn : 0;
  const upright = turnImage(cropImage(image, box), turn);
  const size = { width: pointsOf(upright.width, dpi), height: pointsOf(upright.height, dpi) };
  const kind = format === 'jpeg' ? 'JPEG' : format === 'png' ? 'PNG' : 'GIF';
  const cropped = box.left > 0 || box.top > 0 || box.right < image.width || box.bottom < image.height;
  const notes = [
    `${kind} image at ${String(dpi)} dpi${declaredDpi === undefined ? ' (the resolution carriers draw labels at; the file does not say)' : ''}`,
    ...(cropped ? [`cropped to its ${found.found && found.edge === 'frame' ? 'drawn frame' : 'ink'}: ${String(upright.width)} x ${String(upright.height)} dots`] : []),
    ...(turn === 0 ? [] : ['turned upright']),
    ...(found.found ? [] : [`no barcode told its edge (${found.reason}): printed as drawn`]),
  ];
  return { what, format: kind, art: { kind: 'bitmap', image: upright, dpi }, size, ...(cropped ? { croppedFrom: original } : {}), notes };
}

/** Carrier ZPL: each ^XA…^XZ a label, kept as it is for a ZPL printer, drawn for any other. */
async function prepareZpl(bytes: Uint8Array, what: string, target: PrepareTarget): Promise<PreparedLabel[]> {
  const labels = splitZpl(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  if (labels.length === 0) throw new DocumentError('no-pages', `${what} is ZPL with no label in it (no ^XA…^XZ that draws anything)`);
  return Promise.all(
    labels.map(async (label, index): Promise<PreparedLabel> => {
      const name = labels.length > 1 ? `${what} label ${String(index + 1)}` : what;
      const widthDots = label.printWidth ?? Math.round(4 * label.dpi);
      if (target.language === 'ZPL') {
        const length = label.labelLength ?? lengthWithoutLl(label);
        return { what: name, format: 'ZPL', art: { kind: 'zpl', label }, size: { width: pointsOf(widthDots, label.dpi), height: pointsOf(length, label.dpi) }, notes: [`ZPL for ${String(label.dpi)} dpi, ${ZPL_AS_IT_CAME}`] };
      }
      let drawn: GreyImage;
      try {
        drawn = await drawZpl(label);
      } catch (error) {
        throw new DocumentError('damaged', `${name} is ZPL that could not be drawn: ${messageOf(error)}`, { cause: error });
      }
      const ink = inkBounds(drawn);
      if (ink === undefined) throw new DocumentError('no-pages', `${name} is ZPL that draws nothing`);
      // The label runs as wide as it says, and as long as its ink goes (its length when it says one).
      const length = label.labelLength === undefined ? ink.bottom : Math.min(drawn.height, label.labelLength);
      const image = cropImage(drawn, { left: 0, top: 0, right: drawn.width, bottom: length });
      return {
        what: name,
        format: 'ZPL',
        art: { kind: 'bitmap', image, dpi: label.dpi },
        size: { width: pointsOf(image.width, label.dpi), height: pointsOf(image.height, label.dpi) },
        notes: [`ZPL for ${String(label.dpi)} dpi, drawn by the station's ZPL renderer`],
      };
    }),
  );
}

/** The labels in one document, in order; a document that is none of these formats is refused with what it looks like. */
export async function prepareDocument(bytes: Uint8Array, what: string, target: PrepareTarget): Promise<PreparedLabel[]> {
  if (bytes.byteLength === 0) throw new DocumentError('empty', `${what} is empty`);
  const format = sniffFormat(bytes);
  switch (format) {
    case 'pdf':
      return preparePdf(await checkPdf(bytes, what), target);
    case 'png':
    case 'gif':
    case 'jpeg':
      return [await prepareImage(bytes, format, what)];
    case 'zpl':
      return prepareZpl(bytes, what, target);
    default:
      throw new DocumentError('not-pdf', `${what} is not a label the station can print (it looks like ${lookalike(bytes)}): labels must be PDF, PNG, GIF, JPEG or ZPL`);
  }
}
