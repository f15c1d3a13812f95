/**
 * What a printed job holds, read with poppler's tools: its page count (pdfinfo) and each page's
 * text (one pdftotext of the whole file, its pages cut at form feeds), for checking that labels
 * came out in the order they should, each carrying its tracking number.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The number of pages of a PDF file. */
export async function pdfPageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  const pages = /^Pages:\s+(\d+)/m.exec(stdout)?.[1];
  if (pages === undefined) throw new Error(`pdfinfo gave no page count for ${file}: ${stdout.slice(0, 200)}`);
  return Number(pages);
}

/** Each page's text, whitespace removed (a tracking number may be printed in groups). */
export async function pdfPageTexts(file: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', [file, '-'], { maxBuffer: 256 * 1024 * 1024 });
  const pages = stdout.split('\f').map((page) => page.replace(/\s+/g, ''));
  // pdftotext ends the last page with a form feed too.
  if (pages.length > 0 && pages[pages.length - 1] === '') pages.pop();
  return pages;
}
