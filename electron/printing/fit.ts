import { PDFDocument, degrees } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';
import { DocumentError, checkPdf, normalisedRotation } from './document';
import type { CheckedPdf } from './document';
import { placement } from './placement';
import type { Placement, Size } from './placement';

/**
 * A print job is a few labels: writing it in one go beats pdf-lib's default of yielding to the
 * event loop every 50 objects. Object streams only shrink a file the printer reads once.
 */
const SAVE_AT_ONCE = { addDefaultPage: false, useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY } as const;

function isChecked(pdf: Uint8Array | CheckedPdf): pdf is CheckedPdf {
  return !(pdf instanceof Uint8Array);
}

/** A rectangle of a page in its own (unrotated) user space, in points. */
export interface PageBox {
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
  readonly top: number;
}

/** The crop box is what a viewer shows and what the label was laid out for; the media box may carry bleed. */
export function visibleBox(page: PDFPage): PageBox {
  const box = page.getCropBox();
  return {
    left: Math.min(box.x, box.x + box.width),
    bottom: Math.min(box.y, box.y + box.height),
    right: Math.max(box.x, box.x + box.width),
    top: Math.max(box.y, box.y + box.height),
  };
}

/** What of a page to draw, and how: a part of it (`box`, the crop box by default) turned clockwise by `upright` first. */
export interface DrawOptions {
  readonly box?: PageBox;
  readonly upright?: 0 | 90 | 180 | 270;
  /** Where it goes, when the caller placed it already (on media of its own choosing). */
  readonly place?: Placement;
}

/**
 * Draws one source page onto a fresh media-sized page. An embedded page ignores its /Rotate, so
 * the drawing turns the raw content by the page's own rotation, the turn that makes it upright and
 * the placement's together, then shifts it so the turned page's lower-left corner lands where the
 * placement put it.
 */
export async function drawOnto(out: PDFDocument, source: PDFPage, shown: Size, media: Size, options: DrawOptions = {}): Promise<void> {
  const target = out.addPage([media.width, media.height]);
  const box = options.box ?? visibleBox(source);
  const raw = { width: box.right - box.left, height: box.top - box.bottom };
  const place = options.place ?? placement(shown, media);
  // /Rotate and the upright turn go clockwise; drawing turns counter-clockwise.
  const turn = (place.rotate + 720 - normalisedRotation(source) - (options.upright ?? 0)) % 360;
  const w = raw.width * place.scale;
  const h = raw.height * place.scale;
  // Turning about the origin moves the page off its lower-left corner; these put it back.
  const shift =
    turn === 90 ? { dx: h, dy: 0 } : turn === 180 ? { dx: w, dy: h } : turn === 270 ? { dx: 0, dy: w } : { dx: 0, dy: 0 };
  // A page without a content stream is a legitimately blank page, and pdf-lib cannot embed one.
  if (source.node.Contents() === undefined) return;
  const embedded = await out.embedPage(source, box);
  // Embedding is otherwise deferred to save(); doing it now ties a broken stream to its page.
  await embedded.embed();
  target.drawPage(embedded, {
    x: place.x + shift.dx,
    y: place.y + shift.dy,
    xScale: place.scale,
    yScale: place.scale,
    rotate: degrees(turn),
  });
}

/** True when a page prints at 100%, upright, from the corner: nothing to redraw. */
function matches(page: PDFPage, shown: Size, media: Size): boolean {
  const place = placement(shown, media);
  const box = page.getMediaBox();
  const sameBox = box.x === 0 && box.y === 0 && Math.abs(box.width - shown.width) < 1e-9 && Math.abs(box.height - shown.height) < 1e-9;
  return sameBox && place.rotate === 0 && place.scale === 1 && normalisedRotation(page) === 0 && Math.abs(place.x) < 1e-9 && Math.abs(place.y) < 1e-9;
}

/**
 * The common case costs next to nothing: labels made for the printer's media. One such
 * document goes as it came; several have their pages copied into one job, not redrawn.
 * Undefined when any page needs fitting.
 */
async function alreadyFitting(docs: readonly CheckedPdf[], media: Size): Promise<Uint8Array | undefined> {
  const fits = docs.every((doc) => doc.document.getPages().every((page, i) => doc.pages[i] !== undefined && matches(page, doc.pages[i], media)));
  if (!fits) return undefined;
  const [only] = docs;
  if (docs.length === 1 && only !== undefined) return only.bytes;
  const out = await PDFDocument.create();
  out.setCreator('Packbench');
  for (const doc of docs) {
    for (const page of await out.copyPages(doc.document, doc.document.getPageIndices())) out.addPage(page);
  }
  return out.save(SAVE_AT_ONCE);
}

/**
 * Builds the single print job for a shipment: every page of every document, in order (package
 * order for a multi-package shipment), each on a portrait page of exactly the media size. Pages are
 * embedded as vector content, never rasterised, so a page that already matches prints at 100%.
 */
export async function fitToMedia(pdfs: readonly (Uint8Array | CheckedPdf)[], media: Size): Promise<Uint8Array> {
  if (pdfs.length === 0) throw new DocumentError('no-pages', 'there are no documents to print');
  const checkedAll = await Promise.all(pdfs.map(async (pdf, index) => (isChecked(pdf) ? pdf : checkPdf(pdf, `document ${index + 1}`))));
  const asIs = await alreadyFitting(checkedAll, media);
  if (asIs !== undefined) return asIs;
  const out = await PDFDocument.create();
  out.setCreator('Packbench');
  for (const checked of checkedAll) {
    for (const [pageIndex, page] of checked.document.getPages().entries()) {
      const shown = checked.pages[pageIndex];
      if (shown === undefined) throw new DocumentError('damaged', `${checked.what} changed after it was checked`);
      try {
        await drawOnto(out, page, shown, media);
      } catch (error) {
        throw new DocumentError('damaged', `${checked.what} page ${pageIndex + 1} is damaged and cannot be read`, {
          cause: error,
        });
      }
    }
  }
  return out.save({ ...SAVE_AT_ONCE, useObjectStreams: true });
}
