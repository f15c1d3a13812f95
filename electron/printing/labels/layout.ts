/**
 * Which stock each label goes on and at what scale. A label prints at 100% when it fits the loaded
 * stock; a page that does not is first cropped to its ink (its blank margins cannot matter); a label
 * still longer than the stock goes on the printer's longer stock when it has one (4x8 is common for
 * DHL); only then is it shrunk, and the label says so in words: never silently.
 */
import { dotsOf, rasterizePdf } from '../zpl/rasterize';
import { withStockSize } from '../zpl/carrier';
import type { MediaSize } from '../media';
import { placement, type Placement, type Size } from '../placement';
import { cropImage, inkBounds } from './raster';
import type { PageBox } from '../fit';
import { normalisedRotation } from '../document';
import { ZPL_AS_IT_CAME, pageToShown, shownToPage, uprightSize, type PreparedLabel } from './prepare';

export interface Stocks {
  /** What the printer holds. */
  readonly loaded: MediaSize;
  /** A longer stock the printer can also print on, for labels longer than the loaded one. */
  readonly longer?: MediaSize | undefined;
}

export interface PlannedLabel {
  readonly label: PreparedLabel;
  readonly media: MediaSize;
  readonly place: Placement;
  /** Everything the packer should know about this label, its preparation's notes first. */
  readonly notes: readonly string[];
}

/** Below this a scale is not 100%: rounding, not shrinking. */
const FULL_SIZE = 0.999;
/** Left around the ink when a page is cropped to it, so a hairline at the edge is kept whole; less when only that fits the stock. */
const INK_MARGINS_PT = [2, 1, 0.5, 0] as const;
/** Ink is measured to the point (a label cut out of a sheet has its ink measured already, finer). */
const INK_DPI = 72;
/** Ink measured this much bigger than the stock (a point each side, the measure's own rounding) is trimmed rather than shrunk for. */
const TRIM_PT = 2;

const inches = (points: number): string => (points / 72).toFixed(1);
const percent = (scale: number): string => `${String(Math.floor(scale * 100))}%`;

/** A label cropped to its ink within what it shows, or as it was when that gains nothing. */
async function croppedToInk(label: PreparedLabel, media: MediaSize): Promise<PreparedLabel> {
  const art = label.art;
  if (art.kind === 'zpl') return label;
  if (art.kind === 'bitmap') {
    const ink = inkBounds(art.image);
    if (ink === undefined || (ink.right - ink.left === art.image.width && ink.bottom - ink.top === art.image.height)) return label;
    const image = cropImage(art.image, ink);
    const size = { width: (image.width * 72) / art.dpi, height: (image.height * 72) / art.dpi };
    return { ...label, art: { ...art, image }, size, croppedFrom: label.croppedFrom ?? label.size, notes: [...label.notes, `blank edges trimmed: ${String(image.width)} x ${String(image.height)} dots`] };
  }
  const box = art.ink ?? (await inkOfPage(art));
  if (box === undefined) return label;
  const page = art.pdf.document.getPage(art.pageIndex);
  const grownBy = (margin: number): PageBox => ({ left: Math.max(art.box.left, box.left - margin), bottom: Math.max(art.box.bottom, box.bottom - margin), right: Math.min(art.box.right, box.right + margin), top: Math.min(art.box.top, box.top + margin) });
  const sizeOf = (b: PageBox): Size => uprightSize(page, b, art.upright);
  // The margin, less of it when that is what lets ink that fits the stock print at 100%.
  const margin = INK_MARGINS_PT.find((m) => placement(sizeOf(grownBy(m)), media).scale >= FULL_SIZE);
  // Ink a hair bigger than the stock (a frame drawn on the label's very edge, measured to the
  // pixel) is trimmed evenly by that hair rather than the label shrunk for it.
  const grown = margin === undefined ? trimmedToFit(grownBy(0), (normalisedRotation(page) + art.upright) % 180 !== 0, media) : grownBy(margin);
  const size = sizeOf(grown);
  if (size.width >= label.size.width - 1 && size.height >= label.size.height - 1) return label;
  return {
    ...label,
    art: { ...art, box: grown },
    size,
    croppedFrom: label.croppedFrom ?? label.size,
    notes: [...label.notes, `cropped to its ink (${inches(size.width)} x ${inches(size.height)} in; blank margins left off)`],
  };
}

/** The ink of a page's shown box, measured on the page drawn at INK_DPI; undefined when it holds none. */
async function inkOfPage(art: Extract<PreparedLabel['art'], { kind: 'page' }>): Promise<PageBox | undefined> {
  const page = art.pdf.document.getPage(art.pageIndex);
  const [image] = await rasterizePdf(art.pdf.bytes, INK_DPI, [art.pageIndex]);
  if (image === undefined) return undefined;
  // Only the ink inside what the label already shows: a sheet's other things stay out.
  const shown = pageToShown(page, art.box, INK_DPI);
  const inner = inkBounds(image, shown);
  return inner === undefined ? undefined : shownToPage(page, inner, INK_DPI);
}

/** A box of the page trimmed evenly to the stock when it is larger by no more than TRIM_PT on a side; else as it is. `quarterTurned`: it prints turned a quarter (its page's /Rotate and its upright turn together). */
function trimmedToFit(box: PageBox, quarterTurned: boolean, media: MediaSize): PageBox {
  const [w, h] = [box.right - box.left, box.top - box.bottom];
  const turned = placement(quarterTurned ? { width: h, height: w } : { width: w, height: h }, media).rotate === 90;
  // The stock's sides along the page's own x and y: each quarter turn swaps them.
  const [along, up] = quarterTurned === turned ? [media.width, media.height] : [media.height, media.width];
  const trim = (from: number, to: number, room: number): [number, number] => {
    const over = to - from - room;
    return over > 0 && over <= TRIM_PT ? [from + over / 2, to - over / 2] : [from, to];
  };
  const [left, right] = trim(box.left, box.right, along);
  const [bottom, top] = trim(box.bottom, box.top, up);
  return { left, right, bottom, top };
}

/** Why a label is shrunk, in the words the desk is shown. */
function shrinkNote(label: PreparedLabel, media: MediaSize, place: Placement, stocks: Stocks): string {
  const [w, h] = place.rotate === 90 ? [label.size.height, label.size.width] : [label.size.width, label.size.height];
  const wide = media.width / w < media.height / h;
  if (wide) return `${label.what} is ${inches(w)} in wide, wider than the ${inches(media.width)} in stock: printed at ${percent(place.scale)}, the largest that fits`;
  if (stocks.longer === undefined || media === stocks.longer) {
    const advice = stocks.longer === undefined ? `: give the printer a longer stock (such as 4x8) to print it full size` : '';
    return `${label.what} is ${inches(h)} in long, longer than the ${media.name} stock: printed at ${percent(place.scale)}${advice}`;
  }
  return `${label.what} is ${inches(h)} in long: printed at ${percent(place.scale)} on the ${media.name} stock`;
}

/** A carrier ZPL label is this much longer than a stock (a dot or two of rounding) before it is too long for it. */
const LENGTH_SLACK_PT = 1;

/** Why part of a carrier ZPL label will not print: ZPL is not scaled, the printer lays it out. */
function zplCutOffNote(label: PreparedLabel, media: MediaSize, stocks: Stocks): string {
  const advice = stocks.longer === undefined ? 'Give the printer a longer stock (such as 4x8), or set it to PDF' : 'Set the printer to PDF';
  return `${label.what} is ${inches(label.size.height)} in long, longer than the ${media.name} stock, and ZPL prints at its own size: what lies past ${inches(media.height)} in is cut off. ${advice} to have the label drawn and fitted`;
}

/** Each label's stock and placement, in order. ZPL kept as a program is not laid out (the printer lays it out). */
export async function planLabels(labels: readonly PreparedLabel[], stocks: Stocks): Promise<PlannedLabel[]> {
  const sheetStock = Math.min(stocks.loaded.width, stocks.loaded.height) >= 7.5 * 72;
  const planned: PlannedLabel[] = [];
  for (const original of labels) {
    let label = original;
    let media = stocks.loaded;
    let place = placement(label.size, media);
    if (label.art.kind !== 'zpl' && place.scale < FULL_SIZE && !sheetStock) {
      label = await croppedToInk(label, media);
      place = placement(label.size, media);
      if (place.scale < FULL_SIZE && stocks.longer !== undefined) {
        const onLonger = placement(label.size, stocks.longer);
        if (onLonger.scale > place.scale + 1e-6) {
          media = stocks.longer;
          place = onLonger;
        }
      }
    }
    // Carrier ZPL is laid out by the printer at its own size: a label longer than the loaded stock
    // goes on the longer one when the printer has one, and is said to be cut off past the stock's end.
    const zplNotes: string[] = [];
    if (label.art.kind === 'zpl' && !sheetStock) {
      if (label.size.height > media.height + LENGTH_SLACK_PT && stocks.longer !== undefined && stocks.longer.height > media.height) {
        media = stocks.longer;
        place = placement(label.size, media);
      }
      // A label that says no width or no length is told its stock's, as the station's own ZPL
      // labels are: a printer keeps the last ^PW and ^LL it was sent, so a 4x6 label after one told
      // 8 in would run 8 in, and one after a narrower ^PW would be cut off at its width.
      const dpi = label.art.label.dpi;
      const stock = withStockSize(label.art.label, { width: dotsOf(media.width, dpi), length: dotsOf(media.height, dpi) });
      if (stock.told.length > 0) {
        // Sent as it came but for that: its first note says so.
        const unsaid = stock.told.map((t) => t.what).join(' and ');
        const asTold = `${ZPL_AS_IT_CAME} but for its ${unsaid}, which it does not say: told the ${media.name} stock's (${stock.told.map((t) => t.command).join(' ')})`;
        label = { ...label, art: { kind: 'zpl', label: stock.label }, notes: label.notes.map((note) => (note.endsWith(ZPL_AS_IT_CAME) ? note.replace(ZPL_AS_IT_CAME, asTold) : note)) };
      }
      if (label.size.height > media.height + LENGTH_SLACK_PT) zplNotes.push(zplCutOffNote(label, media, stocks));
    }
    const notes = [...label.notes];
    if (media !== stocks.loaded) notes.push(`printed on the printer's longer ${media.name} stock`);
    notes.push(...zplNotes);
    if (label.art.kind !== 'zpl' && place.scale < FULL_SIZE) notes.push(shrinkNote(label, media, place, stocks));
    planned.push({ label, media, place, notes });
  }
  return planned;
}

/** The size a planned label prints at, in points (upright). */
export const printedSize = (p: PlannedLabel): Size => ({ width: p.label.size.width * p.place.scale, height: p.label.size.height * p.place.scale });
