import { EncryptedPDFError, PDFArray, PDFDocument, PDFRawStream, ParseSpeeds, decodePDFRawStream } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';
import { Base64Error, decodeBase64Strict } from './base64';

/** Why a document cannot be printed, for code that reacts differently to each case. */
export type DocumentProblem = 'empty' | 'not-base64' | 'not-pdf' | 'encrypted' | 'no-pages' | 'damaged';

export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly problem: DocumentProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A page's size as a viewer shows it: the crop box in points, sides swapped by a 90° or 270° /Rotate. */
export interface PageSize {
  readonly width: number;
  readonly height: number;
}

/** A PDF that opened and has pages; kept open so fitting does not parse it twice. */
export interface CheckedPdf {
  readonly what: string;
  readonly bytes: Uint8Array;
  readonly pageCount: number;
  readonly pages: readonly PageSize[];
  readonly document: PDFDocument;
}

/** Readers look for the header in the first kilobyte (bytes may precede it) and the end marker in the last. */
const MARKER_WINDOW = 1024;

function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, MARKER_WINDOW)).includes('%PDF-');
}

/**
 * A file cut short (the usual damage: an interrupted download) can still parse, because the parser
 * rebuilds a lost cross-reference table from the objects it finds, yet lose its last objects. The
 * format requires the end-of-file marker, and readers look for it in the last kilobyte.
 */
function hasEndMarker(bytes: Uint8Array): boolean {
  const start = Math.max(0, bytes.byteLength - MARKER_WINDOW);
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.byteLength - start).includes('%%EOF');
}

/** What a document's bytes are, from their first bytes: the formats carriers send labels in, and the usual mistakes. */
export type SniffedFormat = 'pdf' | 'png' | 'jpeg' | 'gif' | 'zpl' | 'markup' | 'text' | 'unknown';

export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  if (hasPdfHeader(bytes)) return 'pdf';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64));
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  const text = head.toString('latin1').trimStart();
  if (text.startsWith('^XA') || text.startsWith('~')) return 'zpl';
  if (text.startsWith('<')) return 'markup';
  return head.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f)) ? 'text' : 'unknown';
}

const LOOKALIKE: Readonly<Record<SniffedFormat, string>> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  gif: 'a GIF image',
  zpl: 'ZPL printer code',
  markup: 'HTML or XML',
  text: 'text',
  unknown: 'unknown data',
};

/** Names what the bytes look like instead, so an admin can tell a misconfigured label format from noise. */
export function lookalike(bytes: Uint8Array): string {
  return LOOKALIKE[sniffFormat(bytes)];
}

/** /Rotate may be any multiple of 90, negative or above 360; anything else viewers round, and so do we. */
export function normalisedRotation(page: PDFPage): 0 | 90 | 180 | 270 {
  const quarter = Math.round(page.getRotation().angle / 90);
  return ((((quarter % 4) + 4) % 4) * 90) as 0 | 90 | 180 | 270;
}

function pageSize(page: PDFPage): PageSize {
  const box = page.getCropBox();
  const width = Math.abs(box.width);
  const height = Math.abs(box.height);
  if (!Number.isFinite(width) || !Number.isFinite(height) || width === 0 || height === 0) {
    throw new Error('page has an empty or invalid crop box');
  }
  return normalisedRotation(page) % 180 === 0 ? { width, height } : { width: height, height: width };
}

/**
 * Opens the bytes and proves they can be printed: a PDF, not encrypted, readable, with at least
 * one page of real size, and whole to its end marker. The parser is told to fail on broken objects rather than skip them, so a
 * truncated download is refused here instead of printing a half-blank label.
 */
export async function checkPdf(bytes: Uint8Array, what = 'document'): Promise<CheckedPdf> {
  if (bytes.byteLength === 0) throw new DocumentError('empty', `${what} is empty`);
  if (!hasPdfHeader(bytes)) {
    throw new DocumentError('not-pdf', `${what} is not a PDF (it looks like ${lookalike(bytes)})`);
  }
  if (!hasEndMarker(bytes)) throw new DocumentError('damaged', `${what} is damaged and cannot be read`);
  let document: PDFDocument;
  let pages: PageSize[];
  try {
    // Labels are small: parsing them in one go beats pdf-lib's default of yielding to the event
    // loop every 100 objects, which costs a timer turn per yield on the print path.
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    pages = document.getPages().map(pageSize);
  } catch (error) {
    if (error instanceof EncryptedPDFError) {
      throw new DocumentError('encrypted', `${what} is an encrypted PDF and cannot be printed`);
    }
    throw new DocumentError('damaged', `${what} is damaged and cannot be read`, { cause: error });
  }
  if (pages.length === 0) throw new DocumentError('no-pages', `${what} is a PDF with no pages`);
  document.getPages().forEach((page, index) => {
    if (!contentDecodes(page)) throw new DocumentError('damaged', `${what} page ${index + 1} is damaged and cannot be read`);
  });
  return { what, bytes, pageCount: pages.length, pages, document };
}

/**
 * Whether every content stream of a page decodes. Checked here, once, so that a label that
 * needs no fitting (sent to the printer as it came) is proven as sound as one that is redrawn.
 */
function contentDecodes(page: PDFPage): boolean {
  const contents = page.node.Contents();
  if (contents === undefined) return true;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  try {
    for (const stream of streams) if (stream instanceof PDFRawStream) decodePDFRawStream(stream).decode();
    return true;
  } catch {
    return false;
  }
}

/** A document as the service sends it (base64 text): strict decoding, then the PDF check. */
export async function decodeDocument(base64: string, what = 'document'): Promise<CheckedPdf> {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64Strict(base64, what);
  } catch (error) {
    if (error instanceof Base64Error) {
      const problem = error.message.endsWith('is empty') ? 'empty' : 'not-base64';
      throw new DocumentError(problem, error.message, { cause: error });
    }
    throw error;
  }
  return checkPdf(bytes, what);
}
