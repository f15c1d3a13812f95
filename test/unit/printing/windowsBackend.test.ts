/**
 * Windows printing cannot run here: pdf-to-printer drives a bundled SumatraPDF.exe and the Windows
 * spooler, and on any other platform every call throws "Operating System not supported". The
 * library is therefore replaced by a stand-in that records what the backend asks of it, so these
 * tests check what reaches SumatraPDF and how its answers and failures are reported.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import type { PdfToPrinterLibrary, PdfToPrinterPrintOptions } from '../../../electron/platform/printers/windows/backend';
import { WindowsBackend } from '../../../electron/platform/printers/windows/backend';

interface PrintCall {
  readonly file: string;
  readonly bytes: Buffer;
  readonly options: PdfToPrinterPrintOptions | undefined;
  resolve(): void;
  reject(error: unknown): void;
}

class StandInLibrary implements PdfToPrinterLibrary {
  readonly calls: PrintCall[] = [];
  printers: { name: string }[] = [{ name: 'Zebra ZP 450' }, { name: 'Microsoft Print to PDF' }];
  defaultPrinter: { name: string } | null = { name: 'zebra zp 450' };
  printersError: Error | undefined = undefined;

  async print(pdf: string, options?: PdfToPrinterPrintOptions): Promise<void> {
    const bytes = await readFile(pdf);
    return new Promise<void>((resolve, reject) => {
      this.calls.push({ file: pdf, bytes, options, resolve, reject });
    });
  }

  getPrinters(): Promise<{ name: string }[]> {
    return this.printersError === undefined ? Promise.resolve(this.printers) : Promise.reject(this.printersError);
  }

  getDefaultPrinter(): Promise<{ name: string } | null> {
    return Promise.resolve(this.defaultPrinter);
  }
}

let dir: string;
let label: string;
let library: StandInLibrary;
let backend: WindowsBackend;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-win-test-'));
  label = path.join(dir, 'label.pdf');
  await writeFile(label, '%PDF-1.7 label bytes %%EOF');
  library = new StandInLibrary();
  backend = new WindowsBackend({ library, tempDir: dir });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The stand-in records the call only after reading the file, so wait for it. */
async function nextCall(index = 0): Promise<PrintCall> {
  for (let tries = 0; tries < 200; tries += 1) {
    const call = library.calls[index];
    if (call !== undefined) return call;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('print was never called');
}

async function rejection(promise: Promise<unknown>): Promise<PrintBackendError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof PrintBackendError)) throw new Error(`expected a PrintBackendError, got ${String(error)}`);
  return error;
}

describe('WindowsBackend.listPrinters', () => {
  it('lists every printer, marks the default case-insensitively, and says the state is unknown', async () => {
    expect(await backend.listPrinters()).toEqual([
      { name: 'Zebra ZP 450', isDefault: true, state: 'unknown', accepting: true },
      { name: 'Microsoft Print to PDF', isDefault: false, state: 'unknown', accepting: true },
    ]);
  });

  it('marks no printer as default when Windows has none', async () => {
    library.defaultPrinter = null;
    expect((await backend.listPrinters()).map((p) => p.isDefault)).toEqual([false, false]);
  });

  // The real library's plain-string rejection is met in chooseBackend.test.ts.
  it('reports a library failure as failed with its message', async () => {
    library.printersError = new Error('Operating System not supported');
    const error = await rejection(backend.listPrinters());
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('listing Windows printers failed: Operating System not supported');
  });
});

describe('WindowsBackend.submit', () => {
  it('refuses raw ZPL with what to do instead, and never hands it to SumatraPDF', async () => {
    const error = await rejection(backend.submit({ printer: 'Zebra ZP 450', data: new TextEncoder().encode('^XA^XZ'), format: 'raw', copies: 1, title: 't' }));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('Printer Zebra ZP 450 is set to ZPL, which Packbench cannot send raw on Windows: set it to PDF in Printers (its Zebra driver prints PDF), or print from Linux or macOS');
    expect(library.calls).toHaveLength(0);
  });

  it('prints silently, without scaling, to the named printer with the copies asked for', async () => {
    const { jobId } = await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 3, title: 'Shipment 42' });
    const call = await nextCall();
    expect(call.options).toEqual({ printer: 'Zebra ZP 450', silent: true, scale: 'noscale', copies: 3 });
    expect(jobId).toMatch(/^windows-[0-9a-f-]{36}$/);
  });

  it('passes paperSize when the printer has one configured', async () => {
    await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't', options: { paperSize: '4x6' } });
    expect((await nextCall()).options).toEqual({ printer: 'Zebra ZP 450', silent: true, scale: 'noscale', copies: 1, paperSize: '4x6' });
  });

  it('prints a copy of the file, so the caller may delete its own at once', async () => {
    await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't' });
    await rm(label);
    const call = await nextCall();
    expect(call.file).not.toBe(label);
    expect(call.bytes.toString('latin1')).toBe('%PDF-1.7 label bytes %%EOF');
    call.resolve();
    await backend.settled();
    expect(existsSync(call.file)).toBe(false);
  });

  it('says processing while SumatraPDF runs and completed once the print call resolved', async () => {
    const { jobId } = await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't' });
    expect(await backend.jobStatus('Zebra ZP 450', jobId)).toEqual({ jobId, state: 'processing' });
    (await nextCall()).resolve();
    await backend.settled();
    expect(await backend.jobStatus('Zebra ZP 450', jobId)).toEqual({ jobId, state: 'completed' });
  });

  it('says aborted with the error when the print call rejected', async () => {
    const { jobId } = await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't' });
    (await nextCall()).reject(new Error('Command failed: SumatraPDF-3.4.6-32.exe -print-to "Zebra ZP 450"'));
    await backend.settled();
    expect(await backend.jobStatus('Zebra ZP 450', jobId)).toEqual({
      jobId,
      state: 'aborted',
      reason: 'Command failed: SumatraPDF-3.4.6-32.exe -print-to "Zebra ZP 450"',
    });
  });

  it('takes a plain string thrown by the library as the reason', async () => {
    const { jobId } = await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't' });
    (await nextCall()).reject('Operating System not supported');
    await backend.settled();
    expect(await backend.jobStatus('Zebra ZP 450', jobId)).toEqual({ jobId, state: 'aborted', reason: 'Operating System not supported' });
  });

  it('refuses an unknown printer as printerMissing without printing anything', async () => {
    const error = await rejection(backend.submit({ printer: 'Zebra ZP 999', file: label, copies: 1, title: 't' }));
    expect(error.kind).toBe('printerMissing');
    expect(error.message).toBe('printer "Zebra ZP 999" does not exist');
    expect(library.calls).toHaveLength(0);
  });

  it('reports failing to list printers before printing as failed with the message', async () => {
    library.printersError = new Error('Powershell.exe exited with code 1');
    const error = await rejection(backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't' }));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('listing Windows printers failed: Powershell.exe exited with code 1');
  });

  it('reports an unreadable file as failed', async () => {
    const error = await rejection(backend.submit({ printer: 'Zebra ZP 450', file: path.join(dir, 'gone.pdf'), copies: 1, title: 't' }));
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(/^cannot read .*gone\.pdf: ENOENT/);
  });

  it.each([
    [{ printer: ' ' }, 'printer is required'],
    [{ copies: 0 }, 'copies must be a whole number from 1 to 999'],
    [{ copies: 1.5 }, 'copies must be a whole number from 1 to 999'],
    [{ file: '' }, 'file is required'],
    [{ options: { media: 'w288h432' } }, 'options.media is not supported by the Windows backend'],
    [{ options: { paperSize: '4x6,landscape' } }, 'options.paperSize must be a non-empty paper name without commas'],
  ])('refuses bad input %j naming the field', async (change, message) => {
    const error = await rejection(backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't', ...change }));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe(message);
    expect(library.calls).toHaveLength(0);
  });
});

describe('WindowsBackend.jobStatus and cancel', () => {
  it('answers unknown for a job it never started', async () => {
    expect(await backend.jobStatus('Zebra ZP 450', 'windows-nope')).toEqual({ jobId: 'windows-nope', state: 'unknown', reason: 'job-not-found' });
  });

  it('cannot cancel a running job, and treats cancelling a finished one as done', async () => {
    const { jobId } = await backend.submit({ printer: 'Zebra ZP 450', file: label, copies: 1, title: 't' });
    const running = await rejection(backend.cancel(jobId));
    expect(running.kind).toBe('failed');
    expect(running.message).toMatch(/cancel it in the Windows print queue/);
    (await nextCall()).resolve();
    await backend.settled();
    await expect(backend.cancel(jobId)).resolves.toBeUndefined();
  });

  it('refuses to cancel a job it does not know', async () => {
    expect((await rejection(backend.cancel('windows-nope'))).message).toBe('jobId "windows-nope" is not a known Windows job');
  });
});
