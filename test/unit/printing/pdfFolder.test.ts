/**
 * The PDF folder printer against a real folder: each job a PDF file with its time and title in its
 * name, never one file over another, done once written; a folder that cannot be used said in words.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PDF_FOLDER_PRINTER } from '../../../electron/api';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { PdfFolderBackend, defaultPdfFolder, folderProblem, isPdfFolderJob, pdfFolderJobFile } from '../../../electron/platform/printers/pdfFolder';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'packbench-pdf-folder-'));
  dirs.push(dir);
  return dir;
}

/** 26 Nov 2026, 09:03:12 local time. */
const AT = new Date(2026, 10, 26, 9, 3, 12).getTime();
const pdf = new TextEncoder().encode('%PDF-1.7\n% a label\n%%EOF\n');

describe('the PDF folder printer', () => {
  it('writes each job as a PDF file named by its time and title, in a folder it makes (this user’s alone)', async () => {
    const folder = path.join(tempDir(), 'Packbench labels');
    const backend = new PdfFolderBackend({ folder: () => folder, now: () => AT });
    const { jobId } = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'Packbench PB-DESK1-01ABC' });
    expect(isPdfFolderJob(jobId)).toBe(true);
    const file = pdfFolderJobFile(jobId);
    expect(file).toBe(path.join(folder, '2026-11-26 09.03.12 Packbench PB-DESK1-01ABC.pdf'));
    expect(readFileSync(file)).toEqual(Buffer.from(pdf));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Nothing half-written is left beside it.
    expect(readdirSync(folder)).toEqual([path.basename(file)]);
    expect(await backend.jobStatus(PDF_FOLDER_PRINTER, jobId)).toEqual({ jobId, state: 'completed' });
  });

  it('never writes over a file: a second job of the same second and title gets a name of its own', async () => {
    const folder = tempDir();
    const backend = new PdfFolderBackend({ folder: () => folder, now: () => AT });
    const first = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'Packbench batch 3' });
    const second = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 2, title: 'Packbench batch 3' });
    expect(path.basename(pdfFolderJobFile(second.jobId))).toBe('2026-11-26 09.03.12 Packbench batch 3 (2).pdf');
    expect(existsSync(pdfFolderJobFile(first.jobId))).toBe(true);
  });

  it('keeps a title from naming another folder or a file a system refuses', async () => {
    const folder = tempDir();
    const backend = new PdfFolderBackend({ folder: () => folder, now: () => AT });
    const { jobId } = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: '../../etc/passwd: a "label"?\u0000' });
    expect(path.dirname(pdfFolderJobFile(jobId))).toBe(folder);
    expect(path.basename(pdfFolderJobFile(jobId))).toBe('2026-11-26 09.03.12 .. .. etc passwd a label.pdf');
  });

  it('writes to the folder chosen at the time of each job', async () => {
    const root = tempDir();
    let folder = path.join(root, 'a');
    const backend = new PdfFolderBackend({ folder: () => folder, now: () => AT });
    const first = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'one' });
    folder = path.join(root, 'b');
    const second = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'two' });
    expect([path.dirname(pdfFolderJobFile(first.jobId)), path.dirname(pdfFolderJobFile(second.jobId))]).toEqual([path.join(root, 'a'), path.join(root, 'b')]);
    expect((await backend.listPrinters())[0]?.deviceUri).toBe(`file://${path.join(root, 'b')}`);
  });

  it('refuses ZPL (a .pdf of printer code opens as nothing), and says where a file could not be saved', async () => {
    const root = tempDir();
    const backend = new PdfFolderBackend({ folder: () => path.join(root, 'taken', 'labels'), now: () => AT });
    const raw = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, format: 'raw', copies: 1, title: 'x' }).catch((error: unknown) => error);
    expect(raw).toBeInstanceOf(PrintBackendError);
    expect((raw as Error).message).toBe('the PDF folder saves PDF files: set its language to PDF on the Printers screen');
    writeFileSync(path.join(root, 'taken'), 'a file where the folder should be');
    const blocked = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'x' }).catch((error: unknown) => error);
    expect(blocked).toMatchObject({ kind: 'failed' });
    expect((blocked as Error).message).toMatch(new RegExp(`^the PDF file could not be saved in ${path.join(root, 'taken', 'labels')} \\(.*\\): choose another folder on the Printers screen$`));
  });

  it('is listed as one printer, ready while its folder can be made or written, not accepting jobs (and why) otherwise', async () => {
    const root = tempDir();
    let folder = path.join(root, 'new', 'labels');
    const backend = new PdfFolderBackend({ folder: () => folder });
    expect(await backend.listPrinters()).toEqual([{ name: PDF_FOLDER_PRINTER, isDefault: false, state: 'idle', accepting: true, deviceUri: `file://${folder}` }]);
    writeFileSync(path.join(root, 'file'), '');
    folder = path.join(root, 'file', 'labels');
    expect(await backend.listPrinters()).toMatchObject([{ accepting: false, message: `${path.join(root, 'file')} is not a folder` }]);
  });

  it('knows a job by its file: gone when the file was moved or deleted, and nothing to cancel', async () => {
    const folder = tempDir();
    const backend = new PdfFolderBackend({ folder: () => folder, now: () => AT });
    const { jobId } = await backend.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'moved' });
    rmSync(fileURLToPath(jobId));
    expect(await backend.jobStatus(PDF_FOLDER_PRINTER, jobId)).toEqual({ jobId, state: 'unknown', reason: 'job-not-found' });
    expect(await backend.jobStatus(PDF_FOLDER_PRINTER, 'label4x6-12')).toMatchObject({ state: 'unknown' });
    await expect(backend.cancel()).resolves.toBeUndefined();
  });
});

describe('the folder of the PDF folder printer', () => {
  it('must be a full path to a folder that can be written to, or made', async () => {
    const root = tempDir();
    expect(await folderProblem(root)).toBeUndefined();
    expect(await folderProblem(path.join(root, 'not', 'yet'))).toBeUndefined();
    expect(await folderProblem('labels')).toMatch(/^labels is not a full path/);
    writeFileSync(path.join(root, 'plain'), '');
    expect(await folderProblem(path.join(root, 'plain'))).toBe(`${path.join(root, 'plain')} is not a folder`);
    if (process.getuid?.() !== 0) {
      // Root may write anywhere: the permission check means something only for another user.
      const locked = path.join(root, 'locked');
      mkdirSync(locked, { mode: 0o500 });
      expect(await folderProblem(locked)).toBe(`${locked} cannot be written to (permission denied)`);
      chmodSync(locked, 0o700);
    }
  });

  it('is "Packbench labels" in Documents when there is one, else in the home folder', () => {
    expect(defaultPdfFolder('/home/ana', (folder) => folder === '/home/ana/Documents')).toBe('/home/ana/Documents/Packbench labels');
    expect(defaultPdfFolder('/home/ana', () => false)).toBe('/home/ana/Packbench labels');
  });
});
