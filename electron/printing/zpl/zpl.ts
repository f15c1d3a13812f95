/**
 * A label as ZPL for a thermal printer's raw queue: the service's PDF drawn at the printer's own
 * resolution, made black and white, and sent as one ^GF graphic per label. The printer then burns
 * exactly the dots computed here, with no driver in between to rescale (and blur) the barcode.
 */
import type { ZplSettings } from '../../api/printing';
import { threshold, type MonoBitmap } from './bitmap';
import { rasterizePdf } from './rasterize';
import { encodeHex, encodeZ64 } from './z64';

/** Z64 is what the station prints; plain hex is kept to compare sizes, and for firmware older than Z64. */
export type GraphicEncoding = 'Z64' | 'hex';

export interface LabelOptions {
  /** Copies of each label (^PQ): the printer repeats it, the job is not sent twice. */
  readonly copies?: number;
  readonly encoding?: GraphicEncoding;
}

/**
 * One complete label, ^XA to ^XZ. ~SD sets the darkness before anything burns; ^PW and ^LL give
 * the printer the label's size in dots, so it neither clips a wide label nor feeds past a short
 * one; ^LH moves the whole label by the desk's offset (the label home), for stock that sits a
 * little off the head.
 */
export function labelZpl(bitmap: MonoBitmap, settings: ZplSettings, options: LabelOptions = {}): string {
  const total = bitmap.data.length;
  const data = (options.encoding ?? 'Z64') === 'Z64' ? encodeZ64(bitmap.data) : encodeHex(bitmap.data);
  const copies = options.copies ?? 1;
  return [
    '^XA',
    `~SD${String(settings.darkness).padStart(2, '0')}`,
    `^PW${String(bitmap.width)}`,
    `^LL${String(bitmap.height)}`,
    `^LH${String(settings.offset.x)},${String(settings.offset.y)}`,
    `^FO0,0^GFA,${String(total)},${String(total)},${String(bitmap.bytesPerRow)},${data}^FS`,
    ...(copies > 1 ? [`^PQ${String(copies)}`] : []),
    '^XZ',
  ].join('\n');
}

/**
 * Every page of a PDF (already fitted to the printer's media) as one label each, in order, in one
 * job: a multi-package shipment still comes out as one job.
 */
export async function pdfToZpl(pdf: Uint8Array, settings: ZplSettings, options: LabelOptions = {}): Promise<string> {
  const pages = await rasterizePdf(pdf, settings.dpi);
  return `${pages.map((page) => labelZpl(threshold(page), settings, options)).join('\n')}\n`;
}

/** ZPL is ASCII: the bytes the printer receives. */
export function zplBytes(zpl: string): Uint8Array {
  return new Uint8Array(Buffer.from(zpl, 'latin1'));
}
