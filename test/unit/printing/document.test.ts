import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { DocumentError, checkPdf, decodeDocument } from '../../../electron/printing/document';
import { makeEmptyPdf, makeLabel, makeLabels, toBase64 } from './label-fixtures';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function problemOf(work: Promise<unknown>): Promise<{ problem: string; message: string }> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  const { problem, message } = error as DocumentError;
  return { problem, message };
}

describe('checking a label document', () => {
  it('reports the page count and each page size of a good label', async () => {
    const checked = await decodeDocument(toBase64(await makeLabel({ width: 288, height: 432, text: '1Z999AA10123456784' })), 'Label 1');
    expect(checked.pageCount).toBe(1);
    expect(checked.pages).toEqual([{ width: 288, height: 432 }]);
    expect(checked.what).toBe('Label 1');
  });

  it('reports sizes as shown, after /Rotate, for every page', async () => {
    const bytes = await makeLabels([
      { width: 288, height: 432, text: 'A' },
      { width: 288, height: 432, text: 'B', rotate: 90 },
      { width: 612, height: 792, text: 'C', rotate: -90 },
      { width: 432, height: 288, text: 'D', rotate: 180 },
    ]);
    const checked = await checkPdf(bytes, 'Label set');
    expect(checked.pages).toEqual([
      { width: 288, height: 432 },
      { width: 432, height: 288 },
      { width: 792, height: 612 },
      { width: 432, height: 288 },
    ]);
  });

  it('uses the crop box, which is what a viewer shows', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.setCropBox(10, 20, 288, 432);
    const checked = await checkPdf(await doc.save(), 'Label 1');
    expect(checked.pages).toEqual([{ width: 288, height: 432 }]);
  });

  it('refuses text that is not base64', async () => {
    expect(await problemOf(decodeDocument('not a label at all!', 'Label 1'))).toEqual({
      problem: 'not-base64',
      message: 'Label 1 is not valid base64',
    });
  });

  it('refuses an empty document', async () => {
    expect(await problemOf(decodeDocument(' \n', 'Label 1'))).toEqual({ problem: 'empty', message: 'Label 1 is empty' });
  });

  it('refuses base64 of a PNG, naming what it looks like', async () => {
    expect(await problemOf(decodeDocument(PNG_1X1, 'Label 1'))).toEqual({
      problem: 'not-pdf',
      message: 'Label 1 is not a PDF (it looks like a PNG image)',
    });
  });

  it.each([
    ['text', 'Tracking 1Z999AA10123456784', 'text'],
    ['ZPL', '^XA^FO50,50^FDHello^FS^XZ', 'ZPL printer code'],
    ['HTML', '<html><body>Label unavailable</body></html>', 'HTML or XML'],
  ])('refuses base64 of %s', async (_kind, content, looksLike) => {
    expect(await problemOf(decodeDocument(Buffer.from(content).toString('base64'), 'Label 2'))).toEqual({
      problem: 'not-pdf',
      message: `Label 2 is not a PDF (it looks like ${looksLike})`,
    });
  });

  it('refuses a PDF with no pages', async () => {
    expect(await problemOf(decodeDocument(toBase64(await makeEmptyPdf()), 'Label 1'))).toEqual({
      problem: 'no-pages',
      message: 'Label 1 is a PDF with no pages',
    });
  });

  it.each([0.3, 0.5, 0.8, 0.97, 0.995])('refuses a label truncated to %s of its bytes as damaged', async (share) => {
    const bytes = await makeLabel({ width: 288, height: 432, text: '1Z999AA10123456784' });
    const cut = bytes.slice(0, Math.floor(bytes.length * share));
    expect(await problemOf(decodeDocument(toBase64(cut), 'Label 1'))).toEqual({
      problem: 'damaged',
      message: 'Label 1 is damaged and cannot be read',
    });
  });

  it('refuses a bare PDF header as damaged', async () => {
    expect(await problemOf(checkPdf(new TextEncoder().encode('%PDF-1.7\n%%EOF\n'), 'Label 1'))).toEqual({
      problem: 'damaged',
      message: 'Label 1 is damaged and cannot be read',
    });
  });

  it('refuses zero bytes', async () => {
    expect(await problemOf(checkPdf(new Uint8Array(0), 'Label 1'))).toEqual({ problem: 'empty', message: 'Label 1 is empty' });
  });
});
