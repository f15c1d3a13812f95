/**
 * Planned labels to what the printer takes: one PDF with a page per label (each page its stock's
 * size), or one ZPL job with a label each. Carrier ZPL goes to a ZPL printer as it came (resolution
 * checked); an image becomes a ^GF of its own dots at the printer's resolution and 100%, else of
 * its dots resampled by area to the printer's; a PDF page is drawn at the printer's dots: as it came
 * when it already is the stock, straight from its page onto the stock when it was cut out of it,
 * else composed onto its stock first.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, degrees, drawImage } from 'pdf-lib';
import type { PDFName, PDFPage } from 'pdf-lib';
import type { ZplSettings } from '../../api/printing';
import { threshold, type GreyImage } from '../zpl/bitmap';
import { zplForPrinter } from '../zpl/carrier';
import { dotsOf, drawPagePlaced, rasterizePdf, type Matrix, type PagePlacement } from '../zpl/rasterize';
import { labelZpl, pdfToZpl } from '../zpl/zpl';
import { DocumentError } from '../document';
import { drawOnto, visibleBox } from '../fit';
import { scaleImage, turnImage } from './raster';
import type { PlannedLabel } from './layout';
import { shownRect, type LabelArt } from './prepare';

type BitmapArt = Extract<LabelArt, { kind: 'bitmap' }>;
type PageArt = Extract<LabelArt, { kind: 'page' }>;

const SAVE_AT_ONCE = { addDefaultPage: false, useObjectStreams: true, objectsPerTick: Number.POSITIVE_INFINITY } as const;

async function drawLabel(out: PDFDocument, planned: PlannedLabel): Promise<void> {
  const { label, media, place } = planned;
  const art = label.art;
  if (art.kind === 'zpl') throw new DocumentError('not-pdf', `${label.what} is ZPL, which only a ZPL printer takes as it is`);
  if (art.kind === 'page') {
    const page = art.pdf.document.getPage(art.pageIndex);
    try {
      await drawOnto(out, page, label.size, media, { box: art.box, upright: art.upright, place });
    } catch (error) {
      throw new DocumentError('damaged', `${label.what} is damaged and cannot be read`, { cause: error });
    }
    return;
  }
  const target = out.addPage([media.width, media.height]);
  const image = embedMono(out, target, art.image);
  const w = label.size.width * place.scale;
  const h = label.size.height * place.scale;
  // drawImage turns counter-clockwise about the lower-left corner: shift it back onto the media.
  target.pushOperators(...drawImage(image, { x: place.x + (place.rotate === 90 ? h : 0), y: place.y, width: w, height: h, rotate: degrees(place.rotate), xSkew: degrees(0), ySkew: degrees(0) }));
}

/**
 * A label image as a black-and-white image of the page, one bit a dot, deflated by Node's zlib:
 * what a thermal head burns is black or white anyway, and an 8-bit PNG of the same label took
 * pdf-lib's JavaScript deflate hundreds of milliseconds. Returns its name in the page's resources.
 */
function embedMono(out: PDFDocument, page: PDFPage, image: GreyImage): PDFName {
  const bitmap = threshold(image);
  const stream = out.context.stream(deflateSync(bitmap.data, { level: 6 }), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: bitmap.width,
    Height: bitmap.height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    // The bitmap's 1 is a burnt (black) dot; DeviceGray's 1 is white.
    Decode: [1, 0],
    Filter: 'FlateDecode',
  });
  return page.node.newXObject('Label', out.context.register(stream));
}

/** One PDF, a page per label in order, each on its own stock. */
export async function composePdf(planned: readonly PlannedLabel[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setCreator('Packbench');
  for (const label of planned) await drawLabel(out, label);
  return out.save(SAVE_AT_ONCE);
}

/**
 * An image label on its stock in printer dots, placed as planned: its own dots when it is at the
 * printer's resolution and 100%, else resampled by area to the dots it covers (scaleImage).
 */
function imageOnStock(planned: PlannedLabel, art: BitmapArt, dpi: number): GreyImage {
  const turned = turnImage(art.image, planned.place.rotate === 90 ? 270 : 0);
  const factor = (dpi / art.dpi) * planned.place.scale;
  const image = factor === 1 ? turned : scaleImage(turned, Math.max(1, Math.round(turned.width * factor)), Math.max(1, Math.round(turned.height * factor)));
  const width = dotsOf(planned.media.width, dpi);
  const height = dotsOf(planned.media.height, dpi);
  const pixels = new Uint8Array(width * height).fill(255);
  const left = Math.max(0, Math.floor((width - image.width) / 2));
  const top = Math.max(0, Math.floor((height - image.height) / 2));
  for (let y = 0; y < Math.min(image.height, height); y += 1) {
    pixels.set(image.pixels.subarray(y * image.width, y * image.width + Math.min(image.width, width)), (top + y) * width + left);
  }
  return { width, height, pixels };
}

/**
 * A PDF page that already is its stock at the printer's dots: its whole visible box, upright, at
 * 100% and not moved. PDFium draws it as it came, the same dots a page composed around it would
 * give, without composing that page first (a third of a 4x6 label's time to ZPL).
 */
export function pageAsStock(planned: PlannedLabel, dpi: number): { readonly bytes: Uint8Array; readonly pageIndex: number } | undefined {
  const { label, media, place } = planned;
  const art = label.art;
  if (art.kind !== 'page' || art.upright !== 0 || label.croppedFrom !== undefined || place.rotate !== 0 || place.scale !== 1) return undefined;
  if (dotsOf(place.x, dpi) !== 0 || dotsOf(place.y, dpi) !== 0) return undefined;
  if (dotsOf(label.size.width, dpi) !== dotsOf(media.width, dpi) || dotsOf(label.size.height, dpi) !== dotsOf(media.height, dpi)) return undefined;
  const shown = visibleBox(art.pdf.document.getPage(art.pageIndex));
  const sameBox = shown.left === art.box.left && shown.bottom === art.box.bottom && shown.right === art.box.right && shown.top === art.box.top;
  return sameBox ? { bytes: art.pdf.bytes, pageIndex: art.pageIndex } : undefined;
}

/** A quarter turn clockwise as seen (y down), as a matrix's a, b, c, d. */
const CLOCKWISE: Readonly<Record<0 | 90 | 180 | 270, readonly [number, number, number, number]>> = {
  0: [1, 0, 0, 1],
  90: [0, 1, -1, 0],
  180: [-1, 0, 0, -1],
  270: [0, -1, 1, 0],
};

/**
 * How a label cut out of its page (found on a sheet, or its blank margins left off) lands on its
 * stock in printer dots, as composePdf would place it: its box on the page as shown, turned upright
 * and by the placement, scaled, its corner moved to where the placement puts it, and nothing of the
 * page drawn outside it.
 */
export function cutOnStock(planned: PlannedLabel, art: PageArt, dpi: number): PagePlacement {
  const { media, place } = planned;
  const page = art.pdf.document.getPage(art.pageIndex);
  const box = shownRect(page, art.box);
  // /Rotate is PDFium's to apply; then the upright turn (clockwise) and the placement's (counter-clockwise).
  const turn = ((art.upright - place.rotate + 360) % 360) as 0 | 90 | 180 | 270;
  const [a, b, c, d] = CLOCKWISE[turn].map((n) => n * place.scale * (dpi / 72)) as [number, number, number, number];
  const corners = (
    [
      [box.left, box.top],
      [box.right, box.top],
      [box.left, box.bottom],
      [box.right, box.bottom],
    ] as const
  ).map(([x, y]) => [a * x + c * y, b * x + d * y] as const);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const width = Math.max(...xs) - Math.min(...xs);
  const height = Math.max(...ys) - Math.min(...ys);
  // The placement's corner is the label's lower-left in points, y up; the bitmap's y runs down.
  const left = (place.x * dpi) / 72;
  const top = ((media.height - place.y) * dpi) / 72 - height;
  const matrix: Matrix = [a, b, c, d, left - Math.min(...xs), top - Math.min(...ys)];
  return { width: dotsOf(media.width, dpi), height: dotsOf(media.height, dpi), matrix, clip: { left, top, right: left + width, bottom: top + height } };
}

export interface ZplJob {
  readonly zpl: string;
  /** What the resolution check said, per label that needed it. */
  readonly notes: readonly string[];
}

/** One ZPL job, a label per planned label in order, copies asked of the printer. */
export async function composeZpl(planned: readonly PlannedLabel[], settings: ZplSettings, printer: string, copies: number): Promise<ZplJob> {
  const parts: string[] = [];
  const notes: string[] = [];
  for (const label of planned) {
    const art = label.label.art;
    if (art.kind === 'zpl') {
      const adapted = zplForPrinter(art.label, settings.dpi, label.label.what, printer);
      if (adapted.note !== undefined) notes.push(adapted.note);
      // Copies as asked, by printing the program again: the carrier's own ^PQ is left as it is.
      parts.push(...Array.from({ length: copies }, () => adapted.program.trim()));
      continue;
    }
    if (art.kind === 'bitmap') {
      parts.push(labelZpl(threshold(imageOnStock(label, art, settings.dpi)), settings, { copies }).trim());
      continue;
    }
    if (label.label.croppedFrom !== undefined) {
      // A label cut out of its page, whose page was drawn to find it or its ink: drawn straight onto the stock.
      const image = await drawPagePlaced(art.pdf.bytes, art.pageIndex, cutOnStock(label, art, settings.dpi));
      parts.push(labelZpl(threshold(image), settings, { copies }).trim());
      continue;
    }
    const asIs = pageAsStock(label, settings.dpi);
    const pages = asIs === undefined ? undefined : await rasterizePdf(asIs.bytes, settings.dpi, [asIs.pageIndex]);
    if (pages?.[0] !== undefined && pages[0].width === dotsOf(label.media.width, settings.dpi) && pages[0].height === dotsOf(label.media.height, settings.dpi)) {
      parts.push(labelZpl(threshold(pages[0]), settings, { copies }).trim());
      continue;
    }
    parts.push((await pdfToZpl(await composePdf([label]), settings, { copies })).trim());
  }
  return { zpl: `${parts.join('\n')}\n`, notes };
}
