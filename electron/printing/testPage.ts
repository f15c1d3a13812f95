import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { MediaSize } from './media';

/**
 * A one-page PDF exactly the size of the printer's media, naming the printer, the media and the
 * time, with a border inset a quarter inch: a clipped border shows stock loaded askew or set to
 * the wrong size.
 */
export async function makeTestPage(printer: string, media: MediaSize, now: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreator('Packbench');
  pdf.setTitle('Packbench test page');
  const page = pdf.addPage([media.width, media.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const inset = 18;
  page.drawRectangle({ x: inset, y: inset, width: media.width - 2 * inset, height: media.height - 2 * inset, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  const size = Math.max(8, Math.min(18, media.width / 16));
  const lines: [string, typeof font][] = [
    ['Packbench test page', bold],
    [`Printer: ${printer}`, font],
    [`Media: ${media.name} (${String(media.width)} x ${String(media.height)} pt)`, font],
    [`Date: ${now.toISOString()}`, font],
  ];
  let y = media.height - inset - 2 * size;
  for (const [text, face] of lines) {
    // Standard fonts only encode WinAnsi: a printer name outside it is shown with "?" instead of failing.
    const safe = [...text].map((ch) => (face.getCharacterSet().includes(ch.codePointAt(0) ?? -1) ? ch : '?')).join('');
    page.drawText(safe, { x: inset + 10, y, size, font: face, maxWidth: media.width - 2 * inset - 20 });
    y -= size * 1.6;
  }
  return pdf.save();
}
