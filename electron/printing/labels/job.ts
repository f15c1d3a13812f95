/**
 * A group of documents to one printer job: each document's labels prepared, laid out on the
 * printer's stock and turned into the printer's language, with each document's layout (true size,
 * stock, scale, crop, notes) for the print job's record and for the preview.
 */
import type { LabelLayout, PrintLayout, PrinterLanguageConfig } from '../../api/printing';
import type { PrintFormat } from '../../platform/printers/backend';
import { fitToMedia } from '../fit';
import type { MediaSize } from '../media';
import { zplBytes } from '../zpl/zpl';
import { composePdf, composeZpl } from './compose';
import { planLabels, type PlannedLabel } from './layout';
import { prepareDocument, type PreparedLabel } from './prepare';

export interface JobTarget {
  readonly printer: string;
  readonly media: MediaSize;
  readonly longer?: MediaSize | undefined;
  readonly language: PrinterLanguageConfig;
}

/** Sheet media (Letter, A4) keeps a sheet whole; anything narrower is label stock. */
export const isLabelStock = (media: MediaSize): boolean => Math.min(media.width, media.height) < 7.5 * 72;

/** One document's labels, laid out for the target. Throws DocumentError for a document that cannot print. */
export async function planDocument(bytes: Uint8Array, what: string, target: JobTarget): Promise<PlannedLabel[]> {
  const labels = await prepareDocument(bytes, what, { language: target.language.language, labelStock: isLabelStock(target.media) });
  return planLabels(labels, { loaded: target.media, longer: target.longer });
}

export function layoutOf(planned: readonly PlannedLabel[]): PrintLayout {
  return {
    labels: planned.map(
      (p): LabelLayout => ({
        what: p.label.what,
        format: p.label.format,
        size: p.label.size,
        croppedFrom: p.label.croppedFrom ?? null,
        media: { name: p.media.name, width: p.media.width, height: p.media.height },
        scale: Math.min(1, p.place.scale),
        turned: p.place.rotate !== 0,
        notes: [...p.notes],
      }),
    ),
  };
}

/** A page of a PDF exactly as sent: nothing cut, nothing turned, on the loaded stock. */
const untouched = (p: PlannedLabel, media: MediaSize): boolean => {
  const art = p.label.art;
  return art.kind === 'page' && art.upright === 0 && p.label.croppedFrom === undefined && p.media === media;
};

/** The PDF of planned labels: labels sent as plain pages on the loaded stock keep the quick path (as they came, or pages copied). */
export async function pdfOf(planned: readonly PlannedLabel[], media: MediaSize): Promise<Uint8Array> {
  if (planned.length > 0 && planned.every((p) => untouched(p, media))) {
    const documents = [...new Set(planned.map((p) => (p.label.art.kind === 'page' ? p.label.art.pdf : undefined)))].filter((d) => d !== undefined);
    const pages = documents.reduce((n, d) => n + d.pageCount, 0);
    if (pages === planned.length) return fitToMedia(documents, media);
  }
  return composePdf(planned);
}

export interface BuiltJob {
  readonly data: Uint8Array;
  readonly format: PrintFormat;
  /** Copies the spooler makes: a ZPL job asks the printer instead (^PQ), and is sent once. */
  readonly copies: number;
  /** What the resolution check said of carrier ZPL. */
  readonly notes: readonly string[];
}

/** The job's bytes in the printer's language. */
export async function buildJob(planned: readonly PlannedLabel[], target: JobTarget, copies: number): Promise<BuiltJob> {
  if (target.language.language !== 'ZPL') return { data: await pdfOf(planned, target.media), format: 'pdf', copies, notes: [] };
  const job = await composeZpl(planned, target.language, target.printer, copies);
  return { data: zplBytes(job.zpl), format: 'raw', copies: 1, notes: job.notes };
}

export type { PlannedLabel, PreparedLabel };
