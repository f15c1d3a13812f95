/**
 * Whether a label sent now would print, and the real reason when not, from the printers the desk
 * can see, the print service's state, the settings and the last jobs: the print service down here
 * or a print server away, no printer at all, none chosen and no default, the chosen one gone,
 * paused, refusing jobs, or unreachable (by its own state, or by how its last job ended). The
 * printers come through the desk's printer seam (a fake system spooler beside the real PDF folder).
 */
import { describe, expect, it } from 'vitest';
import { PDF_FOLDER_PRINTER, type PrinterInfo } from '../../../electron/api';
import type { JobStatus, PrintRequest, PrinterBackend } from '../../../electron/platform/printers/backend';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { DeskPrinters } from '../../../electron/platform/printers/desk';
import { PdfFolderBackend, pdfFolderJobFile } from '../../../electron/platform/printers/pdfFolder';
import { printSystem, rolePrinterStatus } from '../../../electron/station/printSystem';
import { documents, printJobs, shipments } from '../../../electron/store';
import { setSetting } from '../../../electron/store/settings';
import type { Db } from '../../../electron/store/statements';
import { shipmentInput } from '../store/support/samples';
import { T0, openTempStore, tempFolder } from '../store/support/tempStore';

/** The system's spooler as the seam sees it: a list, or a failure. */
class FakeSpooler implements PrinterBackend {
  submitted: PrintRequest[] = [];
  constructor(public printers: PrinterInfo[] | PrintBackendError) {}
  listPrinters(): Promise<PrinterInfo[]> {
    return this.printers instanceof PrintBackendError ? Promise.reject(this.printers) : Promise.resolve(this.printers);
  }
  submit(request: PrintRequest): Promise<{ jobId: string }> {
    this.submitted.push(request);
    return Promise.resolve({ jobId: `${request.printer}-1` });
  }
  jobStatus(_printer: string, jobId: string): Promise<JobStatus> {
    return Promise.resolve({ jobId, state: 'completed' });
  }
  cancel(): Promise<void> {
    return Promise.resolve();
  }
}

const idle = (name: string, extra: Partial<PrinterInfo> = {}): PrinterInfo => ({ name, isDefault: false, state: 'idle', accepting: true, ...extra });
const NOT_RUNNING = new PrintBackendError('failed', 'the print service (CUPS) is not running on this computer (nothing answers at localhost:631)', 'notRunning');

function desk(spooler: FakeSpooler): DeskPrinters {
  const folder = tempFolder();
  return new DeskPrinters(spooler, new PdfFolderBackend({ folder: () => folder }));
}

async function labelStatus(db: Db, spooler: FakeSpooler) {
  return rolePrinterStatus(db, await desk(spooler).survey(), 'label');
}

/** A label job of a shipment, sent to `printer` and ended as given. */
function jobEndedOn(db: Db, printer: string, ending: { failed: string } | 'completed', at: number): void {
  const ref = `PB-D1-${String(at)}`;
  shipments.insertQueuedShipment(db, { stationRef: ref, input: shipmentInput(), now: at });
  documents.saveDocuments(db, ref, [{ type: 'Label', mime: 'application/pdf', packageIndex: 0, bytes: new TextEncoder().encode('%PDF-1.7') }], at);
  const [job] = printJobs.handOffForPrinting(db, ref, at);
  if (job === undefined) throw new Error('no job');
  printJobs.markPrintSent(db, job.id, `${printer}-${String(at)}`, printer, at);
  if (ending === 'completed') printJobs.markPrintCompleted(db, job.id, at + 1);
  else printJobs.markPrintFailed(db, job.id, ending.failed, at + 1, printer);
}

describe('whether a label can print now, and why not', () => {
  it('with CUPS down and nothing chosen: the print service is not running (not "no printers"), and no printer stands in', async () => {
    const { db } = openTempStore();
    const status = await labelStatus(db, new FakeSpooler(NOT_RUNNING));
    expect(status).toEqual({ printer: null, chosen: false, problem: { kind: 'spoolerNotRunning', message: NOT_RUNNING.message } });
  });

  it('with CUPS down and a CUPS printer chosen: still the print service, not a missing printer', async () => {
    const { db } = openTempStore();
    setSetting(db, 'labelPrinter', 'zebra');
    expect((await labelStatus(db, new FakeSpooler(NOT_RUNNING))).problem?.kind).toBe('spoolerNotRunning');
    const away = new PrintBackendError('failed', 'the print server (CUPS) at print.example:631 cannot be reached (connection refused)', 'unreachable');
    expect((await labelStatus(db, new FakeSpooler(away))).problem).toEqual({ kind: 'spoolerUnreachable', message: away.message });
    const odd = new PrintBackendError('failed', 'CUPS did not list its printers: server-error-internal-error');
    expect((await labelStatus(db, new FakeSpooler(odd))).problem?.kind).toBe('spoolerFailed');
  });

  it('with CUPS down and the PDF folder chosen: labels print (into files)', async () => {
    const { db } = openTempStore();
    setSetting(db, 'labelPrinter', PDF_FOLDER_PRINTER);
    expect(await labelStatus(db, new FakeSpooler(NOT_RUNNING))).toEqual({ printer: PDF_FOLDER_PRINTER, chosen: true, problem: null });
  });

  it('a computer with no printer, or with printers and no default, when none is chosen', async () => {
    const { db } = openTempStore();
    expect((await labelStatus(db, new FakeSpooler([]))).problem).toEqual({ kind: 'noPrinters', message: "the computer has no printers: add one in the system's printer settings, or use the PDF folder" });
    expect((await labelStatus(db, new FakeSpooler([idle('office')]))).problem).toEqual({
      kind: 'noDefault',
      message: 'no label printer is chosen and the computer has no default printer: choose one on the Printers screen',
    });
  });

  it('the system default stands in while none is chosen, and is said to be the default', async () => {
    const { db } = openTempStore();
    expect(await labelStatus(db, new FakeSpooler([idle('office'), idle('label4x6', { isDefault: true })]))).toEqual({ printer: 'label4x6', chosen: false, problem: null });
  });

  it('a chosen printer that is gone, paused, refusing jobs, or that its spooler cannot reach', async () => {
    const { db } = openTempStore();
    setSetting(db, 'labelPrinter', 'zebra');
    expect((await labelStatus(db, new FakeSpooler([idle('office')]))).problem).toEqual({ kind: 'notInstalled', message: 'printer zebra is not installed: choose another on the Printers screen' });
    expect((await labelStatus(db, new FakeSpooler([idle('zebra', { state: 'stopped', message: 'out of labels' })]))).problem).toEqual({
      kind: 'paused',
      message: 'printer zebra is paused (out of labels): it prints when it is resumed',
    });
    expect((await labelStatus(db, new FakeSpooler([idle('zebra', { accepting: false, message: 'closed for stocktaking' })]))).problem).toEqual({
      kind: 'notAccepting',
      message: 'printer zebra is not accepting jobs (closed for stocktaking)',
    });
    expect((await labelStatus(db, new FakeSpooler([idle('zebra', { message: 'The printer may not exist or is unavailable at this time.' })]))).problem).toEqual({
      kind: 'unreachable',
      message: 'printer zebra cannot be reached (The printer may not exist or is unavailable at this time.): check its power and cable',
    });
  });

  it('a printer whose last job failed because it could not be reached, until a job completes there again', async () => {
    const { db } = openTempStore();
    setSetting(db, 'labelPrinter', 'zebra');
    const spooler = new FakeSpooler([idle('zebra'), idle('office')]);
    const unreachable = 'Printer zebra cannot be reached (Connection refused): check its power and cable, then reprint';
    jobEndedOn(db, 'zebra', { failed: unreachable }, T0);
    // Another printer's outcome says nothing about this one.
    jobEndedOn(db, 'office', 'completed', T0 + 10);
    expect((await labelStatus(db, spooler)).problem).toEqual({
      kind: 'unreachable',
      message: `printer zebra could not be reached the last time it was sent a job: check its power and cable (${unreachable})`,
    });
    // A job that failed for another reason (a damaged label) is not the printer's doing.
    jobEndedOn(db, 'zebra', { failed: 'Label for package 1 (document 3) is damaged and cannot be read' }, T0 + 20);
    expect((await labelStatus(db, spooler)).problem).toBeNull();
    jobEndedOn(db, 'zebra', { failed: unreachable }, T0 + 30);
    jobEndedOn(db, 'zebra', 'completed', T0 + 40);
    expect((await labelStatus(db, spooler)).problem).toBeNull();
  });

  it('says the same for other documents, on their own printer', async () => {
    const { db } = openTempStore();
    setSetting(db, 'labelPrinter', PDF_FOLDER_PRINTER);
    const system = printSystem(db, await desk(new FakeSpooler(NOT_RUNNING)).survey());
    expect(system.spooler).toEqual({ state: 'notRunning', message: NOT_RUNNING.message });
    expect(system.label.problem).toBeNull();
    expect(system.document).toMatchObject({ printer: null, chosen: false, problem: { kind: 'spoolerNotRunning' } });
  });
});

describe("the desk's printers: the system's and the PDF folder", () => {
  it('lists the PDF folder after the system printers, alone (with why) when the print service is down', async () => {
    const spooler = new FakeSpooler([idle('label4x6', { isDefault: true }), idle(PDF_FOLDER_PRINTER)]);
    const printers = desk(spooler);
    expect((await printers.listPrinters()).map((p) => p.name)).toEqual(['label4x6', PDF_FOLDER_PRINTER]);
    expect((await printers.survey()).spooler).toEqual({ state: 'ready' });
    spooler.printers = NOT_RUNNING;
    // The print service's own seam still fails (the print service judges its jobs by that)...
    await expect(printers.listPrinters()).rejects.toBe(NOT_RUNNING);
    // ...while the screens get what there is, and why the rest is missing.
    expect(await printers.survey()).toMatchObject({ printers: [{ name: PDF_FOLDER_PRINTER, accepting: true }], spooler: { state: 'notRunning' } });
  });

  it('sends each job to its printer’s backend and follows it there', async () => {
    const spooler = new FakeSpooler([idle('label4x6')]);
    const printers = desk(spooler);
    const pdf = new TextEncoder().encode('%PDF-1.7');
    const saved = await printers.submit({ printer: PDF_FOLDER_PRINTER, data: pdf, copies: 1, title: 'Packbench PB-1' });
    const spooled = await printers.submit({ printer: 'label4x6', data: pdf, copies: 1, title: 'Packbench PB-2' });
    expect(spooler.submitted.map((r) => r.printer)).toEqual(['label4x6']);
    expect(pdfFolderJobFile(saved.jobId)).toMatch(/ Packbench PB-1\.pdf$/);
    expect(spooled.jobId).toBe('label4x6-1');
    expect(await printers.jobStatus(PDF_FOLDER_PRINTER, saved.jobId)).toEqual({ jobId: saved.jobId, state: 'completed' });
    await expect(printers.cancel(saved.jobId)).resolves.toBeUndefined();
  });
});
