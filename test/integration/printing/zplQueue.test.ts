/**
 * ZPL on a raw CUPS queue, as a Zebra is set up on Linux: a printer set to ZPL gets every label of
 * a shipment as one raw job, and what the queue's device receives is byte for byte what the
 * station produced (no filter touched it). The test page is ZPL too, and lp's `-o raw` path
 * delivers the same bytes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintEvent } from '../../../electron/api';
import { realTimers } from '../../../electron/platform/clock';
import type { PrintRequest, PrinterBackend } from '../../../electron/platform/printers/backend';
import { CupsBackend, CupsCommandLine } from '../../../electron/platform/printers/cups/backend';
import { PrintService } from '../../../electron/printing/printService';
import { documents, openStationStore, printJobs, settings, shipments } from '../../../electron/store';
import type { StationStore } from '../../../electron/store';
import { setPrinterLanguage } from '../../../electron/store/printerLanguage';
import { startPrivateCups, type PrivateCups } from '../../support/privateCups';
import { shipment } from '../../support/shipments';
import { decodeZplJob } from '../../support/zplDecoder';

const exec = promisify(execFile);
/** Only a hang reaches these: a busy two-core machine may take many seconds per job. */
const WAIT_MS = 4 * 60_000;
const TEST_TIMEOUT_MS = 5 * 60_000;

let cups: PrivateCups;
let work: string;

beforeAll(async () => {
  cups = await startPrivateCups();
  work = await mkdtemp(path.join(os.tmpdir(), 'packbench-zpl-queue-'));
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await cups?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The CUPS backend, keeping a copy of every request it was handed: the bytes the station produced. */
function recording(backend: PrinterBackend): { backend: PrinterBackend; sent: PrintRequest[] } {
  const sent: PrintRequest[] = [];
  return {
    sent,
    backend: {
      listPrinters: () => backend.listPrinters(),
      submit: (request) => {
        sent.push(request);
        return backend.submit(request);
      },
      jobStatus: (printer, jobId) => backend.jobStatus(printer, jobId),
      cancel: (jobId) => backend.cancel(jobId),
    },
  };
}

async function labelPdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([288, 432]);
  page.drawText(text, { x: 20, y: 380, size: 16, font: await pdf.embedFont(StandardFonts.HelveticaBold) });
  page.drawRectangle({ x: 20, y: 200, width: 120, height: 80, color: rgb(0, 0, 0) });
  return pdf.save();
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await Promise.resolve().then(check).catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The device file once it holds a job that was not there before. */
function outputAfter(previous: Buffer | undefined): Promise<Buffer> {
  return waitFor(async () => {
    const bytes = await readFile(cups.outputFileOf(cups.queues.zplRaw));
    return bytes.length > 0 && (previous === undefined || !bytes.equals(previous)) ? bytes : undefined;
  }, 'the raw queue to write its job');
}

async function documentFormat(jobId: string): Promise<string> {
  const { stdout } = await exec('ipptool', ['-tv', `ipp://${cups.server}/jobs/${jobId.replace(/^.*-/, '')}`, 'get-job-attributes.test'], { env: cups.env });
  return /document-format \(mimeMediaType\) = (\S+)/.exec(stdout)?.[1] ?? '';
}

describe('a printer set to ZPL on a raw CUPS queue', { timeout: TEST_TIMEOUT_MS }, () => {
  let store: StationStore;
  let service: PrintService;
  let sent: PrintRequest[];
  const events: PrintEvent[] = [];

  beforeAll(async () => {
    store = openStationStore(path.join(await mkdtemp(path.join(work, 'store-')), 'station.db'));
    settings.setSetting(store.db, 'labelPrinter', cups.queues.zplRaw);
    settings.setSetting(store.db, 'printerCopies', { [cups.queues.zplRaw]: 2 });
    setPrinterLanguage(store.db, cups.queues.zplRaw, { language: 'ZPL', dpi: 203, darkness: 20, offset: { x: 8, y: 4 } });
    const recorder = recording(new CupsBackend({ env: cups.env }));
    sent = recorder.sent;
    service = new PrintService({ store, backend: recorder.backend, timers: realTimers, onEvent: (e) => e.type === 'printJob' && events.push(e) });
    service.watch();
  });

  afterAll(async () => {
    await service?.stop();
    store?.close();
  });

  it("receives a 3-package shipment's labels as exactly the ZPL the station produced, in one raw job", async () => {
    const ref = 'PB-DESK1-ZPL1';
    const now = realTimers.now();
    shipments.insertQueuedShipment(store.db, { stationRef: ref, input: shipment({}, new Date(now)), now });
    const labels = await Promise.all(['PACKAGE ONE', 'PACKAGE TWO', 'PACKAGE THREE'].map(labelPdf));
    documents.saveDocuments(store.db, ref, labels.map((bytes, i) => ({ type: 'Label', mime: 'application/pdf', packageIndex: i, bytes })), now);
    const ids = printJobs.handOffForPrinting(store.db, ref, now).map((j) => j.id);
    let previous: Buffer | undefined;
    try {
      previous = await readFile(cups.outputFileOf(cups.queues.zplRaw));
    } catch {
      previous = undefined;
    }

    const printed = await service.printQueued();
    expect(printed.map((j) => j.state)).toEqual(['sent', 'sent', 'sent']);
    expect(new Set(printed.map((j) => j.cupsJobId)).size).toBe(1);
    await waitFor(() => events.find((e) => e.state === 'completed' && ids.every((id) => e.ids.includes(id))), 'the job to complete');

    expect(sent).toHaveLength(1);
    const request = sent[0];
    if (request?.data === undefined) throw new Error('no data was submitted');
    // Copies are the printer's (^PQ), so the spooler sends the job once.
    expect(request).toMatchObject({ format: 'raw', copies: 1, printer: cups.queues.zplRaw });
    const output = await outputAfter(previous);
    expect(output.equals(Buffer.from(request.data))).toBe(true);
    expect(await documentFormat(printed[0]?.cupsJobId ?? '')).toBe('application/vnd.cups-raw');

    const decoded = decodeZplJob(output);
    expect(decoded).toHaveLength(3);
    for (const label of decoded) {
      expect(label).toMatchObject({ darkness: 20, printWidth: 812, labelLength: 1218, home: { x: 8, y: 4 }, copies: 2, encoding: 'Z64' });
    }
    // Each label is its own page: the black box is in the same place, the text differs.
    expect(new Set(decoded.map((label) => Buffer.from(label.bits).toString('base64'))).size).toBe(3);
  });

  it('prints its test page as ZPL too', async () => {
    const previous = await readFile(cups.outputFileOf(cups.queues.zplRaw));
    const from = sent.length;
    const { jobId } = await service.testPage(cups.queues.zplRaw);
    await waitFor(() => events.find((e) => e.testPage === true && e.jobId === jobId && e.state === 'completed'), 'the test page to complete');
    const output = await outputAfter(previous);
    expect(output.equals(Buffer.from(sent[from]?.data ?? []))).toBe(true);
    const [page, ...more] = decodeZplJob(output);
    expect(more).toHaveLength(0);
    expect(page).toMatchObject({ printWidth: 812, labelLength: 1218, copies: 1 });
  });

  it("takes lp's -o raw path with the same bytes, when the scheduler wants lp", async () => {
    const previous = await readFile(cups.outputFileOf(cups.queues.zplRaw));
    const zpl = Buffer.from(`^XA\n~SD10\n^PW16\n^LL2\n^LH0,0\n^FO0,0^GFA,4,4,2,F00F0FF0^FS\n^XZ\n`, 'latin1');
    const file = path.join(work, 'job.zpl');
    await writeFile(file, zpl);
    const commandLine = new CupsCommandLine({ env: cups.env, timeoutMs: 60_000, tempDir: work });
    const { jobId } = await commandLine.submit({ printer: cups.queues.zplRaw, file, format: 'raw', copies: 1, title: 'raw by lp' });
    expect((await outputAfter(previous)).equals(zpl)).toBe(true);
    expect(await documentFormat(jobId)).toBe('application/vnd.cups-raw');
  });
});
