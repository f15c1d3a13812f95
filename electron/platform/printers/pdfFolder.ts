/**
 * The PDF folder printer: every job is written as a PDF file into a folder, on any platform, with
 * or without a print service. A desk with no printer (or whose printer is down) still ships: the
 * labels are there to open at once and to print later on any printer.
 *
 * A job is done when its file is: the file is written beside its final name and renamed, so a
 * half-written file never carries a label's name. The job id is the file's address (a `file:` URL),
 * so the desk can open the file from the job, whatever folder is chosen later.
 */
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PDF_FOLDER_PRINTER } from '../../api/printing';
import type { JobStatus, PrintRequest, PrinterBackend, PrinterInfo } from './backend';
import { PrintBackendError } from './backend';

export interface PdfFolderOptions {
  /** The folder to write to, read at every job (the desk may choose another at any time). */
  readonly folder: () => string;
  /** The moment a file is named after; the system clock by default. */
  readonly now?: () => number;
}

/** Characters no file system takes in a name (Windows' list, the strictest), and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const NOT_IN_FILE_NAMES = /[<>:"/\\|?*\x00-\x1f\x7f]+/g;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "2026-11-26 09.03.12": sorts by time in any file browser, and holds no character a file system refuses. */
function stamp(ms: number): string {
  const d = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}.${two(d.getMinutes())}.${two(d.getSeconds())}`;
}

/** Whether the PDF folder printer wrote this job (its id is the file's address). */
export function isPdfFolderJob(jobId: string): boolean {
  return jobId.startsWith('file:');
}

/** The file a PDF folder job wrote. */
export function pdfFolderJobFile(jobId: string): string {
  return fileURLToPath(jobId);
}

export class PdfFolderBackend implements PrinterBackend {
  private readonly folder: () => string;
  private readonly now: () => number;

  constructor(options: PdfFolderOptions) {
    this.folder = options.folder;
    this.now = options.now ?? Date.now;
  }

  /** The one printer, ready when its folder can be written to (or made). */
  async listPrinters(): Promise<PrinterInfo[]> {
    const folder = this.folder();
    const problem = await folderProblem(folder);
    return [
      {
        name: PDF_FOLDER_PRINTER,
        isDefault: false,
        state: 'idle',
        accepting: problem === undefined,
        ...(problem === undefined ? {} : { message: problem }),
        deviceUri: pathToFileURL(folder).href,
      },
    ];
  }

  async submit(request: PrintRequest): Promise<{ jobId: string }> {
    if (request.printer !== PDF_FOLDER_PRINTER) throw new PrintBackendError('printerMissing', `the PDF folder backend has no printer "${request.printer}"`);
    // ZPL in a .pdf file would open as nothing at all.
    if (request.format === 'raw') throw new PrintBackendError('failed', `the ${PDF_FOLDER_PRINTER} saves PDF files: set its language to PDF on the Printers screen`);
    const folder = this.folder();
    let bytes: Uint8Array;
    try {
      bytes = request.data ?? (await readFile(path.resolve(request.file ?? '')));
    } catch (error) {
      throw new PrintBackendError('failed', `cannot read the file to save: ${messageOf(error)}`);
    }
    try {
      // The folder holds addresses: one the station makes is this user's alone.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = await this.freeName(folder, `${stamp(this.now())} ${request.title}`);
      const partial = path.join(folder, `.${path.basename(file)}.part`);
      await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
      await rename(partial, file);
      return { jobId: pathToFileURL(file).href };
    } catch (error) {
      throw new PrintBackendError('failed', `the PDF file could not be saved in ${folder} (${messageOf(error)}): choose another folder on the Printers screen`);
    }
  }

  /** Written means done; a file gone since (moved, deleted) is a job the folder no longer knows. */
  async jobStatus(_printer: string, jobId: string): Promise<JobStatus> {
    if (!isPdfFolderJob(jobId)) return { jobId, state: 'unknown', reason: 'job-not-found' };
    try {
      await stat(pdfFolderJobFile(jobId));
      return { jobId, state: 'completed' };
    } catch {
      return { jobId, state: 'unknown', reason: 'job-not-found' };
    }
  }

  /** A file is written at once: there is never a job left to stop. */
  async cancel(): Promise<void> {}

  /** `name.pdf`, or `name (2).pdf` and on when a file of that name is there already. */
  private async freeName(folder: string, title: string): Promise<string> {
    const base = title.replace(NOT_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim().slice(0, 150) || 'Packbench';
    for (let n = 1; ; n += 1) {
      const file = path.join(folder, n === 1 ? `${base}.pdf` : `${base} (${String(n)}).pdf`);
      try {
        await stat(file);
      } catch {
        return file;
      }
    }
  }
}

/**
 * Why files cannot be written in `folder` (or the folder made, when it does not exist yet), in words;
 * undefined when they can. The folder must be an absolute path: a relative one would depend on
 * where the station happened to start.
 */
export async function folderProblem(folder: string): Promise<string | undefined> {
  if (!path.isAbsolute(folder)) return `${folder} is not a full path (it must start from the top of the disk, like ${path.resolve('/', 'Packbench labels')})`;
  let existing = folder;
  for (;;) {
    try {
      const info = await stat(existing);
      if (!info.isDirectory()) return `${existing} is not a folder`;
      await access(existing, constants.W_OK | constants.X_OK);
      return undefined;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') return `${folder} cannot be written to (permission denied)`;
      // Missing, or under a file: the nearest folder that is there decides.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return `${folder} cannot be used (${messageOf(error)})`;
      const parent = path.dirname(existing);
      if (parent === existing) return `${folder} cannot be made`;
      existing = parent;
    }
  }
}

/**
 * Where the PDF folder printer writes until the desk chooses a folder: "Packbench labels" in the
 * user's Documents folder when there is one, else in the home folder, where a person finds it.
 */
export function defaultPdfFolder(home: string, exists: (folder: string) => boolean): string {
  const documents = path.join(home, 'Documents');
  return path.join(exists(documents) ? documents : home, 'Packbench labels');
}
